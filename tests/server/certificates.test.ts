import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, englishCalls, makeApp, signIn } from './helpers';
import { addDomain, search } from './domainFixtures';
import { daysFromNow, issueCaChain, issueCertificate, type IssuedCertificate } from '../../server/demo/certificateFactory';
import { runCertificateDeletions } from '../../server/jobs/certificateDeletion';
import { hashPassword } from '../../server/lib/password';
import type { Certificate, CertificateDetails, CertificateSearchReply } from '../../common/wire/certificates';

/**
 * Certificates end to end through the routes, with real certificates signed by openssl in a temp dir:
 * upload rules, parsing, wildcard matching, sharing, download with and without the key, deletion
 * through the job, HTTPS refusal, tenant isolation and the operation right.
 */
let app: FastifyInstance;
let acme: string;
let globex: string;
let viewer: string;
let admin: string;
let chain: { root: IssuedCertificate; intermediate: IssuedCertificate };
let wildcard: IssuedCertificate;

const { post, get } = englishCalls(() => app);

const leaf = (names: string[], from: number, to: number, extra: Partial<Parameters<typeof issueCertificate>[0]> = {}) =>
  issueCertificate({
    commonName: names[0],
    dnsNames: names,
    notBefore: daysFromNow(from),
    notAfter: daysFromNow(to),
    issuer: chain.intermediate,
    ...extra,
  });
const pemChain = (c: IssuedCertificate) => c.certPem + chain.intermediate.certPem;

async function upload(cookie: string, body: Record<string, unknown>) {
  return post(cookie, '/api/certificate/add', { share: false, shareAccounts: [], ...body });
}
async function uploadOk(cookie: string, name: string, cert: IssuedCertificate, extra: Record<string, unknown> = {}): Promise<Certificate> {
  const res = await upload(cookie, { name, certificate: pemChain(cert), privateKey: cert.keyPem, ...extra });
  expect(res.body).toMatchObject({ code: '0', msg: 'upload successful' });
  return res.body.data as Certificate;
}

/** Entries of a zip made by server/lib/zip.ts (deflate), by reading the local headers. */
function unzip(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let pos = 0;
  while (buf.readUInt32LE(pos) === 0x04034b50) {
    const size = buf.readUInt32LE(pos + 18);
    const nameLen = buf.readUInt16LE(pos + 26);
    const extra = buf.readUInt16LE(pos + 28);
    const name = buf.subarray(pos + 30, pos + 30 + nameLen).toString('utf8');
    const start = pos + 30 + nameLen + extra;
    out[name] = zlib.inflateRawSync(buf.subarray(start, start + size)).toString('utf8');
    pos = start + size;
  }
  return out;
}

async function insertDomain(name: string, account: string, opts: { https: boolean; certificateId?: number }) {
  const config = {
    protocol: opts.https ? 'https' : 'http',
    forceHTTPS: false,
    certificateId: opts.certificateId ? String(opts.certificateId) : null,
  };
  await app.db.query(
    `INSERT INTO domains (name, account, type, scope, protocol, cname, config) VALUES ($1, $2, 'download', 'cn', $3, $4, $5)`,
    [name, account, config.protocol, `${name}.cdn.example`, JSON.stringify(config)],
  );
}

beforeAll(async () => {
  app = await makeApp();
  [acme, globex, viewer, admin] = await Promise.all(['acme', 'globex', 'acme_viewer', 'admin'].map((u) => signIn(app, u)));
  chain = await issueCaChain('Test Trust');
  wildcard = await leaf(['*.test-acme.com', 'test-acme.com'], -1, 200);
});
afterAll(async () => {
  await app?.close();
});

