import type { TrafficEngine } from '../engine';
import { BUCKET_KEY, buildUnion, fromUnion, type Key, type UnionSpec } from './plan';
import { INTERVAL_SECONDS, type Interval, type Search } from './search';
import { num } from './numbers';
import type { MeasureName } from '../rollups';

/** SQL for the start of the `interval` bucket (in zone {tz:String}) holding DateTime `col`. */
export function intervalStart(col: string, interval: Interval): string {
  if (interval === '1h') return `toStartOfHour(${col}, {tz:String})`;
  if (interval === '1d') return `toStartOfDay(${col}, {tz:String})`;
  return col;
}

export interface CurveResult<N extends string> {
  /** one row per interval bucket of the range (zero-filled), t = bucket start in seconds */
  points: (Record<N, number> & { t: number })[];
  /** sums over the whole range, plus the highest 5-minute value of `peakOf` and when it was */
  total: Record<N, number> & { peak: number; peakTime: number | null };
}

/** The 5-minute bucket named as the rollups' column, so that the outer query can read a rollup table directly (Built.flat). */
const BUCKET: Key = { ...BUCKET_KEY, name: 'bucket' };

/**
 * One query: the 5-minute rows of the range (rollup + base edges, one row per 5-minute bucket
 * and key), summed per interval bucket and over the whole range (GROUPING SETS). `aggs` are
 * aggregates over the union's columns (name → SQL, e.g. {request: 'sum(requests)'}); every
 * interval bucket of the range is present (zeros where there was no traffic), so curves have no holes.
 * `peakOf` is a measure column: its highest 5-minute value and when it was (without keys only,
 * where each union row is one 5-minute bucket).
 * The aggregation is a single level over the union: on this engine every nested SELECT costs
 * about 2 ms of planning, a third of such a query. When one rollup table answers a 5-minute curve,
 * the same aggregation reads it directly (Built.flat): `aggs` must be sums of measure columns.
 */
export async function curveQuery<N extends string>(
  engine: TrafficEngine,
  s: Search,
  spec: Omit<UnionSpec, 'levels'>,
  aggs: Record<N, string>,
  peakOf?: MeasureName,
): Promise<CurveResult<N>> {
  if (spec.states?.length || spec.anyOf?.length) throw new Error('curveQuery: measures only');
  if (peakOf && spec.keys.length) throw new Error('curveQuery: a peak needs one row per 5-minute bucket (no keys)');
  const union = buildUnion({ ...spec, keys: [BUCKET, ...spec.keys], levels: ['5m'] }, s, s);
  const names = Object.keys(aggs) as N[];
  const first = Math.floor(s.start / 300) * 300;
  // 1-hour and 1-day buckets start at the zone's hours and days: the engine adds the 5-minute
  // bucket starts of the range as zero rows (in the union's column order; NULL keys: no key value
  // gets counts). 5-minute buckets are filled below (a zero branch costs a millisecond).
  const fillInSql = s.interval !== '5m';
  const zeros = [
    `toDateTime(arrayJoin(range(${first}, ${s.end}, 300)), 'UTC') AS ${BUCKET.name}`,
    ...spec.keys.map((k) => `NULL AS ${k.name}`),
    ...spec.measures.map((m) => `0 AS ${m}`),
  ];
  // The peak: over 5-minute points, the highest point (below); over hours or days, the highest
  // 5-minute row of the union (one row per 5-minute bucket without keys).
  const peak = !peakOf
    ? '0 AS peak, 0 AS peakTime'
    : fillInSql
      ? `max(x.${peakOf}) AS peak, toUnixTimestamp(argMax(x.${BUCKET.name}, x.${peakOf})) AS peakTime`
      : `sum(x.${peakOf}) AS peak, 0 AS peakTime`;
  const sql = `
    SELECT toUnixTimestamp(${intervalStart(`x.${BUCKET.name}`, s.interval)}) AS t, grouping(t) AS whole,
      ${names.map((n) => `${aggs[n]} AS ${n}`).join(', ')}, ${peak}
    FROM ${fillInSql ? `(${union.sql}\n      UNION ALL\n      SELECT ${zeros.join(', ')}) AS x` : fromUnion(union)}
    GROUP BY GROUPING SETS ((t), ())
    ORDER BY whole, t`;
  const rows = await engine.query<Record<string, unknown>>(sql, { ...union.params, tz: s.tz });
  // Plain loops: a week of 5-minute points is 2,016 rows, and building each point with
  // Object.fromEntries and a spread took about 3 ms of a 12-15 ms account-wide curve.
  const toRow = (r: Record<string, unknown> | undefined, p: Record<string, number> = {}) => {
    for (const n of names) p[n] = r ? num(r[n]) : 0;
    return p as Record<N, number>;
  };
  const point = (r: Record<string, unknown> | undefined, t: number) => toRow(r, { t }) as Record<N, number> & { t: number };
  const totalRow = rows.find((r) => num(r.whole) === 1);
  const zero = () => toRow(undefined);
  const pointRows = rows.filter((r) => num(r.whole) === 0);
  let points = pointRows.map((r) => point(r, num(r.t)));
  let peakValue = num(totalRow?.peak);
  let peakTime = num(totalRow?.peakTime);
  if (!fillInSql) {
    if (peakOf) {
      peakValue = 0;
      for (const r of pointRows) if (num(r.peak) > peakValue) [peakValue, peakTime] = [num(r.peak), num(r.t)];
    }
    const byT = new Map(points.map((p) => [p.t, p]));
    points = [];
    for (let t = first; t < s.end; t += 300) points.push(byT.get(t) ?? point(undefined, t));
  }
  return {
    points,
    total: { ...(totalRow ? toRow(totalRow) : zero()), peak: peakValue, peakTime: peakValue > 0 ? peakTime : null },
  };
}

export const intervalSeconds = (s: Search) => INTERVAL_SECONDS[s.interval];
