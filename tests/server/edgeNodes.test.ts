import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { InjectOptions } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import { addDomain, buildDomainInput, findDomain } from './domainFixtures';
import { EDGE_API, type EdgeAccessLine, type EdgeConfig, type EdgeJobsReply, type EdgeRegisterReply } from '../../common/wire/edge';
import { EDGE_TIMING, openKey, signatureHeaders } from '../../common/rules/edge';
import { keyVaultFor } from '../../server/lib/keyVault';
import type { Domain } from '../../common/wire/domains';
import type { PurgeSubmitReply, PurgeUrlListReply } from '../../common/wire/purge';
import type { CountDetail } from '../../common/wire/traffic/index';
import { edgeTick } from '../../server/jobs/purgeEdge';
import { nodesEdge } from '../../server/lib/nodesEdge';

/**
 * The portal's side of real edge nodes (issue #33, docs/edge.md "Edge nodes (portal side)"): fake
 * nodes built with the protocol's own signing rule call the /edgeapi routes. The edge clock is the
 * test's (PortalConfig.edge.now), so that a node can go silent without waiting.
 */

const TOKEN = 'edge-registration-token-for-tests';
let clock = Date.now();
let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
const en = { 'x-portal-lang': 'en' };

/** A node as the agent would be: registers with the token, then signs every call with its own secret. */
class FakeNode {
  id = 0;
  secret = '';
  constructor(readonly name: string) {}

  /** One signed call; `sign` changes what is signed (a tampered call), `headers` are sent as given (a replay). */
  async send(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body?: object | Buffer,
    opts: { secret?: string; node?: string; at?: number; headers?: Record<string, string>; type?: string } = {},
  ) {
    const raw = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const headers =
      opts.headers ??
      signatureHeaders(
        opts.secret ?? this.secret,
        opts.node ?? String(this.id),
        method,
        `${EDGE_API}${pathAndQuery}`,
        raw,
        opts.at ?? clock,
      );
    const request: InjectOptions = {
      method,
      url: `${EDGE_API}${pathAndQuery}`,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': opts.type ?? 'application/json' }) },
      ...(body === undefined ? {} : { payload: raw }),
    };
    const res = await app.inject(request);
    return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : null, headers };
  }

  async register(token = TOKEN) {
    const r = await this.send(
      'POST',
      '/register',
      { name: this.name, version: 'test', listen: '127.0.0.1:0', tlsListen: '127.0.0.1:0' },
      {
        secret: token,
        node: this.name,
      },
    );
    if (r.status === 200) {
      const reply = r.body as unknown as EdgeRegisterReply;
      [this.id, this.secret] = [reply.nodeId, reply.secret];
    }
    return r;
  }

  async config(revision?: number) {
    return this.send('GET', revision === undefined ? '/config' : `/config?revision=${revision}`);
  }

  /** Applies the whole current configuration, failing the domains named (nginx refused them). */
  async applyAll(fail: Record<string, string> = {}) {
    const c = (await this.config()).body as unknown as EdgeConfig;
    const applied = c.domains.filter((d) => !(d.name in fail)).map((d) => ({ name: d.name, version: d.version }));
    const failed = c.domains.filter((d) => d.name in fail).map((d) => ({ name: d.name, version: d.version, message: fail[d.name] }));
    const r = await this.send('POST', '/applied', { revision: c.revision, applied, failed });
    expect(r.status).toBe(200);
    return c;
  }
}

const nodeA = new FakeNode('edge-a');
const nodeB = new FakeNode('edge-b');

const domainNamed = async (name: string) => (await findDomain(app, acme, name)) as Domain;

beforeAll(async () => {
  app = await makeApp({ edge: { token: TOKEN, now: () => clock } });
  acme = await signIn(app, 'acme');
});
afterAll(async () => {
  await app?.close();
});

