import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers';

let app: FastifyInstance;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  app = await makeApp();
  for (const u of ['acme', 'globex', 'admin', 'acme_viewer', 'nobody']) cookies[u] = await signIn(app, u);
});
afterAll(async () => {
  await app.close();
});

type Group = { identity: string; companyName: string; email: string; parent: string; createTime: string };

const list = (user: string | null, customer?: string, lang: 'en' | 'zh' = 'en') =>
  call(app, user ? cookies[user] : null, {
    method: 'GET',
    url: '/cloud/customer/showDomainGroup',
    query: customer === undefined ? {} : { customer },
    headers: { 'x-portal-lang': lang },
  });
const add = (user: string, payload: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
  call(app, cookies[user], { method: 'POST', url: '/cloud/customer/portalAddDomainGroup', payload, headers: { 'x-portal-lang': lang } });
const edit = (user: string, payload: Record<string, unknown>) =>
  call(app, cookies[user], { method: 'POST', url: '/cloud/customer/editDomainGroup', payload, headers: { 'x-portal-lang': 'en' } });
const del = (user: string, domainGroup: string) =>
  call(app, cookies[user], {
    method: 'GET',
    url: '/cloud/customer/delDomainGroup',
    query: { domainGroup },
    headers: { 'x-portal-lang': 'en' },
  });

const accountRow = async (identity: string) =>
  (
    await app.db.query<{ identity: string; company_name: string; email: string; parent: string }>(
      'SELECT * FROM accounts WHERE identity = $1',
      [identity],
    )
  )[0];
const accountCount = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))[0].n;

describe('showDomainGroup', () => {
  it("lists the caller's own sub-accounts in creation order (ties by identity)", async () => {
    const res = await list('acme');
    expect(res.body.code).toBe('0');
    const rows = res.body.data as Group[];
    expect(rows.map((r) => r.identity)).toEqual(['acme_static', 'acme_video']);
    expect(rows[1]).toMatchObject({ identity: 'acme_video', companyName: 'Acme Video', email: 'video@acme.example', parent: 'acme' });
    expect(rows[1].createTime).toBeTruthy();
  });

  it('answers an empty list for a main account without sub-accounts', async () => {
    expect((await list('globex')).body).toMatchObject({ code: '0', data: [] });
  });

  it("never shows another tenant's sub-accounts: globex asking for acme gets the missing-record reply", async () => {
    const theirs = await list('globex', 'acme');
    const ghost = await list('globex', 'no_such_account');
    expect(theirs.body).toEqual({ code: '404', data: null, msg: 'Record not found' });
    expect(ghost.body).toEqual(theirs.body);
    expect((await list('acme', 'globex')).body).toEqual(theirs.body);
  });

  it('lets staff list any customer given in customer', async () => {
    const res = await list('admin', 'acme');
    expect((res.body.data as Group[]).map((r) => r.identity)).toEqual(['acme_static', 'acme_video']);
    expect((await list('admin', 'globex')).body.data).toEqual([]);
  });

  it('needs a session (401) and the account right (403)', async () => {
    const anon = await list(null);
    expect(anon.status).toBe(401);
    expect((await list('acme_viewer')).body.code).toBe('403');
    expect((await list('nobody')).body.code).toBe('403');
  });
});

