import type { TrafficEngine } from '../engine';
import { BUCKET_KEY, buildUnion, type UnionSpec } from './plan';
import { INTERVAL_SECONDS, type Interval, type Search } from './search';
import { num } from './numbers';

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

/**
 * One query: 5-minute rows of the range (rollup + base edges), summed per interval bucket and
 * over the whole range. `aggs` are aggregates over the union's columns computed per 5-minute
 * bucket (name → SQL, e.g. {request: 'sum(requests)'}); every 5-minute bucket of the range is
 * present (zeros where there was no traffic), so curves have no holes.
 */
export async function curveQuery<N extends string>(
  engine: TrafficEngine,
  s: Search,
  spec: Omit<UnionSpec, 'levels'>,
  aggs: Record<N, string>,
  peakOf?: NoInfer<N>,
): Promise<CurveResult<N>> {
  const union = buildUnion({ ...spec, keys: [BUCKET_KEY, ...spec.keys], levels: ['5m'] }, s, s);
  const names = Object.keys(aggs) as N[];
  const first = Math.floor(s.start / 300) * 300;
  const peak = peakOf ?? names[0];
  const sql = `
    WITH b5 AS (
      SELECT b, ${names.map((n) => `${aggs[n]} AS ${n}`).join(', ')} FROM (${union.sql}) GROUP BY b
      UNION ALL
      SELECT toDateTime(arrayJoin(range(${first}, ${s.end}, 300)), 'UTC') AS b, ${names.map((n) => `0 AS ${n}`).join(', ')}
    )
    SELECT toUnixTimestamp(${intervalStart('x.b', s.interval)}) AS t, grouping(t) AS whole,
      ${names.map((n) => `sum(x.${n}) AS ${n}`).join(', ')},
      max(x.${peak}) AS peak, toUnixTimestamp(argMax(x.b, x.${peak})) AS peakTime
    FROM b5 AS x
    GROUP BY GROUPING SETS ((t), ())
    ORDER BY whole, t`;
  const rows = await engine.query<Record<string, unknown>>(sql, { ...union.params, tz: s.tz });
  const toRow = (r: Record<string, unknown>) => Object.fromEntries(names.map((n) => [n, num(r[n])])) as Record<N, number>;
  const totalRow = rows.find((r) => num(r.whole) === 1);
  const peakValue = num(totalRow?.peak);
  return {
    points: rows.filter((r) => num(r.whole) === 0).map((r) => ({ ...toRow(r), t: num(r.t) })),
    total: { ...(totalRow ? toRow(totalRow) : (Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>)), peak: peakValue, peakTime: peakValue > 0 ? num(totalRow?.peakTime) : null },
  };
}

export const intervalSeconds = (s: Search) => INTERVAL_SECONDS[s.interval];
