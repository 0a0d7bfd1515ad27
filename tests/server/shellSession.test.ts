import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, cipher, makeApp, signIn } from './helpers';
import { addDomain, search } from './domainFixtures';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const login = (username: string, password: string, ip = '10.0.0.1') =>
  app.inject({ method: 'GET', url: '/api/newLogin', query: { username, password: cipher.aesEncrypt(password) }, remoteAddress: ip });

describe('sign-in', () => {
  it('signs in acme with the AES-encrypted password and returns the user info', async () => {
    const res = await login('acme', 'Acme@2026');
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.data).toMatchObject({ username: 'acme', account: 'acme', accountName: 'Acme Media', role: 'customer', userType: 2 });
    expect(body.data.accountChild.map((c: { account: string }) => c.account).sort()).toEqual(['acme_static', 'acme_video']);
    expect(body.data.permissionList).toContain('portal:domain:operation:*');
    expect(body.data.password).toBeUndefined();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('answers each failure with the Chinese message the client translates', async () => {
    expect((await login('ghost', 'whatever1', '10.0.0.2')).json()).toMatchObject({ code: '1', msg: '用户不存在' });
    expect((await login('acme', 'wrong-password', '10.0.0.2')).json()).toMatchObject({ code: '1', msg: '密码错误' });
    expect((await login('frozen', 'Frozen@2026', '10.0.0.2')).json()).toMatchObject({ code: '1', msg: '用户未激活' });
  });

  it('throttles a username after five failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) await login('globex', 'bad-password', `10.1.0.${i}`);
    const res = (await login('globex', 'Globex@2026', '10.1.0.99')).json();
    expect(res.code).toBe('429');
    expect(res.msg).toMatch(/15/);
  });

  it('throttles an IP after twenty failures', async () => {
    for (let i = 0; i < 20; i++) await login(`nouser${i}`, 'bad-password', '10.9.9.9');
    expect((await login('admin', 'Admin@2026', '10.9.9.9')).json().code).toBe('429');
    expect((await login('admin', 'Admin@2026', '10.9.9.10')).json().code).toBe('0');
  });

  it('auto-login answers the user while the session lives, and logout ends it', async () => {
    const cookie = await signIn(app, 'acme_viewer');
    const auto = await call(app, cookie, { method: 'GET', url: '/api/newAutoLogin' });
    expect(auto.body).toMatchObject({ code: '0', data: { username: 'acme_viewer', userType: 1 } });
    const out = await call(app, cookie, { method: 'GET', url: '/api/logout' });
    expect(out.body.code).toBe('0');
    const again = await call(app, cookie, { method: 'GET', url: '/api/newAutoLogin' });
    expect(again.body.code).toBe('1');
  });

  it('answers HTTP 401 without a session', async () => {
    const res = await call(app, null, { method: 'GET', url: '/api/logout' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it('keeps sessions in the store, so they survive a new app on the same data dir', async () => {
    const cookie = await signIn(app, 'acme');
    const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect(row.n).toBeGreaterThan(0);
    expect((await call(app, cookie, { method: 'GET', url: '/api/newAutoLogin' })).body.code).toBe('0');
  });

  it('serves the SPA with history fallback and injects the cipher key', async () => {
    // npm test builds the web app before the tests run.
    for (const url of ['/cdn/domain', '/', '/?lang=en']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('__PORTAL_CONFIG__');
    }
    const api = await app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('404');
  });
});

describe('the session and scope kept in memory (issue #22, load)', () => {
  it('a sub-account created a moment ago is in the scope at once, and a sign-out ends the kept session at once', async () => {
    const cookie = await signIn(app, 'acme');
    // These requests resolve the session and acme's subtree, which are then kept for a few seconds.
    expect((await search(app, cookie)).total).toBeGreaterThan(0);
    expect((await addDomain(app, cookie, { name: 'early.example-test.com', account: 'acme_kept' })).body.code).not.toBe('0');
    const group = await call(app, cookie, {
      method: 'POST',
      url: '/cloud/customer/portalAddDomainGroup',
      payload: { identity: 'acme_kept', companyName: 'Acme Kept', email: 'kept@acme.example' },
    });
    expect(group.body.code).toBe('0');
    const added = await addDomain(app, cookie, { name: 'kept.example-test.com', account: 'acme_kept' });
    expect(added.body).toMatchObject({ code: '0', data: { account: 'acme_kept' } });
    expect((await call(app, cookie, { method: 'GET', url: '/api/logout' })).body.code).toBe('0');
    expect((await call(app, cookie, { method: 'POST', url: '/api/domain/search', payload: {} })).status).toBe(401);
  });
});