describe('demo certificates and listings by user type', () => {
  it('lists by account for a main account, never another tenant', async () => {
    const res = await get(acme, '/api/certificate/account', { account: 'acme,acme_video,acme_static' });
    const names = (res.body.data as Certificate[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Acme Media wildcard', 'Acme video 2026', 'Acme static assets', 'Acme API (shared)']));
    expect(names.some((n) => n.startsWith('Globex'))).toBe(false);
    const globexNames = ((await get(globex, '/api/certificate/account')).body.data as Certificate[]).map((c) => c.name);
    expect(globexNames.sort()).toEqual(['Globex legacy portal', 'Globex main site', 'Globex shop']);
    // One account only: what it owns or has been shared.
    const video = ((await get(acme, '/api/certificate/account', { account: 'acme_video' })).body.data as Certificate[]).map((c) => c.name);
    expect(video.sort()).toEqual(['Acme API (shared)', 'Acme video 2026']);
    expect((await get(acme, '/api/certificate/account', { account: 'globex' })).body.data).toEqual([]);
  });

  it('parses the demo wildcard with its chain and keeps the key out of every reply', async () => {
    const res = await get(acme, '/api/certificate/account');
    const list = res.body.data as Certificate[];
    const w = list.find((c) => c.name === 'Acme Media wildcard')!;
    expect(w).toMatchObject({
      commonName: '*.acme-media.example',
      dnsNames: ['*.acme-media.example', 'acme-media.example'],
      brand: 'Demo Trust',
      keyAlgorithm: 'ECDSA P-256',
      signatureAlgorithm: 'SHA256withECDSA',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY|key_encrypted|keyEncrypted/);
    const soon = list.find((c) => c.name === 'Acme static assets')!;
    const days = (Date.parse(soon.expireTime) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThan(30);
  });

  it('lists everything for staff only; sub-users list their own uploads and what is shared with their accounts', async () => {
    const all = await get(admin, '/api/certificate/all');
    expect((all.body.data as Certificate[]).length).toBeGreaterThanOrEqual(7);
    expect((await get(acme, '/api/certificate/all')).body.code).toBe('403');
    const mine = await get(viewer, '/api/certificate/username', { username: 'acme_viewer' });
    expect((mine.body.data as Certificate[]).map((c) => c.name)).toEqual(['Acme API (shared)']);
    expect((await get(viewer, '/api/certificate/username', { username: 'acme' })).body.data).toEqual([]);
    const byUser = await get(acme, '/api/certificate/username', { username: 'acme' });
    expect((byUser.body.data as Certificate[]).length).toBeGreaterThanOrEqual(4);
  });

  it('allName answers the names of an account', async () => {
    const res = await get(globex, '/api/certificate/allName', { account: 'globex' });
    expect((res.body.data as { name: string }[]).map((c) => c.name)).toEqual(['Globex legacy portal', 'Globex main site', 'Globex shop']);
    expect((await get(globex, '/api/certificate/allName', { account: 'acme' })).body.data).toEqual([]);
  });
});

describe('upload rules (PEM only, key, chain, 30 days, sharing)', () => {
  it('uploads a real chain, parses it, and stores the key encrypted', async () => {
    const c = await uploadOk(acme, 'Test wildcard', wildcard);
    expect(c).toMatchObject({
      account: 'acme',
      username: 'acme',
      commonName: '*.test-acme.com',
      dnsNames: ['*.test-acme.com', 'test-acme.com'],
      brand: 'Test Trust',
      issuerOrganization: 'Test Trust',
      issuerDepartment: 'Certification Services',
      issuerCountry: 'US',
      issuerCommonName: 'Test Trust TLS CA 2026',
      signatureAlgorithm: 'SHA256withECDSA',
      keyAlgorithm: 'ECDSA P-256',
      share: false,
      shareAccounts: [],
      logicDelete: 0,
      owned: true,
    });
    expect(c.serial).toBe(new crypto.X509Certificate(wildcard.certPem).serialNumber.toUpperCase());
    const [row] = await app.db.query<{ key: string }>('SELECT key_encrypted AS key FROM certificates WHERE id = $1', [c.id]);
    expect(row.key.startsWith('v1:')).toBe(true);
    expect(row.key).not.toContain('PRIVATE KEY');
  });

  it('refuses each broken rule with its message', async () => {
    const expired = await leaf(['old.test-acme.com'], -400, -2);
    const short = await leaf(['short.test-acme.com'], -300, 20);
    const other = await leaf(['other.test-acme.com'], -1, 300);
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ name: 'x', certificate: pemChain(expired), privateKey: expired.keyPem }, 'The certificate has expired'],
      [{ name: 'x', certificate: pemChain(short), privateKey: short.keyPem }, 'The certificate must be valid for at least 30 days'],
      [{ name: 'x', certificate: pemChain(wildcard), privateKey: other.keyPem }, 'The private key does not match the certificate'],
      [{ name: 'x', certificate: wildcard.certPem.replace(/[A-Za-z]{12}/, 'AAAAAAAAAAAA'), privateKey: wildcard.keyPem }, 'Format error'],
      [{ name: 'x', certificate: 'certificate text, not PEM', privateKey: wildcard.keyPem }, 'Format error'],
      [
        { name: 'x', certificate: new crypto.X509Certificate(wildcard.certPem).raw.toString('base64'), privateKey: wildcard.keyPem },
        'Format error',
      ],
      [{ name: 'x', certificate: pemChain(wildcard), privateKey: 'not a key' }, 'Format error'],
      [{ name: 'x', certificate: chain.intermediate.certPem + wildcard.certPem, privateKey: wildcard.keyPem }, /out of order/],
      [{ name: 'x', certificate: wildcard.certPem + chain.root.certPem, privateKey: wildcard.keyPem }, /out of order/],
      [{ name: ' ', certificate: pemChain(other), privateKey: other.keyPem }, 'Cannot be empty'],
      [
        { name: 'x', certificate: pemChain(other), privateKey: other.keyPem, share: true, shareAccounts: [] },
        'When sharing, choose at least one account',
      ],
      [{ name: 'x', certificate: pemChain(other), privateKey: other.keyPem, share: true, shareAccounts: ['globex'] }, /cannot be chosen/],
      [{ name: 'x', certificate: pemChain(other), privateKey: other.keyPem, account: 'globex' }, /cannot be chosen/],
      [{ name: 'test WILDCARD', certificate: pemChain(other), privateKey: other.keyPem }, /already exists/],
    ];
    for (const [body, msg] of cases) {
      const res = await upload(acme, body);
      expect(res.body.code, JSON.stringify(body).slice(0, 80)).toBe('1');
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
      else expect(res.body.msg).toMatch(msg);
    }
    const zh = await call(app, acme, {
      method: 'POST',
      url: '/api/certificate/add',
      payload: { name: 'x', certificate: 'nope', privateKey: 'nope', share: false },
      headers: { 'x-portal-lang': 'zh' },
    });
    expect(zh.body.msg).toBe('格式错误');
  });

  it('refuses passphrase-protected keys with a message of their own', async () => {
    const other = await leaf(['enc.test-acme.com'], -1, 300);
    const encrypted = crypto
      .createPrivateKey(other.keyPem)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }) as string;
    const res = await upload(acme, { name: 'enc', certificate: pemChain(other), privateKey: encrypted });
    expect(res.body.msg).toMatch(/passphrase/);
  });
});

