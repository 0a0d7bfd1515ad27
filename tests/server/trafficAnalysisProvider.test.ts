import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { client } from '../../dataProviders/http';
import { trafficMethods } from '../../dataProviders/api/traffic';
import type { AnalysisSearch, SimpleKind } from '../../common/wire/traffic/index';
import { signIn } from './helpers';
import { analysisApp, DAY0, generateRows, utcText } from './analysisFixture';

/**
 * The data provider against the real server: every method's path, verb, encryption and reply
 * shape must match its route (the browser's axios client is pointed at app.inject).
 */
const rows = generateRows(800, 11);
let app: FastifyInstance;

beforeAll(async () => {
  app = await analysisApp(rows);
  const cookie = await signIn(app, 'acme');
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const res = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as InjectOptions['method'],
      url: client.getUri(config),
      payload: config.data as string | undefined,
      headers: { 'content-type': 'application/json', 'x-portal-lang': 'en', cookie },
    });
    return {
      data: res.json(),
      status: res.statusCode,
      statusText: String(res.statusCode),
      headers: res.headers as Record<string, string>,
      config,
      request: {},
    };
  };
  client.defaults.adapter = adapter;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const search: AnalysisSearch = {
  accounts: ['acme', 'acme_video'],
  domains: ['a1.acme.test'],
  startTime: utcText(DAY0),
  endTime: utcText(DAY0 + 2 * 86400 - 1),
  timeZone: 'UTC',
  interval: '1h',
  timeSelect: 'userDefined',
};
const online: AnalysisSearch = {
  ...search,
  startTime: utcText(DAY0, false),
  endTime: utcText(DAY0 + 86400 - 60, false),
  timeSelect: 'today',
};
const a1 = rows.filter((r) => r.domain === 'a1.acme.test' && r.ts < DAY0 + 2 * 86400).length;

describe('traffic data provider', () => {
  it('analysis calls of both variants reach their routes', async () => {
    expect((await trafficMethods.analysisCount('offLine', search)).count.request).toBe(a1);
    expect((await trafficMethods.analysisUrlTop('offLine', search, 'flow')).list.length).toBeGreaterThan(0);
    expect((await trafficMethods.analysisHitRate('onLine', online, 'flow')).hitList.length).toBe(24);
    expect((await trafficMethods.analysisAgent('offLine', search)).count).toBe(a1);
    expect((await trafficMethods.analysisSource('onLine', online)).list.length).toBeGreaterThan(0);
    for (const v of ['onLine', 'offLine'] as const) {
      const st = await trafficMethods.analysisStatusCode(v, v === 'onLine' ? online : search, 'flow');
      expect(st.statusCode2).toBeGreaterThan(0);
    }
    expect((await trafficMethods.analysisIndependentIp('offLine', search, 'flow')).count).toBeGreaterThan(0);
    expect((await trafficMethods.analysisUserCn('offLine', search, 'flow')).countCN).toBeGreaterThan(0);
    expect((await trafficMethods.analysisUserAll('offLine', search, 'request')).count).toBe(a1);
    for (const type of ['request', 'sourceRequest', 'hitRate', 'byteRate', 'statusCode', 'sourceStatusCode'] as const) {
      expect((await trafficMethods.analysisCurve(type, online)).length, type).toBe(24);
    }
    const pull = await trafficMethods.pullDownOffline();
    expect(pull.cn.isp.length).toBeGreaterThan(0);
    for (const kind of ['urltop', 'hitrate', 'clientside', 'source', 'statuscode', 'independentip', 'userdistribution'] as SimpleKind[]) {
      expect((await trafficMethods.analysisSimple(kind, search)).total, kind).toBe(a1);
    }
  });

  it('encrypted shared calls, overview, service info, ranking and bills', async () => {
    const opts = await trafficMethods.analysisOptions();
    expect(opts.domainList.map((d) => d.value)).toEqual(['a1.acme.test', 'a2.acme.test', 'v1.video.test']);
    expect(opts.providerList.map((p) => p.value)).toEqual(['cdn-a', 'cdn-b', 'cdn-c']);
    expect((await trafficMethods.bandAndFlow(search)).bandAndFlowList).toHaveLength(48);
    expect((await trafficMethods.overview({ ...search, interval: '1d' })).curve).toHaveLength(2);
    const month = utcText(DAY0).slice(0, 7);
    expect((await trafficMethods.serviceInfo({ account: 'acme', month, timeZone: 'UTC' })).companyName).toBe('Acme Media');
    expect((await trafficMethods.serviceInfoInit('acme')).accounts.length).toBe(3);
    expect((await trafficMethods.sequential(search)).current.request).toBe(a1);
    expect((await trafficMethods.dosageSort({ ...search, domains: [] }))[0].custom).toMatch(/acme\.test|video\.test/);
    const bill = { startMonth: month, endMonth: month, timeZone: 'UTC' };
    expect((await trafficMethods.billDetail(bill)).priceModel.currency).toBe('yuan');
    expect((await trafficMethods.billSum(bill)).list.length).toBe(3);
    expect((await trafficMethods.billOverview(bill)).months).toHaveLength(1);
  });

  it("surfaces the server's message: 'domains is required'", async () => {
    await expect(trafficMethods.analysisUrlTop('offLine', { ...search, domains: [] })).rejects.toThrow('domains is required');
  });
});
