import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { call, cipher, DEMO_PASSWORDS, makeApp, signIn } from './helpers';
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
    // Issue #35 item 10: a schema with each keyword the refusal translator names.
    const Rich = Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 5 }),
        pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        kind: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
        code: Type.Optional(Type.String({ pattern: '^[a-z]+$' })),
        origins: Type.Optional(Type.Array(Type.Object({ port: Type.Integer({ minimum: 1, maximum: 65535 }) }), { maxItems: 3 })),
      },
      { additionalProperties: false },
    );
    api.post('/api/test/rich', { config: { module: 'domain', access: 'view' }, schema: { body: Rich } }, async () => ok('valid'));
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

  it('names the field by its wire path and what was wrong, in the language of the request, else of the session (issue #35)', async () => {
    const acme = await signIn(app, 'acme');
    const rich = (cookie: string, payload: object, lang?: 'en' | 'zh') =>
      call(app, cookie, { method: 'POST', url: '/api/test/rich', payload, headers: lang ? { 'x-portal-lang': lang } : {} });
    const cases: Array<[object, string, string]> = [
      [{}, 'name is required', '缺少必填字段 name'],
      [{ name: '' }, 'name must have at least 1 characters', 'name 至少需要 1 个字符'],
      [{ name: 'abcdef' }, 'name may have at most 5 characters', 'name 最多 5 个字符'],
      [{ name: 5 }, 'name must be text', 'name 应为文本'],
      [{ name: 'ab', pageNum: 0 }, 'pageNum must be at least 1', 'pageNum 不能小于 1'],
      [{ name: 'ab', pageNum: 101 }, 'pageNum must be at most 100', 'pageNum 不能大于 100'],
      [{ name: 'ab', pageNum: 1.5 }, 'pageNum must be an integer', 'pageNum 应为整数'],
      [{ name: 'ab', kind: 'c' }, 'kind must be one of: a, b', 'kind 只能是以下之一：a, b'],
      [{ name: 'ab', code: 'AB' }, 'code has the wrong format', 'code 格式错误'],
      [{ name: 'ab', origins: [{ port: 1 }, { port: 70000 }] }, 'origins.1.port must be at most 65535', 'origins.1.port 不能大于 65535'],
      [{ name: 'ab', origins: [{ port: 1 }, {}] }, 'origins.1.port is required', '缺少必填字段 origins.1.port'],
      [
        { name: 'ab', origins: [{ port: 1 }, { port: 2 }, { port: 3 }, { port: 4 }] },
        'origins may have at most 3 items',
        'origins 最多 3 项',
      ],
      [{ name: 'ab', origins: 'x' }, 'origins must be a list', 'origins 应为列表'],
      [{ name: 'ab', extra: 1 }, 'extra is not an accepted field', 'extra 不是可接受的字段'],
    ];
    for (const [payload, en, zh] of cases) {
      expect((await rich(acme, payload, 'en')).body, JSON.stringify(payload)).toEqual({
        code: '400',
        data: null,
        msg: `Invalid request: ${en}`,
      });
      expect((await rich(acme, payload, 'zh')).body.msg).toBe(`请求参数错误：${zh}`);
    }
    // No header: the language of the session's sign-in.
    expect((await rich(acme, { name: 5 })).body.msg).toBe('请求参数错误：name 应为文本');
    const signInEn = await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'acme', password: cipher.aesEncrypt(DEMO_PASSWORDS.acme) },
      headers: { 'x-portal-lang': 'en' },
    });
    const english = String(signInEn.headers['set-cookie']).split(';')[0];
    expect((await rich(english, { name: 5 })).body.msg).toBe('Invalid request: name must be text');
    expect((await rich(english, { name: 5 }, 'zh')).body.msg).toBe('请求参数错误：name 应为文本');
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
