/**
 * The real edge (issue #33), measured on this machine with Debian's nginx: the portal in this process
 * (demo data at the tests' traffic scale, PORTAL_EDGE_TOKEN, private origins allowed) on a loopback
 * port, real nodes (`npm run edge`) as child processes and a local origin serving 10 KB objects.
 *  1. purge submit → 'verified' on two nodes, per URL, over 200 cached URLs (2 submissions of 100):
 *     p50 / p95 (target p95 ≤ 10 s);
 *  2. log freshness: an edge request → counted by the analysis (POST /api/es/count/offLine), p50 / p95
 *     over 30 requests (target p95 ≤ 60 s);
 *  3. requests/s through one node for a cached 10 KB object against nginx with a bare proxy-cache
 *     configuration, the same keep-alive load loop (target ratio ≥ 0.8);
 *  4. config apply: a new node starting against 1,000 domains (+ the demo's): start → its first
 *     whole revision applied (target ≤ 30 s).
 * Run: npm run bench -- edge [--seconds 10] [--domains 1000]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import type { Domain } from '../common/wire/domains';
import type { PurgeSubmitReply, PurgeUrlListReply } from '../common/wire/purge';
import type { CountDetail } from '../common/wire/traffic/index';
import { emptyDomainInput } from '../common/rules/domains/index';
import { EdgeNode, lastHourOf, until } from '../tests/edge/localNode';
import { freePort } from '../tests/server/freePort';
import { benchCipher, demoConfig, pctile, runMain } from './benchKit';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const DOMAINS = arg('domains', 1000);
const TOKEN = 'bench-edge-token';
const NGINX = '/usr/sbin/nginx';
const SITE = 'bench-edge.example-test.com';
const OBJECT = 'o'.repeat(10 * 1024);
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `concurrency` keep-alive loops GETting `p` with `host` for `seconds`: requests per second of 200 answers. A request
 * on a connection the server closed meanwhile (keepalive_requests) is counted as an error and the loop goes on.
 */
async function load(port: number, host: string, p: string, seconds: number, concurrency = 16): Promise<{ rate: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const end = Date.now() + seconds * 1000;
  let [done, errors] = [0, 0];
  const one = () =>
    new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: p, agent, headers: { host } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('error', () => resolve(false));
    });
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        if (await one()) done++;
        else errors++;
      }
    }),
  );
  agent.destroy();
  return { rate: done / ((Date.now() - t0) / 1000), errors };
}

/** nginx with nothing but a proxy cache in front of the origin (the reference of the node's rate). */
async function bareNginx(dir: string, originPort: number): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'cache'), { recursive: true });
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = `${user}
daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/t1; proxy_temp_path ${dir}/t2;
  fastcgi_temp_path ${dir}/t3; uwsgi_temp_path ${dir}/t4; scgi_temp_path ${dir}/t5;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=bare:16m inactive=1d use_temp_path=off;
  upstream origin { server 127.0.0.1:${originPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://origin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache bare;
      proxy_cache_valid 200 1d;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  await until('bare nginx listening', () =>
    fetch(`http://127.0.0.1:${port}/bare`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return {
    port,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

