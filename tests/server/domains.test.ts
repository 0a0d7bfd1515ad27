import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cipher, makeApp, signIn } from './helpers';
import { addDomain, buildDomainInput, findDomain, search, waitConfigured } from './domainFixtures';
import type { DomainNameInfo, DomainSummary } from '../../common/wire/domains';

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let globex: string;
let admin: string;
let viewer: string;
const en = { 'x-portal-lang': 'en' };

beforeAll(async () => {
  // Issuing completes quickly here; the configuring block has its own test file.
  app = await makeApp({ issueDelayMs: 150 });
  [acme, globex, admin, viewer] = await Promise.all([
    signIn(app, 'acme'),
    signIn(app, 'globex'),
    signIn(app, 'admin'),
    signIn(app, 'acme_viewer'),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe('domain search', () => {
  it('answers an AES-encrypted page {list, pageNum, current, total} of the caller scope', async () => {
    const r = await call(app, acme, { method: 'POST', url: '/api/domain/search', payload: { pageNum: 1, pageSize: 5 } });
    expect(r.body.code).toBe('0');
    expect(typeof r.body.data).toBe('string');
    expect(String(r.body.data)).not.toContain('acme');
    const page = cipher.decryptJson<{ list: Array<{ name: string; account: string }>; pageNum: number; current: number; total: number }>(
      r.body.data as string,
    );
    expect(page.pageNum).toBe(1);
    expect(page.current).toBe(1);
    expect(page.list).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(20);
    const all = await search(app, acme, { pageSize: 1000 });
    expect(all.list.every((d) => ['acme', 'acme_video', 'acme_static'].includes(d.account))).toBe(true);
    expect(new Set(all.list.map((d) => d.account))).toEqual(new Set(['acme', 'acme_video', 'acme_static']));
  });

  it('pages without overlap and sorts on the server', async () => {
    const p1 = await search(app, acme, { pageNum: 1, pageSize: 7, sortField: 'name', sortOrder: 'ASC' });
    const p2 = await search(app, acme, { pageNum: 2, pageSize: 7, sortField: 'name', sortOrder: 'ASC' });
    const names = [...p1.list, ...p2.list].map((d) => d.name);
    expect(new Set(names).size).toBe(14);
    expect(names).toEqual([...names].sort());
    const desc = await search(app, acme, { pageSize: 3, sortField: 'name', sortOrder: 'DESC' });
    expect(desc.list[0].name > desc.list[2].name).toBe(true);
    const beyond = await search(app, acme, { pageNum: 99, pageSize: 20 });
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(p1.total);
  });

  it('applies every filter of the spec', async () => {
    const byName = await search(app, acme, { name: 'ACME-VIDEO' });
    expect(byName.list.length).toBeGreaterThan(0);
    expect(byName.list.every((d) => d.name.includes('acme-video'))).toBe(true);
    const text = await search(app, acme, { textSearch: 'signed urls' });
    expect(text.list.map((d) => d.name)).toEqual(['downloads.acme-media.example']);
    const byOrigin = await search(app, acme, { textSearch: 'aliyuncs' });
    expect(byOrigin.list.map((d) => d.name)).toContain('assets.acme-media.example');
    const label = await search(app, acme, { domainLabel: 'video' });
    expect(label.total).toBeGreaterThan(0);
    expect(label.list.every((d) => d.labels.includes('video'))).toBe(true);
    const types = await search(app, acme, { type: ['vod', 'static'], pageSize: 100 });
    expect(types.list.every((d) => d.type === 'vod' || d.type === 'static')).toBe(true);
    expect(new Set(types.list.map((d) => d.type))).toEqual(new Set(['vod', 'static']));
    const scope = await search(app, acme, { scope: ['all'], pageSize: 100 });
    expect(scope.total).toBeGreaterThan(0);
    expect(scope.list.every((d) => d.scope === 'all')).toBe(true);
    const https = await search(app, acme, { protocol: 'https', pageSize: 100 });
    expect(https.list.every((d) => d.protocol === 'https')).toBe(true);
    const status = await search(app, acme, { status: ['off', 'freeze'], pageSize: 100 });
    expect(new Set(status.list.map((d) => d.status))).toEqual(new Set(['off', 'freeze']));
    const cert = await search(app, acme, { certificateName: 'wildcard', pageSize: 100 });
    expect(cert.total).toBeGreaterThan(0);
    expect(cert.list.every((d) => d.certificateName === 'Acme Media wildcard')).toBe(true);
    const combined = await search(app, acme, { type: ['static'], status: ['on'], scope: ['cn'], protocol: 'http' });
    expect(combined.list.every((d) => d.type === 'static' && d.status === 'on' && d.scope === 'cn' && d.protocol === 'http')).toBe(true);
    // Comma-separated lists are accepted too.
    const csv = await call(app, acme, { method: 'POST', url: '/api/domain/search', payload: { type: 'vod,download', pageSize: 100 } });
    const csvPage = cipher.decryptJson<{ list: Array<{ type: string }> }>(csv.body.data as string);
    expect(csvPage.list.every((d) => d.type === 'vod' || d.type === 'download')).toBe(true);
  });

  it('narrows to requested accounts: x@+@ = own domains, x = with sub-accounts, others ignored', async () => {
    const own = await search(app, acme, { account: ['acme@+@'], pageSize: 100 });
    expect(own.list.every((d) => d.account === 'acme')).toBe(true);
    const video = await search(app, acme, { account: ['acme_video'], pageSize: 100 });
    expect(video.list.every((d) => d.account === 'acme_video' && d.belongDomainGroup === 'acme_video')).toBe(true);
    const tree = await search(app, acme, { account: ['acme'], pageSize: 100 });
    expect(tree.total).toBe((await search(app, acme, { pageSize: 1 })).total);
    const foreign = await search(app, acme, { account: ['globex'] });
    expect(foreign.total).toBe(0);
  });

  it('GET /api/domain/list and /cloud/encryptDomainInfo answer encrypted lists of the scope', async () => {
    const list = await call(app, acme, { method: 'GET', url: '/api/domain/list' });
    const summaries = cipher.decryptJson<DomainSummary[]>(list.body.data as string);
    expect(summaries.length).toBeGreaterThan(15);
    expect(summaries.some((d) => d.account === 'globex')).toBe(false);
    const names = await call(app, globex, { method: 'GET', url: '/cloud/encryptDomainInfo', query: { account: 'all' } });
    expect(names.body.code).toBe('0');
    const info = cipher.decryptJson<DomainNameInfo[]>(names.body.data as string);
    expect(info.map((d) => d.name)).toContain('www.globex-corp.example');
    expect(info.every((d) => d.account === 'globex')).toBe(true);
    const all = cipher.decryptJson<DomainNameInfo[]>(
      (await call(app, admin, { method: 'GET', url: '/cloud/encryptDomainInfo', query: { account: 'all' } })).body.data as string,
    );
    expect(new Set(all.map((d) => d.account))).toEqual(new Set(['acme', 'acme_video', 'acme_static', 'globex']));
  });
});

describe('adding a domain', () => {
  const cases: Array<[string, Parameters<typeof buildDomainInput>[0], string, string]> = [
    ['empty name', { name: '  ' }, 'name', 'The domain name cannot be empty!'],
    ['bad name', { name: 'bad_name!' }, 'name', 'Domain name format is incorrect!'],
    ['bad back directory', { backDir: 'static' }, 'backDir', "The back directory must start and end with '/'"],
    ['no test URL', { testUrl: '' }, 'testUrl', 'The test URL cannot be empty'],
    ['relative test URL', { testUrl: 'health' }, 'testUrl', "The test URL must start with '/'"],
    ['no origin', { origins: [] }, 'origins', 'Add at least one origin'],
    [
      'empty origin',
      { origins: [{ role: 'main', type: 'domain', address: '', port: 80, weight: 10 }] },
      'origins.0.address',
      'The origin cannot be empty',
    ],
    [
      'repeated origin',
      {
        origins: [
          { role: 'main', type: 'domain', address: 'o.example-test.com', port: 80, weight: 10 },
          { role: 'backup', type: 'domain', address: 'O.example-test.com', port: 80, weight: 5 },
        ],
      },
      'origins.1.address',
      'Source station repeat, please re-fill',
    ],
    [
      'origin is the domain',
      {
        name: 'self.example-test.com',
        origins: [{ role: 'main', type: 'domain', address: 'self.example-test.com', port: 80, weight: 10 }],
      },
      'origins.0.address',
      'The origin cannot be the accelerated domain itself',
    ],
    [
      'no port',
      { origins: [{ role: 'main', type: 'ip', address: '47.98.1.2', port: null as unknown as number, weight: 10 }] },
      'origins.0.port',
      'The port cannot be empty',
    ],
    [
      'port out of range',
      { origins: [{ role: 'main', type: 'ip', address: '47.98.1.2', port: 70000, weight: 10 }] },
      'origins.0.port',
      'The port must be between 1 and 65535',
    ],
    [
      'bad IP origin',
      { origins: [{ role: 'main', type: 'ip', address: '300.1.1.1', port: 80, weight: 10 }] },
      'origins.0.address',
      'The origin address format is incorrect',
    ],
    [
      'directory with a dot',
      { cacheRules: [{ match: 'path', value: '/img.v2/', time: 1, unit: 'd' }] },
      'cacheRules.0.value',
      "A directory path must start and end with '/' and contain no '.'",
    ],
    [
      'directory without end slash',
      { cacheRules: [{ match: 'path', value: '/images', time: 1, unit: 'd' }] },
      'cacheRules.0.value',
      "A directory path must start and end with '/' and contain no '.'",
    ],
    [
      'file without slash',
      { cacheRules: [{ match: 'path', value: 'index.html', time: 1, unit: 'd' }] },
      'cacheRules.0.value',
      "A file path must start with '/'",
    ],
    [
      'eleven suffixes',
      { cacheRules: [{ match: 'suffix', value: 'a,b,c,d,e,f,g,h,i,j,k', time: 1, unit: 'd' }] },
      'cacheRules.0.value',
      'Up to 10 suffixes',
    ],
    [
      'fractional time',
      { cacheRules: [{ match: 'suffix', value: 'jpg', time: 1.5, unit: 'd' }] },
      'cacheRules.0.time',
      'The cache time must be an integer of 0 or more',
    ],
    [
      'conflicting rules',
      {
        cacheRules: [
          { match: 'suffix', value: 'jpg,png', time: 1, unit: 'd' },
          { match: 'suffix', value: '.PNG', time: 2, unit: 'h' },
        ],
      },
      'cacheRules.1.value',
      'Caching policy conflicts, please check',
    ],
    ['no ICP', { icp: '' }, 'icp', 'The ICP number cannot be empty'],
    ['bad ICP', { icp: 'ICP12345' }, 'icp', 'ICP number format is incorrect, e.g. 京ICP备12345678号-1'],
    ['custom back host empty', { backHost: { mode: 'custom', value: '' } }, 'backHost.value', 'The back host cannot be empty'],
    ['https without certificate', { protocol: 'https' }, 'certificateId', 'Choose a certificate for HTTPS'],
    ['live type on add', { type: 'live_push' }, 'type', 'Choose a business type (download, vod, static)'],
  ];
  for (const [label, input, field, msg] of cases) {
    it(`refuses ${label}: '${msg}'`, async () => {
      const r = await call(app, acme, { method: 'POST', url: '/api/domain/add', payload: buildDomainInput(input), headers: en });
      expect(r.body.code).toBe('1');
      expect(r.body.msg).toBe(msg);
      expect((r.body.data as Array<{ field: string }>)[0].field).toBe(field);
    });
  }

  it('checks advanced settings (header names, rewrite rules, referer entries, IP lists, URL auth)', async () => {
    const base = buildDomainInput();
    const adv = (patch: Partial<typeof base.advanced>) => buildDomainInput({ advanced: { ...base.advanced, ...patch } });
    const expectMsg = async (input: ReturnType<typeof buildDomainInput>, msg: string) => {
      const r = await call(app, acme, { method: 'POST', url: '/api/domain/add', payload: input, headers: en });
      expect(r.body.msg).toBe(msg);
    };
    await expectMsg(adv({ responseHeaders: [{ action: 'set', name: 'Bad Header', value: 'x' }] }), 'The header name format is incorrect');
    await expectMsg(adv({ requestHeaders: [{ action: 'set', name: 'Host', value: 'x' }] }), 'This header cannot be changed');
    await expectMsg(adv({ rewriteRules: [{ source: '', target: '/x', flag: 'break', status: 'on' }] }), 'The original URL cannot be empty');
    await expectMsg(
      adv({ rewriteRules: [{ source: '^/a/(', target: '/x', flag: 'break', status: 'on' }] }),
      "The original URL must start with '/' or '^' and be a valid regular expression",
    );
    await expectMsg(
      adv({ rewriteRules: [{ source: '^/a$', target: 'x', flag: 'break', status: 'on' }] }),
      "The rewritten URL must start with '/' or http(s)://",
    );
    await expectMsg(adv({ referer: { mode: 'allow', values: ['not a host'], allowEmpty: false } }), 'The Referer format is incorrect');
    await expectMsg(adv({ ipList: { mode: 'deny', values: ['10.0.0.0/33'] } }), 'The IP or network format is incorrect');
    await expectMsg(
      adv({ urlAuth: { enabled: true, type: 'A', secret: 'abc', time: 60 } }),
      'The authentication secret must be 6 to 32 letters or digits',
    );
  });

  it('answers in Chinese by default', async () => {
    const r = await addDomain(app, acme, { name: '' });
    expect(r.body.msg).toBe('域名不能为空！');
  });

  it("refuses an existing name, also another tenant's: 'The domain name already exists!'", async () => {
    for (const name of ['www.acme-media.example', 'WWW.GLOBEX-CORP.example']) {
      const r = await call(app, acme, { method: 'POST', url: '/api/domain/add', payload: buildDomainInput({ name }), headers: en });
      expect(r.body).toMatchObject({ code: '1', msg: 'The domain name already exists!' });
    }
  });

  it('creates a configuring domain with version 1, in the requested sub-account; the job completes it', async () => {
    const r = await addDomain(app, acme, { name: 'New.Example-Test.com', account: 'acme_video', labels: ['fresh'] });
    expect(r.body.code).toBe('0');
    const created = r.body.data as {
      id: number;
      name: string;
      account: string;
      belongDomainGroup: string;
      operationState: string;
      version: number;
      cname: string;
      createdBy: string;
    };
    expect(created).toMatchObject({
      name: 'new.example-test.com',
      account: 'acme_video',
      belongDomainGroup: 'acme_video',
      operationState: 'configuring',
      version: 1,
      createdBy: 'acme',
    });
    expect(created.cname).toBe('new.example-test.com.w.cdnportal.net');
    const done = await waitConfigured(app, acme, 'new.example-test.com');
    expect(done.operationState).toBe('configured');
    const history = await call(app, acme, { method: 'GET', url: '/api/domain/history/version', query: { domain: 'new.example-test.com' } });
    expect(history.body.data).toMatchObject([{ version: 1, author: 'acme', action: 'create', current: true }]);
  });

  it('refuses an account outside the scope', async () => {
    const r = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/add',
      payload: buildDomainInput({ name: 'x1.example-test.com', account: 'globex' }),
      headers: en,
    });
    expect(r.body).toMatchObject({ code: '1', msg: 'The owning account does not exist or cannot be chosen' });
  });

  it("asks before binding a bucket bound to another domain (code '2'), accepts when confirmed", async () => {
    const bucket = {
      role: 'main' as const,
      type: 'bucket' as const,
      address: 'acme-assets.oss-cn-shanghai.aliyuncs.com.example',
      port: 80,
      weight: 10,
    };
    const ask = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/add',
      payload: buildDomainInput({ name: 'b1.example-test.com', origins: [bucket] }),
      headers: en,
    });
    expect(ask.body).toMatchObject({ code: '2', msg: 'This bucket has been bound by another domain name. Confirm binding?' });
    const yes = await addDomain(app, acme, { name: 'b1.example-test.com', origins: [bucket], confirmBucket: true });
    expect(yes.body.code).toBe('0');
  });

  it("uses only certificates the owner may use and takes the certificate's name from the store", async () => {
    const [own] = await app.db.query<{ id: string; name: string }>(
      `SELECT id::text AS id, name FROM certificates WHERE account = 'acme' ORDER BY id LIMIT 1`,
    );
    const [foreign] = await app.db.query<{ id: string }>(`SELECT id::text AS id FROM certificates WHERE account = 'globex' LIMIT 1`);
    const bad = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/add',
      headers: en,
      payload: buildDomainInput({
        name: 'tls1.example-test.com',
        protocol: 'https',
        certificateId: foreign.id,
        certificateName: 'spoofed',
      }),
    });
    expect(bad.body).toMatchObject({ code: '1', msg: 'The certificate does not exist or cannot be used' });
    const good = await addDomain(app, acme, {
      name: 'tls1.example-test.com',
      protocol: 'https',
      certificateId: own.id,
      certificateName: 'spoofed',
      forceHTTPS: true,
    });
    expect(good.body.code).toBe('0');
    expect(good.body.data).toMatchObject({ certificateId: own.id, certificateName: own.name, forceHTTPS: true });
  });
});

