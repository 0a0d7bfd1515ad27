/**
 * Crash safety (issue #22): the real server (server/main.ts) on one data directory, a stream of
 * writes through the HTTP API as acme (sub-accounts, domains, purge tasks), SIGKILL in the middle
 * of it (after a random 10 to 60 acknowledged writes of the round), a restart on the same directory, and a check that every acknowledged
 * write (reply code "0") is there and both stores open cleanly (the server starts, a config read and a traffic query
 * answer; the demo tenants and domains are seeded first, no demo traffic). Repeated --rounds times (default 20); prints acknowledged
 * writes, lost writes and the restart time (spawn to first answer) of each round and in total.
 * Run: npm run bench -- crash [--rounds 20] [--writers 4]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { seedTenants } from '../server/demo/tenants';
import { seedDomains } from '../server/demo/domains';
import { emptyDomainInput } from '../common/rules/domains/index';
import { freePort } from '../tests/server/freePort';
import { benchCipher, runMain, serverReady, signInAcme, startServer, type BenchServer } from './benchKit';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROUNDS = arg('rounds', 20);
const WRITERS = arg('writers', 4);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

type Envelope = { code: string; data: unknown; msg: string };

/**
 * The demo tenants and domains only (config store): the server then runs without demo seeding
 * (PORTAL_DEMO=0), so a start measures opening the stores, not generating demo traffic.
 */
async function seedConfig(dataDir: string): Promise<void> {
  const app = await buildApp({ ...configFromEnv({ PORTAL_DATA_DIR: dataDir } as NodeJS.ProcessEnv), demo: false });
  try {
    for (const seeder of [seedTenants, seedDomains]) await seeder.run(app);
  } finally {
    await app.close();
  }
}

/** The server without demo seeding, its stderr kept (the last one's error lines are counted). */
const start = (dataDir: string, port: number) =>
  startServer(dataDir, port, { PORTAL_DEMO: '0', LOG_LEVEL: 'warn', PORTAL_PURGE_URL_QUOTA: '1000000' }, [], true);

async function api(base: string, cookie: string, method: 'GET' | 'POST', url: string, body?: object): Promise<Envelope> {
  const r = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await r.json()) as Envelope;
}

/** An acknowledged write and how to find it again. */
type Write = { kind: 'subAccount'; identity: string } | { kind: 'domain'; name: string } | { kind: 'purge'; taskId: number; url: string };

/** Writers send writes one after another until stopped; a write counts once its reply says code "0". */
function writeStream(base: string, cookie: string, round: number, acked: Write[]): { stop: () => void; done: Promise<number> } {
  let stopped = false;
  let sent = 0;
  const writer = async (w: number) => {
    for (let n = 0; !stopped; n++) {
      const tag = `${round}x${w}x${n}`;
      sent++;
      try {
        if (n % 3 === 0) {
          const identity = `crash${tag}`.replace(/x/g, '_');
          const r = await api(base, cookie, 'POST', '/cloud/customer/portalAddDomainGroup', {
            identity,
            companyName: `Crash ${tag}`,
            email: `c${tag}@acme.example`,
          });
          if (r.code === '0') acked.push({ kind: 'subAccount', identity });
        } else if (n % 3 === 1) {
          const name = `c${tag}.crash-test.com`;
          const input = {
            ...emptyDomainInput('download'),
            name,
            icp: '京ICP备12345678号-1',
            origins: [{ role: 'main', type: 'domain', address: 'origin.crash-test.com', port: 80, weight: 10 }],
            testUrl: '/health',
          };
          const r = await api(base, cookie, 'POST', '/api/domain/add', input);
          if (r.code === '0') acked.push({ kind: 'domain', name });
        } else {
          const url = `https://www.acme-media.example/crash/${tag}.js`;
          const r = await api(base, cookie, 'POST', '/api/refresh', { type: 'url', urls: url });
          const taskId = (r.data as { taskId?: number } | null)?.taskId;
          if (r.code === '0' && taskId) acked.push({ kind: 'purge', taskId, url });
        }
      } catch {
        // The connection died with the server: not acknowledged.
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))).then(() => sent);
  return { stop: () => (stopped = true), done };
}