describe('wildcard match, search and details', () => {
  it('match/domain lists certificates whose names cover the domain, in scope only', async () => {
    const names = async (cookie: string, domain: string) =>
      ((await post(cookie, '/api/certificate/match/domain', { domain })).body.data as { name: string }[]).map((c) => c.name);
    expect(await names(acme, 'www.test-acme.com')).toEqual(['Test wildcard']);
    expect(await names(acme, 'TEST-ACME.com')).toEqual(['Test wildcard']);
    expect(await names(acme, 'a.b.test-acme.com')).toEqual([]);
    expect(await names(acme, 'img.acme-media.example')).toEqual(['Acme Media wildcard']);
    expect(await names(globex, 'www.test-acme.com')).toEqual([]);
    // Expired certificates are not offered.
    expect(await names(globex, 'legacy.globex-corp.example')).toEqual([]);
    // For a domain of one account: its own certificates, those of the accounts above it, those shared with it.
    const forAccount = async (domain: string, account: string) =>
      ((await post(acme, '/api/certificate/match/domain', { domain, account })).body.data as { name: string }[]).map((c) => c.name);
    expect(await forAccount('www.test-acme.com', 'acme_video')).toEqual(['Test wildcard']);
    expect(await forAccount('video.acme-video.com', 'acme_video')).toEqual(['Acme video 2026']);
    expect(await forAccount('video.acme-video.com', 'acme')).toEqual([]);
    expect(await forAccount('www.test-acme.com', 'globex')).toEqual([]);
  });

  it('search filters by name, domain (wildcards too) and expiry, with paging', async () => {
    const search = async (body: Record<string, unknown>) =>
      (await post(acme, '/api/certificate/search', body)).body.data as CertificateSearchReply;
    expect((await search({ name: 'wildcard' })).list.map((c) => c.name).sort()).toEqual(['Acme Media wildcard', 'Test wildcard']);
    expect((await search({ domain: 'shop.test-acme.com' })).list.map((c) => c.name)).toEqual(['Test wildcard']);
    expect((await search({ expiry: 'expiring' })).list.map((c) => c.name)).toEqual(['Acme static assets']);
    const page = await search({ pageNum: 2, pageSize: 2, sortField: 'name', sortOrder: 'ASC' });
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.list).toHaveLength(2);
    expect(page).toMatchObject({ pageNum: 2, pageSize: 2 });
    const globexSearch = (await post(globex, '/api/certificate/search', { name: 'acme' })).body.data as CertificateSearchReply;
    expect(globexSearch.total).toBe(0);
  });

  it('details and providerDetails show the chain and the issuer, never the key', async () => {
    const [c] = ((await post(acme, '/api/certificate/search', { name: 'Test wildcard' })).body.data as CertificateSearchReply).list;
    const details = (await get(acme, `/api/certificate/details/${c.id}`)).body.data as CertificateDetails;
    expect(details.chain).toHaveLength(2);
    expect(details.chain[1].subject).toContain('Test Trust TLS CA 2026');
    expect(details.certificate).toContain('BEGIN CERTIFICATE');
    expect(details.certificate).not.toContain('PRIVATE KEY');
    const provider = (await get(acme, `/api/certificate/providerDetails/${c.id}`)).body.data;
    expect(provider).toMatchObject({
      brand: 'Test Trust',
      organization: 'Test Trust',
      department: 'Certification Services',
      country: 'US',
      commonName: 'Test Trust TLS CA 2026',
    });
  });
});

