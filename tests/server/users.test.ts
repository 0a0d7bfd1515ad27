import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, cipher, makeApp, signIn } from './helpers';

let app: FastifyInstance;
let acme: string;
let globex: string;
beforeAll(async () => {
  app = await makeApp();
  acme = await signIn(app, 'acme');
  globex = await signIn(app, 'globex');
});
afterAll(async () => {
  await app.close();
});

interface SubUser {
  uid: string;
  username: string;
  email: string;
  account: string;
  creator: string | null;
  createTime: string;
  updateTime: string;
  permissions: string[];
  accounts: string[];
  enabled: boolean;
}

const STRONG = 'Str0ng!pass';
const DOMAIN_VIEW = 'portal:domain:view:*';

const search = (cookie: string, payload: Record<string, unknown> = {}) =>
  call(app, cookie, { method: 'POST', url: '/shiro/self/search', payload });
const create = (cookie: string, payload: Record<string, unknown>, lang = 'english') =>
  call(app, cookie, { method: 'POST', url: `/shiro/self/create/${lang}`, payload });
const update = (cookie: string, payload: Record<string, unknown>, lang = 'english') =>
  call(app, cookie, { method: 'POST', url: `/shiro/self/update/${lang}`, payload });
const updateAccounts = (cookie: string, payload: Record<string, unknown>, lang = 'english') =>
  call(app, cookie, { method: 'POST', url: `/shiro/self/updateaccount/${lang}`, payload });
const enable = (cookie: string, uid: string, enabled: boolean) =>
  call(app, cookie, { method: 'POST', url: '/shiro/self/enable', payload: { uid, enabled } });
const remove = (cookie: string, uid: string) => call(app, cookie, { method: 'DELETE', url: `/shiro/self/delete/${uid}` });
const allData = async (cookie: string) => {
  const res = await call(app, cookie, { method: 'GET', url: '/shiro/self/' });
  expect(res.body.code).toBe('0');
  return cipher.decryptJson<{
    users: SubUser[];
    accounts: { account: string; accountName: string; accountChild: { account: string }[] }[];
    permissions: string[];
  }>(res.body.data as string);
};
const uidOf = async (username: string) => {
  const [row] = await app.db.query<{ uid: string }>('SELECT uid FROM users WHERE username = $1', [username]);
  return row.uid;
};
const userCount = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n;
const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  email: `${username}@acme.example`,
  password: STRONG,
  permissions: [DOMAIN_VIEW],
  ...extra,
});
async function createOk(cookie: string, body: Record<string, unknown>): Promise<SubUser> {
  const res = await create(cookie, body);
  expect(res.body).toMatchObject({ code: '0' });
  return res.body.data as SubUser;
}

describe('search', () => {
  it("lists the tenant's sub-users only (no main accounts, no other tenants, not the caller), newest first", async () => {
    const res = await search(acme);
    expect(res.body.code).toBe('0');
    const data = res.body.data as { list: SubUser[]; total: number; pageNum: number };
    const names = data.list.map((u) => u.username);
    expect(names.sort()).toEqual(['acme_viewer', 'frozen', 'nobody']);
    expect(data.total).toBe(3);
    const first = data.list[0] as SubUser & { passwordHash?: string };
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['uid', 'username', 'email', 'account', 'creator', 'createTime', 'updateTime', 'permissions', 'enabled']),
    );
    expect(first.passwordHash).toBeUndefined();
    const globexList = (await search(globex)).body.data as { list: SubUser[] };
    expect(globexList.list).toEqual([]);
  });

  it('filters by username, email and enabled, pages, and sorts by createTime descending', async () => {
    const a = await createOk(acme, newUser('sort_a'));
    const b = await createOk(acme, newUser('sort_b'));
    const page1 = (await search(acme, { username: 'SORT_', pageNum: 1, pageSize: 1 })).body.data as { list: SubUser[]; total: number };
    expect(page1.total).toBe(2);
    expect(page1.list.map((u) => u.username)).toEqual(['sort_b']);
    const page2 = (await search(acme, { username: 'sort_', pageNum: 2, pageSize: 1 })).body.data as { list: SubUser[] };
    expect(page2.list.map((u) => u.username)).toEqual(['sort_a']);
    expect(new Date(b.createTime) >= new Date(a.createTime)).toBe(true);
    const byEmail = (await search(acme, { email: 'sort_a@' })).body.data as { list: SubUser[] };
    expect(byEmail.list.map((u) => u.username)).toEqual(['sort_a']);
    const disabled = (await search(acme, { enabled: false })).body.data as { list: SubUser[] };
    expect(disabled.list.map((u) => u.username)).toEqual(['frozen']);
    await remove(acme, a.uid);
    await remove(acme, b.uid);
  });

  it('answers a search without a body with the first page', async () => {
    const res = await call(app, acme, { method: 'POST', url: '/shiro/self/search' });
    expect(res.body).toMatchObject({ code: '0', data: { total: 3, pageNum: 1 } });
  });

  it('a super role sees sub-users of every tenant', async () => {
    const admin = await signIn(app, 'admin');
    const names = ((await search(admin, { pageSize: 100 })).body.data as { list: SubUser[] }).list.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['acme_viewer', 'nobody', 'frozen']));
    expect(names).not.toContain('acme');
  });
});

