import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { InjectOptions } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import { addDomain, buildDomainInput, findDomain } from './domainFixtures';
import { EDGE_API, type EdgeConfig, type EdgeRegisterReply } from '../../common/wire/edge';
import { EDGE_TIMING, openKey, signatureHeaders } from '../../common/rules/edge';
import { keyVaultFor } from '../../server/lib/keyVault';
import type { Domain } from '../../common/wire/domains';

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
      signatureHeaders(opts.secret ?? this.secret, opts.node ?? String(this.id), method, `${EDGE_API}${pathAndQuery}`, raw, opts.at ?? clock);
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
    const r = await this.send('POST', '/register', { name: this.name, version: 'test', listen: '127.0.0.1:0', tlsListen: '127.0.0.1:0' }, {
      secret: token,
      node: this.name,
    });
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
    expect(routes.length).toBeGreaterThanOrEqual(4);
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
    const tampered = signatureHeaders(nodeA.secret, String(nodeA.id), 'POST', `${EDGE_API}/heartbeat`, '{"revision":1,"uptimeSeconds":1}', clock);
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
    const d = await domainNamed('img.acme-media.com');
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