describe('download', () => {
  it('gives operation users a zip with chain and key, view-only users the chain only', async () => {
    const [c] = ((await post(acme, '/api/certificate/search', { name: 'Test wildcard' })).body.data as CertificateSearchReply).list;
    const full = await app.inject({ method: 'GET', url: `/api/certificate/download/${c.id}`, headers: { cookie: acme } });
    expect(full.headers['content-type']).toBe('application/zip');
    expect(full.headers['content-disposition']).toContain('filename="Test_wildcard.zip"');
    const files = unzip(full.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['Test_wildcard.key', 'Test_wildcard.pem']);
    expect(files['Test_wildcard.key'].trim()).toBe(wildcard.keyPem.trim());
    expect(files['Test_wildcard.pem']).toContain(chain.intermediate.certPem.trim());

    const pem = await app.inject({ method: 'GET', url: `/api/certificate/download/${c.id}`, headers: { cookie: viewer } });
    expect(pem.headers['content-disposition']).toContain('filename="Test_wildcard.pem"');
    expect(pem.body).toContain('BEGIN CERTIFICATE');
    expect(pem.body).not.toContain('PRIVATE KEY');

    const other = await app.inject({ method: 'GET', url: `/api/certificate/download/${c.id}`, headers: { cookie: globex } });
    expect(other.json()).toMatchObject({ code: '404' });
  });
});

