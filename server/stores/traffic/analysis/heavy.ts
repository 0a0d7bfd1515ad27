import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, IpItem, IpList, KeyValue, UrlTopList } from '../../../../common/wire/trafficTypes';
import { IP_AREA, SKETCH_N, UNIQ_PRECISION } from '../rollups';
import { baseAnswers, baseWhere, buildUnion, filterParams, key, measureColumn, type Key } from './plan';
import { topQuery } from './tops';
import { num, pct } from './numbers';
import type { Search } from './search';

/**
 * Top-100 URLs and client IPs. These dimensions have millions of values, so summing every value
 * over a week would read tens of millions of rows. Instead, two steps:
 * 1. candidates: the heavy hitters of the range, from the sketches kept per domain, provider and
 *    hour/day (Space-Saving top-K states, merged; the base table builds the same states for the
 *    edges of the range);
 * 2. exact sums of those candidates only, from tables sorted by URL hash / IP (point look-ups).
 * The figures shown are exact; a value can only be missed if the merged sketch (SKETCH_N
 * heavy hitters) does not rank it among its first CANDIDATES (125) of its list (IPs: China, the rest of the world), i.e. if its
 * estimate is off by more than the margin between rank 100 and 125. On small data sets the
 * sketches are exact; in flat, sparse traffic (the 10 M-row benchmark: estimates off by up to a
 * sixth around rank 100) a value near rank 100 can be missed, never one near the top. The distinct-IP count comes from merged HyperLogLog states (exact for small sets,
 * about ±0.8 % beyond a few hundred).
 */

export const TOP_N = 100;

/**
 * Break-evens (estimated base rows, Search.rows) below which the exact GROUP BY over the base table
 * beats the sketch candidates and their look-up (bench/analysis.ts, docs/analysis.md). The IP path
 * reads a table sorted by IP, much cheaper than grouping base rows by IP; the URL path groups long
 * strings either way.
 */
const URL_BASE_BELOW = 1_000_000;
/** The POST lists (world and China, with areas) and the GET's world list (IPs only, cheaper to group). */
const IP_BASE_BELOW = 150_000;
const IP_WORLD_BASE_BELOW = 400_000;

/** Small scopes: the exact top URLs straight from the base table, with the total of the measure. */
async function urlTopFromBase(engine: TrafficEngine, s: Search, by: AnalysisMeasure) {
  const rows = await topQuery(engine, s, { sources: [], keys: [key('url')] }, by, TOP_N);
  return { count: rows[0]?.total ?? 0, rows: rows.map((r) => ({ url: r.k, request: r.request, flow: r.flow })) };
}

/**
 * Small scopes: the IPs of the base rows grouped, exactly: with `full` the world's and China's
 * first 100 with their areas, else the world's 100; each row carries the exact distinct count (ips).
 */
async function ipsFromBase(engine: TrafficEngine, s: Search, by: AnalysisMeasure, full: boolean) {
  const order = by === 'flow' ? 'flow' : 'request';
  // One flat GROUP BY: a union grouped again would group every IP twice. The IP as it is (its
  // text form is how it comes back), and the world's list with a plain LIMIT: a text conversion
  // or a LIMIT BY would run over every distinct IP, not the 100 kept (one domain, one day:
  // 62 -> 35 ms for the GET).
  return engine.query<Record<string, unknown>>(
    `SELECT l.client_ip AS ip, count() AS request, count() OVER () AS ips,
       ${full ? "sum(l.bytes) AS flow, any(l.country) AS country, any(l.province) AS province, any(l.isp) AS isp, country = 'CN'" : '0'} AS cn
     FROM traffic.access_log AS l WHERE ${baseWhere(s, s)} GROUP BY l.client_ip
     ORDER BY ${order} DESC, l.client_ip ASC LIMIT ${TOP_N}${full ? ' BY cn' : ''}`,
    filterParams(s),
  );
}

/** Sketch candidates summed exactly: the top 100 and a margin for the sketch's estimates. */
const CANDIDATES = 125;

