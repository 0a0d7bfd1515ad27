import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { addDomain, buildDomainInput, findDomain, search, waitConfigured } from './domainFixtures';
import type {
  Domain,
  DomainCloudStorage,
  DomainRetrieval,
  DomainSchedulingPolicy,
  DomainStrategy,
  DomainVersion,
} from '../../common/wire/domains';

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let admin: string;
const en = { 'x-portal-lang': 'en' };
const BLOCKED = 'Domain configuring, the status cannot be changed!';

beforeAll(async () => {
  // Long enough to observe the configuring block, short enough to wait for.
  app = await makeApp({ issueDelayMs: 1200 });
  [acme, admin] = await Promise.all([signIn(app, 'acme'), signIn(app, 'admin')]);
});
afterAll(async () => {
  await app?.close();
});

const post = (cookie: string, url: string, payload: object) => call(app, cookie, { method: 'POST', url, payload, headers: en });
const get = (cookie: string, url: string, query?: Record<string, string>) => call(app, cookie, { method: 'GET', url, query, headers: en });
const history = async (name: string) => (await get(acme, '/api/domain/history/version', { domain: name })).body.data as DomainVersion[];
const schedulingUrl = (d: Domain) => `/api/domain/schedulinPpolicy/${d.name}/${d.type}/${d.scope}/${d.protocol}`;

describe('the configuring block and the issuing job', () => {
  it('refuses edit, status change, rollback, delete and the scheduling view while configuring; the job completes it', async () => {
    // Seven calls must fit inside the configuring window: a longer one than the default 3 s, for a loaded machine.
    const previous = app.config.issueDelayMs;
    app.config.issueDelayMs = 10_000;
    onTestFinished(() => {
      app.config.issueDelayMs = previous;
    });
    const created = (await addDomain(app, acme, { name: 'busy.example-test.com' })).body.data as Domain;
    expect(created.operationState).toBe('configuring');
    const attempts = [
      await post(acme, '/api/domain/update', { ...buildDomainInput({ name: created.name, scope: 'all' }), id: created.id }),
      await post(acme, '/api/domain/disable', { id: created.id }),
      await post(acme, '/api/domain/enable', { id: created.id }),
      await post(acme, '/api/domain/history/rollback', { domain: created.name, version: 1 }),
      await post(acme, '/api/domain/delete', { id: created.id }),
      await get(acme, schedulingUrl(created)),
    ];
    for (const r of attempts) expect(r.body).toMatchObject({ code: '1', msg: BLOCKED });
    const listed = await findDomain(app, acme, created.name);
    expect(listed?.operationState).toBe('configuring');
    const done = await waitConfigured(app, acme, created.name, 20_000);
    expect(done.version).toBe(1);
    expect((await get(acme, schedulingUrl(done))).body.code).toBe('0');
  });

  it('completes a configuring domain whose due time passed while the server was down (state lives in the store)', async () => {
    const d = (await findDomain(app, acme, 'img.acme-media.example'))!;
    await app.db.query(`UPDATE domains SET operation_state = 'configuring', issue_due = now() - interval '1 minute' WHERE id = $1`, [d.id]);
    expect((await findDomain(app, acme, d.name))?.operationState).toBe('configuring');
    await waitConfigured(app, acme, d.name, 5000);
  });
});

