import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { call, makeApp, signIn } from './helpers';
import { ok, portalEnvelope } from '../../server/lib/envelope';
import { backendRoutes } from '../../server/routes/backend';
import type { TypedRoutes } from '../../server/lib/typeProvider';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
  // Probe routes declared like real ones, in a probe /api folder, to test the one guard in isolation.
  const probes: TypedRoutes = async (api) => {
    api.get('/api/test/domainView', { config: { module: 'domain', access: 'view' } }, async () => ok('viewed'));
    api.post('/api/test/domainWrite', { config: { module: 'domain', access: 'operation' } }, async () => ok('written'));
    api.get('/api/test/logClient', { config: { module: 'log:client', access: 'view' } }, async () => ok('client'));
    api.post(
      '/api/test/schema',
      { config: { module: 'domain', access: 'view' }, schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) } },
      async () => ok('valid'),
    );
    api.get('/api/test/scope', { config: { module: '-', access: 'session' } }, async (request) => {
      const scope = await request.scope();
      return ok({ all: scope.all, accounts: [...scope.accounts].sort() });
    });
  };
  await app.register(backendRoutes({ name: 'api', prefix: '/api/test/', envelope: portalEnvelope, routes: [probes] }));
});
afterAll(async () => {
  await app.close();
});

describe('the permission guard', () => {
  it('answers HTTP 401 without a session', async () => {
    const res = await call(app, null, { method: 'GET', url: '/api/test/domainView' });
    expect(res.status).toBe(401);
  });

  it('lets a view right read but not write; body code 403 with a message', async () => {
    const viewer = await signIn(app, 'acme_viewer');
    expect((await call(app, viewer, { method: 'GET', url: '/api/test/domainView' })).body).toMatchObject({ code: '0', data: 'viewed' });
    const write = await call(app, viewer, { method: 'POST', url: '/api/test/domainWrite', payload: {} });
    expect(write.status).toBe(200);
    expect(write.body.code).toBe('403');
    expect(write.body.msg).toBeTruthy();
  });

  it('checks log tabs separately', async () => {
    const viewer = await signIn(app, 'acme_viewer');
    expect((await call(app, viewer, { method: 'GET', url: '/api/test/logClient' })).body.code).toBe('403');
    const acme = await signIn(app, 'acme');
    expect((await call(app, acme, { method: 'GET', url: '/api/test/logClient' })).body.code).toBe('0');
  });

  it('refuses a user with no rights and lets portal:* through', async () => {
    const nobody = await signIn(app, 'nobody');
    expect((await call(app, nobody, { method: 'GET', url: '/api/test/domainView' })).body.code).toBe('403');
    const admin = await signIn(app, 'admin');
    expect((await call(app, admin, { method: 'POST', url: '/api/test/domainWrite', payload: {} })).body.code).toBe('0');
  });

  it('localises the message by X-Portal-Lang', async () => {
    const nobody = await signIn(app, 'nobody');
    const en = await call(app, nobody, { method: 'GET', url: '/api/test/domainView', headers: { 'x-portal-lang': 'en' } });
    const zh = await call(app, nobody, { method: 'GET', url: '/api/test/domainView', headers: { 'x-portal-lang': 'zh' } });
    expect(en.body.msg).toMatch(/permission/);
    expect(zh.body.msg).toMatch(/权限/);
  });

  it('answers schema failures in the envelope without a stack trace', async () => {
    const acme = await signIn(app, 'acme');
    const res = await call(app, acme, {
      method: 'POST',
      url: '/api/test/schema',
      payload: { name: '' },
      headers: { 'x-portal-lang': 'en' },
    });
    expect(res.body.code).toBe('400');
    expect(res.body.msg).toMatch(/^Invalid request: /);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('scopes a customer to its account tree and staff to everything', async () => {
    const acme = await signIn(app, 'acme');
    expect((await call(app, acme, { method: 'GET', url: '/api/test/scope' })).body.data).toEqual({
      all: false,
      accounts: ['acme', 'acme_static', 'acme_video'],
    });
    const globex = await signIn(app, 'globex');
    expect((await call(app, globex, { method: 'GET', url: '/api/test/scope' })).body.data).toEqual({ all: false, accounts: ['globex'] });
    const admin = await signIn(app, 'admin');
    expect((await call(app, admin, { method: 'GET', url: '/api/test/scope' })).body.data).toMatchObject({ all: true });
  });

  it('takes a disabled user out at its next request', async () => {
    const viewer = await signIn(app, 'acme_viewer');
    await app.db.query("UPDATE users SET enabled = false WHERE username = 'acme_viewer'");
    const res = await call(app, viewer, { method: 'GET', url: '/api/test/domainView' });
    expect(res.status).toBe(401);
    await app.db.query("UPDATE users SET enabled = true WHERE username = 'acme_viewer'");
  });
});
