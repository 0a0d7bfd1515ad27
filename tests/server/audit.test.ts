import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cipher, englishCalls, makeApp, signIn } from './helpers';
import { daysFromNow, issueCaChain, issueCertificate, type IssuedCertificate } from '../../server/demo/certificateFactory';
import { REDACTED, isSecretField, redact } from '../../server/lib/audit';
import { runAuditRetention } from '../../server/jobs/auditRetention';
import type { AuditEntry, AuditSearchReply } from '../../common/wire/audit';
import type { Certificate } from '../../common/wire/certificates';

/**
 * Issue #22, audit log: writes recorded by the one hook (who, IP, call, object, outcome, before and
 * after), secrets redacted, visibility by account tree (acme sees its sub-account's and sub-users'
 * rows, globex none of them, staff all, no right: "403"), filters and paging, retention.
 */
let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let globex: string;
let admin: string;
let viewer: string;
let nobody: string;
let videoOps: string;
let cert: IssuedCertificate;
let chainPem: string;
let acmeCert: Certificate;
const VIDEO_PASSWORD = 'VideoOps@2026';

const { post } = englishCalls(() => app);
const search = async (cookie: string, q: Record<string, unknown> = {}) => {
  const res = await post(cookie, '/api/audit/search', { pageSize: 1000, ...q });
  expect(res.body.code, JSON.stringify(res.body).slice(0, 200)).toBe('0');
  return res.body.data as AuditSearchReply;
};
const ids = (r: AuditSearchReply) => r.list.map((e) => e.id);
const lastRow = async (where: string, params: unknown[] = []) => {
  const [row] = await app.db.query<Record<string, unknown>>(`SELECT * FROM audit_log WHERE ${where} ORDER BY id DESC LIMIT 1`, params);
  return row;
};

beforeAll(async () => {
  app = await makeApp();
  [acme, globex, admin, viewer, nobody] = await Promise.all(
    ['acme', 'globex', 'admin', 'acme_viewer', 'nobody'].map((u) => signIn(app, u)),
  );
  const chain = await issueCaChain('Audit Trust');
  cert = await issueCertificate({
    commonName: 'audit.acme-media.example',
    dnsNames: ['audit.acme-media.example'],
    notBefore: daysFromNow(-1),
    notAfter: daysFromNow(200),
    issuer: chain.intermediate,
  });
  chainPem = cert.certPem + chain.intermediate.certPem;
  // A user of acme's sub-account acme_video, created by acme through the API.
  const created = await post(acme, '/shiro/self/create/english', {
    username: 'video_ops',
    email: 'ops@acme-video.example',
    password: VIDEO_PASSWORD,
    account: 'acme_video',
    permissions: ['portal:certificate:operation:*'],
    accounts: [],
  });
  expect(created.body.code, created.body.msg).toBe('0');
  videoOps = await signIn(app, 'video_ops', VIDEO_PASSWORD);
}, 600_000);
afterAll(async () => {
  await app?.close();
});