describe('create rules', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['username missing', { username: undefined }, 'Username cannot be empty', '用户名不能为空'],
    ['username blank', { username: '   ' }, 'Username cannot be empty', '用户名不能为空'],
    [
      'username too short',
      { username: 'ab' },
      'The username needs 3 to 32 letters, digits, underscores, dots or hyphens',
      '用户名须为3至32位字母、数字、下划线、点或连字符',
    ],
    [
      'username too long',
      { username: 'a'.repeat(33) },
      'The username needs 3 to 32 letters, digits, underscores, dots or hyphens',
      '用户名须为3至32位字母、数字、下划线、点或连字符',
    ],
    [
      'username with a space',
      { username: 'bad name' },
      'The username needs 3 to 32 letters, digits, underscores, dots or hyphens',
      '用户名须为3至32位字母、数字、下划线、点或连字符',
    ],
    ['username of another tenant', { username: 'globex' }, 'Username is already used', '用户名已被使用'],
    ['username differing in case only', { username: 'ACME_Viewer' }, 'Username is already used', '用户名已被使用'],
    ['email missing', { email: '' }, 'Email cannot be empty', '邮箱不能为空'],
    ['email invalid', { email: 'not-an-email' }, 'Email format error', '邮箱格式错误'],
    ['email without a domain dot', { email: 'a@b' }, 'Email format error', '邮箱格式错误'],
    ['password missing', { password: '' }, 'Password cannot be empty', '密码不能为空'],
    ['password of seven characters', { password: 'Ab1!xyz' }, 'The password needs at least 8 characters', '密码至少8位'],
    [
      'password too weak',
      { password: 'abcdefgh' },
      'The password needs three of: upper-case letters, lower-case letters, digits, special characters',
      '密码须包含大写字母、小写字母、数字和特殊字符中的至少三类',
    ],
    ['no permission', { permissions: [] }, 'Choose at least one permission', '请至少选择一项权限'],
    ['unknown permission', { permissions: ['portal:rocket:view:*'] }, 'Unknown permission', '权限格式错误'],
    ['account outside the tenant', { accounts: ['globex'] }, 'The chosen account is outside your accounts', '所选账号不在您的管理范围内'],
    ['home account outside the tenant', { account: 'globex' }, 'The chosen account is outside your accounts', '所选账号不在您的管理范围内'],
  ];
  for (const [name, override, en, zh] of cases) {
    it(`refuses ${name} in both languages and stores nothing`, async () => {
      const before = await userCount();
      const body = { ...newUser('rule_user'), ...override };
      const english = await create(acme, body, 'english');
      expect(english.body).toMatchObject({ code: '1', msg: en, data: null });
      const chinese = await create(acme, body, 'chinese');
      expect(chinese.body).toMatchObject({ code: '1', msg: zh });
      expect(await userCount()).toBe(before);
    });
  }

  it('refuses a language other than chinese or english', async () => {
    const res = await create(acme, newUser('lang_user'), 'french');
    expect(res.body.code).toBe('400');
  });

  it('creates a sub-user that signs in with exactly the granted rights', async () => {
    const user = await createOk(acme, newUser('fresh.user-1', { accounts: ['acme_video'] }));
    expect(user).toMatchObject({
      username: 'fresh.user-1',
      email: 'fresh.user-1@acme.example',
      account: 'acme',
      creator: 'acme',
      permissions: [DOMAIN_VIEW],
      accounts: ['acme_video'],
      enabled: true,
    });
    const [row] = await app.db.query<{ password_hash: string; is_main: boolean }>(
      'SELECT password_hash, is_main FROM users WHERE uid = $1',
      [user.uid],
    );
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(STRONG);
    expect(row.is_main).toBe(false);
    const res = await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'fresh.user-1', password: cipher.aesEncrypt(STRONG) },
    });
    expect(res.json()).toMatchObject({ code: '0', data: { permissionList: [DOMAIN_VIEW] } });
    const again = await create(acme, newUser('fresh.user-1'));
    expect(again.body).toMatchObject({ code: '1', msg: 'Username is already used' });
    await remove(acme, user.uid);
  });
});

