import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, cipher, signIn } from './helpers';
import { analysisApp, DAY0, generateRows, pct2, rowsIn, sum, utcText } from './analysisFixture';
import type {
  AnalysisOptionsData,
  BandAndFlow,
  CountDetail,
  DosageEntry,
  Overview,
  PullDownOptions,
  Sequential,
  ServiceInfo,
  ServiceInfoInit,
} from '../../common/wire/traffic/index';

const rows = generateRows(2000, 7);
const START = DAY0;
const END = DAY0 + 2 * 86400;
const range = { startTime: utcText(START), endTime: utcText(END - 1), timeZone: 'UTC' };
const inRange = (keep: (r: (typeof rows)[number]) => boolean) => rowsIn(rows, START, END, keep);
const acmeTree = (a: string) => a === 'acme' || a === 'acme_video' || a === 'acme_static';

let app: FastifyInstance;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  app = await analysisApp(rows);
  for (const u of ['acme', 'acme_viewer', 'globex', 'admin', 'nobody']) cookies[u] = await signIn(app, u);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const post = (user: string | null, url: string, payload: object) =>
  call(app, user ? cookies[user] : null, { method: 'POST', url, payload, headers: { 'x-portal-lang': 'en' } });
const data = async <T>(user: string, url: string, payload: object): Promise<T> => {
  const res = await post(user, url, payload);
  expect(res.body.code, `${user} ${url}: ${res.body.msg}`).toBe('0');
  return res.body.data as T;
};

describe('tenant scope', () => {
  it('acme never sees globex rows; globex sees only its own; staff sees both', async () => {
    const count = async (user: string, extra: object = {}) =>
      (await data<CountDetail>(user, '/api/es/count/offLine', { ...range, ...extra })).count.request;
    expect(await count('acme')).toBe(inRange((r) => acmeTree(r.account)).length);
    expect(await count('acme', { accounts: ['globex'] })).toBe(0);
    expect(await count('acme', { domains: ['g1.globex.test'] })).toBe(0);
    // 'acme' covers its sub-accounts; the other tenant's entry is dropped.
    expect(await count('acme', { account: 'acme,globex' })).toBe(inRange((r) => acmeTree(r.account)).length);
    expect(await count('acme', { account: 'acme@+@,globex' })).toBe(inRange((r) => r.account === 'acme').length);
    expect(await count('globex')).toBe(inRange((r) => r.account === 'globex').length);
    expect(await count('globex', { accounts: ['acme', 'acme_video'] })).toBe(0);
    expect(await count('admin')).toBe(rows.length);
    expect(await count('admin', { accounts: ['globex', 'acme_video'] })).toBe(
      inRange((r) => r.account === 'globex' || r.account === 'acme_video').length,
    );
    const top = await data<{ list: { url: string }[]; count: number }>('acme', '/api/es/urlTop/offLine', {
      ...range,
      domains: ['g1.globex.test'],
    });
    expect(top).toEqual({ list: [], count: 0 });
    const simple = await call(app, cookies.acme, { method: 'GET', url: '/api/es/urltop/get', query: { ...range, account: 'globex' } });
    expect(simple.body.data).toMatchObject({ total: 0, urltermsList: [] });
  });

  it('acme_viewer gets code 403 on the tabs it lacks and data on top and hit', async () => {
    const denied = [
      '/api/es/agent/onLine',
      '/api/es/source/offLine',
      '/api/es/statusCode/onLine',
      '/api/es/statusCode/onLine/TB',
      '/api/es/independentIp/offLine',
      '/api/es/independentIp/onLine/all/flow',
      '/api/es/userDistribution/onLine',
      '/api/es/userDistribution/offLine/all/request',
      '/api/es/sourceRequest/db',
      '/api/es/statusCode/db',
      '/api/es/sourceStatusCode/db',
    ];
    for (const url of denied) expect((await post('acme_viewer', url, { ...range, domains: ['a1.acme.test'] })).body.code, url).toBe('403');
    for (const kind of ['clientside', 'source', 'statuscode', 'independentip', 'userdistribution']) {
      const res = await call(app, cookies.acme_viewer, { method: 'GET', url: `/api/es/${kind}/get`, query: range });
      expect(res.body.code, kind).toBe('403');
    }
    for (const url of [
      '/api/es/urlTop/onLine',
      '/api/es/urlTop/offLine/flow',
      '/api/es/hitRate/offLine',
      '/api/es/hitRate/onLine/BT',
      '/api/es/count/onLine',
      '/api/es/hitRate/db',
      '/api/es/byteRate/db',
      '/api/es/request/db',
    ]) {
      expect((await post('acme_viewer', url, { ...range, domains: ['a1.acme.test'] })).body.code, url).toBe('0');
    }
    for (const kind of ['urltop', 'hitrate']) {
      expect((await call(app, cookies.acme_viewer, { method: 'GET', url: `/api/es/${kind}/get`, query: range })).body.code).toBe('0');
    }
    expect((await post('nobody', '/api/es/count/onLine', range)).body.code).toBe('403');
    expect((await post(null, '/api/es/count/onLine', range)).status).toBe(401);
    // Bills and ranking have modules of their own.
    expect((await post('acme_viewer', '/api/bill/billSum', { startMonth: '2026-01', endMonth: '2026-01' })).body.code).toBe('403');
    expect((await post('acme_viewer', '/api/dosageSort', range)).body.code).toBe('403');
  });
});

