/**
 * Load (issue #22): the real server (server/main.ts, a child process of its own) on loopback, and in
 * this process 50 signed-in clients (acme, a session each) for 60 s per scenario, half the domain
 * search (POST /api/domain/search, a config-store call) and half POST /api/es/count/onLine (an
 * analysis call, one of four questions a dashboard asks: today, the last hour, the last 24 hours,
 * today for one domain). Scenarios, printed in one run: "before" (answer cache and traffic queue off:
 * PORTAL_ANSWER_CACHE_SECONDS=0, PORTAL_TRAFFIC_CONCURRENCY=0) in a closed loop; then with their
 * defaults a closed loop (no pause between calls: a stress figure) and a paced one (each client one
 * call every --pace ms ± 50 %: the targets' scenario, docs/load.md says why 1 s). Prints requests/s,
 * p50 / p99 per call, errors, the CPU time of the server and of the clients, the load average.
 * The demo data is seeded at the first start (PORTAL_DEMO_TRAFFIC_SCALE, default here 0.1).
 * Run: npm run bench -- load [--clients 50] [--seconds 60] [--scale 0.1] [--pace 1000]
 *      [--runs before,closed,paced] [--data DIR (kept, reused)] [--profile DIR (node --cpu-prof)]
 * Targets: analysis p99 <= 500 ms, config p99 <= 50 ms while analysis runs, 0 errors.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/server/freePort';
import { runMain, serverReady, signInAcme, startServer, type BenchServer } from './benchKit';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
function textArg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}

const CLIENTS = arg('clients', 50);
const SECONDS = arg('seconds', 60);
const SCALE = arg('scale', 0.1);
const PACE_MS = arg('pace', 1000);
const RUNS = new Set(textArg('runs', 'before,closed,paced').split(','));
/** Keep (and reuse) this data directory instead of a temporary one: the demo is seeded once. */
const DATA_DIR = textArg('data', '');
/** Write a CPU profile of the levers-on server (node --cpu-prof) into this directory. */
const PROFILE_DIR = textArg('profile', '');
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const median = (xs: number[]) =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
async function processCpuSeconds(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The server over the demo at --scale without live traffic, `env` on top; `profileDir`: node --cpu-prof into it. */
const start = (dataDir: string, port: number, env: Record<string, string>, profileDir = '') =>
  startServer(
    dataDir,
    port,
    { PORTAL_DEMO: '1', PORTAL_DEMO_LIVE: '0', PORTAL_DEMO_TRAFFIC_SCALE: String(SCALE), LOG_LEVEL: 'error', ...env },
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  );

async function stop(s: BenchServer): Promise<void> {
  if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await s.exited;
}

/** Sessions of acme, one per client, signed in one after another (the sign-in throttle counts attempts in flight). */
async function signIn(base: string, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) cookies.push(await signInAcme(base));
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
    case 0:
      return { ...base, startTime: text(midnight), interval: '5m' };
    case 1:
      return { ...base, startTime: text(new Date(now.getTime() - 3_600_000)), interval: '5m' };
    case 2:
      return { ...base, startTime: text(new Date(now.getTime() - 86_400_000)), interval: '1h' };
    default:
      return { ...base, startTime: text(midnight), interval: '5m', domains: ['www.acme-media.example'] };
  }
}

/**
 * The clients' calls through node:http on kept-alive sockets (one per client). The global fetch
 * (undici) cost the benchmark's process about 0.43 ms of CPU per call, more than the server's own
 * 0.32: on two cores the clients then took the core the server needed, which a real deployment's
 * browsers do not.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });
interface Reply {
  status: number;
  body: string;
  shared: boolean;
}
function post(url: string, cookie: string, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            shared: res.headers['x-portal-answer'] === 'shared',
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Figures {
  label: string;
  requests: number;
  seconds: number;
  config: number[];
  analysis: number[];
  /** Analysis replies served from the answer cache (X-Portal-Answer: shared). */
  shared: number;
  /** Calls slower than 100 ms by when they started within the answer cache's 5 s bucket (500 ms steps). */
  slowByBucketPhase: number[];
  errors: number;
  errorKinds: Map<string, number>;
  serverCpu: number;
  clientCpu: number;
  load: { start: number; median: number; max: number; end: number };
}

/**
 * `paceMs` 0: each client sends its next call as soon as the last one is answered (closed loop, a
 * stress figure). Otherwise each client starts a call every `paceMs` ± 50 % (uniform jitter), or
 * when its last call is answered if that takes longer: one call in flight per client, as a browser
 * tab whose user clicks about once per `paceMs`.
 */