describe('registration and signatures', () => {
  it('registers with the token; a wrong token or none configured gets nothing', async () => {
    const wrong = await new FakeNode('edge-wrong').register('not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toHaveProperty('secret');
    const previous = app.config.edge.token;
    app.config.edge.token = undefined;
    onTestFinished(() => {
      app.config.edge.token = previous;
    });
    expect((await new FakeNode('edge-none').register('')).status).toBe(503);
    app.config.edge.token = previous;
    expect((await nodeA.register()).status).toBe(200);
    expect((await nodeB.register()).status).toBe(200);
    expect(nodeA.id).not.toBe(nodeB.id);
    expect(nodeA.secret).not.toBe(TOKEN);
    // the secret is kept sealed, never in clear
    const [row] = await app.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM edge_nodes WHERE id = $1', [nodeA.id]);
    expect(row.secret_sealed).not.toContain(nodeA.secret);
    expect(keyVaultFor(app.config).open(row.secret_sealed)).toBe(nodeA.secret);
  });

  it('unsigned, wrongly signed, stale or replayed calls are 401 on every route', async () => {
    const routes = app.routeTable.filter((r) => r.backend === 'edgeapi');
    expect(routes.length).toBe(7);
    for (const r of routes) {
      const res = await app.inject({ method: r.method as 'GET' | 'POST', url: r.url, payload: r.method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    expect((await nodeA.config(undefined)).status).toBe(200);
    expect((await nodeA.send('GET', '/config', undefined, { secret: nodeB.secret })).status).toBe(401);
    expect((await nodeA.send('GET', '/config', undefined, { at: clock - 10 * 60_000 })).status).toBe(401);
    const first = await nodeA.send('POST', '/heartbeat', { revision: 0, uptimeSeconds: 1 });
    expect(first.status).toBe(200);
    const replay = await nodeA.send('POST', '/heartbeat', { revision: 0, uptimeSeconds: 1 }, { headers: first.headers });
    expect(replay.status).toBe(401);
    // a body changed under a good signature
    const tampered = signatureHeaders(
      nodeA.secret,
      String(nodeA.id),
      'POST',
      `${EDGE_API}/heartbeat`,
      '{"revision":1,"uptimeSeconds":1}',
      clock,
    );
    expect((await nodeA.send('POST', '/heartbeat', { revision: 2, uptimeSeconds: 1 }, { headers: tampered })).status).toBe(401);
  });
});

describe('configuration', () => {
  it('answers the whole configuration, then 204 while the revision is current; keys sealed to the node', async () => {
    const first = await nodeA.config();
    expect(first.status).toBe(200);
    const c = first.body as unknown as EdgeConfig;
    expect(c.revision).toBeGreaterThan(0);
    expect(c.domains.length).toBeGreaterThan(10);
    expect((await nodeA.config(c.revision)).status).toBe(204);
    const https = c.domains.find((d) => d.certificateId);
    expect(https, 'a demo HTTPS domain with a certificate').toBeTruthy();
    const cert = c.certificates.find((x) => x.id === https!.certificateId)!;
    const [stored] = await app.db.query<{ key_encrypted: string }>('SELECT key_encrypted FROM certificates WHERE id = $1', [cert.id]);
    const keyPem = openKey(nodeA.secret, cert.sealedKey);
    expect(keyPem).toBe(keyVaultFor(app.config).open(stored.key_encrypted));
    expect(keyPem).toContain('PRIVATE KEY');
    expect(() => openKey(nodeB.secret, cert.sealedKey)).toThrow();
    expect(JSON.stringify(c)).not.toContain(keyPem.split('\n')[1]);
    // a domain write bumps the revision
    const d = await domainNamed('img.acme-media.example');
    await call(app, acme, { method: 'POST', url: '/api/domain/disable', payload: { id: d.id }, headers: en });
    expect((await nodeA.config(c.revision)).status).toBe(200);
  });
});

describe("domains' states from what the nodes applied", () => {
  it('configured only after both ready nodes applied it', async () => {
    await nodeA.applyAll();
    await nodeB.applyAll();
    const created = (await addDomain(app, acme, { name: 'both.example-test.com' })).body.data as Domain;
    expect(created.operationState).toBe('configuring');
    await nodeA.applyAll();
    expect((await domainNamed(created.name)).operationState).toBe('configuring');
    await nodeB.applyAll();
    expect((await domainNamed(created.name)).operationState).toBe('configured');
  });

  it("a refused domain is 'failed' with the node and its message; another is not held back; it stays editable", async () => {
    const bad = (await addDomain(app, acme, { name: 'broken.example-test.com' })).body.data as Domain;
    const good = (await addDomain(app, acme, { name: 'fine.example-test.com' })).body.data as Domain;
    await nodeA.applyAll();
    await nodeB.applyAll({ [bad.name]: 'nginx: [emerg] host not found in upstream' });
    const failed = await domainNamed(bad.name);
    expect(failed.operationState).toBe('failed');
    expect(failed.operationError).toEqual({ node: 'edge-b', message: 'nginx: [emerg] host not found in upstream' });
    expect((await domainNamed(good.name)).operationState).toBe('configured');
    const edited = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/update',
      payload: { ...buildDomainInput({ name: bad.name, scope: 'all' }), id: bad.id },
      headers: en,
    });
    expect(edited.body.code).toBe('0');
    const again = await domainNamed(bad.name);
    expect(again.operationState).toBe('configuring');
    expect(again.operationError).toBeUndefined();
    await nodeA.applyAll();
    await nodeB.applyAll();
    expect((await domainNamed(bad.name)).operationState).toBe('configured');
  });

  it('a node silent for 60 s is offline and no longer holds back configured', async () => {
    const created = (await addDomain(app, acme, { name: 'silent.example-test.com' })).body.data as Domain;
    await nodeA.applyAll();
    expect((await domainNamed(created.name)).operationState).toBe('configuring');
    clock += EDGE_TIMING.offlineAfterMs + 1000;
    await nodeA.send('POST', '/heartbeat', { revision: 1, uptimeSeconds: 70 });
    expect((await domainNamed(created.name)).operationState).toBe('configured');
    // back again: ready (it applied a whole revision before) and holding back the next change
    await nodeB.applyAll();
  });
});

describe('purge and prefetch through the nodes', () => {
  /** The purge pass at a chosen time (ahead of real time: submissions are due after a second). */
  let passClock = 0;
  const pass = () => edgeTick(app, nodesEdge(app), new Date((passClock = Math.max(passClock, Date.now()) + 10_000)));
  const submit = async (url: string, payload: object) => {
    const r = await call(app, acme, { method: 'POST', url, payload, headers: en });
    expect(r.body.code, r.body.msg).toBe('0');
    return (r.body.data as PurgeSubmitReply).taskId;
  };
  const urlsOf = async (taskId: number, prefetch = false) =>
    (
      (
        await call(app, acme, {
          method: 'POST',
          url: prefetch ? '/api/prefetch/status' : '/api/refresh/query',
          payload: { taskId },
          headers: en,
        })
      ).body.data as PurgeUrlListReply
    ).list;
  /** The node's jobs of one task (the demo's open tasks are handed to the nodes too). */
  const jobsOf = async (node: FakeNode, taskId: number) =>
    ((await node.send('GET', '/jobs')).body as unknown as EdgeJobsReply).jobs.filter((j) => j.taskId === taskId);

  it('one job per ready node per URL; verified only when both nodes verified', async () => {
    await nodeA.send('POST', '/heartbeat', { revision: 1, uptimeSeconds: 80 });
    const taskId = await submit('/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/n1.js\nhttps://www.acme-media.example/n2.js',
    });
    await pass();
    const [a, b] = [await jobsOf(nodeA, taskId), await jobsOf(nodeB, taskId)];
    expect(a.map((j) => j.url)).toEqual(['https://www.acme-media.example/n1.js', 'https://www.acme-media.example/n2.js']);
    expect(b).toHaveLength(2);
    expect(a[0]).toMatchObject({ kind: 'url', domain: 'www.acme-media.example' });
    // leased: not handed again while the lease runs
    expect(await jobsOf(nodeA, taskId)).toEqual([]);
    const ids = a.map((j) => j.id);
    await nodeA.send('POST', '/results', { results: ids.map((id) => ({ id, status: 'verified' })) });
    await pass();
    expect((await urlsOf(taskId)).map((u) => u.status)).toEqual(['processing', 'processing']);
    await nodeB.send('POST', '/results', { results: ids.map((id) => ({ id, status: 'verified' })) });
    await pass();
    expect((await urlsOf(taskId)).map((u) => u.status)).toEqual(['verified', 'verified']);
  });

  it("a node's failure fails the URL with its reason; a prefetch records the node's status, bytes and time", async () => {
    const taskId = await submit('/api/prefetch', { urls: 'https://www.acme-media.example/p1.bin\nhttps://www.acme-media.example/p2.bin' });
    await pass();
    const jobs = await jobsOf(nodeA, taskId);
    expect(jobs.map((j) => j.kind)).toEqual(['prefetch', 'prefetch']);
    const [p1, p2] = jobs.map((j) => j.id);
    for (const node of [nodeA, nodeB]) {
      await node.send('POST', '/results', {
        results: [
          { id: p1, status: 'verified', httpStatus: 200, bytes: 12_345, elapsedMs: 40 },
          node === nodeB ? { id: p2, status: 'failed', reason: 'origin answered 404', httpStatus: 404 } : { id: p2, status: 'verified' },
        ],
      });
    }
    await pass();
    const urls = await urlsOf(taskId, true);
    expect(urls[0]).toMatchObject({ status: 'verified', httpStatus: 200, bytes: 12_345, elapsedMs: 40 });
    expect(urls[1]).toMatchObject({ status: 'failed', reason: 'edge-b: origin answered 404' });
  });

  it('an open URL of a domain disabled meanwhile fails, as with the embedded edge', async () => {
    const taskId = await submit('/api/refresh', { type: 'url', urls: 'https://cdn.acme-media.example/off.js' });
    await pass();
    expect(await jobsOf(nodeA, taskId)).toHaveLength(1);
    await app.db.query(`UPDATE domains SET status = 'off' WHERE name = 'cdn.acme-media.example'`);
    try {
      await pass();
      expect((await urlsOf(taskId))[0]).toMatchObject({ status: 'failed', reason: 'The domain was disabled' });
    } finally {
      await app.db.query(`UPDATE domains SET status = 'on' WHERE name = 'cdn.acme-media.example'`);
    }
  });
});

describe('access logs of the nodes', () => {
  const at = Math.floor(Date.now() / 60_000) * 60_000 - 120_000;
  const line = (over: Partial<EdgeAccessLine>): EdgeAccessLine => ({
    time: new Date(at).toISOString(),
    host: 'logs-edge.example-test.com',
    client: '192.0.2.10',
    method: 'GET',
    uri: '/edge-log/a.js',
    status: 200,
    bytes: 1000,
    requestTime: 0.012,
    cache: 'HIT',
    referer: '',
    agent: 'curl/8',
    internal: '',
    ...over,
  });
  const part = (lines: EdgeAccessLine[]) => {
    const text = Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return { text, gzip: zlib.gzipSync(text) };
  };
  const ship = (file: string, offset: number, body: Buffer, stream = 'access') =>
    nodeA.send('POST', `/logs?stream=${stream}&file=${file}&offset=${offset}`, body, { type: 'application/gzip' });

  it('takes a part at the held offset only; sets account and domain from the Host; never counts internal lines', async () => {
    await addDomain(app, acme, { name: 'logs-edge.example-test.com' });
    const first = part([
      line({}),
      line({ host: 'LOGS-EDGE.example-test.com:8081', cache: 'MISS', bytes: 500 }),
      line({ internal: '1' }),
      line({ host: 'unknown-host.example' }),
    ]);
    const r = await ship('access.log', 0, first.gzip);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ offset: first.text.length, accepted: 2, rejected: 1 });
    // the same part again: 409 with the offset held, nothing loaded twice
    const again = await ship('access.log', 0, first.gzip);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ offset: first.text.length });
    const next = part([line({ uri: '/edge-log/b.js' })]);
    expect((await ship('access.log', first.text.length, next.gzip)).body).toMatchObject({ accepted: 1 });
    expect((await ship('security.log', 0, next.gzip, 'security')).status).toBe(400);

    const range = {
      startTime: new Date(at - 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
      timeZone: 'UTC',
      timeSelect: 'userDefined',
    };
    const endTime = new Date(at + 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const res = await call(app, acme, {
      method: 'POST',
      url: '/api/es/count/offLine',
      payload: { ...range, endTime, domains: ['logs-edge.example-test.com'] },
      headers: en,
    });
    expect(res.body.code, res.body.msg).toBe('0');
    const count = (res.body.data as CountDetail).count;
    expect(count.request).toBe(3);
    expect(count.flow).toBe(2500);
    const [row] = await app.traffic.query<{ account: string; n: string | number }>(
      "SELECT account, count() AS n FROM traffic.access_log WHERE domain = 'logs-edge.example-test.com' GROUP BY account",
    );
    expect(row).toEqual({ account: 'acme', n: expect.anything() });
    expect(Number(row.n)).toBe(3);
  });
});