describe('rights and tenants', () => {
  it('refuses every write of a view-only user with code 403', async () => {
    const [c] = ((await post(acme, '/api/certificate/search', { name: 'Test wildcard' })).body.data as CertificateSearchReply).list;
    const writes: Array<[string, unknown]> = [
      ['/api/certificate/add', { name: 'v', certificate: pemChain(wildcard), privateKey: wildcard.keyPem, share: false }],
      ['/api/certificate/update', { id: c.id, share: false }],
      ['/api/certificate/rename', { id: c.id, name: 'renamed' }],
      [`/api/certificate/delete/${c.id}`, {}],
      [`/api/certificate/clear/${c.id}`, {}],
      ['/api/certificate/batch/bind/domain', { certificateId: c.id, domains: [] }],
    ];
    for (const [url, body] of writes) expect((await post(viewer, url, body)).body.code, url).toBe('403');
    expect((await get(viewer, `/api/certificate/details/${c.id}`)).body.code).toBe('0');
    expect((await call(app, null, { method: 'GET', url: '/api/certificate/account' })).status).toBe(401);
  });

  it("answers another tenant's certificate exactly like a missing one", async () => {
    const [c] = ((await post(acme, '/api/certificate/search', { name: 'Test wildcard' })).body.data as CertificateSearchReply).list;
    const attempts = [
      () => get(globex, `/api/certificate/details/${c.id}`),
      () => get(globex, `/api/certificate/providerDetails/${c.id}`),
      () => get(globex, `/api/certificate/deling/${c.id}`),
      () => post(globex, `/api/certificate/delete/${c.id}`),
      () => post(globex, `/api/certificate/clear/${c.id}`),
      () => post(globex, '/api/certificate/rename', { id: c.id, name: 'mine now' }),
      () => post(globex, '/api/certificate/update', { id: c.id, share: true, shareAccounts: ['globex'] }),
      () => post(globex, '/api/certificate/batch/bind/domain', { certificateId: c.id, domains: [] }),
    ];
    for (const attempt of attempts) expect((await attempt()).body).toMatchObject({ code: '404', msg: 'Record not found' });
    expect((await get(globex, '/api/certificate/details/999999')).body).toMatchObject({ code: '404', msg: 'Record not found' });
  });
});