/** The heavy-hitter state of the values `key` (over base rows) by requests or by flow. */
function sketchState(by: AnalysisMeasure, key: string) {
  const column = by === 'flow' ? 'top_b' : 'top_r';
  return {
    name: 'top',
    column,
    rollup: `topKWeightedMergeState(${SKETCH_N})(r.${column})`,
    base: `topKWeightedState(${SKETCH_N})(${key}, toUInt64(${by === 'flow' ? 'l.bytes' : '1'}))`,
  };
}

const CN_KEY: Key = { name: 'cn', rollup: 'cn', base: "l.country = 'CN'" };

/**
 * Candidates for the top IPs of the range from the merged sketches, with the distinct-IP count:
 * the world's first CANDIDATES or, `byCountry`, China's and the rest of the world's first
 * CANDIDATES each. The latter cover the world's list too: an IP among the world's first 100 is
 * among the first 100 of its own side. Both sides in one aggregation without keys (-If
 * combinators), not grouping sets for each side and the whole: about 1 ms less (one domain, last 24 h).
 */
async function ipCandidates(engine: TrafficEngine, s: Search, by: AnalysisMeasure, byCountry: boolean) {
  const sketch = buildUnion(
    {
      sources: ['ipska', 'ipskd', 'ipsk'],
      keys: byCountry ? [CN_KEY] : [],
      measures: [],
      states: [
        sketchState(by, 'l.client_ip'),
        { name: 'ips', column: 'ips', rollup: `uniqCombined64MergeState(${UNIQ_PRECISION})(r.ips)`, base: `uniqCombined64State(${UNIQ_PRECISION})(l.client_ip)` },
      ],
    },
    s,
    s,
  );
  const top = (cond?: string) =>
    `arraySlice(topKWeightedMerge${cond ? 'If' : ''}(${SKETCH_N})(x.top${cond ? `, ${cond}` : ''}), 1, ${CANDIDATES})`;
  const [found] = await engine.query<{ first: string[]; china: string[]; ips: number }>(
    `SELECT ${byCountry ? `${top('x.cn = 0')} AS first, ${top('x.cn = 1')} AS china` : `${top()} AS first, [] AS china`},
       uniqCombined64Merge(${UNIQ_PRECISION})(x.ips) AS ips
     FROM (${sketch.sql}) AS x`,
    sketch.params,
  );
  // An IP seen both in and outside China (its rows' areas differ) is on both sides: once is enough.
  return { count: num(found?.ips), candidates: [...new Set([...(found?.first ?? []), ...(found?.china ?? [])])] };
}

/** An IP's area as the look-up table keeps it (one tab-separated column; see IP_AREA). */
const AREA_KEY: Key = { name: IP_AREA.name, rollup: IP_AREA.name, base: IP_AREA.base };

/** Exact sums of candidate IPs ({cands:Array(IPv4)}): requests, or with `full` flow and each IP's area too. */
function ipExact(s: Search, full: boolean) {
  return buildUnion(
    {
      sources: ['ip'],
      keys: [key('client_ip')],
      anyOf: full ? [AREA_KEY] : [],
      measures: full ? ['requests', 'bytes'] : ['requests'],
      where: { rollup: 'r.client_ip IN {cands:Array(IPv4)}', base: 'l.client_ip IN {cands:Array(IPv4)}', needs: ['client_ip'] },
    },
    s,
    s,
  );
}

