import type { TrafficEngine } from '../engine';
import { BUCKET_KEY, buildUnion, type UnionSpec } from './plan';
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

/**
 * One query: the 5-minute rows of the range (rollup + base edges, one row per 5-minute bucket
 * and key), summed per interval bucket and over the whole range (GROUPING SETS). `aggs` are
 * aggregates over the union's columns (name → SQL, e.g. {request: 'sum(requests)'}); every
 * interval bucket of the range is present (zeros where there was no traffic), so curves have no holes.
 * `peakOf` is a measure column: its highest 5-minute value and when it was (without keys only,
 * where each union row is one 5-minute bucket).
 * The aggregation is a single level over the union: on this engine every nested SELECT costs
 * about 2 ms of planning, a third of such a query.
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
  const union = buildUnion({ ...spec, keys: [BUCKET_KEY, ...spec.keys], levels: ['5m'] }, s, s);
  const names = Object.keys(aggs) as N[];
  const first = Math.floor(s.start / 300) * 300;
  // 1-hour and 1-day buckets start at the zone's hours and days: the engine adds the 5-minute
  // bucket starts of the range as zero rows (in the union's column order; NULL keys: no key value
  // gets counts). 5-minute buckets are filled below (a zero branch costs a millisecond).
  const fillInSql = s.interval !== '5m';
  const zeros = [
    `toDateTime(arrayJoin(range(${first}, ${s.end}, 300)), 'UTC') AS ${BUCKET_KEY.name}`,
    ...spec.keys.map((k) => `NULL AS ${k.name}`),
    ...spec.measures.map((m) => `0 AS ${m}`),
  ];
  const peak = peakOf
    ? `max(x.${peakOf}) AS peak, toUnixTimestamp(argMax(x.${BUCKET_KEY.name}, x.${peakOf})) AS peakTime`
    : '0 AS peak, 0 AS peakTime';
  const sql = `
    SELECT toUnixTimestamp(${intervalStart(`x.${BUCKET_KEY.name}`, s.interval)}) AS t, grouping(t) AS whole,
      ${names.map((n) => `${aggs[n]} AS ${n}`).join(', ')}, ${peak}
    FROM (${union.sql}${fillInSql ? `\n      UNION ALL\n      SELECT ${zeros.join(', ')}` : ''}) AS x
    GROUP BY GROUPING SETS ((t), ())
    ORDER BY whole, t`;
  const rows = await engine.query<Record<string, unknown>>(sql, { ...union.params, tz: s.tz });
  const toRow = (r: Record<string, unknown>) => Object.fromEntries(names.map((n) => [n, num(r[n])])) as Record<N, number>;
  const totalRow = rows.find((r) => num(r.whole) === 1);
  const peakValue = num(totalRow?.peak);
  const zero = () => Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  let points = rows.filter((r) => num(r.whole) === 0).map((r) => ({ ...toRow(r), t: num(r.t) }));
  if (!fillInSql) {
    const byT = new Map(points.map((p) => [p.t, p]));
    points = [];
    for (let t = first; t < s.end; t += 300) points.push(byT.get(t) ?? { ...zero(), t });
  }
  return {
    points,
    total: { ...(totalRow ? toRow(totalRow) : zero()), peak: peakValue, peakTime: peakValue > 0 ? num(totalRow?.peakTime) : null },
  };
}

export const intervalSeconds = (s: Search) => INTERVAL_SECONDS[s.interval];
