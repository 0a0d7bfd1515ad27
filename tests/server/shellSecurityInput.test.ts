import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { call, cipher, makeApp, signIn } from './helpers';
import { storeDigest, uidOf } from './securityHelpers';
import { buildDomainInput } from './domainFixtures';

/** Issue #22, defects 2 and 3: wrong JSON types, NUL, lone surrogates, huge numbers, prototype keys. */

let app: FastifyInstance;
let acme: string;
let acmeDomain: { id: number; name: string };
beforeAll(async () => {
  app = await makeApp();
  acme = await signIn(app, 'acme');
  [acmeDomain] = await app.db.query<{ id: number; name: string }>(
    `SELECT d.id, d.name FROM domains d WHERE d.account = 'acme' AND d.operation_state = 'configured'
        AND (SELECT count(*) FROM domain_versions v WHERE v.domain_id = d.id) > 1 ORDER BY d.id LIMIT 1`,
  );
});
afterAll(async () => {
  await app.close();
});

/** Sends the request as acme (or anonymously) and checks: a 4xx-class envelope, and the store unchanged. */
async function refused(opts: InjectOptions, cookie: string | null = acme) {
  const before = await storeDigest(app);
  const res = await call(app, cookie, { ...opts, headers: { 'x-portal-lang': 'en', ...(opts.headers ?? {}) } });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(String(res.body.code)).toMatch(/^4\d\d$/);
  expect(res.body.msg).toBeTruthy();
  expect(await storeDigest(app)).toBe(before);
  return res;
}