/** POST /api/es/independentIp/{variant} (by requests) and /all/flow (by bytes): the world's and China's top 100. */
export async function ipList(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<IpList> {
  if (baseAnswers({ baseBelow: IP_BASE_BELOW }, s.rows)) {
    const rows = await ipsFromBase(engine, s, by, true);
    return ipListOf(rows, by, num(rows[0]?.ips));
  }
  const { count, candidates } = await ipCandidates(engine, s, by, true);
  if (!candidates.length) return { listCN: [], count, listAll: [] };
  const exact = ipExact(s, true);
  const order = by === 'flow' ? 'flow' : 'request';
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT x.client_ip AS ip, sum(x.requests) AS request, sum(x.bytes) AS flow,
       any(x.area) AS area, ${IP_AREA.inChina('area')} AS cn
     FROM (${exact.sql}) AS x GROUP BY x.client_ip
     ORDER BY ${order} DESC, x.client_ip ASC LIMIT ${TOP_N} BY cn`,
    { ...exact.params, cands: candidates },
  );
  return ipListOf(rows, by, count);
}

/**
 * The world's and China's lists from rows of ip, request, flow, the area (country, province and
 * isp, or the look-up table's tab-separated area) and cn (each side ordered), with the distinct count.
 */
function ipListOf(rows: Record<string, unknown>[], by: AnalysisMeasure, count: number): IpList {
  const items = rows.map((r): IpItem & { cn: boolean } => {
    const [country, province, isp] = r.area === undefined ? [r.country, r.province, r.isp].map((v) => String(v ?? '')) : IP_AREA.parts(String(r.area));
    return { ip: String(r.ip), request: num(r.request), flow: num(r.flow), country, province, isp, cn: num(r.cn) === 1 };
  });
  const strip = ({ cn: _cn, ...item }: IpItem & { cn: boolean }): IpItem => item;
  // Each side arrives ordered; the world list is the best 100 of the two sides.
  const measure = (i: IpItem) => (by === 'flow' ? i.flow : i.request);
  const listAll = [...items].sort((a, b) => measure(b) - measure(a) || ipNumber(a.ip) - ipNumber(b.ip)).slice(0, TOP_N).map(strip);
  return { listCN: items.filter((i) => i.cn).map(strip), count, listAll };
}

/**
 * GET /api/es/independentip/get: the distinct-IP count and the world's 100 most requesting IPs
 * (no China list, no areas: the look-ups of China's candidates and the area columns are a third
 * of the POST's cost).
 */
export async function worldTopIps(engine: TrafficEngine, s: Search): Promise<{ count: number; list: KeyValue[] }> {
  if (baseAnswers({ baseBelow: IP_WORLD_BASE_BELOW }, s.rows)) {
    const rows = await ipsFromBase(engine, s, 'request', false);
    return { count: num(rows[0]?.ips), list: rows.map((r) => ({ key: String(r.ip), value: num(r.request) })) };
  }
  const { count, candidates } = await ipCandidates(engine, s, 'request', false);
  if (!candidates.length) return { count, list: [] };
  const exact = ipExact(s, false);
  const rows = await engine.query<{ ip: string; request: number | string }>(
    `SELECT x.client_ip AS ip, sum(x.requests) AS request
     FROM (${exact.sql}) AS x GROUP BY x.client_ip
     ORDER BY request DESC, x.client_ip ASC LIMIT ${TOP_N}`,
    { ...exact.params, cands: candidates },
  );
  return { count, list: rows.map((r) => ({ key: String(r.ip), value: num(r.request) })) };
}

const ipNumber = (ip: string) => ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

/**
 * The range the candidates are taken from. A range that starts or ends inside an hour needs base
 * rows for those edges (a sketch is kept per hour): each base read costs 3 to 4 ms however few
 * rows it reads. When the whole hours around the range add at most an eighth to it, the candidates
 * come from those whole hours instead: the heavy hitters of 24 or 25 hours are the same values,
 * and the figures are still summed over the exact range. Short ranges keep their exact edges.
 * (Measured on the URL GET, one domain, last 24 h: 26.5 -> 24.1 ms. For the POST lists, whose
 * total would then need a read of its own, no gain.)
 */
function candidateRange(s: Search): Search {
  const start = Math.floor(s.start / 3600) * 3600;
  const end = Math.ceil(s.end / 3600) * 3600;
  if ((start === s.start && end === s.end) || (end - start) * 8 > (s.end - s.start) * 9) return s;
  return { ...s, start, end };
}

/**
 * Candidate URL hashes (as text: 64-bit integers do not survive JSON numbers) of the range from
 * the merged sketches; with `total`, the selection's total of the measure too (the sketch rows
 * carry it: the base of the shares).
 */
async function urlCandidates(engine: TrafficEngine, s: Search, by: AnalysisMeasure, total: boolean) {
  const measure = measureColumn(by);
  // The total (the shares' base) must cover the range exactly: it rides along with the sketch
  // rows, so only a list without it may take its candidates from the widened range.
  const sketch = buildUnion(
    { sources: ['urlska', 'urlskd', 'urlsk'], keys: [], measures: total ? [measure] : [], states: [sketchState(by, 'cityHash64(l.url)')] },
    s,
    total ? s : candidateRange(s),
  );
  const [found] = await engine.query<{ cands: string[]; total: number }>(
    `SELECT arrayMap(h -> toString(h), arraySlice(topKWeightedMerge(${SKETCH_N})(x.top), 1, ${CANDIDATES})) AS cands,
       ${total ? `sum(x.${measure})` : '0'} AS total
     FROM (${sketch.sql}) AS x`,
    sketch.params,
  );
  return { total: num(found?.total), candidates: (found?.cands ?? []).filter((c) => /^\d+$/.test(c)) };
}

/**
 * Exact sums of the candidate URLs, the first TOP_N: with `by`, requests and flow ordered by it;
 * without, requests only (ordered by them).
 */
async function urlExact(engine: TrafficEngine, s: Search, candidates: string[], by?: AnalysisMeasure) {
  const urlKey: Key = { name: 'url_h', rollup: 'url_h', base: 'cityHash64(l.url)' };
  const exact = buildUnion(
    {
      sources: ['url'],
      keys: [urlKey],
      anyOf: [key('url')],
      measures: by ? ['requests', 'bytes'] : ['requests'],
      where: { rollup: 'r.url_h IN {cands:Array(UInt64)}', base: 'cityHash64(l.url) IN {cands:Array(UInt64)}', needs: ['url_h'] },
    },
    s,
    s,
  );
  const order = by === 'flow' ? 'flow' : 'request';
  return engine.query<{ url: string; request: number | string; flow?: number | string }>(
    `SELECT any(x.url) AS url, sum(x.requests) AS request${by ? ', sum(x.bytes) AS flow' : ''}
     FROM (${exact.sql}) AS x GROUP BY x.url_h
     ORDER BY ${order} DESC, url ASC LIMIT ${TOP_N}`,
    // Bound as the text of the array: 64-bit hashes do not fit JavaScript numbers.
    { ...exact.params, cands: `[${candidates.join(',')}]` },
  );
}

/** The top URLs from the sketch candidates and their exact sums, with the selection's total of the measure. */
async function urlTopFromRollups(engine: TrafficEngine, s: Search, by: AnalysisMeasure) {
  const { total: count, candidates } = await urlCandidates(engine, s, by, true);
  return { count, rows: candidates.length ? await urlExact(engine, s, candidates, by) : [] };
}

/** POST /api/es/urlTop/{variant}[/flow]: the 100 most requested (or heaviest) URLs. */
export async function urlTop(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<UrlTopList> {
  const { count, rows } = baseAnswers({ baseBelow: URL_BASE_BELOW }, s.rows) ? await urlTopFromBase(engine, s, by) : await urlTopFromRollups(engine, s, by);
  const order = by === 'flow' ? 'flow' : 'request';
  return {
    list: rows.map((r) => ({ url: String(r.url), request: num(r.request), flow: num(r.flow), percent: pct(num(r[order]), count) })),
    count,
  };
}

/** GET /api/es/urltop/get: the 100 most requested URLs and their requests (no total, no flow). */
export async function topUrls(engine: TrafficEngine, s: Search): Promise<KeyValue[]> {
  if (baseAnswers({ baseBelow: URL_BASE_BELOW }, s.rows)) return (await urlTopFromBase(engine, s, 'request')).rows.map((r) => ({ key: r.url, value: r.request }));
  const { candidates } = await urlCandidates(engine, s, 'request', false);
  if (!candidates.length) return [];
  const rows = await urlExact(engine, s, candidates);
  return rows.map((r) => ({ key: String(r.url), value: num(r.request) }));
}