describe('enable, disable, freeze', () => {
  it('disables with a version, blocks edits while disabled, enables again', async () => {
    await addDomain(app, acme, { name: 'toggle.example-test.com' });
    const d = await waitConfigured(app, acme, 'toggle.example-test.com', 8000);
    const off = await post(acme, '/api/domain/disable', { id: d.id });
    expect(off.body.data).toMatchObject({ status: 'off', operationState: 'configuring', version: 2 });
    const disabled = await waitConfigured(app, acme, d.name, 8000);
    expect(disabled.status).toBe('off');
    for (const r of [
      await post(acme, '/api/domain/update', { ...buildDomainInput({ name: d.name, scope: 'all' }), id: d.id }),
      await post(acme, '/api/domain/history/rollback', { domain: d.name, version: 1 }),
      await post(acme, '/api/domain/disable', { id: d.id }),
      await get(acme, schedulingUrl(disabled)),
    ])
      expect(r.body).toMatchObject({ code: '1', msg: BLOCKED });
    const on = await post(acme, '/api/domain/enable', { id: d.id });
    expect(on.body.data).toMatchObject({ status: 'on', operationState: 'configuring', version: 3 });
    const versions = await history(d.name);
    expect(versions.map((v) => v.action)).toEqual(['enable', 'disable', 'create']);
    expect(versions[1].summary).toBe('status: on → off');
    await waitConfigured(app, acme, d.name, 8000);
  });

  it('only the provider freezes and unfreezes', async () => {
    await addDomain(app, acme, { name: 'ice.example-test.com' });
    const d = await waitConfigured(app, acme, 'ice.example-test.com', 8000);
    expect((await post(acme, '/api/domain/disable', { id: d.id, freeze: true })).body).toMatchObject({
      code: '1',
      msg: 'Only the provider can freeze or unfreeze a domain',
    });
    expect((await post(admin, '/api/domain/disable', { id: d.id, freeze: true })).body.data).toMatchObject({ status: 'freeze' });
    await waitConfigured(app, acme, d.name, 8000);
    expect((await post(acme, '/api/domain/enable', { id: d.id })).body).toMatchObject({
      code: '1',
      msg: 'The domain is frozen, please contact the provider',
    });
    expect((await post(admin, '/api/domain/enable', { id: d.id })).body.data).toMatchObject({ status: 'on' });
    await waitConfigured(app, acme, d.name, 8000);
  });
});

describe('versions and rollback', () => {
  it('lists versions newest first with author, time and changes; rollback restores a config as a new version', async () => {
    await addDomain(app, acme, { name: 'hist.example-test.com' });
    let d = await waitConfigured(app, acme, 'hist.example-test.com', 8000);
    const v1Origins = d.origins;
    await post(acme, '/api/domain/update', { ...buildDomainInput({ name: d.name, scope: 'all' }), id: d.id });
    d = await waitConfigured(app, acme, d.name, 8000);
    const two = [...v1Origins, { role: 'backup', type: 'domain', address: 'backup.example-test.com', port: 80, weight: 5 }];
    await post(acme, '/api/domain/update', {
      ...buildDomainInput({ name: d.name, scope: 'all', origins: two as Domain['origins'] }),
      id: d.id,
    });
    d = await waitConfigured(app, acme, d.name, 8000);
    let versions = await history(d.name);
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions[0]).toMatchObject({
      author: 'acme',
      action: 'update',
      current: true,
      summary: 'origins: +backup domain backup.example-test.com:80 w5',
    });
    expect(versions[1]).toMatchObject({ summary: 'scope: cn → all', current: false });
    expect(Date.parse(versions[0].time)).toBeGreaterThanOrEqual(Date.parse(versions[2].time));

    expect((await post(acme, '/api/domain/history/rollback', { domain: d.name, version: 9 })).body).toMatchObject({
      code: '1',
      msg: 'No history version',
    });
    const back = await post(acme, '/api/domain/history/rollback', { domain: d.name, version: 1 });
    expect(back.body.data).toMatchObject({ version: 4, scope: 'cn', operationState: 'configuring' });
    expect((back.body.data as Domain).origins).toEqual(v1Origins);
    versions = await history(d.name);
    expect(versions[0]).toMatchObject({ version: 4, action: 'rollback', current: true });
    expect(versions[0].summary).toContain('rollback to v1');
    expect(versions[0].summary).toContain('scope: all → cn');
    expect(versions[0].config.scope).toBe('cn');
    await waitConfigured(app, acme, d.name, 8000);
  });

  it('answers an empty list for a domain without versions', async () => {
    const d = (await findDomain(app, acme, 'fonts.acme-static.com'))!;
    await app.db.query('DELETE FROM domain_versions WHERE domain_id = $1', [d.id]);
    expect((await get(acme, '/api/domain/history/version', { domain: d.name })).body).toMatchObject({ code: '0', data: [] });
  });

  it('demo domains come with their versions', async () => {
    const versions = await history('www.acme-media.example');
    expect(versions.length).toBe(3);
    expect(versions[2].action).toBe('create');
  });
});

