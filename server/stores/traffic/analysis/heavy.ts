import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, KeyValue, UrlTopList } from '../../../../common/wire/traffic/index';
import { SKETCH_N } from '../rollups';
import { baseAnswers, buildUnion, key, measureColumn, type Key } from './plan';
import { topQuery } from './tops';
import { num, pct } from './numbers';
import type { Search } from './search';

/**
 * Top-100 URLs and client IPs (ips.ts). These dimensions have millions of values, so summing every value
 * over a week would read tens of millions of rows. Instead, two steps:
 * 1. candidates: the heavy hitters of the range, from the sketches kept per domain, provider and
 *    hour/day (Space-Saving top-K states, merged; the base table builds the same states for the
 *    edges of the range);
 * 2. exact sums of those candidates only, from tables sorted by URL hash / IP (point look-ups).
 * The figures shown are exact; a value can only be missed if the merged sketch (SKETCH_N
 * heavy hitters) does not rank it among its first CANDIDATES (125) of its list (IPs: China, the rest of the world), i.e. if its
 * estimate is off by more than the margin between rank 100 and 125. On small data sets the
 * sketches are exact; in flat, sparse traffic (the 10 M-row benchmark: estimates off by up to a
 * sixth around rank 100) a value near rank 100 can be missed, never one near the top. The distinct-IP count comes from merged HyperLogLog
 * states (exact for small sets, about ±0.8 % beyond a few hundred).
 */

export const TOP_N = 100;

/**
 * Break-even (estimated base rows, Search.rows) below which the exact GROUP BY over the base table
 * beats the sketch candidates and their look-up (bench/analysis.ts, docs/analysis.md). The IP path
 * (ips.ts) reads a table sorted by IP, much cheaper than grouping base rows by IP, and breaks even
 * far lower; the URL path groups long strings either way.
 */
const URL_BASE_BELOW = 1_000_000;

/** Small scopes: the exact top URLs straight from the base table, with the total of the measure. */
async function urlTopFromBase(engine: TrafficEngine, s: Search, by: AnalysisMeasure) {
  const rows = await topQuery(engine, s, { sources: [], keys: [key('url')] }, by, TOP_N);
  return { count: rows[0]?.total ?? 0, rows: rows.map((r) => ({ url: r.k, request: r.request, flow: r.flow })) };
}

/** Sketch candidates summed exactly: the top 100 and a margin for the sketch's estimates. */
export const CANDIDATES = 125;

/** The heavy-hitter state of the values `key` (over base rows) by requests or by flow. */
export function sketchState(by: AnalysisMeasure, key: string) {
  const column = by === 'flow' ? 'top_b' : 'top_r';
  return {
    name: 'top',
    column,
    rollup: `topKWeightedMergeState(${SKETCH_N})(r.${column})`,
    base: `topKWeightedState(${SKETCH_N})(${key}, toUInt64(${by === 'flow' ? 'l.bytes' : '1'}))`,
  };
}

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
  const { count, rows } = baseAnswers({ baseBelow: URL_BASE_BELOW }, s.rows)
    ? await urlTopFromBase(engine, s, by)
    : await urlTopFromRollups(engine, s, by);
  const order = by === 'flow' ? 'flow' : 'request';
  return {
    list: rows.map((r) => ({ url: String(r.url), request: num(r.request), flow: num(r.flow), percent: pct(num(r[order]), count) })),
    count,
  };
}

/** GET /api/es/urltop/get: the 100 most requested URLs and their requests (no total, no flow). */
export async function topUrls(engine: TrafficEngine, s: Search): Promise<KeyValue[]> {
  if (baseAnswers({ baseBelow: URL_BASE_BELOW }, s.rows))
    return (await urlTopFromBase(engine, s, 'request')).rows.map((r) => ({ key: r.url, value: r.request }));
  const { candidates } = await urlCandidates(engine, s, 'request', false);
  if (!candidates.length) return [];
  const rows = await urlExact(engine, s, candidates);
  return rows.map((r) => ({ key: String(r.url), value: num(r.request) }));
}
