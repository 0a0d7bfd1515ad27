import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, IpItem, IpList, KeyValue } from '../../../../common/wire/traffic/index';
import { IP_AREA, SKETCH_N, UNIQ_PRECISION } from '../rollups';
import { baseAnswers, baseWhere, baseWhereIn, buildUnion, filterParams, key, type Built, type Key, type UnionSpec } from './plan';
import { CANDIDATES, sketchState, TOP_N } from './heavy';
import { num } from './numbers';
import type { Search } from './search';

/**
 * The top-100 client IPs and the distinct-IP count, in the two steps described in heavy.ts:
 * candidates from the merged sketches, then their exact sums from the IP look-up table.
 * The sketches and the look-up table keep hours and days; the seconds of a range outside whole
 * hours (its edges) are read from the base table. Where the edges hold few rows, the candidate
 * step reads them once, grouped by IP, and returns every edge IP's sums with the candidates, so
 * that the look-up reads its table alone (one domain, last 24 hours: the look-up 15.7 -> 8.8 ms,
 * the candidates 14.5 -> 16.7 ms; docs/analysis.md). Large edges (a whole account of a large
 * store) keep the base table in both steps (IP_EDGE_ROWS_BELOW): too many IPs to send.
 */

/**
 * Break-evens (estimated base rows, Search.rows) below which the exact GROUP BY over the base table
 * wins (bench/analysis.ts, one domain). The POST lists (world and China, with areas) group about
 * 175 ns a base row against 20-24 ms for the rollups; the GET's world list (IPs only) about 45 ns
 * a row (one hash table, below), against 15-17 ms for the rollups over whole hours and about
 * 24 ms with edges.
 */
const IP_BASE_BELOW = 100_000;
const IP_WORLD_BASE_BELOW = 400_000;

/**
 * Estimated base rows of a range's edges up to which the candidate step returns the edges' sums
 * (see above). Measured on the 10 M-row store: as fast or faster at every scope up to a whole
 * account's day and week (edges of 46,000 and 48,000 rows, about 20,000 IPs); beyond, the rows
 * sent grow with the edges.
 */
const IP_EDGE_ROWS_BELOW = 100_000;

/**
 * Small scopes: the IPs of the base rows grouped, exactly: with `full` the world's and China's
 * first 100 with their areas, else the world's 100; each row carries the exact distinct count (ips).
 */
async function ipsFromBase(engine: TrafficEngine, s: Search, by: AnalysisMeasure, full: boolean) {
  const order = by === 'flow' ? 'flow' : 'request';
  const cn = full ? "sum(l.bytes) AS flow, any(l.country) AS country, any(l.province) AS province, any(l.isp) AS isp, country = 'CN'" : '0';
  // One flat GROUP BY: a union grouped again would group every IP twice. The IP as it is (its
  // text form is how it comes back), and the world's list with a plain LIMIT: a text conversion
  // or a LIMIT BY would run over every distinct IP, not the 100 kept (one domain, one day:
  // 62 -> 35 ms for the GET).
  return engine.query<Record<string, unknown>>(
    `SELECT l.client_ip AS ip, count() AS request, count() OVER () AS ips,
       ${cn} AS cn
     FROM traffic.access_log AS l WHERE ${baseWhere(s, s)} GROUP BY l.client_ip
     ORDER BY ${order} DESC, l.client_ip ASC LIMIT ${TOP_N}${full ? ' BY cn' : ''}
     ${ONE_LEVEL_GROUP_BY}`,
    filterParams(s),
  );
}

/**
 * One hash table for grouping base rows by IP, not the two-level one that the engine switches to
 * from 100,000 keys: on two cores the switch costs more than it gains (one domain, last 24 h, the
 * GET's 100,000 IPs: 20.8 -> 16.2 ms; no change below 100,000 keys). The base table answers
 * scopes of at most IP_WORLD_BASE_BELOW rows, so the table stays small.
 */
const ONE_LEVEL_GROUP_BY = 'SETTINGS group_by_two_level_threshold = 0, group_by_two_level_threshold_bytes = 0';