describe('strategy, retrieval, cloud storage, scheduling', () => {
  it('derives the cache strategy from the stored rules, in priority order with the type default', async () => {
    const d = (await search(app, acme, { name: 'www.acme-media.example' })).list[0];
    const s = (await get(acme, `/api/domain/strategy/${d.id}`)).body.data as DomainStrategy;
    expect(s.rules.map((r) => r.priority)).toEqual(d.cacheRules.map((_, i) => i + 1));
    expect(s.rules[0]).toMatchObject({
      match: 'suffix',
      kind: 'suffix',
      values: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'],
      seconds: 30 * 86400,
      cache: true,
    });
    expect(s.rules.find((r) => r.value === '/index.html')).toMatchObject({ kind: 'file', seconds: 300 });
    expect(s.rules.find((r) => r.value === 'php,jsp,asp,aspx,do')).toMatchObject({ cache: false, seconds: 0 });
    expect(s.defaultRule).toEqual({ time: 7, unit: 'd', seconds: 7 * 86400 });
    expect(s.ignoreParams).toMatchObject({ mode: 'remove', params: ['utm_source', 'utm_medium', 'utm_campaign'] });
  });

  it('gives origin retrieval with protocol, host header and URL', async () => {
    const d = (await search(app, acme, { name: 'downloads.acme-media.example' })).list[0];
    const r = (await get(acme, `/api/domain/retrieval/${d.id}`)).body.data as DomainRetrieval;
    expect(r).toMatchObject({ domain: d.name, backProtocol: 'https', host: 'downloads.acme-media.example', rangeOrigin: true });
    expect(r.origins[0]).toMatchObject({
      role: 'main',
      address: 'dl-origin.acme-media.example',
      port: 443,
      url: 'https://dl-origin.acme-media.example:443/',
    });
    expect(r.origins[1].role).toBe('backup');
  });

  it('describes bucket origins and the other domains of the scope bound to them', async () => {
    const d = (await search(app, acme, { name: 'assets.acme-media.example' })).list[0];
    await addDomain(app, acme, {
      name: 'assets2.example-test.com',
      confirmBucket: true,
      origins: [{ role: 'main', type: 'bucket', address: 'acme-assets.oss-cn-shanghai.aliyuncs.com.example', port: 80, weight: 10 }],
    });
    const c = (await get(acme, `/api/domain/cloudStorage/get/${d.id}`)).body.data as DomainCloudStorage;
    expect(c.note).toContain('acme-assets');
    expect(c.buckets).toEqual([
      {
        bucket: 'acme-assets',
        endpoint: 'acme-assets.oss-cn-shanghai.aliyuncs.com.example',
        provider: 'Alibaba Cloud OSS',
        region: 'cn-shanghai',
        role: 'main',
        port: 80,
        boundDomains: ['assets2.example-test.com'],
      },
    ]);
    const none = (await search(app, acme, { name: 'cdn.acme-media.example' })).list[0];
    expect(((await get(acme, `/api/domain/cloudStorage/get/${none.id}`)).body.data as DomainCloudStorage).buckets).toEqual([]);
  });

  it('gives the scheduling policy by scope: China regions for cn, overseas for abroad, both for all', async () => {
    const regionsOf = async (name: string) => {
      const d = (await search(app, admin, { name })).list.find((x) => x.name === name)!;
      const r = await get(admin, schedulingUrl(d));
      expect(r.body.code).toBe('0');
      return r.body.data as DomainSchedulingPolicy;
    };
    const cn = await regionsOf('cdn.acme-media.example');
    expect(cn.regions.every((r) => r.region.startsWith('cn-'))).toBe(true);
    expect(cn.regions[0].lines).toContain('telecom');
    const abroad = await regionsOf('eu.globex-corp.example');
    expect(abroad.regions.some((r) => r.region.startsWith('cn-'))).toBe(false);
    const all = await regionsOf('updates.globex-corp.example');
    expect(all.regions.length).toBe(cn.regions.length + abroad.regions.length);
    expect(Math.round(all.regions.reduce((s, r) => s + r.weight, 0))).toBe(100);
    expect(cn.cname).toBe('cdn.acme-media.example.w.cdnportal.net');
  });
});