describe('sharing', () => {
  it('shows a shared certificate to the accounts it is shared with, read-only', async () => {
    const own = await leaf(['share.test-acme.com'], -1, 300);
    const c = await uploadOk(acme, 'Shared to video', own, { share: true, shareAccounts: ['acme_video'] });
    expect(c).toMatchObject({ share: true, shareAccounts: ['acme_video'] });
    const hidden = await uploadOk(acme, 'Not shared', await leaf(['hidden.test-acme.com'], -1, 300));
    // A sub-user limited to acme_video, with the operation right.
    await app.db.query(
      `INSERT INTO users (uid, username, email, account, role, permissions, accounts, password_hash, is_main, creator)
       VALUES ($1, 'video_ops', 'v@acme.example', 'acme', 'user', $2, $3, $4, false, 'acme')`,
      [
        crypto.randomUUID(),
        JSON.stringify(['portal:certificate:operation:*']),
        JSON.stringify(['acme_video']),
        await hashPassword('Video@2026x'),
      ],
    );
    const video = await signIn(app, 'video_ops', 'Video@2026x');
    const listed = (await get(video, '/api/certificate/username', { username: 'video_ops' })).body.data as Certificate[];
    expect(listed.map((x) => x.name)).toEqual(expect.arrayContaining(['Shared to video', 'Acme API (shared)']));
    expect(listed.find((x) => x.name === 'Shared to video')).toMatchObject({ owned: false });
    expect((await get(video, `/api/certificate/details/${hidden.id}`)).body.code).toBe('404');
    expect((await post(video, '/api/certificate/rename', { id: c.id, name: 'taken over' })).body.msg).toMatch(/shared with you/);
    expect((await post(video, `/api/certificate/delete/${c.id}`)).body.msg).toMatch(/shared with you/);
    // The key stays with the owner: a recipient downloads the chain only.
    const dl = await app.inject({ method: 'GET', url: `/api/certificate/download/${c.id}`, headers: { cookie: video } });
    expect(dl.headers['content-type']).toContain('pem');
    expect(dl.body).not.toContain('PRIVATE KEY');
    // Unsharing takes it away again.
    expect((await post(acme, '/api/certificate/update', { id: c.id, share: false })).body).toMatchObject({
      code: '0',
      data: { share: false, shareAccounts: [] },
    });
    expect((await get(video, `/api/certificate/details/${c.id}`)).body.code).toBe('404');
  });

  it('lets staff share a certificate across tenants', async () => {
    const provider = await leaf(['cdn.provider-test.net'], -1, 300);
    const c = await uploadOk(admin, 'Provider shared', provider, { account: 'provider', share: true, shareAccounts: ['globex'] });
    const seen = (await get(globex, `/api/certificate/details/${c.id}`)).body.data as Certificate;
    expect(seen).toMatchObject({ name: 'Provider shared', owned: false, shareAccounts: ['globex'] });
    expect((await get(acme, `/api/certificate/details/${c.id}`)).body.code).toBe('404');
  });
});

describe('rename and renewal', () => {
  it('renames, refusing an empty or taken name', async () => {
    const c = await uploadOk(acme, 'Rename me', await leaf(['rename.test-acme.com'], -1, 300));
    expect((await post(acme, '/api/certificate/rename', { id: c.id, name: 'Renamed' })).body).toMatchObject({
      code: '0',
      data: { name: 'Renamed' },
    });
    expect((await post(acme, '/api/certificate/rename', { id: c.id, name: '' })).body.msg).toBe('Cannot be empty');
    expect((await post(acme, '/api/certificate/rename', { id: c.id, name: 'Test wildcard' })).body.msg).toMatch(/already exists/);
  });

  it('refreshes the name copied into the domains using it: shown, filtered by certificateName and searched', async () => {
    const c = await uploadOk(acme, 'Before rename', await leaf(['rn.test-acme.com'], -1, 300));
    const added = await addDomain(app, acme, { name: 'rn.test-acme.com', protocol: 'https', certificateId: String(c.id) });
    expect(added.body).toMatchObject({ code: '0', data: { certificateName: 'Before rename' } });
    const version = (added.body.data as { version: number }).version;
    expect((await post(acme, '/api/certificate/rename', { id: c.id, name: 'After rename' })).body.code).toBe('0');
    const byCert = await search(app, acme, { certificateName: 'after rename', pageSize: 100 });
    expect(byCert.list.map((d) => d.name)).toEqual(['rn.test-acme.com']);
    // Only the copy changes: no new version.
    expect(byCert.list[0]).toMatchObject({ certificateName: 'After rename', version });
    expect((await search(app, acme, { certificateName: 'before rename', pageSize: 100 })).total).toBe(0);
    expect((await search(app, acme, { textSearch: 'after rename', pageSize: 100 })).list.map((d) => d.name)).toEqual(['rn.test-acme.com']);
    expect((await search(app, acme, { textSearch: 'before rename', pageSize: 100 })).total).toBe(0);
  });

  it('replaces a certificate with a renewal for the same names only', async () => {
    const first = await leaf(['renew.test-acme.com', 'www.renew.test-acme.com'], -300, 40);
    const c = await uploadOk(acme, 'Renewable', first);
    const renewed = await leaf(['www.renew.test-acme.com', 'renew.test-acme.com'], -1, 365, { keyType: 'rsa' });
    const res = await post(acme, '/api/certificate/update', { id: c.id, certificate: pemChain(renewed), privateKey: renewed.keyPem });
    expect(res.body).toMatchObject({
      code: '0',
      msg: 'update successful',
      data: { keyAlgorithm: 'RSA 2048', signatureAlgorithm: 'SHA256withECDSA' },
    });
    expect((res.body.data as Certificate).serial).not.toBe(c.serial);
    expect(Date.parse((res.body.data as Certificate).expireTime)).toBeGreaterThan(Date.parse(c.expireTime));
    const different = await leaf(['other.renew.test-acme.com'], -1, 365);
    const refused = await post(acme, '/api/certificate/update', {
      id: c.id,
      certificate: pemChain(different),
      privateKey: different.keyPem,
    });
    expect(refused.body.msg).toMatch(/different names/);
    const half = await post(acme, '/api/certificate/update', { id: c.id, certificate: pemChain(renewed) });
    expect(half.body.msg).toMatch(/both the certificate and the private key/);
  });
});

