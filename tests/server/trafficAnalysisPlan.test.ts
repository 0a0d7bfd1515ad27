import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASE_ROWS_BELOW, buildUnion, BUCKET_KEY, key, ONE_LEVEL_ROWS_BELOW, segments } from '../../server/stores/traffic/analysis/plan';
import { countDetail, hitRateList } from '../../server/stores/traffic/analysis/curves';
import { userListAll, userListCn } from '../../server/stores/traffic/analysis/geo';
import { simpleAnalysis } from '../../server/stores/traffic/analysis/simple';
import { statusData } from '../../server/stores/traffic/analysis/tops';
import { ipList, worldTopIps } from '../../server/stores/traffic/analysis/ips';
import type { TrafficEngine } from '../../server/stores/traffic/engine';
import { estimateRows } from '../../server/stores/traffic/analysis/estimate';
import { TOTALS_SOURCES } from '../../server/stores/traffic/analysis/curves';
import type { Search } from '../../server/stores/traffic/analysis/search';
import { parseRange } from '../../server/stores/traffic/analysis/search';
import { allRollupTables, ROLLUPS, rollupTable } from '../../server/stores/traffic/rollups';
import type { Filters } from '../../server/stores/traffic/analysis/search';
import { analysisApp, DAY0, generateRows } from './analysisFixture';

const H = 3600;
const D = 86400;
const none: Filters = { accounts: null, domains: [], providers: [], continent: [], country: [], province: [], isp: [] };