const CN_KEY: Key = { name: 'cn', rollup: 'cn', base: "l.country = 'CN'" };

/** One IP's sums over some rows, with its area (country, province, ISP as IP_AREA keeps them). */
type IpSums = {
  ip: string;
  request: number;
  flow: number;
  area: string;
};

interface Candidates {
  /** the distinct-IP count of the range */
  count: number;
  candidates: string[];
  /** every IP of the range's edges with its sums there, when the edges were read this way */
  edges?: Map<string, IpSums>;
}

/**
 * Whether the candidate step should return the edges' sums: the sketches and the look-up table
 * cover the same hours and days, the base table the same edges, and those hold few rows. An
 * unknown estimate (the rollups forced) keeps the edges in both steps.
 */
function edgesAreSmall(s: Search, sketch: Built, lookup: Built): boolean {
  const seconds = sketch.basePieces.reduce((acc, p) => acc + p.to - p.from, 0);
  if (!seconds || seconds >= s.end - s.start || s.rows === undefined) return false;
  if (sketch.source === 'base' || lookup.source === 'base' || JSON.stringify(sketch.basePieces) !== JSON.stringify(lookup.basePieces))
    return false;
  return (s.rows * seconds) / (s.end - s.start) <= IP_EDGE_ROWS_BELOW;
}

/**
 * Candidates for the top IPs of the range from the merged sketches, with the distinct-IP count:
 * the world's first CANDIDATES or, `byCountry`, China's and the rest of the world's first
 * CANDIDATES each. The latter cover the world's list too: an IP among the world's first 100 is
 * among the first 100 of its own side. Both sides in one aggregation without keys (-If
 * combinators), not grouping sets for each side and the whole: about 1 ms less (one domain, last 24 h).
 */
async function ipCandidates(engine: TrafficEngine, s: Search, by: AnalysisMeasure, byCountry: boolean, lookup: Built): Promise<Candidates> {
  const spec: UnionSpec = {
    sources: ['ipska', 'ipskd', 'ipsk'],
    keys: byCountry ? [CN_KEY] : [],
    measures: [],
    states: [
      sketchState(by, 'l.client_ip'),
      {
        name: 'ips',
        column: 'ips',
        rollup: `uniqCombined64MergeState(${UNIQ_PRECISION})(r.ips)`,
        base: `uniqCombined64State(${UNIQ_PRECISION})(l.client_ip)`,
      },
    ],
    unmerged: true,
  };
  const sketch = buildUnion(spec, s, s);
  const top = (cond?: string) =>
    `arraySlice(topKWeightedMerge${cond ? 'If' : ''}(${SKETCH_N})(x.top${cond ? `, ${cond}` : ''}), 1, ${CANDIDATES})`;
  const tops = byCountry ? `${top('x.cn = 0')} AS first, ${top('x.cn = 1')} AS china` : `${top()} AS first, [] AS china`;
  const count = `uniqCombined64Merge(${UNIQ_PRECISION})(x.ips) AS ips`;
  // An IP seen both in and outside China (its rows' areas differ) is on both sides: once is enough.
  const both = (found?: { first: string[]; china: string[] }) => [...new Set([...(found?.first ?? []), ...(found?.china ?? [])])];

  if (!edgesAreSmall(s, sketch, lookup)) {
    const [found] = await engine.query<{ first: string[]; china: string[]; ips: number }>(
      `SELECT ${tops}, ${count} FROM (${sketch.sql}) AS x`,
      sketch.params,
    );
    return { count: num(found?.ips), candidates: both(found) };
  }
  // The edges grouped by IP: their sums go back whole (the world's list by requests: the IPs and
  // their requests only), and their sketch and distinct-count states (built from the grouped rows,
  // weighted) join the hours' and days' states. An IP's side is its area's, as in the look-up.
  const hours = buildUnion({ ...spec, skipBase: true }, s, s);
  const withBytes = byCountry || by === 'flow';
  const sent = ['ip', ...(byCountry ? ['area'] : []), 'requests', ...(withBytes ? ['bytes'] : [])];
  const edge = `SELECT ${byCountry ? `${IP_AREA.inChina('e.area')} AS cn, ` : ''}
       topKWeightedState(${SKETCH_N})(e.ip, e.${by === 'flow' ? 'bytes' : 'requests'}) AS top,
       uniqCombined64State(${UNIQ_PRECISION})(e.ip) AS ips, ${sent.map((c) => `groupArray(e.${c}) AS e_${c}`).join(', ')}
     FROM (SELECT l.client_ip AS ip${byCountry ? `, any(${IP_AREA.base}) AS area` : ''},
         count() AS requests${withBytes ? ', sum(l.bytes) AS bytes' : ''}
       FROM traffic.access_log AS l WHERE ${baseWhereIn(s, sketch.basePieces)} GROUP BY ip) AS e${byCountry ? ' GROUP BY cn' : ''}`;
  const [found] = await engine.query<{ first: string[]; china: string[]; ips: number } & Record<`e_${string}`, unknown[]>>(
    `SELECT ${tops}, ${count}, ${sent.map((c) => `groupArrayArray(x.e_${c}) AS e_${c}`).join(', ')}
     FROM (${edge}
       UNION ALL
       SELECT ${byCountry ? 'h.cn, ' : ''}h.top, h.ips, ${sent.map(() => '[]').join(', ')} FROM (${hours.sql}) AS h) AS x`,
    sketch.params,
  );
  const edges = new Map<string, IpSums>();
  (found?.e_ip ?? []).forEach((ip, i) =>
    edges.set(String(ip), {
      ip: String(ip),
      request: num(found.e_requests?.[i]),
      flow: num(found.e_bytes?.[i]),
      area: String(found.e_area?.[i] ?? ''),
    }),
  );
  return { count: num(found?.ips), candidates: both(found), edges };
}