describe('encrypted shared calls', () => {
  it('analysisOptions: AES payload in, AES reply out, scoped maps', async () => {
    const res = await post('acme', '/api/common/analysisOptions', { data: cipher.aesEncrypt(JSON.stringify({})) });
    expect(res.body.code).toBe('0');
    const opts = cipher.decryptJson<AnalysisOptionsData>(res.body.data as string);
    expect(opts.domainMap).toEqual({ acme: ['a1.acme.test', 'a2.acme.test'], acme_video: ['v1.video.test'] });
    expect(Object.keys(opts.providerMap).sort()).toEqual(['cdn-a', 'cdn-b', 'cdn-c']);
    const narrowed = cipher.decryptJson<AnalysisOptionsData>(
      await data<string>('acme', '/api/common/analysisOptions', {
        data: cipher.aesEncrypt(JSON.stringify({ accounts: ['acme_video', 'globex'] })),
      }),
    );
    expect(narrowed.domainMap).toEqual({ acme_video: ['v1.video.test'] });
    const bad = await post('acme', '/api/common/analysisOptions', { data: 'not-cipher-text' });
    expect(bad.body).toMatchObject({ code: '1', msg: 'The encrypted payload could not be read' });
  });

  it('bandAndFlow: encrypted search, flow per interval and the total', async () => {
    const search = { ...range, domains: ['a2.acme.test'], interval: '1h', timeSelect: 'userDefined' };
    const bf = await data<BandAndFlow>('acme', '/api/common/bandAndFlow', { data: cipher.encryptJson(search) });
    const exp = inRange((r) => r.domain === 'a2.acme.test');
    expect(bf.totalFlow).toBe(sum(exp.map((r) => r.bytes)));
    expect(bf.bandAndFlowList).toHaveLength(48);
    const p = bf.bandAndFlowList[5];
    const flow = sum(rowsIn(exp, p.timestamp, p.timestamp + 3600).map((r) => r.bytes));
    expect(p).toEqual({ timestamp: START + 5 * 3600, flow, bandwidth: Math.round((flow * 8) / 3600) });
    // Minute-precision times (the real-time screen's custom range) include their whole last minute,
    // and no domain is needed.
    const minutes = {
      startTime: utcText(START, false),
      endTime: utcText(END - 60, false),
      timeZone: 'UTC',
      interval: '1d',
      timeSelect: 'userDefined',
    };
    const all = await data<BandAndFlow>('acme', '/api/common/bandAndFlow', { data: cipher.encryptJson(minutes) });
    expect(all.totalFlow).toBe(sum(inRange((r) => acmeTree(r.account)).map((r) => r.bytes)));
  });

  it('pullDown lists the areas of the caller only', async () => {
    const res = await call(app, cookies.acme, { method: 'GET', url: '/api/es/pullDown/offLine' });
    const opts = res.body.data as PullDownOptions;
    const mine = rows.filter((r) => acmeTree(r.account));
    expect(opts.all.country.map((c) => c.value)).toEqual([...new Set(mine.map((r) => r.country))].sort());
    expect(opts.cn.province.map((c) => c.value)).toEqual(
      [...new Set(mine.filter((r) => r.country === 'CN').map((r) => r.province))].sort(),
    );
  });
});