describe('query plan', () => {
  it('splits a range into day, hour, 5-minute and base pieces', () => {
    const start = DAY0 + 5 * H + 7 * 60 + 13; // 05:07:13
    const end = DAY0 + 3 * D + 2 * H + 40 * 60 + 9; // day 3, 02:40:09
    expect(segments(start, end, ['5m', '1h', '1d'])).toEqual([
      { level: 'base', from: start, to: DAY0 + 5 * H + 10 * 60 },
      { level: '5m', from: DAY0 + 5 * H + 10 * 60, to: DAY0 + 6 * H },
      { level: '1h', from: DAY0 + 6 * H, to: DAY0 + D },
      { level: '1d', from: DAY0 + D, to: DAY0 + 3 * D },
      { level: '1h', from: DAY0 + 3 * D, to: DAY0 + 3 * D + 2 * H },
      { level: '5m', from: DAY0 + 3 * D + 2 * H, to: DAY0 + 3 * D + 2 * H + 40 * 60 },
      { level: 'base', from: DAY0 + 3 * D + 2 * H + 40 * 60, to: end },
    ]);
    // Without a 5-minute level the base table covers up to the hour marks.
    expect(segments(start, DAY0 + 9 * H + 30 * 60, ['1h', '1d'])).toEqual([
      { level: 'base', from: start, to: DAY0 + 6 * H },
      { level: '1h', from: DAY0 + 6 * H, to: DAY0 + 9 * H },
      { level: 'base', from: DAY0 + 9 * H, to: DAY0 + 9 * H + 30 * 60 },
    ]);
    expect(segments(DAY0 + 60, DAY0 + 200, ['5m'])).toEqual([{ level: 'base', from: DAY0 + 60, to: DAY0 + 200 }]);
  });

  it('reads the rollup that carries every filter, else the base table', () => {
    const r = { start: DAY0, end: DAY0 + 2 * D };
    const src = (spec: Parameters<typeof buildUnion>[0], f: Partial<Filters> = {}) => buildUnion(spec, { ...none, ...f }, r).source;
    const totals = { sources: ['totals', 'geo'] as const, keys: [BUCKET_KEY], measures: ['requests' as const], levels: ['5m' as const] };
    expect(src({ ...totals, sources: [...totals.sources] })).toBe('totals:5m');
    expect(src({ ...totals, sources: [...totals.sources] }, { province: ['Beijing'] })).toBe('geo:5m');
    // Status classes too: an area-filtered status curve does not fall back to the base table.
    expect(src({ ...totals, sources: [...totals.sources], measures: ['s0', 's4', 'hit_bytes'] }, { isp: ['China Mobile'] })).toBe('geo:5m');
    // The coarser rollups where no filter needs the finer ones: account-wide totals and status
    // codes, countries without provider, province and ISP; the origin status classes with the totals.
    const curve = { sources: TOTALS_SOURCES, keys: [BUCKET_KEY], measures: ['requests' as const, 'o4' as const], levels: ['5m' as const] };
    expect(src(curve, { accounts: ['acme'] })).toBe('totalsa:5m');
    expect(src(curve, { domains: ['a1.acme.test'] })).toBe('totals:5m');
    expect(src(curve, { providers: ['cdn-a'] })).toBe('totals:5m');
    expect(src({ ...curve, measures: ['requests'] }, { country: ['CN'] })).toBe('geoc:5m');
    expect(src({ ...curve, measures: ['requests'] }, { country: ['CN'], providers: ['cdn-a'] })).toBe('geo:5m');
    expect(src(curve, { country: ['CN'] })).toBe('base');
    const codes = { sources: ['statusa' as const, 'status' as const], keys: [key('status')], measures: ['requests' as const] };
    expect(src(codes, { accounts: ['acme'] })).toBe('statusa:1d');
    expect(src(codes, { domains: ['a1.acme.test'] })).toBe('status:1d');
    expect(src({ sources: ['geoc', 'geo'], keys: [key('country')], measures: ['requests'] }, { domains: ['a1.acme.test'] })).toBe(
      'geoc:1d',
    );
    const url = { sources: ['url' as const], keys: [key('url')], measures: ['requests' as const] };
    expect(src(url, { domains: ['a1.acme.test'], providers: ['cdn-a'] })).toBe('url:1d');
    expect(src(url, { country: ['CN'] })).toBe('base');
    expect(
      src({ sources: ['ip'], keys: [key('client_ip')], anyOf: [key('country')], measures: ['requests'] }, { isp: ['China Mobile'] }),
    ).toBe('ip:1d');
    // Sketches: account-wide without a domain or provider filter, per domain without a provider
    // filter, per domain and provider otherwise.
    const sketch = {
      sources: ['ipska' as const, 'ipskd' as const, 'ipsk' as const],
      keys: [],
      measures: [],
      states: [{ name: 'top', column: 'top_r', rollup: 'r.top_r', base: 'topKWeightedState(150)(l.client_ip, toUInt64(1))' }],
    };
    expect(src(sketch, { accounts: ['acme'] })).toBe('ipska:1d');
    expect(src(sketch, { domains: ['a1.acme.test'] })).toBe('ipskd:1d');
    expect(src(sketch, { providers: ['cdn-a'] })).toBe('ipsk:1d');
    expect(src(sketch, { domains: ['a1.acme.test'], providers: ['cdn-a'] })).toBe('ipsk:1d');
    expect(src(sketch, { country: ['CN'] })).toBe('base');
  });

  it('lets the base table answer a scope estimated below the break-even', () => {
    const spec = { sources: ['totals' as const], keys: [BUCKET_KEY], measures: ['requests' as const], levels: ['5m' as const] };
    const range = (rows?: number) => ({ start: DAY0, end: DAY0 + 2 * D, rows });
    expect(buildUnion(spec, none, range()).source).toBe('totals:5m');
    expect(buildUnion(spec, none, range(BASE_ROWS_BELOW)).source).toBe('base');
    expect(buildUnion(spec, none, range(BASE_ROWS_BELOW + 1)).source).toBe('totals:5m');
    expect(buildUnion({ ...spec, baseBelow: 10 }, none, range(11)).source).toBe('totals:5m');
  });

  it('reads the 5-minute level alone for a range of at most a day over a small scope, and one table directly', () => {
    const spec = { sources: ['geoc' as const], keys: [key('continent'), key('country')], measures: ['requests' as const] };
    // Today at 09:50: whole hours and the 5-minute pieces of the last one.
    const today = (rows?: number) => ({ start: DAY0, end: DAY0 + 9 * H + 50 * 60, rows });
    expect(buildUnion(spec, none, today()).source).toBe('geoc:1h+5m');
    expect(buildUnion(spec, none, today(ONE_LEVEL_ROWS_BELOW + 1)).source).toBe('geoc:1h+5m');
    expect(buildUnion(spec, none, today(ONE_LEVEL_ROWS_BELOW)).source).toBe('geoc:5m');
    expect(buildUnion({ ...spec, fineBelow: 0 }, none, today(BASE_ROWS_BELOW + 1)).source).toBe('geoc:1h+5m');
    // Longer than a day: hours and days as before.
    expect(buildUnion(spec, none, { start: DAY0, end: DAY0 + D + 50 * 60, rows: BASE_ROWS_BELOW + 1 }).source).toBe('geoc:1d+5m');
    // One table answers: the outer query may read it directly; two tables, or a base edge: the union.
    const one = buildUnion(spec, { ...none, domains: ['a1.acme.test'] }, today(ONE_LEVEL_ROWS_BELOW));
    expect(one.flat).toBe(
      `traffic.r_geoc_5m AS x WHERE x.bucket >= toDateTime(${DAY0}, 'UTC') AND x.bucket < toDateTime(${DAY0 + 9 * H + 50 * 60}, 'UTC') AND x.domain IN {f_domains:Array(String)}`,
    );
    expect(buildUnion(spec, none, today()).flat).toBeUndefined();
    expect(buildUnion(spec, none, { start: DAY0 + 17, end: DAY0 + H, rows: ONE_LEVEL_ROWS_BELOW }).flat).toBeUndefined();
    expect(buildUnion(spec, none, { start: DAY0, end: DAY0 + H, rows: 0 }).flat).toBeUndefined();
    // Sketch states and look-up conditions are never read directly.
    const sketch = {
      sources: ['ipskd' as const],
      keys: [],
      measures: [],
      states: [{ name: 'top', column: 'top_r', rollup: 'r.top_r', base: 'l.client_ip' }],
    };
    expect(buildUnion(sketch, none, { start: DAY0, end: DAY0 + D }).flat).toBeUndefined();
  });

  it('reads times as wall-clock in the zone, ends inclusive at their precision', () => {
    expect(parseRange('2026-03-01 00:00', '2026-03-01 10:35', 'UTC', 'minute')).toEqual({
      start: Date.UTC(2026, 2, 1) / 1000,
      end: Date.UTC(2026, 2, 1, 10, 36) / 1000,
    });
    expect(parseRange('2026-03-01 00:00:00', '2026-03-01 23:59:59', 'Asia/Shanghai', 'second')).toEqual({
      start: Date.UTC(2026, 1, 28, 16) / 1000,
      end: Date.UTC(2026, 2, 1, 16) / 1000,
    });
    expect(parseRange('2026-03-01 10:00:30', '2026-03-01 10:05:10', 'UTC', 'minute')).toEqual({
      start: Date.UTC(2026, 2, 1, 10) / 1000,
      end: Date.UTC(2026, 2, 1, 10, 6) / 1000,
    });
    expect(parseRange('2026-03-01', '2026-03-02', 'UTC', 'auto')).toEqual({
      start: Date.UTC(2026, 2, 1) / 1000,
      end: Date.UTC(2026, 2, 3) / 1000,
    });
    expect(parseRange('2026-02-30 00:00', '2026-03-01 00:00', 'UTC', 'minute')).toBe('format');
    expect(parseRange('2026-03-02 00:00', '2026-03-01 00:00', 'UTC', 'minute')).toBe('range');
  });
});