/** An IP's area as the look-up table keeps it (one tab-separated column; see IP_AREA). */
const AREA_KEY: Key = { name: IP_AREA.name, rollup: IP_AREA.name, base: IP_AREA.base };

/**
 * Exact sums of candidate IPs ({cands:Array(IPv4)}): requests, or with `full` flow and each IP's
 * area too; `skipBase`: the hours and days only (the caller has the edges' sums).
 */
function ipExact(s: Search, full: boolean, skipBase: boolean) {
  return buildUnion(
    {
      sources: ['ip'],
      keys: [key('client_ip')],
      anyOf: full ? [AREA_KEY] : [],
      measures: full ? ['requests', 'bytes'] : ['requests'],
      where: { rollup: 'r.client_ip IN {cands:Array(IPv4)}', base: 'l.client_ip IN {cands:Array(IPv4)}', needs: ['client_ip'] },
      unmerged: true,
      skipBase,
    },
    s,
    s,
  );
}

const ipNumber = (ip: string) => ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

/**
 * The candidates' sums over the hours and days plus their sums over the edges, ordered as the
 * lists are (by the measure, then by IP): the first TOP_N of each side, `cn` 1 for China's
 * (`byCountry`), or of the world.
 */
function addEdges(
  rows: Record<string, unknown>[],
  edges: Map<string, IpSums>,
  candidates: string[],
  by: AnalysisMeasure,
  byCountry: boolean,
) {
  const inHours = new Map(rows.map((r) => [String(r.ip), r]));
  const sums: Array<IpSums & { cn: number }> = [];
  for (const ip of candidates) {
    const h = inHours.get(ip);
    const e = edges.get(ip);
    if (!h && !e) continue;
    const area = h?.area !== undefined ? String(h.area) : (e?.area ?? '');
    sums.push({
      ip,
      request: num(h?.request) + (e?.request ?? 0),
      flow: num(h?.flow) + (e?.flow ?? 0),
      area,
      cn: IP_AREA.isChina(area) ? 1 : 0,
    });
  }
  const measure = (i: IpSums) => (by === 'flow' ? i.flow : i.request);
  sums.sort((a, b) => measure(b) - measure(a) || ipNumber(a.ip) - ipNumber(b.ip));
  if (!byCountry) return sums.slice(0, TOP_N);
  return [...sums.filter((i) => i.cn).slice(0, TOP_N), ...sums.filter((i) => !i.cn).slice(0, TOP_N)];
}