/** Which acknowledged writes are missing after the restart, read back through the API. */
async function missing(base: string, cookie: string, writes: Write[]): Promise<Write[]> {
  const groups = await api(base, cookie, 'GET', '/cloud/customer/showDomainGroup');
  if (groups.code !== '0') throw new Error(`sub-account list failed: ${groups.msg}`);
  const identities = new Set((groups.data as Array<{ identity: string }>).map((g) => g.identity));
  const lost: Write[] = [];
  for (const w of writes) {
    if (w.kind === 'subAccount') {
      if (!identities.has(w.identity)) lost.push(w);
    } else if (w.kind === 'domain') {
      const r = await api(base, cookie, 'POST', '/api/domain/search', { name: w.name, pageSize: 10 });
      if (r.code !== '0') throw new Error(`domain search failed: ${r.msg}`);
      const list = benchCipher.decryptJson<{ list: Array<{ name: string }> }>(r.data as string).list;
      if (!list.some((d) => d.name === w.name)) lost.push(w);
    } else {
      const r = await api(base, cookie, 'POST', '/api/refresh/query', { taskId: w.taskId, pageSize: 10 });
      const list = r.code === '0' ? (r.data as { list: Array<{ url: string }> }).list : [];
      if (!list.some((u) => u.url === w.url)) lost.push(w);
    }
  }
  return lost;
}

/** Both stores answer: a config read (the session's user and domains) and a traffic aggregation. */
async function storesAnswer(base: string, cookie: string): Promise<void> {
  const now = new Date();
  const fmt = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
  const count = await api(base, cookie, 'POST', '/api/es/count/onLine', {
    startTime: fmt(new Date(now.getTime() - 3_600_000)),
    endTime: fmt(now),
    interval: '5m',
  });
  if (count.code !== '0') throw new Error(`traffic store does not answer: ${count.code} ${count.msg}`);
  const search = await api(base, cookie, 'POST', '/api/domain/search', { pageNum: 1, pageSize: 5 });
  if (search.code !== '0') throw new Error(`config store does not answer: ${search.code} ${search.msg}`);
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-crash-'));
  const port = await freePort();
  const acked: Write[] = [];
  const restarts: number[] = [];
  const lostAll = new Set<string>();
  let sentTotal = 0;
  let server: BenchServer | null = null;
  try {
    let t = Date.now();
    await seedConfig(dataDir);
    server = start(dataDir, port);
    await serverReady(server, 1_200_000, 50);
    console.log(`demo tenants and domains seeded and first start: ${((Date.now() - t) / 1000).toFixed(1)} s (data dir ${dataDir})`);
    console.log('round  acknowledged  lost  restart s');
    for (let round = 1; round <= ROUNDS; round++) {
      const cookie = await signInAcme(server.base);
      const before = acked.length;
      const stream = writeStream(server.base, cookie, round, acked);
      // Kill with writes in flight, after a random 10 to 60 acknowledged writes of this round (at
      // most 20 s): the point in the stream does not depend on how fast the machine is.
      const target = before + 10 + Math.floor(Math.random() * 51);
      const deadline = Date.now() + 20_000;
      while (acked.length < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      server.child.kill('SIGKILL');
      await server.exited;
      stream.stop();
      sentTotal += await stream.done;

      t = Date.now();
      server = start(dataDir, port);
      await serverReady(server, 1_200_000, 50);
      const restart = Date.now() - t;
      restarts.push(restart);
      const check = await signInAcme(server.base);
      await storesAnswer(server.base, check);
      // Every acknowledged write so far (earlier rounds' too: a restart must not lose them either).
      const lost = await missing(server.base, check, acked);
      lost.forEach((w) => lostAll.add(JSON.stringify(w)));
      if (lost.length) console.log('  lost:', JSON.stringify(lost.slice(0, 5)));
      console.log(
        `${String(round).padStart(5)}  ${String(acked.length - before).padStart(12)}  ${String(lost.length).padStart(4)}  ${(restart / 1000).toFixed(2).padStart(9)}`,
      );
    }
    const errors = server.stderr
      .join('')
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    restarts.sort((a, b) => a - b);
    console.log(
      `\n${ROUNDS} SIGKILL restarts, ${WRITERS} writers: ${acked.length} acknowledged writes (${sentTotal} sent), ${lostAll.size} lost; ` +
        `restart (spawn to first answer) median ${(pct(restarts, 50) / 1000).toFixed(2)} s, max ${(restarts[restarts.length - 1] / 1000).toFixed(2)} s; ` +
        `both stores opened cleanly every time; ${errors.length} error lines in the last server's log`,
    );
    if (lostAll.size) process.exitCode = 1;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

runMain(main);