describe('rollups', () => {
  let app: FastifyInstance;
  const rows = generateRows(1500, 3);
  beforeAll(async () => {
    app = await analysisApp(rows);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('every level of every rollup holds exactly the base table sums', async () => {
    const [base] = await app.traffic.query<{ n: number; b: number }>('SELECT count() AS n, sum(bytes) AS b FROM traffic.access_log');
    expect(Number(base.n)).toBe(rows.length);
    for (const def of ROLLUPS.filter((d) => d.measures.includes('requests'))) {
      for (const level of def.levels) {
        const [r] = await app.traffic.query<{ n: number; b: number }>(
          `SELECT sum(requests) AS n, sum(bytes) AS b FROM ${rollupTable(def, level)}`,
        );
        expect([Number(r.n), Number(r.b)], `${def.name} ${level}`).toEqual([Number(base.n), Number(base.b)]);
      }
    }
    expect(allRollupTables()).toHaveLength(ROLLUPS.reduce((n, d) => n + d.levels.length, 0));
  });

  it('keys match the base table per account, domain, bucket and dimension', async () => {
    const [diff] = await app.traffic.query<{ n: number }>(
      `SELECT count() AS n FROM (
         SELECT account, domain, toStartOfHour(ts) AS b, url, count() AS c FROM traffic.access_log GROUP BY ALL
       ) AS l FULL OUTER JOIN (
         SELECT account, domain, bucket AS b, url, sum(requests) AS c FROM traffic.r_url_1h GROUP BY ALL
       ) AS r USING (account, domain, b, url) WHERE l.c != r.c`,
    );
    expect(Number(diff.n)).toBe(0);
    const [geo] = await app.traffic.query<{ n: number }>(
      `SELECT count() AS n FROM (
         SELECT account, domain, toStartOfDay(ts) AS b, province, isp, countIf(cache_hit = 1) AS c FROM traffic.access_log GROUP BY ALL
       ) AS l FULL OUTER JOIN (
         SELECT account, domain, bucket AS b, province, isp, sum(hits) AS c FROM traffic.r_geo_1d GROUP BY ALL
       ) AS r USING (account, domain, b, province, isp) WHERE l.c != r.c`,
    );
    expect(Number(geo.n)).toBe(0);
  });

  it('sketches know every IP and URL of a small data set', async () => {
    const [ip] = await app.traffic.query<{ n: number; top: string[] }>(
      'SELECT uniqCombined64Merge(14)(ips) AS n, topKWeightedMerge(150)(top_r) AS top FROM traffic.r_ipska_1d',
    );
    expect(Number(ip.n)).toBe(new Set(rows.map((r) => r.client_ip)).size);
    expect(ip.top.length).toBe(Math.min(150, new Set(rows.map((r) => r.client_ip)).size));
    const [url] = await app.traffic.query<{ n: number }>('SELECT length(topKWeightedMerge(150)(top_r)) AS n FROM traffic.r_urlsk_1h');
    expect(Number(url.n)).toBe(new Set(rows.map((r) => r.url)).size);
    // The per-domain sketches (made of the per-provider ones) hold the same per domain.
    const perDomain = await app.traffic.query<{ domain: string; n: number; requests: number }>(
      `SELECT d.domain AS domain, uniqCombined64Merge(14)(d.ips) AS n FROM traffic.r_ipskd_1h AS d GROUP BY d.domain ORDER BY domain`,
    );
    const domains = [...new Set(rows.map((r) => r.domain))].sort();
    expect(perDomain.map((d) => d.domain)).toEqual(domains);
    for (const d of perDomain) expect(Number(d.n)).toBe(new Set(rows.filter((r) => r.domain === d.domain).map((r) => r.client_ip)).size);
    const [urlD] = await app.traffic.query<{ r: number }>('SELECT sum(requests) AS r FROM traffic.r_urlskd_1d');
    expect(Number(urlD.r)).toBe(rows.length);
  });

  it('estimate the base rows of a scope and range from the hour rows', async () => {
    const search = { ...none, start: DAY0, end: DAY0 + 3 * D, interval: '5m' as const, tz: 'UTC' };
    expect(await estimateRows(app.traffic, search)).toBe(rows.length);
    const d = rows[0].domain;
    const inDomain = rows.filter((r) => r.domain === d);
    expect(await estimateRows(app.traffic, { ...search, domains: [d] })).toBe(inDomain.length);
    expect(await estimateRows(app.traffic, { ...search, accounts: ['nobody-here'] })).toBe(0);
    // Whole hours count exactly; a partial hour its share of the hour's rows.
    const hourRows = (h: number) => inDomain.filter((r) => r.ts >= DAY0 + h * H && r.ts < DAY0 + (h + 1) * H).length;
    const partial = { ...search, domains: [d], start: DAY0 + 5 * H, end: DAY0 + 7 * H + 30 * 60 };
    expect(await estimateRows(app.traffic, partial)).toBe(Math.round(hourRows(5) + hourRows(6) + hourRows(7) / 2));
  });

  it('give the same curves and lists from the base table, the union of levels and one table read directly', async () => {
    const scope = { ...none, accounts: ['acme', 'acme_video', 'acme_static'], interval: '5m' as const, tz: 'UTC' };
    // 5-minute marks at both ends: no base edge, so the 5-minute level can answer alone.
    const search: Search = { ...scope, start: DAY0 + 5 * H + 10 * 60, end: DAY0 + 21 * H + 35 * 60 };
    const sources = {
      base: { ...search, rows: 0 },
      union: { ...search, rows: undefined },
      oneTable: { ...search, rows: BASE_ROWS_BELOW + 1 },
    };
    const inRange = rows.filter((r) => scope.accounts.includes(r.account) && r.ts >= search.start && r.ts < search.end);
    for (const [name, s] of Object.entries(sources)) {
      const count = await countDetail(app.traffic, s);
      expect(count.count.request, name).toBe(inRange.length);
      const per5 = new Map<number, number>();
      for (const r of inRange) per5.set(Math.floor(r.ts / 300) * 300, (per5.get(Math.floor(r.ts / 300) * 300) ?? 0) + r.bytes);
      const peak = Math.max(...per5.values());
      expect(count.count.peakBandwidth, name).toBe(Math.round((peak * 8) / 300));
      expect(per5.get(count.count.peakTime!), name).toBe(peak);
      expect(
        count.listTC.map((p) => p.request),
        name,
      ).toEqual(
        Array.from(
          { length: (search.end - search.start) / 300 },
          (_, i) => inRange.filter((r) => Math.floor(r.ts / 300) * 300 === search.start + i * 300).length,
        ),
      );
    }
    const answers = async (s: Search) => ({
      count: await countDetail(app.traffic, s),
      hitRate: await hitRateList(app.traffic, s, 'flow'),
      world: await userListAll(app.traffic, s, 'request'),
      china: await userListCn(app.traffic, s, 'flow'),
      hitrate: await simpleAnalysis(app.traffic, s, 'hitrate'),
      status: await statusData(app.traffic, s, 'request'),
      statusBytes: await statusData(app.traffic, s, 'flow'),
    });
    const base = await answers(sources.base);
    expect(await answers(sources.union)).toEqual(base);
    expect(await answers(sources.oneTable)).toEqual(base);
    expect(base.world.count).toBe(inRange.length);
    // The status codes, counted from the rows themselves.
    const codes = new Map<number, number>();
    for (const r of inRange) codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(base.status.list.map((c) => [c.code, c.value]))).toEqual(Object.fromEntries(codes));
    const st = base.status;
    expect(st.statusCode0 + st.statusCode1 + st.statusCode2 + st.statusCode3 + st.statusCode4 + st.statusCode5).toBe(inRange.length);
    expect(st.statusCode2).toBe(inRange.filter((r) => r.status >= 200 && r.status < 300).length);
  });

  it.each([
    ['every provider', []],
    ['one provider', ['cdn-b']],
  ])(
    'give the same top IPs from the base table, with the edges read in both steps and with the edges sent along with the candidates (%s)',
    async (_name, providers) => {
      const scope = { ...none, accounts: ['acme', 'acme_video', 'acme_static'], providers, interval: '5m' as const, tz: 'UTC' };
      // Edges inside an hour at both ends: 3,745 of the range's 93,745 seconds are read from the base table.
      const search: Search = { ...scope, start: DAY0 + 5 * H + 17, end: DAY0 + D + 7 * H + 162 };
      const inRange = rows.filter(
        (r) =>
          scope.accounts.includes(r.account) &&
          (!providers.length || providers.includes(r.provider)) &&
          r.ts >= search.start &&
          r.ts < search.end,
      );
      const per = new Map<string, { request: number; flow: number; country: string; province: string; isp: string }>();
      for (const r of inRange) {
        const p = per.get(r.client_ip) ?? { request: 0, flow: 0, country: r.country, province: r.province, isp: r.isp };
        per.set(r.client_ip, { ...p, request: p.request + 1, flow: p.flow + r.bytes });
      }
      expect(per.size).toBeGreaterThan(100);
      const best = (by: 'request' | 'flow', keep: (ip: string) => boolean = () => true) =>
        [...per.entries()]
          .filter(([ip]) => keep(ip))
          .map(([, v]) => v[by])
          .sort((a, b) => b - a)
          .slice(0, 100);
      const inChina = (ip: string) => per.get(ip)?.country === 'CN';
      // The statements each path runs, and which of them read the base table.
      const sql: string[] = [];
      const traced = {
        ...app.traffic,
        query: (q: string, p?: Record<string, unknown>) => (sql.push(q), app.traffic.query(q, p)),
      } as TrafficEngine;
      const paths = {
        // a small scope: one GROUP BY over the base table
        base: { rows: 0, reads: [true] },
        // the rollups forced (no estimate): the edges read by the candidates and by the look-up
        bothSteps: { rows: undefined, reads: [true, true] },
        // a large scope with small edges (1,000,000 x 3,745 / 93,745 = 40,000 estimated edge rows)
        sentAlong: { rows: 1_000_000, reads: [true, false] },
      };
      for (const [name, { rows: estimate, reads }] of Object.entries(paths)) {
        const s = { ...search, rows: estimate };
        for (const by of ['request', 'flow'] as const) {
          sql.length = 0;
          const list = await ipList(traced, s, by);
          expect(
            sql.map((q) => q.includes('traffic.access_log')),
            `${name} ${by}`,
          ).toEqual(reads);
          expect(list.count, name).toBe(per.size);
          expect(
            list.listAll.map((i) => i[by]),
            `${name} ${by}`,
          ).toEqual(best(by));
          expect(
            list.listCN.map((i) => i[by]),
            `${name} ${by}`,
          ).toEqual(best(by, inChina));
          // Each IP with its exact figures and area, wherever they were summed.
          for (const i of [...list.listAll, ...list.listCN])
            expect({ ...i, ip: undefined }, `${name} ${i.ip}`).toEqual({ ...per.get(i.ip), ip: undefined });
        }
        sql.length = 0;
        const world = await worldTopIps(traced, s);
        expect(
          sql.map((q) => q.includes('traffic.access_log')),
          `${name} GET`,
        ).toEqual(reads);
        expect(world.count, name).toBe(per.size);
        expect(
          world.list.map((i) => i.value),
          name,
        ).toEqual(best('request'));
        for (const i of world.list) expect(i.value, `${name} ${i.key}`).toBe(per.get(i.key)?.request);
      }
    },
  );

  it('are rebuilt from the base table when missing', async () => {
    const { ensureRollups } = await import('../../server/stores/traffic/rollupStore');
    await app.traffic.exec('DROP TABLE traffic.mv_url_1h');
    await app.traffic.exec('DROP TABLE traffic.r_url_1h');
    await ensureRollups(app.traffic);
    const [r] = await app.traffic.query<{ n: number }>('SELECT sum(requests) AS n FROM traffic.r_url_1d');
    expect(Number(r.n)).toBe(rows.length);
  });
});