describe('overview, service info, sequential, ranking', () => {
  it('overview takes a DES payload and answers totals, curve and top domains', async () => {
    const ov = await data<Overview>('acme', '/api/overview', { data: cipher.desEncrypt(JSON.stringify({ ...range, interval: '1d' })) });
    const exp = inRange((r) => acmeTree(r.account));
    expect(ov.request).toBe(exp.length);
    expect(ov.flow).toBe(sum(exp.map((r) => r.bytes)));
    expect(ov.hitPercent).toBe(pct2(exp.filter((r) => r.cache_hit === 1).length, exp.length));
    expect(ov.curve.map((p) => p.timestamp)).toEqual([START, START + 86400]);
    expect(ov.topDomains.map((d) => d.domain)).toEqual(
      ['a1.acme.test', 'a2.acme.test', 'v1.video.test'].sort(
        (a, b) => sum(exp.filter((r) => r.domain === b).map((r) => r.bytes)) - sum(exp.filter((r) => r.domain === a).map((r) => r.bytes)),
      ),
    );
    expect(ov.domainCount).toBe(3);
    const plain = await post('acme', '/api/overview', { data: cipher.aesEncrypt(JSON.stringify(range)) });
    expect(plain.body.code).toBe('1');
  });

  it('checks the fields of an encrypted search as those of a plain one', async () => {
    const des = (o: object) => ({ data: cipher.desEncrypt(JSON.stringify(o)) });
    const aes = (o: object) => ({ data: cipher.encryptJson(o) });
    const bogus = await post('acme', '/api/overview', des({ ...range, interval: 'bogus' }));
    expect(bogus.body).toMatchObject({ code: '400', msg: expect.stringMatching(/^Invalid request: data\.interval must be one of: /) });
    const notList = await post('acme', '/api/common/bandAndFlow', aes({ ...range, domains: 'a2.acme.test', timeSelect: 'userDefined' }));
    expect(notList.body).toMatchObject({ code: '400', msg: 'Invalid request: data.domains must be a list' });
    const noTime = await post('acme', '/api/common/bandAndFlow', aes({ domains: ['a2.acme.test'] }));
    expect(noTime.body).toMatchObject({ code: '400', msg: 'Invalid request: data.startTime is required' });
    const zone = await post('acme', '/api/overview', des({ ...range, timeZone: 'Mars/Olympus' }));
    expect(zone.body).toMatchObject({ code: '1', msg: 'Unknown time zone' });
    // The same unknown zone in a plain analysis search.
    const plainZone = await post('acme', '/api/es/count/offLine', { ...range, timeZone: 'Mars/Olympus' });
    expect(plainZone.body).toMatchObject({ code: '1', msg: 'Unknown time zone' });
  });

  it('service info (DES) for the own account; another tenant looks missing', async () => {
    const month = new Date(START * 1000).toISOString().slice(0, 7);
    const info = await data<ServiceInfo>('acme', '/api/serviceinfo', {
      data: cipher.desEncrypt(JSON.stringify({ account: 'acme', month, timeZone: 'UTC' })),
    });
    expect(info.companyName).toBe('Acme Media');
    expect(info.domains.map((d) => d.domain).sort()).toEqual(['a1.acme.test', 'a2.acme.test', 'v1.video.test']);
    const monthStart = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) / 1000;
    const monthEnd = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1) / 1000;
    const a1 = rowsIn(rows, monthStart, monthEnd, (r) => r.domain === 'a1.acme.test');
    expect(info.domains.find((d) => d.domain === 'a1.acme.test')).toMatchObject({ request: a1.length, flow: sum(a1.map((r) => r.bytes)) });
    const other = await post('acme', '/api/serviceinfo', { data: cipher.desEncrypt(JSON.stringify({ account: 'globex' })) });
    expect(other.body.code).toBe('404');
    const init = await call(app, cookies.acme, { method: 'GET', url: '/api/serviceinfo/init', query: { account: 'acme' } });
    const i = init.body.data as ServiceInfoInit;
    expect(i.accounts.map((a) => a.identity).sort()).toEqual(['acme', 'acme_static', 'acme_video']);
    expect(i.domains).toEqual(['a1.acme.test', 'a2.acme.test', 'v1.video.test']);
    expect(i.providers.map((p) => p.value)).toEqual(['cdn-a', 'cdn-b', 'cdn-c']);
    expect((await call(app, cookies.acme, { method: 'GET', url: '/api/serviceinfo/init', query: { account: 'globex' } })).body.code).toBe(
      '404',
    );
  });

  it('sequential compares a range with the one just before it', async () => {
    const day2 = { startTime: utcText(START + 86400), endTime: utcText(END - 1), timeZone: 'UTC' };
    const seq = await data<Sequential>('acme', '/api/sequential', { ...day2, domains: ['a1.acme.test'] });
    const cur = rowsIn(rows, START + 86400, END, (r) => r.domain === 'a1.acme.test');
    const prev = rowsIn(rows, START, START + 86400, (r) => r.domain === 'a1.acme.test');
    expect(seq.current).toMatchObject({ request: cur.length, flow: sum(cur.map((r) => r.bytes)), startTime: START + 86400, endTime: END });
    expect(seq.previous).toMatchObject({
      request: prev.length,
      flow: sum(prev.map((r) => r.bytes)),
      startTime: START,
      endTime: START + 86400,
    });
    expect(seq.change.request).toBe(Math.round(((cur.length - prev.length) * 10000) / prev.length) / 100);
  });

  it('dosageSort ranks domains by flow with ratio and providers', async () => {
    const list = await data<DosageEntry[]>('acme', '/api/dosageSort', range);
    const exp = inRange((r) => acmeTree(r.account));
    const total = sum(exp.map((r) => r.bytes));
    const flows = ['a1.acme.test', 'a2.acme.test', 'v1.video.test']
      .map((d) => [d, sum(exp.filter((r) => r.domain === d).map((r) => r.bytes))] as const)
      .sort((a, b) => b[1] - a[1]);
    expect(list.map((e) => [e.custom, e.amount])).toEqual(flows);
    expect(list[0].ratio).toBe(pct2(flows[0][1], total));
    expect(list[0].providers).toEqual([...new Set(exp.filter((r) => r.domain === flows[0][0]).map((r) => r.provider))].sort());
    const byRequest = await data<DosageEntry[]>('acme', '/api/dosageSort', { ...range, sortBy: 'request' });
    expect(byRequest[0].amount).toBe(
      Math.max(...['a1.acme.test', 'a2.acme.test', 'v1.video.test'].map((d) => exp.filter((r) => r.domain === d).length)),
    );
  });
});