describe('portalAddDomainGroup', () => {
  it('creates a sub-account under the caller and shows it in the list', async () => {
    const res = await add('acme', { identity: 'acme_music', companyName: 'Acme Music', email: 'music@acme.example' });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ identity: 'acme_music', companyName: 'Acme Music', parent: 'acme' });
    expect((await accountRow('acme_music'))?.parent).toBe('acme');
    const rows = (await list('acme')).body.data as Group[];
    expect(rows.map((r) => r.identity)).toContain('acme_music');
    // and globex still sees nothing of it
    expect((await list('globex')).body.data).toEqual([]);
  });

  it.each([
    [{ companyName: 'X', email: 'x@x.example' }, 'Account identity cannot be empty'],
    [{ identity: '   ', companyName: 'X', email: 'x@x.example' }, 'Account identity cannot be empty'],
    [{ identity: 'bad-name', companyName: 'X', email: 'x@x.example' }, 'Account identity may contain only letters, digits and underscores'],
    [
      { identity: 'with space', companyName: 'X', email: 'x@x.example' },
      'Account identity may contain only letters, digits and underscores',
    ],
    [{ identity: 'a'.repeat(65), companyName: 'X', email: 'x@x.example' }, 'Account identity may have at most 64 characters'],
    [{ identity: 'acme_new', email: 'x@x.example' }, 'Company name cannot be empty'],
    [{ identity: 'acme_new', companyName: ' ', email: 'x@x.example' }, 'Company name cannot be empty'],
    [{ identity: 'acme_new', companyName: 'C'.repeat(101), email: 'x@x.example' }, 'Company name may have at most 100 characters'],
    [{ identity: 'acme_new', companyName: 'X' }, 'Email cannot be empty'],
    [{ identity: 'acme_new', companyName: 'X', email: 'not-an-email' }, 'Email format error'],
    [{ identity: 'acme_new', companyName: 'X', email: 'a@b' }, 'Email format error'],
    [{ identity: 'acme_video', companyName: 'X', email: 'x@x.example' }, 'Account identity is already used'],
    // unique across all tenants, not only within acme
    [{ identity: 'globex', companyName: 'X', email: 'x@x.example' }, 'Account identity is already used'],
  ])('refuses %j with "%s" and stores nothing', async (payload, msg) => {
    const before = await accountCount();
    const res = await add('acme', payload);
    expect(res.body).toEqual({ code: '1', data: null, msg });
    expect(await accountCount()).toBe(before);
  });

  it('answers in Chinese when the client asks for it', async () => {
    const res = await add('acme', { identity: 'x-y', companyName: 'X', email: 'x@x.example' }, 'zh');
    expect(res.body.msg).toBe('账号标识只能包含字母、数字和下划线');
  });

  it("cannot create under another tenant's account", async () => {
    const res = await add('globex', { identity: 'globex_in_acme', companyName: 'X', email: 'x@x.example', customer: 'acme' });
    expect(res.body.code).toBe('404');
    expect(await accountRow('globex_in_acme')).toBeUndefined();
  });

  it('lets staff create for a customer', async () => {
    const res = await add('admin', { identity: 'globex_eu', companyName: 'Globex Europe', email: 'eu@globex.example', customer: 'globex' });
    expect(res.body.code).toBe('0');
    expect((await accountRow('globex_eu'))?.parent).toBe('globex');
    expect(((await list('globex')).body.data as Group[]).map((r) => r.identity)).toEqual(['globex_eu']);
  });

  it('is refused without the operation right, and for a user that is not a main account', async () => {
    expect((await add('acme_viewer', { identity: 'v1', companyName: 'X', email: 'x@x.example' })).body.code).toBe('403');
    const before = await accountCount();
    // A sub-user holding the account right is still not a main account.
    await app.db.query(`UPDATE users SET permissions = permissions || '["portal:account:operation:*"]'::jsonb WHERE username = 'nobody'`);
    try {
      const res = await add('nobody', { identity: 'nobody_group', companyName: 'X', email: 'x@x.example' });
      expect(res.body).toEqual({ code: '1', data: null, msg: 'This user is not main-accounts' });
      expect((await list('nobody')).body.msg).toBe('This user is not main-accounts');
      expect((await edit('nobody', { identity: 'acme_video', companyName: 'Hacked', email: 'x@x.example' })).body.msg).toBe(
        'This user is not main-accounts',
      );
      expect((await del('nobody', 'acme_static')).body.msg).toBe('This user is not main-accounts');
    } finally {
      await app.db.query(`UPDATE users SET permissions = '[]'::jsonb WHERE username = 'nobody'`);
    }
    expect(await accountCount()).toBe(before);
    expect((await accountRow('acme_video'))?.company_name).toBe('Acme Video');
  });

  it('answers a schema failure with a clear message, not a stack trace', async () => {
    const res = await add('acme', { identity: 12, companyName: ['x'], email: {} });
    expect(res.body.code).toBe('400');
    expect(res.body.msg).toMatch(/^Invalid request: /);
  });
});