describe('grant limit and own rights', () => {
  let ops: SubUser;
  let opsCookie: string;
  beforeAll(async () => {
    ops = await createOk(acme, newUser('acme_ops', { permissions: ['portal:user:operation:*', DOMAIN_VIEW, 'portal:log:top:*'] }));
    opsCookie = await signIn(app, 'acme_ops', STRONG);
  });

  it('a sub-user with the user right grants only what it holds itself', async () => {
    for (const p of ['portal:domain:operation:*', 'portal:*', 'portal:bill:view:*', 'portal:log:ip:*']) {
      const res = await create(opsCookie, newUser('granted_x', { permissions: [p] }));
      expect(res.body).toMatchObject({ code: '1', msg: 'You cannot grant a right you do not hold yourself' });
    }
    const zh = await create(opsCookie, newUser('granted_x', { permissions: ['portal:*'] }), 'chinese');
    expect(zh.body.msg).toBe('不能授予您自己没有的权限');
    const fine = await createOk(opsCookie, newUser('granted_ok', { permissions: [DOMAIN_VIEW, 'portal:log:top:*', 'portal:user:view:*'] }));
    expect(fine.creator).toBe('acme_ops');
    await remove(acme, fine.uid);
  });

  it('does not change a user holding a right it does not hold itself (issue #22), nor add a right it does not hold', async () => {
    const rich = await createOk(acme, newUser('acme_rich', { permissions: ['portal:bill:operation:*', DOMAIN_VIEW] }));
    const keep = await update(opsCookie, { uid: rich.uid, email: 'rich@acme.example', permissions: ['portal:bill:operation:*'] });
    expect(keep.body).toMatchObject({
      code: '1',
      msg: 'This user holds rights you do not hold: you cannot change, enable, disable or delete it',
    });
    const poor = await createOk(acme, newUser('acme_poor', { permissions: [DOMAIN_VIEW] }));
    const add = await update(opsCookie, { uid: poor.uid, email: 'poor@acme.example', permissions: [DOMAIN_VIEW, 'portal:cloud:view:*'] });
    expect(add.body).toMatchObject({ code: '1', msg: 'You cannot grant a right you do not hold yourself' });
    await remove(acme, rich.uid);
    await remove(acme, poor.uid);
  });

  it('nobody edits its own permissions, disables or deletes itself', async () => {
    const self = await update(opsCookie, { uid: ops.uid, email: ops.email, permissions: ['portal:user:operation:*'] });
    expect(self.body).toMatchObject({ code: '1', msg: 'You cannot change your own permissions' });
    expect((await updateAccounts(opsCookie, { uid: ops.uid, accounts: [] })).body.msg).toBe('You cannot change your own permissions');
    // enable and delete carry no {language}: the X-Portal-Lang header decides (Chinese by default).
    expect((await enable(opsCookie, ops.uid, false)).body.msg).toBe('不能停用或删除自己');
    const english = await call(app, opsCookie, {
      method: 'DELETE',
      url: `/shiro/self/delete/${ops.uid}`,
      headers: { 'x-portal-lang': 'en' },
    });
    expect(english.body.msg).toBe('You cannot disable or delete yourself');
    const names = ((await search(opsCookie)).body.data as { list: SubUser[] }).list.map((u) => u.username);
    expect(names).not.toContain('acme_ops');
    expect(names).not.toContain('acme');
  });

  it('main accounts are never managed here: they look missing', async () => {
    const acmeUid = await uidOf('acme');
    const missing = await update(opsCookie, { uid: 'no-such-uid', email: 'x@acme.example', permissions: [DOMAIN_VIEW] });
    const main = await update(opsCookie, { uid: acmeUid, email: 'x@acme.example', permissions: [DOMAIN_VIEW] });
    expect(missing.body.code).toBe('404');
    expect(main.body).toEqual(missing.body);
    expect((await enable(opsCookie, acmeUid, false)).body).toEqual((await enable(opsCookie, 'no-such-uid', false)).body);
  });

  it("changed permissions take effect at the user's next request", async () => {
    expect((await search(opsCookie)).body.code).toBe('0');
    const res = await update(acme, { uid: ops.uid, email: ops.email, permissions: [DOMAIN_VIEW] });
    expect(res.body.code).toBe('0');
    const after = await search(opsCookie);
    expect(after.body.code).toBe('403');
    const res2 = await update(acme, { uid: ops.uid, email: ops.email, permissions: ['portal:user:view:*'] });
    expect(res2.body.code).toBe('0');
    expect((await search(opsCookie)).body.code).toBe('0');
    expect((await create(opsCookie, newUser('view_only_try'))).body.code).toBe('403');
  });
});