describe('recording', () => {
  it('a certificate upload, rename and a domain disable: who, IP, call, object, outcome, before and after', async () => {
    const up = await post(acme, '/api/certificate/add', {
      name: 'audit-cert',
      certificate: chainPem,
      privateKey: cert.keyPem,
      share: false,
      shareAccounts: [],
    });
    expect(up.body.code).toBe('0');
    acmeCert = up.body.data as Certificate;
    const add = await lastRow(`route = '/api/certificate/add'`);
    expect(add).toMatchObject({
      username: 'acme',
      account: 'acme',
      ip: '127.0.0.1',
      method: 'POST',
      module: 'certificate',
      object_type: 'certificate',
      object_id: String(acmeCert.id),
      object_name: 'audit-cert',
      http_status: 200,
      code: '0',
      message: 'upload successful',
      before: null,
    });
    expect(add.after).toMatchObject({ name: 'audit-cert', dnsNames: ['audit.acme-media.example'], share: false });

    expect((await post(acme, '/api/certificate/rename', { id: acmeCert.id, name: 'audit-cert-2' })).body.code).toBe('0');
    const rename = await lastRow(`route = '/api/certificate/rename'`);
    expect(rename).toMatchObject({ object_id: String(acmeCert.id), code: '0' });
    expect(rename.before).toMatchObject({ name: 'audit-cert' });
    expect(rename.after).toMatchObject({ name: 'audit-cert-2' });

    const [domain] = await app.db.query<{ id: number; name: string }>(
      `SELECT id, name FROM domains WHERE account = 'acme' AND status = 'on' AND operation_state = 'configured' AND name <> 'www.acme-media.example' ORDER BY id LIMIT 1`,
    );
    expect((await post(acme, '/api/domain/disable', { id: domain.id })).body.code).toBe('0');
    const disable = await lastRow(`route = '/api/domain/disable'`);
    expect(disable).toMatchObject({ object_type: 'domain', object_id: String(domain.id), object_name: domain.name, code: '0' });
    expect(disable.before).toMatchObject({ status: 'on' });
    expect(disable.after).toMatchObject({ status: 'off' });
    expect(Object.keys(disable.after as object)).toContain('origins');
  });

  it('a route pattern, not the URL, names the call; routes without a helper still name their object', async () => {
    const res = await post(acme, `/api/certificate/clear/${acmeCert.id}`);
    expect(res.body.code).not.toBe('0');
    expect(await lastRow(`route = '/api/certificate/clear/:id'`)).toMatchObject({
      object_id: String(acmeCert.id),
      code: res.body.code,
      message: res.body.msg,
    });
  });

  it('a purge links to its task instead of copying the URLs', async () => {
    const r = await post(acme, '/api/refresh', { type: 'url', urls: 'https://www.acme-media.example/audit.js' });
    expect(r.body.code).toBe('0');
    const row = await lastRow(`route = '/api/refresh'`);
    expect(row).toMatchObject({
      object_type: 'purgeTask',
      object_id: String((r.body.data as { taskId: number }).taskId),
      before: null,
      after: null,
    });
  });

  it('sign-in (also a failed one), sign-out and refused writes are recorded; calls without a session are not', async () => {
    expect(await lastRow(`route = '/api/newLogin' AND username = 'acme'`)).toMatchObject({
      account: 'acme',
      object_type: 'session',
      code: '0',
    });
    const wrong = await call(app, null, {
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'globex', password: cipher.aesEncrypt('Wrong@2026') },
    });
    expect(wrong.body.code).toBe('1');
    expect(await lastRow(`route = '/api/newLogin' AND username = 'globex'`)).toMatchObject({ account: 'globex', code: '1', uid: null });

    const extra = await signIn(app, 'acme');
    await call(app, extra, { method: 'GET', url: '/api/logout' });
    expect(await lastRow(`route = '/api/logout'`)).toMatchObject({ username: 'acme', code: '0' });

    const refused = await post(nobody, '/api/domain/delete', { id: 1 });
    expect(refused.body.code).toBe('403');
    expect(await lastRow(`route = '/api/domain/delete'`)).toMatchObject({ username: 'nobody', account: 'acme', code: '403' });

    const [{ n: before }] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect((await post(null, '/api/domain/delete', { id: 1 })).status).toBe(401);
    const [{ n: after }] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(after).toBe(before);
  });
});

describe('secrets never appear', () => {
  it('redacts by field name, deeply', () => {
    expect(
      [
        'password',
        'oldPassword',
        'passwordHash',
        'privateKey',
        'private_key',
        'keyPem',
        'apiKey',
        'accessKey',
        'secret',
        'clientSecret',
        'token',
        'ingestToken',
        'key',
        'cookie',
        'sessionId',
        'keyEncrypted',
      ].filter((k) => !isSecretField(k)),
    ).toEqual([]);
    expect(['name', 'keyword', 'keyAlgorithm', 'domain', 'status', 'origins', 'monkey'].filter(isSecretField)).toEqual([]);
    expect(redact({ name: 'x', password: 'p', nested: [{ privateKey: 'k', token: 't', ok: 1 }], deep: { a: { apiKey: 'z' } } })).toEqual({
      name: 'x',
      password: REDACTED,
      nested: [{ privateKey: REDACTED, token: REDACTED, ok: 1 }],
      deep: { a: { apiKey: REDACTED } },
    });
  });

  it('no password, private key or encrypted sign-in value is stored, whatever the call', async () => {
    const [viewerRow] = await app.db.query<{ uid: string }>(`SELECT uid FROM users WHERE username = 'video_ops'`);
    const update = await post(acme, '/shiro/self/update/english', {
      uid: viewerRow.uid,
      email: 'ops2@acme-video.example',
      password: 'Changed@2026x',
      permissions: ['portal:certificate:operation:*'],
    });
    expect(update.body.code, update.body.msg).toBe('0');
    const row = await lastRow(`route = '/shiro/self/update/:language'`);
    expect(row).toMatchObject({ object_type: 'user', object_name: 'video_ops', code: '0' });
    expect(row.before).toMatchObject({ email: 'ops@acme-video.example' });
    expect(row.after).toMatchObject({ email: 'ops2@acme-video.example', password: REDACTED });
    videoOps = await signIn(app, 'video_ops', 'Changed@2026x');

    const [{ all }] = await app.db.query<{ all: string }>(`SELECT string_agg(t::text, '\n') AS all FROM audit_log t`);
    for (const secret of [
      'Changed@2026x',
      VIDEO_PASSWORD,
      'Acme@2026',
      'Wrong@2026',
      cipher.aesEncrypt('Acme@2026'),
      'PRIVATE KEY',
      cert.keyPem.split('\n')[1],
    ]) {
      expect(all.includes(secret), secret).toBe(false);
    }
  });
});