describe('editDomainGroup', () => {
  it('changes company name and email of an own sub-account', async () => {
    const res = await edit('acme', { identity: 'acme_video', companyName: 'Acme Video Ltd', email: 'media@acme.example' });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ identity: 'acme_video', companyName: 'Acme Video Ltd', email: 'media@acme.example' });
    expect(await accountRow('acme_video')).toMatchObject({ company_name: 'Acme Video Ltd', email: 'media@acme.example', parent: 'acme' });
  });

  it('applies the company and email rules and changes nothing on failure', async () => {
    expect((await edit('acme', { identity: 'acme_video', companyName: '', email: 'x@x.example' })).body.msg).toBe(
      'Company name cannot be empty',
    );
    expect((await edit('acme', { identity: 'acme_video', companyName: 'X', email: '' })).body.msg).toBe('Email cannot be empty');
    expect((await edit('acme', { identity: 'acme_video', companyName: 'X', email: 'bad@' })).body.msg).toBe('Email format error');
    expect(await accountRow('acme_video')).toMatchObject({ company_name: 'Acme Video Ltd', email: 'media@acme.example' });
  });

  it("treats another tenant's group, the caller's own account and a missing one alike", async () => {
    const foreign = await edit('globex', { identity: 'acme_video', companyName: 'Stolen', email: 'x@globex.example' });
    const missing = await edit('globex', { identity: 'nope_nope', companyName: 'Stolen', email: 'x@globex.example' });
    const own = await edit('acme', { identity: 'acme', companyName: 'Renamed', email: 'x@acme.example' });
    expect(foreign.body).toEqual({ code: '404', data: null, msg: 'Record not found' });
    expect(missing.body).toEqual(foreign.body);
    expect(own.body).toEqual(foreign.body);
    expect((await edit('acme', { identity: 'globex_eu', companyName: 'Stolen', email: 'x@acme.example' })).body).toEqual(foreign.body);
    expect((await accountRow('acme_video'))?.company_name).toBe('Acme Video Ltd');
    expect((await accountRow('acme'))?.company_name).toBe('Acme Media');
    expect((await accountRow('globex_eu'))?.company_name).toBe('Globex Europe');
  });

  it('lets staff edit any sub-account', async () => {
    expect((await edit('admin', { identity: 'globex_eu', companyName: 'Globex EU', email: 'eu@globex.example' })).body.code).toBe('0');
    expect((await accountRow('globex_eu'))?.company_name).toBe('Globex EU');
  });
});

describe('delDomainGroup', () => {
  it("refuses another tenant's group like a missing one and keeps it", async () => {
    const foreign = await del('globex', 'acme_music');
    expect(foreign.body).toEqual({ code: '404', data: null, msg: 'Record not found' });
    expect((await del('globex', 'never_existed')).body).toEqual(foreign.body);
    expect((await del('acme', 'globex_eu')).body).toEqual(foreign.body);
    expect((await del('acme', 'acme')).body).toEqual(foreign.body);
    expect(await accountRow('acme_music')).toBeDefined();
    expect(await accountRow('globex_eu')).toBeDefined();
  });

  it('refuses a sub-account that still has users', async () => {
    await app.db.query(`INSERT INTO users (uid, username, account, password_hash) VALUES ('u-static-1', 'static_ops', 'acme_static', 'x')`);
    const res = await del('acme', 'acme_static');
    expect(res.body).toEqual({ code: '1', data: null, msg: 'This sub-account still has users and cannot be deleted' });
    expect(await accountRow('acme_static')).toBeDefined();
    await app.db.query(`DELETE FROM users WHERE uid = 'u-static-1'`);
  });

  it('refuses a sub-account that still has sub-accounts of its own', async () => {
    expect(
      (await add('acme', { identity: 'acme_music_jp', companyName: 'Acme Music JP', email: 'jp@acme.example', customer: 'acme_music' }))
        .body.code,
    ).toBe('0');
    const res = await del('acme', 'acme_music');
    expect(res.body.msg).toBe('This sub-account still has sub-accounts of its own and cannot be deleted');
    expect((await del('acme', 'acme_music_jp')).body.code).toBe('0');
  });

  it('refuses a sub-account that still has domains', async () => {
    // A temporary table shadows the real domains table (if one exists yet) for this session only.
    await app.db.exec('CREATE TEMP TABLE domains (name TEXT PRIMARY KEY, account TEXT NOT NULL)');
    try {
      await app.db.query(`INSERT INTO domains (name, account) VALUES ('music.acme.example', 'acme_music')`);
      expect((await del('acme', 'acme_music')).body.msg).toBe('This sub-account still has domains and cannot be deleted');
      expect(await accountRow('acme_music')).toBeDefined();
    } finally {
      await app.db.exec('DROP TABLE pg_temp.domains');
    }
  });

  it('deletes an empty sub-account and forgets it in sub-users account lists', async () => {
    await app.db.query(`UPDATE users SET accounts = '["acme_music","acme_video"]'::jsonb WHERE username = 'acme_viewer'`);
    const res = await del('acme', 'acme_music');
    expect(res.body).toEqual({ code: '0', data: null, msg: 'success' });
    expect(await accountRow('acme_music')).toBeUndefined();
    const [viewer] = await app.db.query<{ accounts: string[] }>(`SELECT accounts FROM users WHERE username = 'acme_viewer'`);
    expect(viewer.accounts).toEqual(['acme_video']);
    expect(((await list('acme')).body.data as Group[]).map((r) => r.identity)).toEqual(['acme_static', 'acme_video']);
  });

  it('needs the operation right', async () => {
    expect((await del('acme_viewer', 'acme_video')).body.code).toBe('403');
    expect(await accountRow('acme_video')).toBeDefined();
  });
});