describe('cross-tenant and read-only callers', () => {
  it("globex cannot see or touch acme's sub-users: they look missing", async () => {
    const uid = await uidOf('acme_viewer');
    const pairs: Array<[() => ReturnType<typeof call>, () => ReturnType<typeof call>]> = [
      [
        () => update(globex, { uid, email: 'x@globex.example', permissions: [DOMAIN_VIEW] }),
        () => update(globex, { uid: 'nope', email: 'x@globex.example', permissions: [DOMAIN_VIEW] }),
      ],
      [() => updateAccounts(globex, { uid, accounts: [] }), () => updateAccounts(globex, { uid: 'nope', accounts: [] })],
      [() => enable(globex, uid, false), () => enable(globex, 'nope', false)],
      [() => remove(globex, uid), () => remove(globex, 'nope')],
    ];
    for (const [real, missing] of pairs) {
      const a = await real();
      const b = await missing();
      expect(a.body.code).toBe('404');
      expect(a.body).toEqual(b.body);
    }
    const viewer = ((await search(acme, { username: 'acme_viewer' })).body.data as { list: SubUser[] }).list[0];
    expect(viewer.enabled).toBe(true);
    expect((await allData(globex)).users.map((u) => u.username)).not.toContain('acme_viewer');
  });

  it('acme_viewer (no user right) gets code "403" on every call', async () => {
    const viewer = await signIn(app, 'acme_viewer');
    const uid = await uidOf('nobody');
    const replies = [
      await search(viewer),
      await create(viewer, newUser('viewer_made')),
      await update(viewer, { uid, email: 'n@acme.example', permissions: [DOMAIN_VIEW] }),
      await updateAccounts(viewer, { uid, accounts: [] }),
      await enable(viewer, uid, false),
      await remove(viewer, uid),
      await call(app, viewer, { method: 'GET', url: '/shiro/self/' }),
    ];
    for (const r of replies) expect(r.body.code).toBe('403');
    expect(await uidOf('nobody')).toBe(uid);
  });

  it('without a session every call answers HTTP 401', async () => {
    expect((await search('')).status).toBe(401);
  });
});

