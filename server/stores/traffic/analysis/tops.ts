import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, RankedList, StatusData } from '../../../../common/wire/trafficTypes';
import { baseWhere, buildUnion, filterParams, key, measureColumn, readsBase, type UnionSpec } from './plan';
import { num, pct } from './numbers';
import type { Search } from './search';

const TOP_N = 100;
/** Estimated base rows up to which the base table answers the status codes (see statusData). */
const STATUS_BASE_BELOW = 400_000;

interface TopRow {
  k: string;
  request: number;
  flow: number;
  total: number;
}

/**
 * Top `limit` values of one dimension by requests or bytes, with the total of the measure over
 * the whole selection (a window over all groups, so one scan answers both).
 */
export async function topQuery(
  engine: TrafficEngine,
  s: Search,
  spec: Pick<UnionSpec, 'sources' | 'keys' | 'baseBelow'>,
  by: AnalysisMeasure,
  limit = TOP_N,
  /**
   * Long strings (URLs): the base table groups by their 64-bit hash, any() giving the text back
   * (a hash table of fixed-size keys; as the rollups' views do), not by the strings themselves.
   */
  hashed = false,
): Promise<TopRow[]> {
  const full = { ...spec, measures: ['requests', 'bytes'] } satisfies UnionSpec;
  const order = by === 'flow' ? 'flow' : 'request';
  const value = spec.keys[0].base;
  // From the base table, one flat GROUP BY: a union grouped again would group every value twice.
  const rows = readsBase(full, s, s)
    ? await engine.query<Record<string, unknown>>(
        `SELECT ${hashed ? `toString(any(${value}))` : `toString(${value})`} AS k, count() AS request, sum(l.bytes) AS flow,
           sum(${by === 'flow' ? 'sum(l.bytes)' : 'count()'}) OVER () AS total
         FROM traffic.access_log AS l WHERE ${baseWhere(s, s)} GROUP BY ${hashed ? `cityHash64(${value})` : 'k'}
         ORDER BY ${order} DESC, k ASC LIMIT ${limit}`,
        filterParams(s),
      )
    : await (async () => {
        const union = buildUnion(full, s, s);
        const k = spec.keys[0].name;
        return engine.query<Record<string, unknown>>(
          `SELECT toString(x.${k}) AS k, sum(x.requests) AS request, sum(x.bytes) AS flow, sum(sum(x.${measureColumn(by)})) OVER () AS total
           FROM (${union.sql}) AS x GROUP BY x.${k}
           ORDER BY ${order} DESC, k ASC LIMIT ${limit}`,
          union.params,
        );
      })();
  return rows.map((r) => ({ k: String(r.k), request: num(r.request), flow: num(r.flow), total: num(r.total) }));
}

/** POST /api/es/agent/{variant} (clientlist) and /api/es/source/{variant} (sourcelist, referers). */
export async function rankedList(engine: TrafficEngine, s: Search, dim: 'agent' | 'referer'): Promise<RankedList> {
  const column = dim === 'agent' ? 'user_agent' : 'referer';
  const rows = await topQuery(engine, s, { sources: [dim], keys: [key(column, 'name')] }, 'request');
  const count = rows[0]?.total ?? 0;
  return { count, list: rows.map((r) => ({ name: r.k, request: r.request, flow: r.flow, percent: pct(r.request, count) })) };
}

/**
 * POST /api/es/statusCode/{variant} (requests per code) and the byte variants (/onLine/TB,
 * /offLine/BT): every code with its share, and the classes by first digit (1..5, else 0).
 */
export async function statusData(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<StatusData> {
  // A handful of codes: the base table answers up to about a day of one domain (bench/analysis.ts:
  // one domain, today or the last 24 h, the rollups' two levels measured 1.2-1.4 x the plain GROUP BY).
  const union = buildUnion({ sources: ['statusa', 'status'], keys: [key('status')], measures: ['requests', 'bytes'], baseBelow: STATUS_BASE_BELOW }, s, s);
  const m = measureColumn(by);
  const cls = (k: number) => (k === 0 ? 'NOT (code >= 100 AND code < 600)' : `intDiv(code, 100) = ${k}`);
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT code, value, sum(value) OVER () AS total, ${[0, 1, 2, 3, 4, 5].map((k) => `sumIf(value, ${cls(k)}) OVER () AS c${k}`).join(', ')}
     FROM (SELECT x.status AS code, sum(x.${m}) AS value FROM (${union.sql}) AS x GROUP BY x.status)
     ORDER BY value DESC, code ASC`,
    union.params,
  );
  const first = rows[0] ?? {};
  const total = num(first.total);
  return {
    list: rows.map((r) => ({ code: num(r.code), value: num(r.value), percent: pct(num(r.value), total) })),
    statusCode0: num(first.c0),
    statusCode1: num(first.c1),
    statusCode2: num(first.c2),
    statusCode3: num(first.c3),
    statusCode4: num(first.c4),
    statusCode5: num(first.c5),
  };
}
