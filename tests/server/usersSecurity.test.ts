import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, cipher, makeApp, signIn } from './helpers';
import { storeDigest } from './securityHelpers';

/** Issue #22, defects 1 and 7: no takeover of a richer sub-user; a password set by another ends the sessions. */

let app: FastifyInstance;
let acme: string;
let ops: string;
const STRONG = 'Str0ng!pass';
const RICH_RIGHTS = ['portal:certificate:operation:*', 'portal:domain:operation:*', 'portal:account:operation:*'];

interface SubUser {
  uid: string;
  username: string;
  permissions: string[];
}

async function create(username: string, permissions: string[]): Promise<SubUser> {
  const res = await call(app, acme, {
    method: 'POST',
    url: '/shiro/self/create/english',
    payload: { username, email: `${username}@acme.example`, password: STRONG, permissions },
  });
  expect(res.body.code, res.body.msg).toBe('0');
  return res.body.data as SubUser;
}

let rich: SubUser;
let poor: SubUser;
beforeAll(async () => {
  app = await makeApp();
  acme = await signIn(app, 'acme');
  await create('ops_only', ['portal:user:operation:*']);
  rich = await create('rich_user', RICH_RIGHTS);
  poor = await create('poor_user', ['portal:user:view:*']);
  ops = await signIn(app, 'ops_only', STRONG);
});
afterAll(async () => {
  await app.close();
});

async function refusedAsOps(method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  const before = await storeDigest(app);
  const res = await call(app, ops, { method, url, payload, headers: { 'x-portal-lang': 'en' } });
  expect(res.status).toBe(200);
  expect(res.body.code).not.toBe('0');
  expect(res.body.msg).toMatch(/rights you do not hold/);
  expect(await storeDigest(app)).toBe(before);
}

describe('a sub-user cannot act on a richer sub-user (defect 1)', () => {
  it("POST /shiro/self/update with the target's own rights and a new password is refused", async () => {
    await refusedAsOps('POST', '/shiro/self/update/english', {
      uid: rich.uid,
      email: 'taken@evil.example',
      permissions: RICH_RIGHTS,
      password: 'Takeover@2026',
    });
    // The old password still signs in, the new one does not.
    await expect(signIn(app, 'rich_user', 'Takeover@2026')).rejects.toThrow();
    expect(await signIn(app, 'rich_user', STRONG)).toBeTruthy();
  });

  it('enable, disable, accounts and delete are refused too', async () => {
    await refusedAsOps('POST', '/shiro/self/enable', { uid: rich.uid, enabled: false });
    await refusedAsOps('POST', '/shiro/self/updateaccount/english', { uid: rich.uid, accounts: ['acme'] });
    await refusedAsOps('DELETE', `/shiro/self/delete/${rich.uid}`);
  });

  it('the same caller still manages a user whose rights it holds', async () => {
    const res = await call(app, ops, { method: 'POST', url: '/shiro/self/enable', payload: { uid: poor.uid, enabled: false } });
    expect(res.body.code).toBe('0');
    const back = await call(app, ops, { method: 'POST', url: '/shiro/self/enable', payload: { uid: poor.uid, enabled: true } });
    expect(back.body.code).toBe('0');
  });

  it('the main account (portal:*) manages the rich user', async () => {
    const res = await call(app, acme, { method: 'POST', url: '/shiro/self/enable', payload: { uid: rich.uid, enabled: true } });
    expect(res.body.code).toBe('0');
  });
});