describe('update and delete', () => {
  it('updates the config as a new version with a readable change summary; the name cannot change', async () => {
    await addDomain(app, acme, { name: 'edit.example-test.com' });
    const d = await waitConfigured(app, acme, 'edit.example-test.com');
    const renamed = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/update',
      payload: { ...buildDomainInput({ name: 'other.example-test.com' }), id: d.id },
      headers: en,
    });
    expect(renamed.body).toMatchObject({ code: '1', msg: 'The domain name cannot be changed' });
    const origins = [...d.origins, { role: 'backup' as const, type: 'ip' as const, address: '47.98.10.20', port: 8080, weight: 5 }];
    const r = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/update',
      payload: { ...buildDomainInput({ name: d.name, scope: 'all', origins }), id: d.id },
    });
    expect(r.body.code).toBe('0');
    expect(r.body.data).toMatchObject({ version: 2, operationState: 'configuring', scope: 'all' });
    const versions = (await call(app, acme, { method: 'GET', url: '/api/domain/history/version', query: { domain: d.name } })).body
      .data as Array<{ version: number; summary: string; changes: Array<{ field: string }>; author: string; action: string }>;
    expect(versions[0]).toMatchObject({ version: 2, author: 'acme', action: 'update' });
    expect(versions[0].changes.map((c) => c.field).sort()).toEqual(['origins', 'scope']);
    expect(versions[0].summary).toContain('scope: cn → all');
    expect(versions[0].summary).toContain('47.98.10.20:8080');
  });

  it('validates an update like an add', async () => {
    const d = await waitConfigured(app, acme, 'edit.example-test.com');
    const r = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/update',
      payload: { ...buildDomainInput({ name: d.name, testUrl: 'x' }), id: d.id },
      headers: en,
    });
    expect(r.body).toMatchObject({ code: '1', msg: "The test URL must start with '/'" });
  });

  it('deletes a domain of the scope', async () => {
    await addDomain(app, acme, { name: 'gone.example-test.com' });
    const d = await waitConfigured(app, acme, 'gone.example-test.com');
    expect((await call(app, acme, { method: 'POST', url: '/api/domain/delete', payload: { id: d.id } })).body.code).toBe('0');
    // the same search as just before: a kept page (searchDomainPageKept) ends with the write
    expect(await findDomain(app, acme, 'gone.example-test.com')).toBeUndefined();
  });
});

