import type { TrafficEngine } from '../server/stores/traffic/engine';
import type { Search } from '../server/stores/traffic/analysis/search';

/**
 * The plain-SQL twin of every analysis query of bench/analysisQueries.ts: the same question asked
 * of the base table as a person would write it, without rollups, sketches or planning (GROUP BY
 * over the rows of the scope and range). A call that answers two questions (a curve and a list,
 * a range and the one before it) has one statement per question, as the portal does.
 */

const SCOPE = `account IN {accounts:Array(String)} AND (empty({domains:Array(String)}) OR domain IN {domains:Array(String)})
  AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')`;
const FROM = `FROM traffic.access_log WHERE ${SCOPE}`;
const CLASSES = [0, 1, 2, 3, 4, 5]
  .map((k) => (k === 0 ? 'countIf(status < 100 OR status >= 600) AS c0' : `countIf(intDiv(status, 100) = ${k}) AS c${k}`))
  .join(', ');

/** 5-minute curve of `aggs` with the totals row. */
const curve = (aggs: string) => `SELECT toStartOfFiveMinutes(ts) AS t, ${aggs} ${FROM} GROUP BY t WITH TOTALS ORDER BY t`;
/** Top 100 of `expr` by requests or flow, with the selection's total of that measure. */
const top = (expr: string, by: 'r' | 'f', n = 100) =>
  `SELECT ${expr} AS k, count() AS r, sum(bytes) AS f, sum(${by === 'r' ? 'count()' : 'sum(bytes)'}) OVER () AS total ${FROM} GROUP BY k ORDER BY ${by} DESC, k LIMIT ${n}`;
const status = (by: 'r' | 'f') =>
  `SELECT status, ${by === 'r' ? 'count()' : 'sum(bytes)'} AS v, sum(v) OVER () AS total ${FROM} GROUP BY status ORDER BY v DESC`;
const ips = (by: 'r' | 'f') =>
  `SELECT client_ip, count() AS r, sum(bytes) AS f, any(country) AS country, any(province) AS province, any(isp) AS isp, country = 'CN' AS cn,
     count() OVER () AS distinct_ips ${FROM} GROUP BY client_ip ORDER BY ${by} DESC, client_ip LIMIT 100 BY cn`;
const china = (by: 'r' | 'f') =>
  `SELECT province, isp, ${by === 'r' ? "count() AS v, countIf(country = 'CN') AS vcn" : "sum(bytes) AS v, sumIf(bytes, country = 'CN') AS vcn"}
   ${FROM} GROUP BY GROUPING SETS ((province), (isp), ()) ORDER BY vcn DESC`;
const world = (m: string) =>
  `SELECT continent, country, ${m} AS v ${FROM} GROUP BY GROUPING SETS ((continent), (country), ()) ORDER BY v DESC`;
const stats = curve('count() AS request, countIf(cache_hit = 1) AS hit');
const perDomain = `SELECT account, domain, count() AS r, sum(bytes) AS f, countIf(cache_hit = 1) AS h, groupUniqArray(provider) AS providers, max(ts) AS last ${FROM} GROUP BY account, domain ORDER BY f DESC`;

export const TWINS: Record<string, string[]> = {
  count: [curve(`count() AS r, countIf(cache_hit = 1) AS h, sum(bytes) AS f, sumIf(bytes, cache_hit = 1) AS hf, ${CLASSES}`)],
  urlTop: [top('url', 'r')],
  'urlTop/flow': [top('url', 'f')],
  hitRate: [curve('count() AS r, countIf(cache_hit = 1) AS h')],
  'hitRate/BT': [curve('sum(bytes) AS f, sumIf(bytes, cache_hit = 1) AS hf')],
  agent: [top('user_agent', 'r')],
  source: [top('referer', 'r')],
  statusCode: [status('r')],
  'statusCode/TB': [status('f')],
  independentIp: [ips('r')],
  'independentIp/all/flow': [ips('f')],
  userDistribution: [china('r')],
  'userDistribution/cn/flow': [china('f')],
  'userDistribution/all/request': [world('count()')],
  'userDistribution/all/flow': [world('sum(bytes)')],
  'request/db': [curve(`count() AS r, countIf(cache_hit = 1) AS h, sum(bytes) AS f, ${CLASSES}`)],
  'sourceRequest/db': [curve('countIf(cache_hit = 0) AS r, sumIf(bytes, cache_hit = 0) AS f')],
  'hitRate/db': [curve('count() AS r, countIf(cache_hit = 1) AS h')],
  'byteRate/db': [curve('sum(bytes) AS f, sumIf(bytes, cache_hit = 1) AS hf')],
  'statusCode/db': [curve(CLASSES)],
  'sourceStatusCode/db': [`SELECT toStartOfFiveMinutes(ts) AS t, ${CLASSES} ${FROM} AND cache_hit = 0 GROUP BY t WITH TOTALS ORDER BY t`],
  bandAndFlow: [curve('sum(bytes) AS f')],
  'urltop/get': [stats, top('url', 'r')],
  'hitrate/get': [stats],
  'clientside/get': [stats, top('user_agent', 'r')],
  'source/get': [stats, top('referer', 'r')],
  'statuscode/get': [curve(`count() AS request, countIf(cache_hit = 1) AS hit, ${CLASSES}`)],
  'independentip/get': [
    stats,
    `SELECT client_ip, count() AS r, count() OVER () AS distinct_ips ${FROM} GROUP BY client_ip ORDER BY r DESC, client_ip LIMIT 100`,
  ],
  'userdistribution/get': [stats, top('country', 'r', 300)],
  overview: [curve('count() AS r, countIf(cache_hit = 1) AS h, sum(bytes) AS f, sumIf(bytes, cache_hit = 1) AS hf'), perDomain],
  // The range and the one of the same length before it (the second statement's range is shifted by the caller).
  sequential: [
    `SELECT sum(r) AS request, sum(f) AS flow, sum(h) AS hit, max(f) AS peak FROM (SELECT toStartOfFiveMinutes(ts) AS t, count() AS r, sum(bytes) AS f, countIf(cache_hit = 1) AS h ${FROM} GROUP BY t)`,
    'PREVIOUS',
  ],
  dosageSort: [
    `SELECT account, domain, count() AS r, sum(bytes) AS f, groupUniqArray(provider) AS providers, sum(sum(bytes)) OVER () AS total ${FROM} GROUP BY account, domain ORDER BY f DESC`,
  ],
};

/** Runs the twin of `name` over `s` (every statement, in order). */
export async function runTwin(engine: TrafficEngine, name: string, s: Search): Promise<void> {
  const statements = TWINS[name];
  if (!statements) throw new Error(`no plain-SQL twin for ${name}`);
  const params = { accounts: s.accounts ?? [], domains: s.domains, start: s.start, end: s.end };
  for (let i = 0; i < statements.length; i++) {
    if (statements[i] === 'PREVIOUS') {
      const length = s.end - s.start;
      await engine.query(statements[i - 1], { ...params, start: s.start - length, end: s.start });
    } else await engine.query(statements[i], params);
  }
}
