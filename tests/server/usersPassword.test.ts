import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, cipher, makeApp, signIn } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.query('DELETE FROM login_failures');
});

const URL = '/shiro/self/safeupdatepassword';

interface Change {
  username: string;
  oldPassword?: string;
  password?: string;
  account?: string;
  ischinese?: string;
}

/** Sends the change with both passwords AES-encrypted, as the client does. */
const change = (cookie: string | null, c: Change, lang: 'en' | 'zh' = 'en') => {
  const query: Record<string, string> = { username: c.username };
  if (c.password !== undefined) query.password = cipher.aesEncrypt(c.password);
  if (c.oldPassword !== undefined) query.oldPassword = cipher.aesEncrypt(c.oldPassword);
  if (c.account !== undefined) query.account = c.account;
  if (c.ischinese !== undefined) query.ischinese = c.ischinese;
  return call(app, cookie, { method: 'GET', url: URL, query, headers: { 'x-portal-lang': lang } });
};

const hashOf = async (username: string) =>
  (await app.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE username = $1', [username]))[0].h;
const canSignIn = async (username: string, password: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username, password: cipher.aesEncrypt(password) },
      remoteAddress: '10.7.0.1',
    })
  ).json().code === '0';

describe('safeupdatepassword', () => {
  it('changes the own password; the old one stops working, every session stays valid', async () => {
    const first = await signIn(app, 'acme_viewer');
    const second = await signIn(app, 'acme_viewer');
    const res = await change(first, {
      username: 'acme_viewer',
      account: 'acme',
      oldPassword: 'Viewer@2026',
      password: 'Viewer#2027x',
      ischinese: 'false',
    });
    expect(res.body).toEqual({ code: '0', data: null, msg: 'modify successfully' });
    expect(await canSignIn('acme_viewer', 'Viewer@2026')).toBe(false);
    expect(await canSignIn('acme_viewer', 'Viewer#2027x')).toBe(true);
    for (const c of [first, second]) expect((await call(app, c, { method: 'GET', url: '/api/newAutoLogin' })).body.code).toBe('0');
    // and back, answered in Chinese through ischinese
    const back = await change(
      second,
      { username: 'acme_viewer', account: 'acme', oldPassword: 'Viewer#2027x', password: 'Viewer@2026', ischinese: 'true' },
      'en',
    );
    expect(back.body).toEqual({ code: '0', data: null, msg: '修改成功' });
    expect(await canSignIn('acme_viewer', 'Viewer@2026')).toBe(true);
  });

  it('never stores the plain password', async () => {
    const cookie = await signIn(app, 'acme');
    expect((await change(cookie, { username: 'acme', oldPassword: 'Acme@2026', password: 'Acme#2027xy' })).body.code).toBe('0');
    const hash = await hashOf('acme');
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('Acme#2027xy');
    expect((await change(cookie, { username: 'acme', oldPassword: 'Acme#2027xy', password: 'Acme@2026' })).body.code).toBe('0');
  });

  describe('refusals change nothing stored', () => {
    const WEAK =
      'The password needs at least 8 characters and three of: upper-case letters, lower-case letters, digits, special characters';
    let cookie: string;
    let before: string;
    beforeAll(async () => {
      cookie = await signIn(app, 'globex');
    });
    beforeEach(async () => {
      before = await hashOf('globex');
    });

    it.each<[string, Change, string]>([
      [
        'wrong current password',
        { username: 'globex', oldPassword: 'Wrong@2026', password: 'Globex#2027' },
        'The current password is wrong',
      ],
      [
        'same as the current one',
        { username: 'globex', oldPassword: 'Globex@2026', password: 'Globex@2026' },
        'The new password must differ from the current one',
      ],
      ['too short', { username: 'globex', oldPassword: 'Globex@2026', password: 'Gb@1' }, WEAK],
      ['only two classes', { username: 'globex', oldPassword: 'Globex@2026', password: 'globexglobex1' }, WEAK],
      ['no current password', { username: 'globex', password: 'Globex#2027' }, 'Please enter the current password'],
      ['empty current password', { username: 'globex', oldPassword: '', password: 'Globex#2027' }, 'Please enter the current password'],
      ['no new password', { username: 'globex', oldPassword: 'Globex@2026' }, 'Please enter the new password'],
      ['empty new password', { username: 'globex', oldPassword: 'Globex@2026', password: '' }, 'Please enter the new password'],
      [
        "someone else's username",
        { username: 'acme', oldPassword: 'Acme@2026', password: 'Acme#2027xy' },
        'You can only change your own password',
      ],
      [
        "someone else's account",
        { username: 'globex', account: 'acme', oldPassword: 'Globex@2026', password: 'Globex#2027' },
        'You can only change your own password',
      ],
    ])('%s', async (_name, c, msg) => {
      const res = await change(cookie, c);
      expect(res.body).toEqual({ code: '1', data: null, msg });
      expect(await hashOf('globex')).toBe(before);
    });

    it("cannot touch acme's password from globex's session", async () => {
      const acmeBefore = await hashOf('acme');
      await change(cookie, { username: 'acme', account: 'acme', oldPassword: 'Acme@2026', password: 'Hijack#2027' });
      expect(await hashOf('acme')).toBe(acmeBefore);
      expect(await canSignIn('acme', 'Acme@2026')).toBe(true);
    });

    it('answers an undecryptable password with "Password change failed"', async () => {
      const res = await call(app, cookie, {
        method: 'GET',
        url: URL,
        query: { username: 'globex', oldPassword: 'bm90LWFlcw==', password: 'bm90LWFlcw==' },
        headers: { 'x-portal-lang': 'en' },
      });
      expect(res.body).toEqual({ code: '1', data: null, msg: 'Password change failed' });
      expect(await hashOf('globex')).toBe(before);
    });

    it('localises by the request language', async () => {
      const res = await change(cookie, { username: 'globex', oldPassword: 'Globex@2026', password: 'Globex@2026' }, 'zh');
      expect(res.body.msg).toBe('新密码不能与当前密码相同');
    });

    it('stops after five wrong current passwords (they count as failed sign-ins)', async () => {
      for (let i = 0; i < 5; i++) await change(cookie, { username: 'globex', oldPassword: `Wrong@${i}x`, password: 'Globex#2027' });
      const res = await change(cookie, { username: 'globex', oldPassword: 'Globex@2026', password: 'Globex#2027' });
      expect(res.body.code).toBe('429');
      expect(res.body.msg).toBe('Too many failed sign-ins, please try again in 15 minutes');
      expect(await hashOf('globex')).toBe(before);
    });
  });

  it('needs a session (HTTP 401) and the person right (code 403)', async () => {
    const anon = await change(null, { username: 'acme', oldPassword: 'Acme@2026', password: 'Acme#2027xy' });
    expect(anon.status).toBe(401);
    const nobody = await signIn(app, 'nobody');
    const before = await hashOf('nobody');
    const res = await change(nobody, { username: 'nobody', oldPassword: 'Nobody@2026', password: 'Nobody#2027' });
    expect(res.body.code).toBe('403');
    expect(await hashOf('nobody')).toBe(before);
  });

  it('rejects a request without username by schema, with a clear message', async () => {
    const cookie = await signIn(app, 'acme_viewer');
    const res = await call(app, cookie, { method: 'GET', url: URL, query: {}, headers: { 'x-portal-lang': 'en' } });
    expect(res.body.code).toBe('400');
    expect(res.body.msg).toMatch(/^Invalid request: /);
  });

  describe("the account's time zone (issue #35 item 9)", () => {
    const zoneOf = async (account: string) =>
      (await app.db.query<{ z: string }>('SELECT time_zone AS z FROM accounts WHERE identity = $1', [account]))[0].z;
    const setZone = (cookie: string, username: string, timeZone: string, lang: 'en' | 'zh' = 'en') =>
      call(app, cookie, { method: 'GET', url: URL, query: { username, timeZone }, headers: { 'x-portal-lang': lang } });

    it('is Asia/Shanghai by default, shown in user info; the main user sets it with the call alone', async () => {
      const acme = await signIn(app, 'acme');
      expect(((await call(app, acme, { method: 'GET', url: '/api/newAutoLogin' })).body.data as { timeZone: string }).timeZone).toBe(
        'Asia/Shanghai',
      );
      const before = await hashOf('acme');
      expect((await setZone(acme, 'acme', 'Europe/Berlin')).body).toEqual({ code: '0', data: null, msg: 'Time zone saved' });
      expect(await zoneOf('acme')).toBe('Europe/Berlin');
      expect(await hashOf('acme')).toBe(before);
      expect(((await call(app, acme, { method: 'GET', url: '/api/newAutoLogin' })).body.data as { timeZone: string }).timeZone).toBe(
        'Europe/Berlin',
      );
      expect((await setZone(acme, 'acme', 'UTC')).body.code).toBe('0');
      await setZone(acme, 'acme', 'Asia/Shanghai');
    });

    it('refuses a name that is no IANA zone, naming it, and a sub-user; nothing changes', async () => {
      const acme = await signIn(app, 'acme');
      for (const [bad, lang, msg] of [
        ['Mars/Olympus', 'en', 'timeZone is not a known time zone: Mars/Olympus'],
        ['+08:00', 'zh', '时区 timeZone 无效：+08:00'],
        ['', 'en', 'timeZone is not a known time zone: '],
      ] as const) {
        expect((await setZone(acme, 'acme', bad, lang)).body).toEqual({ code: '1', data: null, msg });
      }
      const viewer = await signIn(app, 'acme_viewer');
      expect((await setZone(viewer, 'acme_viewer', 'Europe/Berlin')).body.msg).toBe(
        "Only the account's main user can change the account's time zone",
      );
      expect(await zoneOf('acme')).toBe('Asia/Shanghai');
    });
  });
});