describe('update, accounts, enable, delete', () => {
  it('updates email and password; an empty password stays unchanged; bad input changes nothing', async () => {
    const u = await createOk(acme, newUser('upd_user'));
    const bad = await update(acme, { uid: u.uid, email: 'bad', permissions: ['portal:bill:view:*'], password: 'N3w!password' });
    expect(bad.body.msg).toBe('Email format error');
    const stored = ((await search(acme, { uid: u.uid })).body.data as { list: SubUser[] }).list[0];
    expect(stored).toMatchObject({ email: u.email, permissions: [DOMAIN_VIEW] });
    const taken = await update(acme, { uid: u.uid, username: 'acme_viewer', email: u.email, permissions: [DOMAIN_VIEW] });
    expect(taken.body.msg).toBe('Username is already used');
    const weak = await update(acme, { uid: u.uid, email: u.email, permissions: [DOMAIN_VIEW], password: 'short' }, 'chinese');
    expect(weak.body.msg).toBe('密码至少8位');
    const ok1 = await update(acme, { uid: u.uid, email: 'new@acme.example', permissions: ['portal:bill:view:*'], password: '' });
    expect(ok1.body).toMatchObject({ code: '0', data: { email: 'new@acme.example', permissions: ['portal:bill:view:*'] } });
    expect(new Date((ok1.body.data as SubUser).updateTime) >= new Date(u.updateTime)).toBe(true);
    await signIn(app, 'upd_user', STRONG);
    const ok2 = await update(acme, {
      uid: u.uid,
      email: 'new@acme.example',
      permissions: ['portal:bill:view:*'],
      password: 'N3w!password',
    });
    expect(ok2.body.code).toBe('0');
    await signIn(app, 'upd_user', 'N3w!password');
    await remove(acme, u.uid);
  });

  it("sets the accounts a sub-user may act for, within the caller's scope only", async () => {
    const u = await createOk(acme, newUser('acct_user', { permissions: ['portal:user:view:*'] }));
    const out = await updateAccounts(acme, { uid: u.uid, accounts: ['globex'] }, 'chinese');
    expect(out.body).toMatchObject({ code: '1', msg: '所选账号不在您的管理范围内' });
    const res = await updateAccounts(acme, { uid: u.uid, accounts: ['acme_video'] });
    expect(res.body).toMatchObject({ code: '0', data: { accounts: ['acme_video'], permissions: ['portal:user:view:*'] } });
    const cookie = await signIn(app, 'acct_user', STRONG);
    const tree = (await allData(cookie)).accounts;
    expect(tree.map((n) => n.account)).toEqual(['acme_video']);
    await updateAccounts(acme, { uid: u.uid, accounts: [] });
    expect((await allData(cookie)).accounts.map((n) => n.account)).toEqual(['acme']);
    await remove(acme, u.uid);
  });

  it('disabling keeps permissions and ends open sessions; the user cannot sign in until enabled', async () => {
    const u = await createOk(acme, newUser('toggle_user', { permissions: ['portal:user:view:*', DOMAIN_VIEW] }));
    const cookie = await signIn(app, 'toggle_user', STRONG);
    expect((await search(cookie)).body.code).toBe('0');
    const off = await enable(acme, u.uid, false);
    expect(off.body).toMatchObject({ code: '0', data: { enabled: false, permissions: ['portal:user:view:*', DOMAIN_VIEW] } });
    expect(await app.db.query('SELECT 1 FROM sessions WHERE uid = $1', [u.uid])).toHaveLength(0);
    expect((await search(cookie)).status).toBe(401);
    const login = await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'toggle_user', password: cipher.aesEncrypt(STRONG) },
    });
    expect(login.json()).toMatchObject({ code: '1', msg: '用户未激活' });
    const on = await enable(acme, u.uid, true);
    expect(on.body).toMatchObject({ code: '0', data: { enabled: true, permissions: ['portal:user:view:*', DOMAIN_VIEW] } });
    const back = await signIn(app, 'toggle_user', STRONG);
    expect((await search(back)).body.code).toBe('0');
    await remove(acme, u.uid);
  });

  it('delete removes the user and ends its sessions', async () => {
    const u = await createOk(acme, newUser('gone_user', { permissions: ['portal:user:view:*'] }));
    const cookie = await signIn(app, 'gone_user', STRONG);
    const res = await remove(acme, u.uid);
    expect(res.body).toMatchObject({ code: '0', data: { uid: u.uid } });
    expect((await search(cookie)).status).toBe(401);
    expect(await app.db.query('SELECT 1 FROM users WHERE uid = $1', [u.uid])).toHaveLength(0);
    expect((await remove(acme, u.uid)).body.code).toBe('404');
  });
});

describe('all-data blob', () => {
  it('decrypts to the sub-users, the account tree and the grantable rights', async () => {
    const data = await allData(acme);
    expect(data.users.map((u) => u.username).sort()).toEqual(expect.arrayContaining(['acme_viewer', 'frozen', 'nobody']));
    expect(data.users.every((u) => !('passwordHash' in u))).toBe(true);
    expect(data.accounts).toHaveLength(1);
    expect(data.accounts[0]).toMatchObject({ account: 'acme', accountName: 'Acme Media' });
    expect(data.accounts[0].accountChild.map((c) => c.account).sort()).toEqual(['acme_static', 'acme_video']);
    expect(data.permissions).toContain('portal:domain:operation:*');
    expect(data.permissions).toContain('portal:log:distribution:*');
    expect(data.permissions).not.toContain('portal:*');
    const admin = await signIn(app, 'admin');
    expect((await allData(admin)).permissions).toContain('portal:*');
  });
});
