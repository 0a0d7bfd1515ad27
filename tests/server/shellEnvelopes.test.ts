import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { call, makeApp, signIn } from './helpers';
import { impapiEnvelope, monitEnvelope, ok, portalEnvelope, type Envelope } from '../../server/lib/envelope';
import { backendRoutes } from '../../server/routes/backend';
import { envelopePlugin } from '../../server/plugins/envelope';
import { guardPlugin } from '../../server/plugins/guard';
import { replySchema } from '../../server/lib/wireSchemas';

/**
 * The envelope is a property of the backend folder that owns the route (server/routes/<backend>/index.ts):
 * every failure path — no session, missing right, schema validation, not found — answers in it.
 */

let app: FastifyInstance;
let acme: string;
let viewer: string;
beforeAll(async () => {
  app = await makeApp({ demo: true });
  await app.ready();
  acme = await signIn(app, 'acme');
  viewer = await signIn(app, 'acme_viewer');
});
afterAll(async () => {
  await app.close();
});

describe('envelopes per backend folder', () => {
  it('every served route belongs to the folder of its prefix', () => {
    const wrong = app.routeTable.filter((r) => !r.url.startsWith(`/${r.backend}/`)).map((r) => `${r.method} ${r.url} in ${r.backend}`);
    expect(wrong).toEqual([]);
    expect(new Set(app.routeTable.map((r) => r.backend))).toEqual(
      new Set(['api', 'cloud', 'shiro', 'linesapi', 'impapi', 'monit', 'edgeapi']),
    );
  });

  it('schema validation: /impapi answers a number code with its text in data, the others "400" with data null', async () => {
    const impapi = await call(app, acme, { method: 'POST', url: '/impapi/monitor/alarm/record/page', payload: { pageSize: 'many' } });
    expect(impapi.status).toBe(200);
    expect(impapi.body.code).toBe(400);
    expect(impapi.body.data).toBe(impapi.body.msg);
    const monit = await call(app, acme, { method: 'POST', url: '/monit/contacts/list', payload: { pageSize: 'many' } });
    expect(monit.body).toMatchObject({ code: '400', data: null });
    const api = await call(app, acme, { method: 'POST', url: '/api/certificate/search', payload: { pageSize: 'many' } });
    expect(api.body).toMatchObject({ code: '400', data: null });
    for (const res of [impapi, monit, api]) expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('the guard: no session is HTTP 401 in the folder\'s shape; a missing right stays "403" everywhere', async () => {
    const anonymous = await call(app, null, { method: 'GET', url: '/impapi/protection/network/manager/list' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(anonymous.body.code).toBe(401);
    expect(anonymous.body.data).toBe(anonymous.body.msg);
    expect((await call(app, null, { method: 'POST', url: '/monit/contacts/list', payload: {} })).body).toMatchObject({
      code: '401',
      data: null,
    });
    const refused = await call(app, viewer, { method: 'POST', url: '/impapi/protection/network/manager/create', payload: {} });
    expect(refused.body).toMatchObject({ code: '403', data: null });
  });

  it("not found under a backend prefix answers in that folder's envelope", async () => {
    const impapi = await call(app, acme, { method: 'GET', url: '/impapi/no/such/route' });
    expect(impapi.status).toBe(404);
    expect(impapi.body).toMatchObject({ code: 404, msg: impapi.body.data });
    const api = await call(app, acme, { method: 'GET', url: '/api/no/such/route' });
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ code: '404', data: null });
    expect(impapi.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await call(app, acme, { method: 'POST', url: '/monit/no/such/route' })).body).toMatchObject({ code: '404', data: null });
  });

  it('a failure thrown by a route with a response schema keeps its own shape (not reshaped by the serialiser)', async () => {
    // /api/log/searchList has a response schema; a page beyond the window is a thrown failure.
    const res = await call(app, acme, { method: 'POST', url: '/api/log/searchList', payload: { pageNum: 100_000, pageSize: 500 } });
    expect(res.body).toEqual({ code: '1', data: null, msg: expect.any(String) });
    expect(res.body.msg).not.toBe('');
  });
});

describe('registration refusals', () => {
  /** A bare server with the envelope and the guard, and one probe folder. */
  async function register(routes: FastifyPluginAsync, prefix = '/api/', envelope: Envelope = portalEnvelope) {
    const probe = Fastify();
    await probe.register(envelopePlugin);
    await probe.register(guardPlugin);
    try {
      await probe.register(backendRoutes({ name: 'api', prefix, envelope, routes: [routes] }));
      await probe.ready();
    } finally {
      await probe.close();
    }
  }
  const declared = { config: { module: '-', access: 'session' as const } };

  it('accepts a declared route in its folder', async () => {
    await expect(register(async (a) => void a.get('/api/probe', declared, async () => ok(1)))).resolves.toBeUndefined();
  });

  it("refuses a route without a declaration, outside the prefix, or with another envelope's response schema", async () => {
    await expect(register(async (a) => void a.get('/api/probe', async () => ok(1)))).rejects.toThrow(/no access declaration/);
    await expect(register(async (a) => void a.get('/cloud/probe', declared, async () => ok(1)))).rejects.toThrow(/outside \/api\//);
    const schema = { response: replySchema(monitEnvelope, Type.Integer()) };
    await expect(register(async (a) => void a.get('/api/probe', { ...declared, schema }, async () => ok(1)))).rejects.toThrow(/envelope/);
    await expect(
      register(
        async (a) =>
          void a.get('/impapi/probe', { ...declared, schema: { response: replySchema(impapiEnvelope, Type.Integer()) } }, async () =>
            ok(1),
          ),
        '/impapi/',
        impapiEnvelope,
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses a route under a backend prefix registered outside its folder', async () => {
    const probe = Fastify();
    await probe.register(envelopePlugin);
    await probe.register(guardPlugin);
    await probe.register(backendRoutes({ name: 'api', prefix: '/api/', envelope: portalEnvelope, routes: [] }));
    expect(() => probe.get('/api/stray', declared, async () => ok(1))).toThrow(/outside server\/routes\/api\//);
    await probe.close();
  });
});
