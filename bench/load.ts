/**
 * Load (issue #22): the real server (server/main.ts) on loopback, 50 signed-in clients (acme, a
 * session each) for 60 s, each sending one call after another, half the domain search
 * (POST /api/domain/search, a config-store call) and half POST /api/es/count/onLine (an analysis
 * call, one of four questions a dashboard asks: today, the last hour, the last 24 hours, today for
 * one domain). Prints requests/s, p50 / p99 per call and errors. Two runs on one data directory, one
 * after the other: "before" with the answer cache and the traffic queue off
 * (PORTAL_ANSWER_CACHE_SECONDS=0, PORTAL_TRAFFIC_CONCURRENCY=0), "after" with their defaults.
 * The demo data is seeded at the first start (PORTAL_DEMO_TRAFFIC_SCALE, default here 0.1).
 * Run: npm run bench -- load [--clients 50] [--seconds 60] [--scale 0.1]
 * Targets: analysis p99 <= 500 ms, config p99 <= 50 ms while analysis runs, 0 errors.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCipher } from '../server/lib/cipher';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const CLIENTS = arg('clients', 50);
const SECONDS = arg('seconds', 60);
const SCALE = arg('scale', 0.1);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cipher = createCipher('CdnPortalKey2026');
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

function start(dataDir: string, port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env, PORTAL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PORTAL_DEMO: '1', PORTAL_DEMO_LIVE: '0',
      PORTAL_DEMO_TRAFFIC_SCALE: String(SCALE), LOG_LEVEL: 'error', ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

async function ready(s: Server, timeoutMs = 1_800_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited (${s.child.exitCode})`);
    if (await fetch(`${s.base}/api/newAutoLogin`).then((r) => r.ok, () => false)) return;
    if (Date.now() > end) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(s: Server): Promise<void> {
  if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await s.exited;
}

/** Sessions of acme, one per client, signed in one after another (the sign-in throttle counts attempts in flight). */
async function signIn(base: string, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const q = new URLSearchParams({ username: 'acme', password: cipher.aesEncrypt('Acme@2026') });
    const r = await fetch(`${base}/api/newLogin?${q}`);
    const body = (await r.json()) as { code: string; msg: string };
    if (body.code !== '0') throw new Error(`sign-in failed: ${body.msg}`);
    cookies.push(String(r.headers.get('set-cookie')).split(';')[0]);
  }
  return cookies;
}

const text = (d: Date) => {
  const z = new Date(d.getTime() + 8 * 3_600_000); // Asia/Shanghai, the portal's default zone
  return z.toISOString().slice(0, 16).replace('T', ' ');
};

/** The four questions of the analysis page: today, the last hour, the last 24 hours, today for one domain. */
function question(i: number): object {
  const now = new Date();
  const midnight = new Date(Math.floor((now.getTime() + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000);
  const base = { endTime: text(now), timeZone: 'Asia/Shanghai' };
  switch (i % 4) {
    case 0: return { ...base, startTime: text(midnight), interval: '5m' };
    case 1: return { ...base, startTime: text(new Date(now.getTime() - 3_600_000)), interval: '5m' };
    case 2: return { ...base, startTime: text(new Date(now.getTime() - 86_400_000)), interval: '1h' };
    default: return { ...base, startTime: text(midnight), interval: '5m', domains: ['www.acme-media.com'] };
  }
}

interface Figures {
  requests: number;
  seconds: number;
  config: number[];
  analysis: number[];
  errors: number;
  errorKinds: Map<string, number>;
}

async function load(base: string, cookies: string[], seconds: number): Promise<Figures> {
  const f: Figures = { requests: 0, seconds, config: [], analysis: [], errors: 0, errorKinds: new Map() };
  const end = Date.now() + seconds * 1000;
  const client = async (c: number) => {
    for (let n = 0; Date.now() < end; n++) {
      const analysis = (n + c) % 2 === 1;
      const [url, body] = analysis
        ? ['/api/es/count/onLine', question(c)]
        : ['/api/domain/search', { pageNum: 1 + (n % 3), pageSize: 20, ...(n % 5 === 0 ? { name: 'acme' } : {}) }];
      const t = performance.now();
      let error = '';
      try {
        const r = await fetch(`${base}${url}`, { method: 'POST', headers: { cookie: cookies[c], 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const reply = (await r.json()) as { code: string };
        if (r.status !== 200 || reply.code !== '0') error = `${r.status}/${reply.code}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const ms = performance.now() - t;
      f.requests++;
      (analysis ? f.analysis : f.config).push(ms);
      if (error) {
        f.errors++;
        f.errorKinds.set(error, (f.errorKinds.get(error) ?? 0) + 1);
      }
    }
  };
  await Promise.all(cookies.map((_, c) => client(c)));
  f.config.sort((a, b) => a - b);
  f.analysis.sort((a, b) => a - b);
  return f;
}

function report(label: string, f: Figures): string {
  const row = (xs: number[]) => `${String(xs.length).padStart(6)} ${pct(xs, 50).toFixed(0).padStart(6)} ${pct(xs, 99).toFixed(0).padStart(6)}`;
  const errors = f.errors ? ` (${[...f.errorKinds].map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
  return [
    `${label}: ${(f.requests / f.seconds).toFixed(1)} req/s, ${f.errors} errors${errors}`,
    `  call                        calls  p50 ms  p99 ms`,
    `  POST /api/domain/search    ${row(f.config)}`,
    `  POST /api/es/count/onLine  ${row(f.analysis)}`,
  ].join('\n');
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-load-'));
  const port = await freePort();
  let server: Server | null = null;
  try {
    const runs: Array<[string, Record<string, string>]> = [
      ['before (no answer cache, no traffic queue)', { PORTAL_ANSWER_CACHE_SECONDS: '0', PORTAL_TRAFFIC_CONCURRENCY: '0' }],
      ['after (answer cache 5 s, traffic queue 2 running + 200 waiting)', {}],
    ];
    const results: string[] = [];
    for (const [label, env] of runs) {
      const t = Date.now();
      server = start(dataDir, port, env);
      await ready(server);
      console.log(`server up in ${((Date.now() - t) / 1000).toFixed(1)} s (${label})`);
      const cookies = await signIn(server.base, CLIENTS);
      // A short warm-up (first queries plan and load the tables), not counted.
      await load(server.base, cookies.slice(0, 4), 3);
      const f = await load(server.base, cookies, SECONDS);
      results.push(report(label, f));
      console.log(results[results.length - 1]);
      await stop(server);
      server = null;
    }
    console.log(`\n${CLIENTS} clients, ${SECONDS} s each, loopback, demo traffic scale ${SCALE}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
    console.log(results.join('\n'));
  } finally {
    if (server) await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