describe('a JSON body value of the wrong type is refused, not coerced (defect 3)', () => {
  it('POST /api/domain/delete {"id":true} and {"id":[35]}', async () => {
    await refused({ method: 'POST', url: '/api/domain/delete', payload: { id: true } });
    await refused({ method: 'POST', url: '/api/domain/delete', payload: { id: [acmeDomain.id] } });
    await refused({ method: 'POST', url: '/api/domain/delete', payload: { id: String(acmeDomain.id) } });
  });

  it('POST /api/domain/update {"certificateId":true}', async () => {
    await refused({
      method: 'POST',
      url: '/api/domain/update',
      payload: { ...buildDomainInput({ name: acmeDomain.name }), id: acmeDomain.id, certificateId: true },
    });
  });

  it('POST /api/domain/history/rollback {"version":true}', async () => {
    await refused({ method: 'POST', url: '/api/domain/history/rollback', payload: { domain: acmeDomain.name, version: true } });
  });

  it('POST /shiro/self/enable {"enabled":0}', async () => {
    const uid = await uidOf(app, 'acme_viewer');
    await refused({ method: 'POST', url: '/shiro/self/enable', payload: { uid, enabled: 0 } });
    await refused({ method: 'POST', url: '/shiro/self/enable', payload: { uid, enabled: 'false' } });
  });

  it('POST /cloud/customer/portalAddDomainGroup {"identity":0}', async () => {
    await refused({
      method: 'POST',
      url: '/cloud/customer/portalAddDomainGroup',
      payload: { identity: 0, companyName: 'Zero Ltd', email: 'zero@acme.example' },
    });
    const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE identity = '0'`);
    expect(row.n).toBe(0);
  });

  it('query strings still convert the parameters declared as numbers', async () => {
    const res = await call(app, acme, { method: 'GET', url: `/api/domain/strategy/${acmeDomain.id}` });
    expect(res.body.code).toBe('0');
  });

  it('well-typed bodies keep working', async () => {
    const res = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/search',
      payload: { pageNum: 1, pageSize: 5, sortField: 'name', sortOrder: 'ASC' },
    });
    expect(res.body.code).toBe('0');
  });
});

describe('bad input answers a 4xx-class envelope, never 500 (defect 2)', () => {
  it('a NUL character, even anonymously: GET /api/newLogin?username=a%00b', async () => {
    const res = await refused(
      { method: 'GET', url: `/api/newLogin?username=a%00b&password=${encodeURIComponent(cipher.aesEncrypt('x'))}` },
      null,
    );
    expect(res.body.code).toBe('400');
    const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_failures WHERE username LIKE 'a%'`);
    expect(row.n).toBe(0);
  });

  it('a NUL character in a body: POST /cloud/customer/portalAddDomainGroup', async () => {
    const res = await refused({
      method: 'POST',
      url: '/cloud/customer/portalAddDomainGroup',
      payload: { identity: 'nulcheck', companyName: 'ab\u0000cd', email: 'nul@acme.example' },
    });
    expect(res.body.code).toBe('400');
    expect(res.body.msg).toMatch(/invalid characters/);
  });

  it('a NUL character in a key', async () => {
    await refused({ method: 'POST', url: '/api/domain/search', payload: { 'page\u0000Num': 1 } });
  });

  it('a lone surrogate: POST /api/domain/add {"context":"\\ud800"}', async () => {
    const payload = `{"name":"surrogate.example-test.com","context":"\\ud800"}`;
    await refused({ method: 'POST', url: '/api/domain/add', payload, headers: { 'content-type': 'application/json' } });
    await refused({
      method: 'POST',
      url: '/api/domain/add',
      payload: `{"name":"x\\udc00.example-test.com"}`,
      headers: { 'content-type': 'application/json' },
    });
  });

  it('integer ids beyond 32 bits: GET /api/domain/strategy/99999999999, POST /api/domain/delete {"id":2147483648}', async () => {
    await refused({ method: 'GET', url: '/api/domain/strategy/99999999999' });
    await refused({ method: 'POST', url: '/api/domain/delete', payload: { id: 2147483648 } });
    await refused({ method: 'GET', url: '/api/certificate/details/99999999999999999999' });
  });

  it('POST /api/domain/search {"pageNum":1e21}', async () => {
    await refused({
      method: 'POST',
      url: '/api/domain/search',
      payload: '{"pageNum":1e21}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('prototype members as sort keys: {"sortField":"constructor"}, {"sortField":"__proto__"}', async () => {
    for (const sortField of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const a = await call(app, acme, { method: 'POST', url: '/api/domain/search', payload: { sortField } });
      expect(a.status).toBeLessThan(500);
      expect(['0', '400']).toContain(a.body.code);
      const b = await call(app, acme, { method: 'POST', url: '/api/liveDomain/query', payload: { sortField } });
      expect(b.status).toBeLessThan(500);
      expect(['0', '400']).toContain(b.body.code);
    }
  });

  it('valid text with characters outside the BMP still passes', async () => {
    const res = await call(app, acme, { method: 'POST', url: '/api/domain/search', payload: { name: '😀' } });
    expect(res.body.code).toBe('0');
  });
});

describe('failed SQL is logged without its bound values (defect 9)', () => {
  /** What the request logger's error serializer writes: own enumerable fields, message and stack. */
  const logged = (e: unknown) => {
    const err = e as Error & Record<string, unknown>;
    return JSON.stringify({ ...err, message: err.message, stack: err.stack });
  };

  it('a unique violation names the statement and the error, not the email or company name', async () => {
    const [existing] = await app.db.query<{ uid: string; username: string }>(
      `SELECT uid, username FROM users WHERE username = 'acme_viewer'`,
    );
    const error = await app.db
      .query('INSERT INTO users (uid, username, email, password_hash, account) VALUES ($1, $2, $3, $4, $5)', [
        existing.uid,
        'someone',
        'private.person@secret.example',
        'x',
        'acme',
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = logged(error);
    expect(text).toMatch(/23505|duplicate key/);
    expect(text).toMatch(/INSERT INTO users/);
    expect(text).not.toContain('private.person@secret.example');
    expect(text).not.toContain(existing.uid);
  });

  it('a data error does not quote the value', async () => {
    const error = await app.db.query('SELECT $1::int AS n', ['Secret Company Ltd']).catch((e: unknown) => e);
    const text = logged(error);
    expect(text).toMatch(/22P02/);
    expect(text).not.toContain('Secret Company');
  });
});
