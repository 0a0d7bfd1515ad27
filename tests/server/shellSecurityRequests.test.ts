import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import { storeDigest } from './securityHelpers';

/** Issue #22, defects 5, 6 and 8: cross-site requests, session before body, security headers. */

let app: FastifyInstance;
let acme: string;
beforeAll(async () => {
  app = await makeApp();
  acme = await signIn(app, 'acme');
});
afterAll(async () => {
  await app.close();
});

const groupCount = async (identity: string) =>
  (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE identity = $1', [identity]))[0].n;

async function addGroup(identity: string) {
  const res = await call(app, acme, {
    method: 'POST',
    url: '/cloud/customer/portalAddDomainGroup',
    payload: { identity, companyName: `${identity} Ltd`, email: `${identity}@acme.example` },
  });
  expect(res.body.code, res.body.msg).toBe('0');
}

describe('state-changing calls from another site are refused (defect 5)', () => {
  it('GET /cloud/customer/delDomainGroup as a cross-site navigation deletes nothing', async () => {
    await addGroup('csrf_target');
    const before = await storeDigest(app);
    const res = await call(app, acme, {
      method: 'GET',
      url: '/cloud/customer/delDomainGroup?domainGroup=csrf_target',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', referer: 'https://evil.example/' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('403');
    expect(await storeDigest(app)).toBe(before);
    expect(await groupCount('csrf_target')).toBe(1);
  });

  it('older browsers: a foreign Origin or Referer without Sec-Fetch-Site is refused too', async () => {
    const before = await storeDigest(app);
    for (const headers of [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const get = await call(app, acme, { method: 'GET', url: '/cloud/customer/delDomainGroup?domainGroup=csrf_target', headers });
      expect(get.status, JSON.stringify(headers)).toBe(403);
      const post = await call(app, acme, {
        method: 'POST',
        url: '/cloud/customer/portalAddDomainGroup',
        payload: { identity: 'csrf_new', companyName: 'X', email: 'x@acme.example' },
        headers,
      });
      expect(post.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await storeDigest(app)).toBe(before);
  });

  it('a cross-site sign-in or sign-out is refused; reads from another site are not', async () => {
    const login = await call(app, null, {
      method: 'GET',
      url: '/api/newLogin?username=acme&password=x',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(login.status).toBe(403);
    const logout = await call(app, acme, { method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.status).toBe(403);
    const read = await call(app, acme, {
      method: 'GET',
      url: '/cloud/customer/showDomainGroup',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.body.code).toBe('0');
  });

  it('same-origin use, a typed address and non-browser clients keep working', async () => {
    const same = await call(app, acme, {
      method: 'GET',
      url: '/cloud/customer/delDomainGroup?domainGroup=csrf_target',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
    });
    expect(same.body.code).toBe('0');
    expect(await groupCount('csrf_target')).toBe(0);
    await addGroup('csrf_again');
    const oldBrowser = await call(app, acme, {
      method: 'GET',
      url: '/cloud/customer/delDomainGroup?domainGroup=csrf_again',
      headers: { host: 'portal.example', referer: 'https://portal.example/#/page/account' },
    });
    expect(oldBrowser.body.code).toBe('0');
    const typed = await call(app, acme, { method: 'POST', url: '/api/domain/search', payload: {}, headers: { 'sec-fetch-site': 'none' } });
    expect(typed.body.code).toBe('0');
  });
});

/** A request whose body is sent as it is, with the given content type. */
const sendRaw = (cookie: string | null, method: 'GET' | 'POST', url: string, payload: string, contentType: string) =>
  call(app, cookie, { method, url, payload, headers: { 'content-type': contentType } });

describe('the session is checked before the body is read (defect 6)', () => {
  it('without a session, a malformed body answers 401, not 400', async () => {
    const res = await sendRaw(null, 'POST', '/api/domain/search', '{not json', 'application/json');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it('without a session, a 30 MB body is refused with 401 (and never parsed)', async () => {
    const big = `{"name":"${'a'.repeat(30 * 1024 * 1024)}"}`;
    const res = await sendRaw(null, 'POST', '/api/domain/add', big, 'application/json');
    expect(res.status).toBe(401);
  });

  it('public routes and unknown paths take no large body from a caller without a session', async () => {
    const big = 'x'.repeat(200 * 1024);
    const login = await sendRaw(null, 'GET', '/api/newLogin?username=a&password=b', big, 'text/plain');
    expect(login.status).toBe(413);
    const unknown = await sendRaw(null, 'POST', '/no/such/path', big, 'text/plain');
    expect(unknown.status).toBe(413);
  });

  it('a signed-in caller with a malformed body still gets a 400-class answer', async () => {
    const res = await sendRaw(acme, 'POST', '/api/domain/search', '{not json', 'application/json');
    expect(res.status).toBeLessThan(500);
    expect(String(res.body.code)).toBe('400');
  });
});

describe('security headers on every response (defect 8)', () => {
  it('GET /, an API call, a 401 and a 404 carry nosniff, DENY and a CSP with frame-ancestors none', async () => {
    const replies = [
      await app.inject({ method: 'GET', url: '/' }),
      await app.inject({ method: 'POST', url: '/api/domain/search', payload: {}, headers: { cookie: acme } }),
      await app.inject({ method: 'POST', url: '/api/domain/search', payload: {} }),
      await app.inject({ method: 'GET', url: '/api/no/such/route', headers: { cookie: acme } }),
    ];
    for (const res of replies) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
      expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    }
  });
});