describe('tenant isolation and rights', () => {
  it('acme never sees or changes a globex domain, and globex never an acme one (it looks missing)', async () => {
    const g = (await search(app, globex, { name: 'shop.globex-corp.example' })).list[0];
    const a = (await search(app, acme, { name: 'www.acme-media.example' })).list[0];
    expect(await findDomain(app, acme, 'shop.globex-corp.example')).toBeUndefined();
    expect((await search(app, acme, { ids: [g.id] })).total).toBe(0);
    expect((await search(app, globex, { ids: [a.id] })).total).toBe(0);
    const attempts: Array<[string, string, string, Record<string, unknown>]> = [
      [acme, 'POST', '/api/domain/update', { ...buildDomainInput({ name: g.name }), id: g.id }],
      [acme, 'POST', '/api/domain/delete', { id: g.id }],
      [acme, 'POST', '/api/domain/disable', { id: g.id }],
      [acme, 'POST', '/api/domain/enable', { id: g.id }],
      [acme, 'POST', '/api/domain/history/rollback', { domain: g.name, version: 1 }],
      [globex, 'POST', '/api/domain/disable', { id: a.id }],
      [globex, 'POST', '/api/domain/delete', { id: a.id }],
    ];
    for (const [cookie, method, url, payload] of attempts) {
      const r = await call(app, cookie, { method: method as 'POST', url, payload });
      expect(r.body.code, url).toBe('404');
    }
    for (const url of [
      `/api/domain/strategy/${g.id}`,
      `/api/domain/retrieval/${g.id}`,
      `/api/domain/cloudStorage/get/${g.id}`,
      `/api/domain/schedulinPpolicy/${g.name}/${g.type}/${g.scope}/${g.protocol}`,
    ]) {
      expect((await call(app, acme, { method: 'GET', url })).body.code, url).toBe('404');
    }
    expect((await call(app, acme, { method: 'GET', url: '/api/domain/history/version', query: { domain: g.name } })).body.code).toBe('404');
    expect((await findDomain(app, globex, 'shop.globex-corp.example'))?.status).toBe('on');
  });

  it('acme_viewer reads but gets code 403 on every write', async () => {
    const page = await search(app, viewer, { pageSize: 2 });
    expect(page.total).toBeGreaterThan(0);
    const d = page.list[0];
    const writes: Array<[string, object]> = [
      ['/api/domain/add', buildDomainInput({ name: 'viewer.example-test.com' })],
      ['/api/domain/update', { ...buildDomainInput({ name: d.name }), id: d.id }],
      ['/api/domain/delete', { id: d.id }],
      ['/api/domain/enable', { id: d.id }],
      ['/api/domain/disable', { id: d.id }],
      ['/api/domain/history/rollback', { domain: d.name, version: 1 }],
    ];
    for (const [url, payload] of writes) {
      const r = await call(app, viewer, { method: 'POST', url, payload });
      expect(r.body.code, url).toBe('403');
    }
    expect((await findDomain(app, acme, d.name))?.version).toBe(d.version);
  });

  it('answers HTTP 401 without a session on every domain route', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/domain/search'],
      ['GET', '/api/domain/list'],
      ['GET', '/cloud/encryptDomainInfo?account=all'],
      ['POST', '/api/domain/add'],
      ['POST', '/api/domain/update'],
      ['POST', '/api/domain/delete'],
      ['POST', '/api/domain/enable'],
      ['POST', '/api/domain/disable'],
      ['POST', '/api/domain/history/rollback'],
      ['GET', '/api/domain/history/version?domain=a.com'],
      ['GET', '/api/domain/strategy/1'],
      ['GET', '/api/domain/retrieval/1'],
      ['GET', '/api/domain/cloudStorage/get/1'],
      ['GET', '/api/domain/schedulinPpolicy/a.com/static/cn/http'],
      ['POST', '/api/domain/validation/testUrl'],
      ['POST', '/api/domain/validation/icp'],
      ['GET', '/api/liveDomain/find'],
      ['POST', '/api/liveDomain/query'],
    ];
    for (const [method, url] of routes) {
      // A body that passes every schema: the session check is what answers.
      const r = await call(app, null, {
        method: method as 'GET',
        url,
        payload: method === 'POST' ? { id: 1, domain: 'a.com', version: 1 } : undefined,
      });
      expect(r.status, url).toBe(401);
    }
  });

  it('a user without the domain right gets 403', async () => {
    const nobody = await signIn(app, 'nobody');
    expect((await call(app, nobody, { method: 'POST', url: '/api/domain/search', payload: {} })).body.code).toBe('403');
  });
});
