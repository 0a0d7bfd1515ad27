import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, IpItem, IpList, UrlTopList } from '../../../../dataProviders/api/trafficTypes';
import { SKETCH_N, UNIQ_PRECISION } from '../rollups';
import { buildUnion, key, type Key } from './plan';
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
 * heavy hitters) does not rank it among its first CANDIDATES (125) of its list (IPs: the world, China), i.e. if its
 * estimate is off by more than the margin between rank 100 and 125. On small data sets the
 * sketches are exact; in flat, sparse traffic (the 10 M-row benchmark: estimates off by up to a
 * sixth around rank 100) a value near rank 100 can be missed, never one near the top. The distinct-IP count comes from merged HyperLogLog states (exact for small sets,
 * about ±0.8 % beyond a few hundred).
 */

export const TOP_N = 100;
/** Sketch candidates summed exactly: the top 100 and a margin for the sketch's estimates. */
const CANDIDATES = 125;

const sketchState = (column: 'top_r' | 'top_b', key: string) => ({
  name: 'top',
  column,
  rollup: `topKWeightedMergeState(${SKETCH_N})(r.${column})`,
  base: `topKWeightedState(${SKETCH_N})(${key}, toUInt64(${column === 'top_r' ? '1' : 'l.bytes'}))`,
});

const CN_KEY: Key = { name: 'cn', rollup: 'cn', base: "l.country = 'CN'" };

/**
 * POST /api/es/independentIp/{variant} (by requests) and /all/flow (by bytes): the world's and
 * China's top 100. `lists: 'world'` (the simple GET shows only the world's) skips China's
 * candidates and list (listCN is then empty): their look-ups are most of the cost.
 */
