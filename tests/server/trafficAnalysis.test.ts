import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, signIn } from './helpers';
import { analysisApp, DAY0, generateRows, pct2, rowsIn, sum, utcText, type LogRow } from './analysisFixture';
import type {
  CountDetail,
  HitRateList,
  IpList,
  RankedList,
  RequestCurvePoint,
  StatusData,
  UrlTopList,
  UserListAll,
  UserListCn,
} from '../../common/wire/traffic/index';

const rows = generateRows();
const ACME = new Set(['acme', 'acme_video', 'acme_static']);
const acmeRows = rows.filter((r) => ACME.has(r.account));

/**
 * Every figure against expectations computed here from the rows, twice: as the portal answers this
 * small store (its estimate picks the base table) and with the rollups forced, so both sources
 * are held to the same answers. Over the ClickHouse HTTP interface ('server-ch', which checks the
 * transport) once, with the rollups: the path large stores take.
 */
const SOURCES = inject('clickhouseUrl') ? (['rollups'] as const) : (['auto', 'rollups'] as const);
describe.each(SOURCES)('analysis, source %s (auto: the base table answers this small store)', (source) => {
  let app: FastifyInstance;
  let acme: string;
  beforeAll(async () => {
    app = await analysisApp(rows, { analysisSource: source });
    acme = await signIn(app, 'acme');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Offline range with second-precision edges: [start, endIncl] → rows [start, endIncl + 1). */
  const OFF_START = DAY0 + 5 * 3600 + 17;
  const OFF_END = DAY0 + 86400 + 7 * 3600 + 2 * 60 + 42;
  const offline = { startTime: utcText(OFF_START), endTime: utcText(OFF_END), timeZone: 'UTC', timeSelect: 'userDefined' };
  const offRows = (keep?: (r: LogRow) => boolean) => rowsIn(acmeRows, OFF_START, OFF_END + 1, keep);

  /** Online range: minute precision, the end minute included. */
  const ON_START = DAY0 + 3 * 3600 + 7 * 60;
  const ON_END = DAY0 + 30 * 3600 + 13 * 60;
  const online = { startTime: utcText(ON_START, false), endTime: utcText(ON_END, false), timeZone: 'UTC', timeSelect: 'today' };
  const onRows = (keep?: (r: LogRow) => boolean) => rowsIn(acmeRows, ON_START, ON_END + 60, keep);

  async function post<T>(url: string, payload: object, cookie = acme): Promise<T> {
    const res = await call(app, cookie, { method: 'POST', url, payload, headers: { 'x-portal-lang': 'en' } });
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe('0');
    return res.body.data as T;
  }

  const byKey = <K extends string | number>(list: LogRow[], k: (r: LogRow) => K, v: (r: LogRow) => number = () => 1) => {
    const m = new Map<K, number>();
    for (const r of list) m.set(k(r), (m.get(k(r)) ?? 0) + v(r));
    return m;
  };

  describe('count', () => {
    it('sums requests, flow, hits and the peak over an online range (minute precision)', async () => {
      const d = await post<CountDetail>('/api/es/count/onLine', { ...online, interval: '5m' });
      const exp = onRows();
      const hits = exp.filter((r) => r.cache_hit === 1);
      expect(d.count.request).toBe(exp.length);
      expect(d.count.flow).toBe(sum(exp.map((r) => r.bytes)));
      expect(d.count.hit).toBe(hits.length);
      expect(d.count.miss).toBe(exp.length - hits.length);
      expect(d.count.hitPercent).toBe(pct2(hits.length, exp.length));
      expect(d.count.byteHitPercent).toBe(pct2(sum(hits.map((r) => r.bytes)), sum(exp.map((r) => r.bytes))));
      const per5 = byKey(
        exp,
        (r) => Math.floor(r.ts / 300) * 300,
        (r) => r.bytes,
      );
      const peak = Math.max(...per5.values());
      expect(d.count.peakBandwidth).toBe(Math.round((peak * 8) / 300));
      expect(per5.get(d.count.peakTime!)).toBe(peak);
      // Every 5-minute bucket of the range, in order, timestamps in seconds.
      expect(d.listTC[0].recordTime).toBe(Math.floor(ON_START / 300) * 300);
      expect(d.listTC.length).toBe((Math.ceil((ON_END + 60) / 300) * 300 - Math.floor(ON_START / 300) * 300) / 300);
      expect(sum(d.listTC.map((p) => p.request))).toBe(exp.length);
      const some = d.listTC.find((p) => p.request > 0)!;
      expect(some.request).toBe(rowsIn(exp, some.recordTime, some.recordTime + 300).length);
      expect(sum(d.listBT.map((p) => p.flow))).toBe(d.count.flow);
    });

    it('honours second-precision edges offline and the 1h and 1d intervals', async () => {
      const exp = offRows();
      const h = await post<CountDetail>('/api/es/count/offLine', { ...offline, interval: '1h' });
      expect(h.count.request).toBe(exp.length);
      expect(h.listTC.every((p) => p.recordTime % 3600 === 0)).toBe(true);
      for (const p of h.listTC) expect(p.request).toBe(rowsIn(exp, p.recordTime, p.recordTime + 3600).length);
      // The same instants written as Shanghai wall-clock times.
      const shanghai = {
        ...offline,
        startTime: utcText(OFF_START + 8 * 3600),
        endTime: utcText(OFF_END + 8 * 3600),
        timeZone: 'Asia/Shanghai',
      };
      const d = await post<CountDetail>('/api/es/count/offLine', { ...shanghai, interval: '1d' });
      expect(d.count.request).toBe(exp.length);
      // Days start at midnight in Shanghai (16:00 UTC).
      expect(d.listTC.every((p) => (p.recordTime + 8 * 3600) % 86400 === 0)).toBe(true);
      for (const p of d.listTC) expect(p.request).toBe(rowsIn(exp, p.recordTime, p.recordTime + 86400).length);
    });

    it('honours every filter', async () => {
      const cases: [object, (r: LogRow) => boolean][] = [
        [{ domains: ['a2.acme.test'] }, (r) => r.domain === 'a2.acme.test'],
        [{ accounts: ['acme_video'] }, (r) => r.account === 'acme_video'],
        [{ accounts: ['acme@+@'] }, (r) => r.account === 'acme'],
        // A plain account covers its sub-accounts too (spec §6).
        [{ accounts: ['acme'] }, (r) => ACME.has(r.account)],
        [{ providers: ['cdn-b', 'cdn-c'] }, (r) => r.provider !== 'cdn-a'],
        [{ continent: ['Europe'] }, (r) => r.continent === 'Europe'],
        [{ country: ['CN'] }, (r) => r.country === 'CN'],
        [{ province: ['Beijing'] }, (r) => r.province === 'Beijing'],
        [{ isp: ['China Mobile'] }, (r) => r.isp === 'China Mobile'],
        [
          { country: ['CN'], isp: ['China Telecom'], providers: ['cdn-a'] },
          (r) => r.country === 'CN' && r.isp === 'China Telecom' && r.provider === 'cdn-a',
        ],
      ];
      for (const [filter, keep] of cases) {
        const d = await post<CountDetail>('/api/es/count/offLine', { ...offline, ...filter });
        const exp = offRows(keep);
        expect(d.count.request, JSON.stringify(filter)).toBe(exp.length);
        expect(d.count.flow, JSON.stringify(filter)).toBe(sum(exp.map((r) => r.bytes)));
        const t = await post<UrlTopList>('/api/es/urlTop/onLine', { ...online, ...filter });
        expect(t.count, JSON.stringify(filter)).toBe(onRows(keep).length);
      }
    });
  });

  describe('rankings', () => {
    it('URL top by requests and by flow, in order, with the totals', async () => {
      const req = await post<UrlTopList>('/api/es/urlTop/offLine', { ...offline, domains: ['a1.acme.test', 'v1.video.test'] });
      const exp = offRows((r) => r.domain === 'a1.acme.test' || r.domain === 'v1.video.test');
      const counts = [...byKey(exp, (r) => r.url)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      expect(req.count).toBe(exp.length);
      expect(req.list.map((i) => [i.url, i.request])).toEqual(counts);
      expect(req.list[0].percent).toBe(pct2(counts[0][1], exp.length));
      const flow = await post<UrlTopList>('/api/es/urlTop/offLine/flow', { ...offline, domains: ['a1.acme.test', 'v1.video.test'] });
      const flows = [
        ...byKey(
          exp,
          (r) => r.url,
          (r) => r.bytes,
        ),
      ].sort((a, b) => b[1] - a[1]);
      expect(flow.count).toBe(sum(exp.map((r) => r.bytes)));
      expect(flow.list.map((i) => [i.url, i.flow])).toEqual(flows);
    });

    it('agents and referers', async () => {
      const exp = onRows();
      const agents = await post<RankedList>('/api/es/agent/onLine', online);
      expect(agents.count).toBe(exp.length);
      expect(agents.list.map((i) => [i.name, i.request])).toEqual(
        [...byKey(exp, (r) => r.user_agent)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
      );
      const refs = await post<RankedList>('/api/es/source/onLine', online);
      expect(refs.list.map((i) => [i.name, i.request])).toEqual(
        [...byKey(exp, (r) => r.referer)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
      );
    });

    it('status codes grouped by first digit; others in statusCode0', async () => {
      const exp = offRows();
      const s = await post<StatusData>('/api/es/statusCode/offLine', offline);
      const cls = (st: number) => (st >= 100 && st < 600 ? Math.floor(st / 100) : 0);
      for (const k of [0, 1, 2, 3, 4, 5] as const) expect(s[`statusCode${k}`]).toBe(exp.filter((r) => cls(r.status) === k).length);
      expect(s.statusCode0).toBe(exp.filter((r) => r.status === 99 || r.status === 600).length);
      expect(s.list.find((i) => i.code === 404)?.value).toBe(exp.filter((r) => r.status === 404).length);
      const byBytes = await post<StatusData>('/api/es/statusCode/offLine/BT', { ...offline, domains: ['a1.acme.test'] });
      const a1 = offRows((r) => r.domain === 'a1.acme.test');
      expect(byBytes.statusCode2).toBe(sum(a1.filter((r) => cls(r.status) === 2).map((r) => r.bytes)));
      const tb = await post<StatusData>('/api/es/statusCode/onLine/TB', online);
      expect(tb.statusCode5).toBe(sum(onRows((r) => cls(r.status) === 5).map((r) => r.bytes)));
    });

    it('independent IPs: distinct count, top 100 worldwide and in China', async () => {
      const exp = offRows((r) => r.domain !== 'v1.video.test');
      const ips = await post<IpList>('/api/es/independentIp/offLine', { ...offline, domains: ['a1.acme.test', 'a2.acme.test'] });
      const per = byKey(exp, (r) => r.client_ip);
      expect(ips.count).toBe(per.size);
      expect(per.size).toBeGreaterThan(100);
      expect(ips.listAll).toHaveLength(100);
      const sorted = [...per.values()].sort((a, b) => b - a);
      expect(ips.listAll.map((i) => i.request)).toEqual(sorted.slice(0, 100));
      expect(ips.listAll[0].request).toBe(per.get(ips.listAll[0].ip));
      const cnSorted = [
        ...byKey(
          exp.filter((r) => r.country === 'CN'),
          (r) => r.client_ip,
        ).values(),
      ].sort((a, b) => b - a);
      expect(ips.listCN.map((i) => i.request)).toEqual(cnSorted.slice(0, 100));
      expect(ips.listCN.every((i) => i.country === 'CN' && i.province !== '')).toBe(true);
      const byFlow = await post<IpList>('/api/es/independentIp/offLine/all/flow', {
        ...offline,
        domains: ['a1.acme.test', 'a2.acme.test'],
      });
      const flows = [
        ...byKey(
          exp,
          (r) => r.client_ip,
          (r) => r.bytes,
        ).values(),
      ].sort((a, b) => b - a);
      expect(byFlow.listAll.map((i) => i.flow)).toEqual(flows.slice(0, 100));
    });

    it('user distribution in China and in the world, by requests and by flow', async () => {
      const exp = offRows((r) => r.domain === 'a1.acme.test');
      const cnRows = exp.filter((r) => r.country === 'CN');
      const cn = await post<UserListCn>('/api/es/userDistribution/offLine', { ...offline, domains: ['a1.acme.test'] });
      expect(cn.count).toBe(exp.length);
      expect(cn.countCN).toBe(cnRows.length);
      expect(Object.fromEntries(cn.provinceList.map((p) => [p.name, p.value]))).toEqual(
        Object.fromEntries(byKey(cnRows, (r) => r.province)),
      );
      expect(Object.fromEntries(cn.ispList.map((p) => [p.name, p.value]))).toEqual(Object.fromEntries(byKey(cnRows, (r) => r.isp)));
      expect(cn.provinceList[0].percent).toBe(pct2(cn.provinceList[0].value, cnRows.length));
      const cnFlow = await post<UserListCn>('/api/es/userDistribution/offLine/cn/flow', { ...offline, domains: ['a1.acme.test'] });
      expect(cnFlow.countCN).toBe(sum(cnRows.map((r) => r.bytes)));
      const all = await post<UserListAll>('/api/es/userDistribution/offLine/all/request', { ...offline, domains: ['a1.acme.test'] });
      expect(Object.fromEntries(all.countryList.map((p) => [p.name, p.value]))).toEqual(Object.fromEntries(byKey(exp, (r) => r.country)));
      expect(Object.fromEntries(all.continentList.map((p) => [p.name, p.value]))).toEqual(
        Object.fromEntries(byKey(exp, (r) => r.continent)),
      );
      const allFlow = await post<UserListAll>('/api/es/userDistribution/offLine/all/flow', { ...offline, domains: ['a1.acme.test'] });
      expect(allFlow.count).toBe(sum(exp.map((r) => r.bytes)));
    });
  });

  describe('hit rate and curves', () => {
    it('request and byte hit rates to 2 decimals', async () => {
      const exp = onRows();
      const hits = exp.filter((r) => r.cache_hit === 1);
      const h = await post<HitRateList>('/api/es/hitRate/onLine', online);
      expect([h.hit, h.miss, h.hitPercent]).toEqual([hits.length, exp.length - hits.length, pct2(hits.length, exp.length)]);
      expect(h.missPercent).toBe(Math.round((100 - h.hitPercent) * 100) / 100);
      const p = h.hitList.find((x) => x.value > 0)!;
      const inP = rowsIn(exp, p.recordTime, p.recordTime + 300);
      expect(p.percent).toBe(pct2(inP.filter((r) => r.cache_hit === 1).length, inP.length));
      const bt = await post<HitRateList>('/api/es/hitRate/onLine/BT', online);
      expect(bt.hit).toBe(sum(hits.map((r) => r.bytes)));
      expect(bt.hitPercent).toBe(pct2(sum(hits.map((r) => r.bytes)), sum(exp.map((r) => r.bytes))));
    });

    it('db curves: requests, origin requests, hit and byte rates, status classes', async () => {
      const exp = onRows();
      const misses = exp.filter((r) => r.cache_hit === 0);
      const req = await post<RequestCurvePoint[]>('/api/es/request/db', { ...online, interval: '1h' });
      expect(sum(req.map((p) => p.request))).toBe(exp.length);
      expect(sum(req.map((p) => p.miss))).toBe(misses.length);
      // Each point's requests by status class (spec §3: recordTime, request, hit, miss, status).
      const cls = (r: LogRow) => (r.status >= 100 && r.status < 600 ? Math.floor(r.status / 100) : 0);
      for (const p of req) {
        const inPoint = rowsIn(exp, p.recordTime, p.recordTime + 3600);
        expect(p.status).toEqual(
          Object.fromEntries([0, 1, 2, 3, 4, 5].map((c) => [`statusCode${c}`, inPoint.filter((r) => cls(r) === c).length])),
        );
      }
      // The same with an area filter (read from the area rollup), and in the count's request curve.
      const beijing = (r: LogRow) => r.province === 'Beijing';
      const reqBj = await post<RequestCurvePoint[]>('/api/es/request/db', { ...online, interval: '1h', province: ['Beijing'] });
      expect(sum(reqBj.map((p) => p.status.statusCode4))).toBe(onRows(beijing).filter((r) => cls(r) === 4).length);
      const count = await post<CountDetail>('/api/es/count/onLine', { ...online, province: ['Beijing'] });
      expect(sum(count.listTC.map((p) => p.status.statusCode2))).toBe(onRows(beijing).filter((r) => cls(r) === 2).length);
      expect(sum(count.listTC.map((p) => p.status.statusCode0))).toBe(onRows(beijing).filter((r) => cls(r) === 0).length);
      const src = await post<{ request: number; flow: number }[]>('/api/es/sourceRequest/db', online);
      expect(sum(src.map((p) => p.request))).toBe(misses.length);
      expect(sum(src.map((p) => p.flow))).toBe(sum(misses.map((r) => r.bytes)));
      const hr = await post<{ hitPercent: number; request: number; hit: number }[]>('/api/es/hitRate/db', online);
      expect(hr.every((p) => p.hitPercent === pct2(p.hit, p.request))).toBe(true);
      const br = await post<{ flow: number }[]>('/api/es/byteRate/db', online);
      expect(sum(br.map((p) => p.flow))).toBe(sum(exp.map((r) => r.bytes)));
      const st = await post<Record<string, number>[]>('/api/es/statusCode/db', online);
      expect(sum(st.map((p) => p.statusCode4))).toBe(exp.filter((r) => r.status >= 400 && r.status < 500).length);
      const sst = await post<Record<string, number>[]>('/api/es/sourceStatusCode/db', online);
      expect(sum(sst.map((p) => p.statusCode2))).toBe(misses.filter((r) => r.status >= 200 && r.status < 300).length);
      expect(sum(sst.map((p) => p.statusCode0))).toBe(misses.filter((r) => r.status === 99 || r.status === 600).length);
      // Per hour: the same sums, one point per hour of the range (zero-filled in the query).
      const sstH = await post<Record<string, number>[]>('/api/es/sourceStatusCode/db', { ...online, interval: '1h' });
      expect(sstH.length).toBeLessThan(sst.length);
      expect(sstH.every((p, i) => i === 0 || p.recordTime - sstH[i - 1].recordTime === 3600)).toBe(true);
      for (const c of [0, 1, 2, 3, 4, 5])
        expect(sum(sstH.map((p) => p[`statusCode${c}`])), `class ${c}`).toBe(sum(sst.map((p) => p[`statusCode${c}`])));
    });
  });

  describe('simple GETs', () => {
    it('answer statistics and their list', async () => {
      const exp = offRows();
      const query = { startTime: offline.startTime, endTime: offline.endTime, timeZone: 'UTC', interval: '1h', account: 'acme,acme_video' };
      const get = async (kind: string) => {
        const res = await call(app, acme, { method: 'GET', url: `/api/es/${kind}/get`, query });
        expect(res.body.code).toBe('0');
        return res.body.data as Record<string, unknown>;
      };
      const top = await get('urltop');
      expect(top.total).toBe(exp.length);
      // Every URL with its exact count over the range (the candidates come from the whole hours
      // around it; the counts may not).
      const urlCounts = [...byKey(exp, (r) => r.url)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      expect((top.urltermsList as { key: string; value: number }[]).map((u) => [u.key, u.value])).toEqual(urlCounts);
      const hist = top.histogramList as { key: number; value: number }[];
      expect(top.max).toBe(Math.max(...hist.map((h) => h.value)));
      expect(top.current).toBe(hist[hist.length - 1].value);
      const hit = await get('hitrate');
      expect(hit.HIT).toBe(exp.filter((r) => r.cache_hit === 1).length);
      const st = await get('statuscode');
      expect(st.statusCode3).toBe(exp.filter((r) => r.status >= 300 && r.status < 400).length);
      const ip = await get('independentip');
      expect(ip.ipCount).toBe(new Set(exp.map((r) => r.client_ip)).size);
      const dist = await get('userdistribution');
      expect((dist.userDistributionList as { key: string; value: number }[]).find((x) => x.key === 'CN')?.value).toBe(
        exp.filter((r) => r.country === 'CN').length,
      );
      for (const kind of ['clientside', 'source']) expect((await get(kind)).total).toBe(exp.length);
    });
  });

  describe('validation', () => {
    it("offline calls that need a domain answer 'domains is required'", async () => {
      for (const url of [
        '/api/es/urlTop/offLine',
        '/api/es/urlTop/offLine/flow',
        '/api/es/independentIp/offLine',
        '/api/es/userDistribution/offLine/all/flow',
        '/api/es/hitRate/offLine/BT',
      ]) {
        const res = await call(app, acme, { method: 'POST', url, payload: offline, headers: { 'x-portal-lang': 'en' } });
        expect(res.body, url).toMatchObject({ code: '1', msg: 'domains is required' });
      }
      const zh = await call(app, acme, { method: 'POST', url: '/api/es/urlTop/offLine', payload: offline });
      expect(zh.body.msg).toBe('域名不能为空');
      // Online and the offline count do not need one.
      expect((await call(app, acme, { method: 'POST', url: '/api/es/urlTop/onLine', payload: online })).body.code).toBe('0');
      expect((await call(app, acme, { method: 'POST', url: '/api/es/count/offLine', payload: offline })).body.code).toBe('0');
    });

    it('rejects unreadable and reversed times', async () => {
      const bad = await call(app, acme, {
        method: 'POST',
        url: '/api/es/count/offLine',
        payload: { ...offline, startTime: 'yesterday' },
        headers: { 'x-portal-lang': 'en' },
      });
      expect(bad.body).toMatchObject({ code: '1', msg: 'Format error' });
      const rev = await call(app, acme, {
        method: 'POST',
        url: '/api/es/count/offLine',
        payload: { ...offline, startTime: offline.endTime, endTime: offline.startTime },
        headers: { 'x-portal-lang': 'en' },
      });
      expect(rev.body).toMatchObject({ code: '1', msg: 'Range Error' });
    });
  });
});