async function load(base: string, cookies: string[], seconds: number, paceMs: number, label = '', serverPid?: number): Promise<Figures> {
  const f: Figures = {
    label,
    requests: 0,
    seconds,
    config: [],
    analysis: [],
    shared: 0,
    slowByBucketPhase: new Array(10).fill(0),
    errors: 0,
    errorKinds: new Map(),
    serverCpu: NaN,
    clientCpu: NaN,
    load: { start: os.loadavg()[0], median: NaN, max: NaN, end: NaN },
  };
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(os.loadavg()[0]), 5000);
  const cpu0 = process.cpuUsage();
  const server0 = await processCpuSeconds(serverPid);
  const end = Date.now() + seconds * 1000;
  const client = async (c: number) => {
    // Paced clients start spread over one period, not all at once.
    if (paceMs) await new Promise((r) => setTimeout(r, Math.random() * paceMs));
    for (let n = 0; Date.now() < end; n++) {
      const analysis = (n + c) % 2 === 1;
      const [url, body] = analysis
        ? ['/api/es/count/onLine', question(c)]
        : ['/api/domain/search', { pageNum: 1 + (n % 3), pageSize: 20, ...(n % 5 === 0 ? { name: 'acme' } : {}) }];
      const t = performance.now();
      const phase = Math.floor((Date.now() % 5000) / 500);
      let error = '';
      try {
        const r = await post(`${base}${url}`, cookies[c], JSON.stringify(body));
        const reply = JSON.parse(r.body) as { code: string };
        if (r.status !== 200 || reply.code !== '0') error = `${r.status}/${reply.code}`;
        if (r.shared) f.shared++;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const ms = performance.now() - t;
      f.requests++;
      (analysis ? f.analysis : f.config).push(ms);
      if (ms > 100) f.slowByBucketPhase[phase]++;
      if (error) {
        f.errors++;
        f.errorKinds.set(error, (f.errorKinds.get(error) ?? 0) + 1);
      }
      if (paceMs) {
        const wait = paceMs * (0.5 + Math.random()) - ms;
        if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, Math.max(0, end - Date.now()))));
      }
    }
  };
  await Promise.all(cookies.map((_, c) => client(c)));
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  f.clientCpu = (cpu.user + cpu.system) / 1e6;
  f.serverCpu = (await processCpuSeconds(serverPid)) - server0;
  f.load.end = os.loadavg()[0];
  f.load.median = median([f.load.start, ...loads, f.load.end]);
  f.load.max = Math.max(f.load.start, ...loads, f.load.end);
  f.config.sort((a, b) => a - b);
  f.analysis.sort((a, b) => a - b);
  return f;
}

function report(f: Figures): string {
  const row = (xs: number[]) =>
    `${String(xs.length).padStart(6)} ${pct(xs, 50).toFixed(0).padStart(6)} ${pct(xs, 99).toFixed(0).padStart(6)}`;
  const errors = f.errors ? ` (${[...f.errorKinds].map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
  const perCall = (s: number) => (f.requests ? ((s * 1000) / f.requests).toFixed(2) : '-');
  return [
    `${f.label}: ${(f.requests / f.seconds).toFixed(1)} req/s, ${f.errors} errors${errors}`,
    `  wall ${f.seconds} s; server CPU ${f.serverCpu.toFixed(1)} s (${((100 * f.serverCpu) / f.seconds).toFixed(0)} % of a core, ${perCall(f.serverCpu)} ms per call);` +
      ` bench clients CPU ${f.clientCpu.toFixed(1)} s (${perCall(f.clientCpu)} ms per call)`,
    `  load average (1 min) at start ${f.load.start.toFixed(1)}, median ${f.load.median.toFixed(1)}, max ${f.load.max.toFixed(1)}, at end ${f.load.end.toFixed(1)}`,
    `  call                        calls  p50 ms  p99 ms`,
    `  POST /api/domain/search    ${row(f.config)}`,
    `  POST /api/es/count/onLine  ${row(f.analysis)}  (${f.shared} from the answer cache)`,
    `  calls over 100 ms by start within the cache's 5 s bucket (0-0.5 s, 0.5-1 s, ...): ${f.slowByBucketPhase.join(' ')}`,
  ].join('\n');
}

async function main() {
  const dataDir = DATA_DIR ? path.resolve(DATA_DIR) : await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-load-'));
  await fs.mkdir(dataDir, { recursive: true });
  if (PROFILE_DIR) await fs.mkdir(path.resolve(PROFILE_DIR), { recursive: true });
  const port = await freePort();
  let server: BenchServer | null = null;
  const closed = 'closed loop (each client sends its next call as soon as the last is answered)';
  const paced = `paced (each client one call every ${PACE_MS} ms ± 50 %)`;
  // One server per lever setting; the scenarios of one setting run one after the other on it.
  const servers: Array<{ levers: string; env: Record<string, string>; scenarios: Array<{ label: string; paceMs: number }> }> = [
    {
      levers: 'before (no answer cache, no traffic queue)',
      env: { PORTAL_ANSWER_CACHE_SECONDS: '0', PORTAL_TRAFFIC_CONCURRENCY: '0' },
      scenarios: RUNS.has('before') ? [{ label: closed, paceMs: 0 }] : [],
    },
    {
      levers: 'after (answer cache 5 s, traffic queue 2 running + 200 waiting)',
      env: {},
      scenarios: [
        ...(RUNS.has('closed') ? [{ label: closed, paceMs: 0 }] : []),
        ...(RUNS.has('paced') ? [{ label: paced, paceMs: PACE_MS }] : []),
      ],
    },
  ];
  try {
    const results: string[] = [];
    for (const { levers, env, scenarios } of servers) {
      if (!scenarios.length) continue;
      const t = Date.now();
      server = start(dataDir, port, env, levers.startsWith('after') ? PROFILE_DIR && path.resolve(PROFILE_DIR) : '');
      await serverReady(server, 1_800_000, 200);
      console.log(
        `server up in ${((Date.now() - t) / 1000).toFixed(1)} s (${levers}), pid ${server.child.pid}, bench clients in pid ${process.pid}`,
      );
      const cookies = await signIn(server.base, CLIENTS);
      // A short warm-up (first queries plan and load the tables), not counted.
      await load(server.base, cookies.slice(0, 4), 3, 0);
      for (const s of scenarios) {
        const f = await load(server.base, cookies, SECONDS, s.paceMs, `${levers}, ${s.label}`, server.child.pid);
        results.push(report(f));
        console.log(results[results.length - 1]);
      }
      await stop(server);
      server = null;
    }
    console.log(`\n${CLIENTS} clients, ${SECONDS} s per scenario, loopback, demo traffic scale ${SCALE}, ${os.cpus().length} cores`);
    console.log(results.join('\n'));
  } finally {
    agent.destroy();
    if (server) await stop(server);
    if (!DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

runMain(main);
