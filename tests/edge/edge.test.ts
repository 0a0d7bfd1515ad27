import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_API } from '../../common/wire/edge';
import { signatureHeaders } from '../../common/rules/edge';
import type { Domain, DomainInput } from '../../common/wire/domains';
import type { Certificate } from '../../common/wire/certificates';
import type { PurgeSubmitReply, PurgeUrlListReply } from '../../common/wire/purge';
import type { CountDetail } from '../../common/wire/traffic/index';
import { processRuns } from '../../edge/nginx';
import { EdgeNode as Node, lastHourOf, until } from './localNode';
import { daysFromNow, issueCertificate } from '../../server/demo/certificateFactory';
import { englishCalls, makeApp, signIn } from '../server/helpers';
import { buildDomainInput, findDomain } from '../server/domainFixtures';

/**
 * Issue #33 end to end: the real portal (demo data, PORTAL_EDGE_TOKEN, private origins allowed) on a
 * loopback port, two real edge nodes (`npm run edge`: the agent and Debian's nginx) registered with
 * it, and a local origin whose content changes. Everything is driven through the portal's own API as
 * acme; nothing is faked on either side.
 */
const NGINX = '/usr/sbin/nginx';
const haveNginx = fs.existsSync(NGINX);
if (!haveNginx) console.log(`tests/edge/edge.test.ts skipped: ${NGINX} is not installed (apt-get install nginx-light)`);

const TOKEN = 'edge-e2e-registration-token';
const SITE = 'e2e-site.example-test.com';
const BROKEN = 'e2e-broken.example-test.com';