/** POST /api/es/independentIp/{variant} (by requests) and /all/flow (by bytes): the world's and China's top 100. */
export async function ipList(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<IpList> {
  if (baseAnswers({ baseBelow: IP_BASE_BELOW }, s.rows)) {
    const rows = await ipsFromBase(engine, s, by, true);
    return ipListOf(rows, by, num(rows[0]?.ips));
  }
  const { count, candidates, edges } = await ipCandidates(engine, s, by, true, ipExact(s, true, false));
  if (!candidates.length) return { listCN: [], count, listAll: [] };
  const exact = ipExact(s, true, edges !== undefined);
  const params = { ...exact.params, cands: candidates };
  if (edges) {
    const rows = await engine.query<Record<string, unknown>>(
      `SELECT x.client_ip AS ip, sum(x.requests) AS request, sum(x.bytes) AS flow, any(x.area) AS area
       FROM (${exact.sql}) AS x GROUP BY x.client_ip`,
      params,
    );
    return ipListOf(addEdges(rows, edges, candidates, by, true), by, count);
  }
  const order = by === 'flow' ? 'flow' : 'request';
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT x.client_ip AS ip, sum(x.requests) AS request, sum(x.bytes) AS flow,
       any(x.area) AS area, ${IP_AREA.inChina('area')} AS cn
     FROM (${exact.sql}) AS x GROUP BY x.client_ip
     ORDER BY ${order} DESC, x.client_ip ASC LIMIT ${TOP_N} BY cn`,
    params,
  );
  return ipListOf(rows, by, count);
}

/**
 * The world's and China's lists from rows of ip, request, flow, the area (country, province and
 * isp, or the look-up table's tab-separated area) and cn (each side ordered), with the distinct count.
 */
function ipListOf(rows: Record<string, unknown>[], by: AnalysisMeasure, count: number): IpList {
  const items = rows.map((r): IpItem & { cn: boolean } => {
    const [country, province, isp] =
      r.area === undefined ? [r.country, r.province, r.isp].map((v) => String(v ?? '')) : IP_AREA.parts(String(r.area));
    return { ip: String(r.ip), request: num(r.request), flow: num(r.flow), country, province, isp, cn: num(r.cn) === 1 };
  });
  const strip = ({ cn: _cn, ...item }: IpItem & { cn: boolean }): IpItem => item;
  // Each side arrives ordered; the world list is the best 100 of the two sides.
  const measure = (i: IpItem) => (by === 'flow' ? i.flow : i.request);
  const listAll = [...items]
    .sort((a, b) => measure(b) - measure(a) || ipNumber(a.ip) - ipNumber(b.ip))
    .slice(0, TOP_N)
    .map(strip);
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
  const { count, candidates, edges } = await ipCandidates(engine, s, 'request', false, ipExact(s, false, false));
  if (!candidates.length) return { count, list: [] };
  const exact = ipExact(s, false, edges !== undefined);
  const params = { ...exact.params, cands: candidates };
  if (edges) {
    const rows = await engine.query<Record<string, unknown>>(
      `SELECT x.client_ip AS ip, sum(x.requests) AS request FROM (${exact.sql}) AS x GROUP BY x.client_ip`,
      params,
    );
    return { count, list: addEdges(rows, edges, candidates, 'request', false).map((i) => ({ key: i.ip, value: i.request })) };
  }
  const rows = await engine.query<{ ip: string; request: number | string }>(
    `SELECT x.client_ip AS ip, sum(x.requests) AS request
     FROM (${exact.sql}) AS x GROUP BY x.client_ip
     ORDER BY request DESC, x.client_ip ASC LIMIT ${TOP_N}`,
    params,
  );
  return { count, list: rows.map((r) => ({ key: String(r.ip), value: num(r.request) })) };
}