describe("a password set by someone else ends the user's sessions (defect 7)", () => {
  it("after acme resets a sub-user's password, its earlier cookie no longer works", async () => {
    const earlier = await signIn(app, 'poor_user', STRONG);
    expect((await call(app, earlier, { method: 'POST', url: '/shiro/self/search', payload: {} })).body.code).toBe('0');
    const res = await call(app, acme, {
      method: 'POST',
      url: '/shiro/self/update/english',
      payload: { uid: poor.uid, email: 'poor_user@acme.example', permissions: ['portal:user:view:*'], password: 'N3w!Password' },
    });
    expect(res.body.code).toBe('0');
    expect((await call(app, earlier, { method: 'POST', url: '/shiro/self/search', payload: {} })).status).toBe(401);
    expect(await signIn(app, 'poor_user', 'N3w!Password')).toBeTruthy();
  });

  it('an update without a password leaves the sessions alone', async () => {
    const cookie = await signIn(app, 'poor_user', 'N3w!Password');
    const res = await call(app, acme, {
      method: 'POST',
      url: '/shiro/self/update/english',
      payload: { uid: poor.uid, email: 'poor2@acme.example', permissions: ['portal:user:view:*'] },
    });
    expect(res.body.code).toBe('0');
    expect((await call(app, cookie, { method: 'POST', url: '/shiro/self/search', payload: {} })).body.code).toBe('0');
  });
});

describe("on one's own password change, the other sessions end on request (defect 7)", () => {
  const change = (cookie: string, oldPassword: string, password: string, signOutOthers?: string) =>
    call(app, cookie, {
      method: 'GET',
      url: '/shiro/self/safeupdatepassword',
      query: {
        username: 'acme',
        oldPassword: cipher.aesEncrypt(oldPassword),
        password: cipher.aesEncrypt(password),
        ...(signOutOthers ? { signOutOthers } : {}),
      },
    });

  it('signOutOthers=true ends the other sessions and keeps the current one; without it all stay', async () => {
    const here = await signIn(app, 'acme');
    const elsewhere = await signIn(app, 'acme');
    expect((await change(here, 'Acme@2026', 'Acme#2027xy')).body.code).toBe('0');
    expect((await call(app, elsewhere, { method: 'POST', url: '/shiro/self/search', payload: {} })).body.code).toBe('0');
    expect((await change(here, 'Acme#2027xy', 'Acme@2026', 'true')).body.code).toBe('0');
    expect((await call(app, elsewhere, { method: 'POST', url: '/shiro/self/search', payload: {} })).status).toBe(401);
    expect((await call(app, here, { method: 'POST', url: '/shiro/self/search', payload: {} })).body.code).toBe('0');
  });
});

describe('the sign-in throttle cannot be outrun (defect 4)', () => {
  it('ten concurrent wrong passwords for one username: at most five are evaluated', async () => {
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'GET', url: '/api/newLogin', query: { username: 'globex', password: cipher.aesEncrypt('Wrong@2026') } }),
      ),
    );
    const codes = tries.map((r) => String(r.json().code));
    const evaluated = codes.filter((c) => c === '1').length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === '429').length).toBe(10 - evaluated);
    const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_failures WHERE username = 'globex'`);
    expect(row.n).toBeLessThanOrEqual(5);
    // Throttled now, even with the right password.
    await expect(signIn(app, 'globex')).rejects.toThrow();
  });

  it('a right password after a few failures signs in and clears the count', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'acme_viewer', password: cipher.aesEncrypt('Wrong@2026') },
    });
    expect(await signIn(app, 'acme_viewer')).toBeTruthy();
    const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_failures WHERE username = 'acme_viewer'`);
    expect(row.n).toBe(0);
  });

  it('ten concurrent wrong current passwords on the password form: at most five are evaluated', async () => {
    // The main account holds the 'person' right of the form.
    const cookie = await signIn(app, 'acme');
    const url = (old: string) =>
      `/shiro/self/safeupdatepassword?username=acme&oldPassword=${encodeURIComponent(cipher.aesEncrypt(old))}&password=${encodeURIComponent(cipher.aesEncrypt('An0ther!pass'))}`;
    const tries = await Promise.all(Array.from({ length: 10 }, () => call(app, cookie, { method: 'GET', url: url('Wrong@2026') })));
    const evaluated = tries.filter((r) => r.body.code !== '429').length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(tries.every((r) => r.body.code === '429' || r.body.code === '1')).toBe(true);
  });
});