describe.skipIf(!haveNginx)('the real edge: two nodes against the real portal', () => {
  let app: Awaited<ReturnType<typeof makeApp>>;
  let portalUrl = '';
  let acme: string;
  let dir: string;
  let origin: http.Server;
  const body = new Map<string, string>();
  const hits = new Map<string, number>();
  let a: Node;
  let b: Node;
  let site: Domain;
  /** customer requests sent to SITE through the nodes (what the analysis must count) */
  let sent = 0;
  const { post } = englishCalls(() => app);

  const through = async (node: Node, p: string, headers: Record<string, string> = {}) => {
    sent++;
    return node.get(p, SITE, headers);
  };
  const outputs = () => [a, b].map((n) => `--- ${n.name}\n${n.output.slice(-4000)}`).join('\n');
  const stateOf = async (name: string) => (await findDomain(app, acme, name))?.operationState;
  const ok = <T>(r: { body: { code: string | number; msg: string; data: unknown } }): T => {
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.data as T;
  };
  const submit = async (url: string, payload: object) => ok<PurgeSubmitReply>(await post(acme, url, payload)).taskId;
  const urlsOf = async (taskId: number, prefetch = false) =>
    ok<PurgeUrlListReply>(await post(acme, prefetch ? '/api/prefetch/status' : '/api/refresh/query', { taskId })).list;
  const settled = (taskId: number, prefetch = false, ms = 30_000) =>
    until(
      `task ${taskId} settled`,
      async () => {
        const urls = await urlsOf(taskId, prefetch);
        return urls.length > 0 && urls.every((u) => u.status === 'verified' || u.status === 'failed') && urls;
      },
      ms,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${outputs()}`);
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-e2e-'));
    fs.chmodSync(dir, 0o700);
    origin = http.createServer((req, res) => {
      const p = (req.url ?? '/').split('?')[0];
      hits.set(p, (hits.get(p) ?? 0) + 1);
      const text = body.get(p);
      res.writeHead(text === undefined ? 404 : 200, { 'content-type': 'text/plain' });
      res.end(text ?? 'not found');
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', () => r()));
    const originPort = (origin.address() as { port: number }).port;

    app = await makeApp({}, { PORTAL_EDGE_TOKEN: TOKEN, PORTAL_ALLOW_PRIVATE_ORIGINS: '1' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    portalUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    acme = await signIn(app, 'acme');

    a = new Node('edge-e2e-a', dir, () => portalUrl, TOKEN);
    b = new Node('edge-e2e-b', dir, () => portalUrl, TOKEN);
    await Promise.all([a.start(), b.start()]);
    await until(
      'both nodes ready',
      async () => {
        const rows = await app.db.query<{ name: string; state: string }>('SELECT name, state FROM edge_nodes');
        return rows.filter((r) => r.state === 'ready').length === 2;
      },
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${outputs()}`);
    });

    const cert = await issueCertificate({ commonName: SITE, notBefore: daysFromNow(-1), notAfter: daysFromNow(90) });
    const uploaded = ok<Certificate>(
      await post(acme, '/api/certificate/add', {
        name: 'e2e-site',
        certificate: cert.certPem,
        privateKey: cert.keyPem,
        share: false,
        shareAccounts: [],
      }),
    );
    const local = [{ role: 'main' as const, type: 'ip' as const, address: '127.0.0.1', port: originPort, weight: 10 }];
    const input: Partial<DomainInput> = {
      name: SITE,
      origins: local,
      protocol: 'https',
      backProtocol: 'http',
      certificateId: String(uploaded.id),
      certificateName: uploaded.name,
      cacheRules: [
        { match: 'path', value: '/dyn/', time: 0, unit: 's' },
        { match: 'path', value: '/', time: 1, unit: 'd' },
      ],
    };
    const base = buildDomainInput(input);
    base.advanced.referer = { mode: 'deny', values: ['bad.example'], allowEmpty: true };
    base.advanced.responseHeaders = [{ action: 'set', name: 'X-E2e', value: 'set by the edge' }];
    site = ok<Domain>(await post(acme, '/api/domain/add', base));
    // nginx refuses this rewrite (PCRE: lookbehind of variable length), JavaScript does not
    const broken = buildDomainInput({ name: BROKEN, origins: local });
    broken.advanced.rewriteRules = [{ source: '^/x(?<!a+)$', target: '/y', flag: 'last', status: 'on' }];
    ok<Domain>(await post(acme, '/api/domain/add', broken));
  }, 180_000);

  afterAll(async () => {
    const nodes = [a, b].filter(Boolean);
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    // an nginx a failed case left (a node killed and not restarted)
    for (const n of nodes) {
      const pid = n.nginxPid();
      if (pid) process.kill(pid, 'SIGKILL');
    }
    await app?.close();
    if (origin) await new Promise((r) => origin.close(r));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a domain is configured only after both nodes applied it; a broken one is 'failed' and blocks nothing", async () => {
    expect(site.operationState).toBe('configuring');
    await until(`${SITE} configured`, async () => (await stateOf(SITE)) === 'configured').catch((e: Error) => {
      throw new Error(`${e.message}\n${outputs()}`);
    });
    const applied = await app.db.query<{ node: string }>(
      'SELECT n.name AS node FROM edge_node_domains s JOIN edge_nodes n ON n.id = s.node_id JOIN domains d ON d.id = s.domain_id' +
        ' WHERE d.name = $1 AND s.applied_version = d.version',
      [SITE],
    );
    expect(applied.map((r) => r.node).sort()).toEqual([a.name, b.name]);
    const broken = await until(`${BROKEN} failed`, async () => {
      const d = await findDomain(app, acme, BROKEN);
      return d?.operationState === 'failed' && d;
    });
    expect(broken.operationError?.message).toMatch(/lookbehind/);
    expect([a.name, b.name]).toContain(broken.operationError?.node);
  });

  it('serves from both nodes: MISS then HIT, time 0 never cached, referer deny 403, the response header set', async () => {
    body.set('/a.txt', 'alpha');
    for (const n of [a, b]) {
      const first = await through(n, '/a.txt');
      const second = await through(n, '/a.txt');
      expect([first.status, first.body, first.headers['x-cache']]).toEqual([200, 'alpha', 'MISS']);
      expect([second.body, second.headers['x-cache'], second.headers['x-edge-node']]).toEqual(['alpha', 'HIT', n.name]);
      expect(second.headers['x-e2e']).toBe('set by the edge');
    }
    expect(hits.get('/a.txt')).toBe(2);
    body.set('/dyn/x', 'dynamic');
    const dyn = [await through(a, '/dyn/x'), await through(a, '/dyn/x')];
    expect(dyn.map((r) => r.headers['x-cache'])).toEqual(['BYPASS', 'BYPASS']);
    expect(hits.get('/dyn/x')).toBe(2);
    expect((await through(b, '/a.txt', { referer: 'https://bad.example/page' })).status).toBe(403);
  });

  it('presents the uploaded certificate over HTTPS', async () => {
    for (const n of [a, b]) {
      const cn = await new Promise<string>((resolve, reject) => {
        const s = tls.connect({ host: '127.0.0.1', port: n.tlsPort, servername: SITE, rejectUnauthorized: false }, () => {
          resolve(String(s.getPeerCertificate().subject.CN));
          s.end();
        });
        s.on('error', reject);
      });
      expect(cn).toBe(SITE);
    }
  });

  it("purges a changed file: the new content from both nodes and the task 'verified'", async () => {
    body.set('/p.txt', 'old');
    for (const n of [a, b]) await through(n, '/p.txt');
    body.set('/p.txt', 'new');
    const taskId = await submit('/api/refresh', { type: 'url', urls: `https://${SITE}/p.txt` });
    expect((await settled(taskId)).map((u) => u.status)).toEqual(['verified']);
    for (const n of [a, b]) expect((await through(n, '/p.txt')).body).toBe('new');
  });

  it('purges a directory: both files under it, on both nodes', async () => {
    for (const p of ['/d/1.txt', '/d/2.txt', '/e.txt']) body.set(p, `${p} v1`);
    for (const n of [a, b]) for (const p of ['/d/1.txt', '/d/2.txt', '/e.txt']) await through(n, p);
    for (const p of ['/d/1.txt', '/d/2.txt']) body.set(p, `${p} v2`);
    const taskId = await submit('/api/refresh', { type: 'dir', urls: `https://${SITE}/d/` });
    expect((await settled(taskId)).map((u) => u.status)).toEqual(['verified']);
    for (const n of [a, b]) {
      expect((await through(n, '/d/1.txt')).body).toBe('/d/1.txt v2');
      expect((await through(n, '/d/2.txt')).body).toBe('/d/2.txt v2');
      expect((await through(n, '/e.txt')).headers['x-cache']).toBe('HIT');
    }
  });

  it('prefetches through each node: the origin asked once per node, then HIT', async () => {
    body.set('/pre.bin', 'x'.repeat(5000));
    const taskId = await submit('/api/prefetch', { urls: `https://${SITE}/pre.bin` });
    const [url] = await settled(taskId, true);
    expect(url).toMatchObject({ status: 'verified', httpStatus: 200, bytes: 5000 });
    expect(hits.get('/pre.bin')).toBe(2);
    for (const n of [a, b]) expect((await through(n, '/pre.bin')).headers['x-cache']).toBe('HIT');
    expect(hits.get('/pre.bin')).toBe(2);
  });

  it('a node with a wrong registration token serves nothing of any customer', async () => {
    const wrong = new Node('edge-e2e-wrong', dir, () => portalUrl, 'not-the-token');
    await wrong.start();
    try {
      await until('the refused registration', () => /regist/i.test(wrong.output) && wrong.nginxPid() > 0, 30_000);
      const before = hits.get('/a.txt');
      const r = await wrong.get('/a.txt', SITE);
      expect(r.status).not.toBe(200);
      expect(r.body).not.toContain('alpha');
      expect(hits.get('/a.txt')).toBe(before);
      const rows = await app.db.query<{ name: string }>('SELECT name FROM edge_nodes WHERE name = $1', [wrong.name]);
      expect(rows).toEqual([]);
    } finally {
      await wrong.kill('SIGTERM');
    }
  });

  it('an unsigned or replayed report is refused', async () => {
    const node = JSON.parse(fs.readFileSync(path.join(dir, a.name, 'node.json'), 'utf8')) as { nodeId: number; secret: string };
    const results = `${EDGE_API}/results`;
    const raw = Buffer.from(JSON.stringify({ results: [] }));
    const send = (headers: Record<string, string>) =>
      fetch(`${portalUrl}${results}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', ...headers } });
    expect((await send({})).status).toBe(401);
    const signed = signatureHeaders(node.secret, String(node.nodeId), 'POST', results, raw, Date.now());
    expect((await send(signed)).status).toBe(200);
    expect((await send(signed)).status).toBe(401);
  });

  it('a node killed mid-task and started again finishes the task', async () => {
    body.set('/k.txt', 'k1');
    for (const n of [a, b]) await through(n, '/k.txt');
    body.set('/k.txt', 'k2');
    const leftover = b.nginxPid();
    await b.kill('SIGKILL');
    const taskId = await submit('/api/refresh', { type: 'url', urls: `https://${SITE}/k.txt` });
    // node a verifies; b (still online for the portal) holds the task open
    await until('node a verified', async () => {
      const rows = await app.db.query<{ status: string }>(
        "SELECT j.status FROM edge_jobs j JOIN edge_nodes n ON n.id = j.node_id WHERE j.task_id = $1 AND n.name = 'edge-e2e-a'",
        [taskId],
      );
      return rows.length === 1 && rows[0].status === 'verified';
    });
    expect((await urlsOf(taskId)).map((u) => u.status)).toEqual(['processing']);
    await b.start();
    expect((await settled(taskId)).map((u) => u.status)).toEqual(['verified']);
    expect(processRuns(leftover)).toBe(false);
    for (const n of [a, b]) expect((await through(n, '/k.txt')).body).toBe('k2');
  });

  it("counts the edge's requests exactly in the analysis, not the agents' own", async () => {
    const count = async () => ok<CountDetail>(await post(acme, '/api/es/count/offLine', lastHourOf(SITE))).count.request;
    await until(`${sent} requests in the analysis`, async () => (await count()) >= sent, 30_000).catch(async (e: Error) => {
      throw new Error(`${e.message}: ${await count()}\n${outputs()}`);
    });
    expect(await count()).toBe(sent);
  });
});