describe('binding and deletion', () => {
  it('binds in batch only domains in scope that the certificate covers', async () => {
    const c = await uploadOk(acme, 'Bindable', await leaf(['*.bind-acme.com'], -1, 300));
    await insertDomain('www.bind-acme.com', 'acme', { https: false });
    await insertDomain('img.bind-acme.com', 'acme_static', { https: true });
    await insertDomain('www.bind-globex.com', 'globex', { https: false });
    const bind = (cookie: string, domains: string[]) =>
      post(cookie, '/api/certificate/batch/bind/domain', { certificateId: c.id, domains });
    expect((await bind(acme, ['WWW.bind-acme.com', 'img.bind-acme.com'])).body).toMatchObject({
      code: '0',
      data: { certificateId: c.id, bindDomains: ['img.bind-acme.com', 'www.bind-acme.com'] },
    });
    expect((await bind(acme, ['www.bind-globex.com'])).body.msg).toBe('Domains not found or not yours: www.bind-globex.com');
    expect((await bind(acme, ['nowhere.bind-acme.com'])).body.msg).toMatch(/not found or not yours: nowhere/);
    await insertDomain('deep.www.bind-acme.com', 'acme', { https: false });
    expect((await bind(acme, ['deep.www.bind-acme.com'])).body.msg).toBe('The certificate does not cover: deep.www.bind-acme.com');
    const listed = ((await post(acme, '/api/certificate/search', { name: 'Bindable' })).body.data as CertificateSearchReply).list[0];
    expect(listed.bindDomains).toEqual(['img.bind-acme.com', 'www.bind-acme.com']);

    // Bound to a domain with HTTPS on: deletion is refused up front, naming the domain.
    const refused = await post(acme, `/api/certificate/delete/${c.id}`);
    expect(refused.body).toMatchObject({
      code: '1',
      msg: 'The certificate is used by domains with HTTPS on; unbind it first: img.bind-acme.com',
    });
    // Unbinding the HTTPS domain (batch bind to the rest) allows it; the job unbinds the others.
    expect((await bind(acme, ['www.bind-acme.com'])).body.data).toMatchObject({ bindDomains: ['www.bind-acme.com'] });
    const started = await post(acme, `/api/certificate/delete/${c.id}`);
    expect(started.body).toMatchObject({ code: '0', data: { operationStatus: 0 } });
    await runCertificateDeletions(app, 0);
    expect((await get(acme, `/api/certificate/deling/${c.id}`)).body.data).toEqual({
      operationStatus: 1,
      log: 'The certificate was deleted; unbound from: www.bind-acme.com',
    });
  });

  it('runs a deletion through its states: deleting (0), deleted (1); gone from lists', async () => {
    const c = await uploadOk(acme, 'Delete me', await leaf(['gone.test-acme.com'], -1, 300));
    const res = await post(acme, `/api/certificate/delete/${c.id}`);
    expect(res.body.data).toEqual({ operationStatus: 0, log: 'Deletion requested; removing the certificate from the edge' });
    expect((await get(acme, `/api/certificate/deling/${c.id}`)).body.data).toMatchObject({ operationStatus: 0 });
    const listed = ((await post(acme, '/api/certificate/search', { name: 'Delete me' })).body.data as CertificateSearchReply).list;
    expect(listed[0].logicDelete).toBe(2);
    expect((await post(acme, '/api/certificate/rename', { id: c.id, name: 'no' })).body.msg).toBe('The certificate is being deleted');
    // A second delete while deleting just answers the state.
    expect((await post(acme, `/api/certificate/delete/${c.id}`)).body.data).toMatchObject({ operationStatus: 0 });
    expect(await runCertificateDeletions(app, 0)).toBeGreaterThanOrEqual(1);
    expect((await get(acme, `/api/certificate/deling/${c.id}`)).body.data).toEqual({
      operationStatus: 1,
      log: 'The certificate was deleted',
    });
    expect(((await post(acme, '/api/certificate/search', { name: 'Delete me' })).body.data as CertificateSearchReply).total).toBe(0);
    expect((await get(acme, `/api/certificate/details/${c.id}`)).body.code).toBe('404');
    const [row] = await app.db.query<{ key: string }>('SELECT key_encrypted AS key FROM certificates WHERE id = $1', [c.id]);
    expect(row.key).toBe('');
    // The name is free again.
    await uploadOk(acme, 'Delete me', await leaf(['gone2.test-acme.com'], -1, 300));
  });

  it('fails a deletion when an HTTPS domain starts using the certificate meanwhile (2), and clear resets it', async () => {
    const c = await uploadOk(acme, 'Race', await leaf(['race.test-acme.com'], -1, 300));
    expect((await post(acme, `/api/certificate/delete/${c.id}`)).body.data).toMatchObject({ operationStatus: 0 });
    // The domain's own settings choose the certificate before the job runs.
    await insertDomain('race.test-acme.com', 'acme', { https: true, certificateId: c.id });
    await runCertificateDeletions(app, 0);
    const status = (await get(acme, `/api/certificate/deling/${c.id}`)).body.data;
    expect(status).toEqual({
      operationStatus: 2,
      log: 'Deletion failed: the certificate is used by domains with HTTPS on: race.test-acme.com',
    });
    const failed = ((await post(acme, '/api/certificate/search', { name: 'Race' })).body.data as CertificateSearchReply).list[0];
    expect(failed).toMatchObject({ logicDelete: 3, bindDomains: ['race.test-acme.com'], configuredDomains: ['race.test-acme.com'] });
    expect((await post(acme, `/api/certificate/clear/${c.id}`)).body).toMatchObject({ code: '0', data: { logicDelete: 0, deleteLog: '' } });
    expect((await post(acme, `/api/certificate/clear/${c.id}`)).body.msg).toBe('This certificate has no failed deletion to clear');
    expect((await get(acme, `/api/certificate/deling/${c.id}`)).body.msg).toBe('This certificate is not being deleted');
  });

  it('the background job finishes a deletion by itself', async () => {
    const c = await uploadOk(acme, 'Background', await leaf(['bg.test-acme.com'], -1, 300));
    await post(acme, `/api/certificate/delete/${c.id}`);
    let status = 0;
    for (let i = 0; i < 40 && status === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = ((await get(acme, `/api/certificate/deling/${c.id}`)).body.data as { operationStatus: number }).operationStatus;
    }
    expect(status).toBe(1);
  });
});