export async function ipList(engine: TrafficEngine, s: Search, by: AnalysisMeasure, lists: 'world' | 'both' = 'both'): Promise<IpList> {
  const column = by === 'flow' ? 'top_b' : 'top_r';
  const sketch = buildUnion(
    {
      sources: ['ipska', 'ipskd', 'ipsk'],
      keys: lists === 'both' ? [CN_KEY] : [],
      measures: [],
      states: [
        sketchState(column, 'l.client_ip'),
        { name: 'ips', column: 'ips', rollup: `uniqCombined64MergeState(${UNIQ_PRECISION})(r.ips)`, base: `uniqCombined64State(${UNIQ_PRECISION})(l.client_ip)` },
      ],
    },
    s,
    s,
  );
  const found = await engine.query<{ whole: number; cn: number; cands: string[]; ips: number }>(
    `SELECT ${lists === 'both' ? 'grouping(x.cn)' : '1'} AS whole, ${lists === 'both' ? 'x.cn' : '0'} AS cn,
       arraySlice(topKWeightedMerge(${SKETCH_N})(x.top), 1, ${CANDIDATES}) AS cands, uniqCombined64Merge(${UNIQ_PRECISION})(x.ips) AS ips
     FROM (${sketch.sql}) AS x ${lists === 'both' ? 'GROUP BY GROUPING SETS ((x.cn), ())' : ''}`,
    sketch.params,
  );
  const whole = found.find((r) => num(r.whole) === 1);
  const count = num(whole?.ips);
  // The world list needs the world's candidates, the China list China's: the two sets overlap
  // where the heaviest clients are in China, and every candidate costs a look-up.
  const china = found.find((r) => num(r.whole) === 0 && num(r.cn) === 1);
  const candidates = [...new Set([...(whole?.cands ?? []), ...(china?.cands ?? [])])];
  if (!candidates.length) return { listCN: [], count, listAll: [] };

  const exact = buildUnion(
    {
      sources: ['ip'],
      keys: [key('client_ip')],
      anyOf: ['country', 'province', 'isp'],
      measures: ['requests', 'bytes'],
      where: { rollup: 'r.client_ip IN {cands:Array(IPv4)}', base: 'l.client_ip IN {cands:Array(IPv4)}', needs: ['client_ip'] },
    },
    s,
    s,
  );
  const order = by === 'flow' ? 'flow' : 'request';
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT IPv4NumToString(x.client_ip) AS ip, sum(x.requests) AS request, sum(x.bytes) AS flow,
       any(x.country) AS country, any(x.province) AS province, any(x.isp) AS isp, country = 'CN' AS cn
     FROM (${exact.sql}) AS x GROUP BY x.client_ip
     ORDER BY ${order} DESC, x.client_ip ASC LIMIT ${TOP_N}${lists === 'both' ? ' BY cn' : ''}`,
    { ...exact.params, cands: candidates },
  );
  const items = rows.map((r): IpItem & { cn: boolean } => ({
    ip: String(r.ip),
    request: num(r.request),
    flow: num(r.flow),
    country: String(r.country ?? ''),
    province: String(r.province ?? ''),
    isp: String(r.isp ?? ''),
    cn: num(r.cn) === 1,
  }));
  const strip = ({ cn: _cn, ...item }: IpItem & { cn: boolean }): IpItem => item;
  // Each side arrives ordered; the world list is the best 100 of the two sides.
  const measure = (i: IpItem) => (by === 'flow' ? i.flow : i.request);
  const listAll = [...items].sort((a, b) => measure(b) - measure(a) || ipNumber(a.ip) - ipNumber(b.ip)).slice(0, TOP_N).map(strip);
  return { listCN: lists === 'both' ? items.filter((i) => i.cn).map(strip) : [], count, listAll };
}

const ipNumber = (ip: string) => ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

/** POST /api/es/urlTop/{variant}[/flow]: the 100 most requested (or heaviest) URLs. */
export async function urlTop(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<UrlTopList> {
  const sketch = buildUnion(
    { sources: ['urlska', 'urlskd', 'urlsk'], keys: [], measures: ['requests', 'bytes'], states: [sketchState(by === 'flow' ? 'top_b' : 'top_r', 'cityHash64(l.url)')] },
    s,
    s,
  );
  // The sketch rows also carry the selection's totals (the base of the shares).
  const [found] = await engine.query<{ cands: string[]; total: number }>(
    // Hashes as text: 64-bit integers do not survive JSON numbers.
    `SELECT arrayMap(h -> toString(h), arraySlice(topKWeightedMerge(${SKETCH_N})(x.top), 1, ${CANDIDATES})) AS cands,
       sum(x.${by === 'flow' ? 'bytes' : 'requests'}) AS total
     FROM (${sketch.sql}) AS x`,
    sketch.params,
  );
  const count = num(found?.total);
  const candidates = (found?.cands ?? []).filter((c) => /^\d+$/.test(c));
  if (!candidates.length) return { list: [], count };
  const urlKey: Key = { name: 'url_h', rollup: 'url_h', base: 'cityHash64(l.url)' };
  const exact = buildUnion(
    {
      sources: ['url'],
      keys: [urlKey],
      anyOf: ['url'],
      measures: ['requests', 'bytes'],
      where: { rollup: 'r.url_h IN {cands:Array(UInt64)}', base: 'cityHash64(l.url) IN {cands:Array(UInt64)}', needs: ['url_h'] },
    },
    s,
    s,
  );
  const order = by === 'flow' ? 'flow' : 'request';
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT any(x.url) AS url, sum(x.requests) AS request, sum(x.bytes) AS flow
     FROM (${exact.sql}) AS x GROUP BY x.url_h
     ORDER BY ${order} DESC, url ASC LIMIT ${TOP_N}`,
    // Bound as the text of the array: 64-bit hashes do not fit JavaScript numbers.
    { ...exact.params, cands: `[${candidates.join(',')}]` },
  );
  return {
    list: rows.map((r) => ({ url: String(r.url), request: num(r.request), flow: num(r.flow), percent: pct(num(r[order]), count) })),
    count,
  };
}