describe('visibility', () => {
  let videoRowId = 0;
  beforeAll(async () => {
    const up = await post(videoOps, '/api/certificate/add', {
      name: 'video-cert',
      certificate: chainPem,
      privateKey: cert.keyPem,
      share: false,
      shareAccounts: [],
    });
    expect(up.body.code, up.body.msg).toBe('0');
    videoRowId = Number((await lastRow(`username = 'video_ops' AND route = '/api/certificate/add'`)).id);
    expect((await post(globex, '/api/certificate/rename', { id: 999999, name: 'x' })).body.code).toBe('404');
    expect((await post(viewer, '/api/domain/delete', { id: 1 })).body.code).toBe('403');
  });

  const accountsOf = (r: AuditSearchReply) => [...new Set(r.list.map((e) => e.account))].sort();

  it("acme sees its own, its sub-account's and its sub-users' calls, nobody else's", async () => {
    const r = await search(acme);
    expect(ids(r)).toContain(videoRowId);
    expect(r.list.some((e) => e.username === 'acme_viewer' && e.code === '403')).toBe(true);
    expect(accountsOf(r).every((a) => ['acme', 'acme_video', 'acme_static'].includes(a ?? ''))).toBe(true);
    const video = r.list.find((e) => e.id === videoRowId) as AuditEntry;
    expect(video).toMatchObject({
      username: 'video_ops',
      account: 'acme_video',
      route: '/api/certificate/add',
      objectName: 'video-cert',
      code: '0',
    });
    expect(Number.isNaN(Date.parse(video.time))).toBe(false);
  });

  it('globex sees only globex', async () => {
    const r = await search(globex);
    expect(r.total).toBeGreaterThan(0);
    expect(accountsOf(r)).toEqual(['globex']);
    expect(ids(r)).not.toContain(videoRowId);
  });

  it('staff see every account', async () => {
    const r = await search(admin);
    expect(ids(r)).toContain(videoRowId);
    expect(accountsOf(r)).toEqual(expect.arrayContaining(['acme', 'acme_video', 'globex', 'provider']));
  });

  it('without the audit right: "403" (acme_viewer, nobody); without a session: 401', async () => {
    expect((await post(viewer, '/api/audit/search', {})).body.code).toBe('403');
    expect((await post(nobody, '/api/audit/search', {})).body.code).toBe('403');
    expect((await post(null, '/api/audit/search', {})).status).toBe(401);
  });
});

describe('list', () => {
  it('filters by user, object type, call, outcome and time; pages and sorts on the server', async () => {
    const byUser = await search(acme, { username: 'video_' });
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.list.every((e) => e.username === 'video_ops')).toBe(true);
    const certs = await search(acme, { objectType: 'certificate' });
    expect(certs.list.every((e) => e.objectType === 'certificate')).toBe(true);
    const calls = await search(acme, { route: '/api/domain/' });
    expect(calls.list.length).toBeGreaterThan(0);
    expect(calls.list.every((e) => e.route.startsWith('/api/domain/'))).toBe(true);
    expect((await search(acme, { object: 'audit-cert-2' })).list.every((e) => e.objectName === 'audit-cert-2')).toBe(true);
    const failed = await search(acme, { outcome: 'failed' });
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.list.every((e) => e.code !== '0')).toBe(true);
    expect((await search(acme, { outcome: 'ok' })).list.every((e) => e.code === '0')).toBe(true);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await search(acme, { startTime: future })).total).toBe(0);
    expect((await search(acme, { endTime: future, startTime: future - 7200 })).total).toBe((await search(acme)).total);

    const all = await search(acme);
    const page1 = await search(acme, { pageSize: 2, pageNum: 1 });
    const page2 = await search(acme, { pageSize: 2, pageNum: 2 });
    expect(page1.total).toBe(all.total);
    expect([...ids(page1), ...ids(page2)]).toEqual(ids(all).slice(0, 4));
    const byName = await search(acme, { sort: 'username', order: 'ASC' });
    const names = byName.list.map((e) => e.username);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses unknown sort fields and filters', async () => {
    expect((await post(acme, '/api/audit/search', { sort: 'at; DROP TABLE audit_log' })).body.code).toBe('400');
    expect((await post(acme, '/api/audit/search', { account: 'globex' })).body.code).toBe('400');
  });
});

describe('retention', () => {
  it('the periodic job removes rows older than the retention (180 days by default)', async () => {
    expect(app.config.auditRetentionDays).toBe(180);
    await app.db.query(`UPDATE audit_log SET at = now() - interval '181 days' WHERE id = (SELECT min(id) FROM audit_log)`);
    await app.db.query(`UPDATE audit_log SET at = now() - interval '179 days' WHERE id = (SELECT max(id) FROM audit_log)`);
    const [{ n: before }] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(await runAuditRetention(app)).toBe(1);
    const [{ n: after }] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(after).toBe(before - 1);
  });
});