async function main() {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is not installed (apt-get install nginx-light)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-edge-'));
  fs.chmodSync(dir, 0o700);
  const origin = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(OBJECT);
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
  const originPort = (origin.address() as { port: number }).port;

  const config = demoConfig(path.join(dir, 'portal'), '0.05');
  config.edge = { ...config.edge, token: TOKEN };
  config.allowPrivateOrigins = true;
  config.purge = { ...config.purge, urlQuota: 1_000_000, prefetchQuota: 1_000_000 };
  console.log('starting the portal on the demo data (generated at the tests’ scale)…');
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const portalUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await app.inject({
    method: 'GET',
    url: '/api/newLogin',
    query: { username: 'acme', password: benchCipher.aesEncrypt('Acme@2026') },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const post = async <T>(url: string, payload: object): Promise<T> => {
    const body = (await app.inject({ method: 'POST', url, payload, headers: { cookie, 'x-portal-lang': 'en' } })).json() as {
      code: string;
      msg: string;
      data: T;
    };
    if (body.code !== '0') throw new Error(`${url}: ${body.msg}`);
    return body.data;
  };
  const domainInput = (name: string) => ({
    ...emptyDomainInput('download'),
    name,
    icp: '京ICP备12345678号-1',
    origins: [{ role: 'main' as const, type: 'ip' as const, address: '127.0.0.1', port: originPort, weight: 10 }],
  });
  const readyNodes = async () =>
    (await app.db.query<{ name: string }>("SELECT name FROM edge_nodes WHERE state = 'ready'")).map((r) => r.name);

  const nodes = [new EdgeNode('bench-a', dir, () => portalUrl, TOKEN), new EdgeNode('bench-b', dir, () => portalUrl, TOKEN)];
  const stops: Array<() => Promise<void>> = [];
  try {
    await Promise.all(nodes.map((n) => n.start()));
    await until('both nodes ready', async () => (await readyNodes()).length === 2, 120_000);
    const site = await post<Domain>('/api/domain/add', domainInput(SITE));
    await until(`${SITE} configured`, async () => {
      const rows = await app.db.query<{ s: string }>('SELECT operation_state AS s FROM domains WHERE id = $1', [site.id]);
      return rows[0]?.s === 'configured';
    });

    // 1. purge → verified on both nodes
    const urls = Array.from({ length: 200 }, (_, i) => `/purge/${i}.bin`);
    for (const n of nodes) for (const u of urls) await n.get(u, SITE);
    const submitted = new Map<number, number>();
    const verified = new Map<number, number>();
    const tasks: number[] = [];
    for (let b = 0; b < 2; b++) {
      const list = urls.slice(b * 100, b * 100 + 100).map((u) => `http://${SITE}${u}`);
      const at = Date.now();
      const { taskId } = await post<PurgeSubmitReply>('/api/refresh', { type: 'url', urls: list.join('\n') });
      tasks.push(taskId);
      submitted.set(taskId, at);
    }
    await until(
      '200 URLs verified',
      async () => {
        for (const taskId of tasks) {
          const { list } = await post<PurgeUrlListReply>('/api/refresh/query', { taskId, pageSize: 100 });
          for (const u of list) {
            if (u.status === 'failed') throw new Error(`purge of ${u.url} failed: ${u.reason}`);
            if (u.status === 'verified' && !verified.has(u.id)) verified.set(u.id, Date.now() - (submitted.get(taskId) ?? 0));
          }
        }
        return verified.size === 200;
      },
      300_000,
    );
    const purge = [...verified.values()];
    console.log(
      `purge submit → verified on 2 nodes, 200 URLs: p50 ${fmt(pctile(purge, 50))}, p95 ${fmt(pctile(purge, 95))} (target p95 ≤ 10 s)`,
    );

    // 2. log freshness: each request's time until the analysis counts it (requests in order, one node)
    const count = async () => (await post<CountDetail>('/api/es/count/offLine', lastHourOf(SITE))).count.request;
    await sleep(5000);
    const base = await count();
    const sentAt: number[] = [];
    const seen: number[] = [];
    const sender = (async () => {
      for (let i = 0; i < 30; i++) {
        sentAt.push(Date.now());
        await nodes[0].get(`/fresh/${i}`, SITE);
        await sleep(500);
      }
    })();
    await until(
      '30 requests counted',
      async () => {
        const n = (await count()) - base;
        while (seen.length < Math.min(n, sentAt.length)) seen.push(Date.now() - sentAt[seen.length]);
        return seen.length === 30;
      },
      300_000,
    );
    await sender;
    console.log(
      `log freshness (edge request → counted by the analysis), 30 requests: ` +
        `p50 ${fmt(pctile(seen, 50))}, p95 ${fmt(pctile(seen, 95))} (target p95 ≤ 60 s)`,
    );

    // 3. requests/s of a cached 10 KB object: the node against a bare proxy cache
    const bare = await bareNginx(path.join(dir, 'bare'), originPort);
    stops.push(bare.stop);
    await nodes[0].get('/rps.bin', SITE);
    const runs: Array<{ node: { rate: number; errors: number }; bare: { rate: number; errors: number } }> = [];
    for (let round = 0; round < 2; round++) {
      const node = await load(nodes[0].listen, SITE, '/rps.bin', SECONDS / 2);
      runs.push({ node, bare: await load(bare.port, SITE, '/rps.bin', SECONDS / 2) });
    }
    const mean = (side: 'node' | 'bare') => runs.reduce((sum, r) => sum + r[side].rate, 0) / runs.length;
    const errors = runs.reduce((sum, r) => sum + r.node.errors + r.bare.errors, 0);
    console.log(
      `cached 10 KB object, 16 keep-alive connections: node ${mean('node').toFixed(0)} req/s, ` +
        `bare nginx ${mean('bare').toFixed(0)} req/s, ` +
        `ratio ${(mean('node') / mean('bare')).toFixed(2)} (target ≥ 0.8; ${errors} requests on closed connections)`,
    );

    // 4. a new node applying 1,000 domains (the others stopped: one node on the machine)
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    const t = Date.now();
    for (let i = 0; i < DOMAINS; i++) await post<Domain>('/api/domain/add', domainInput(`d${i}.bench-edge.example-test.com`));
    console.log(`${DOMAINS} domains added through the API in ${fmt(Date.now() - t)}`);
    const fresh = new EdgeNode('bench-c', dir, () => portalUrl, TOKEN);
    nodes.push(fresh);
    const started = Date.now();
    await fresh.start();
    await until('the new node ready', async () => (await readyNodes()).includes(fresh.name), 300_000);
    const applied = Date.now() - started;
    const [{ n }] = await app.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM edge_node_domains s JOIN edge_nodes e ON e.id = s.node_id WHERE e.name = $1 AND s.applied_version > 0',
      [fresh.name],
    );
    console.log(`config apply on one node: ${n} domains applied ${fmt(applied)} after the node started (target ≤ 30 s)`);
  } finally {
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    for (const stop of stops) await stop();
    await app.close();
    origin.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
