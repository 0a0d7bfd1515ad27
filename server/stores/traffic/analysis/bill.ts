import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { TrafficEngine } from '../engine';
import type { BillDetail, BillOverview, BillSum, PriceModel } from '../../../../common/wire/traffic/index';
import { buildUnion, BUCKET_KEY, key } from './plan';
import { num } from './numbers';
import type { Filters } from './search';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Bills computed from measured usage (docs/billing.md). Per domain and calendar month (in the
 * caller's zone):
 * - traffic: the month's bytes in GB (10^9) priced by tiers, each GB at the price of the tier it
 *   falls in (a day's fee is the month-to-date cost after that day minus before it, so the days
 *   of a month add up to the month);
 * - bandwidth: the 95th percentile of the month's 5-minute bandwidth samples (every 5 minutes of
 *   the month so far counts, idle ones as 0; the top 5 % are dropped and the highest remaining
 *   sample is billed) in Mbps times the monthly price, prorated for a month still running.
 */
export const PRICE_MODEL: PriceModel = {
  currency: 'yuan',
  trafficTiers: [
    { uptoGB: 10_000, yuanPerGB: 0.24 },
    { uptoGB: 50_000, yuanPerGB: 0.23 },
    { uptoGB: 100_000, yuanPerGB: 0.21 },
    { uptoGB: null, yuanPerGB: 0.18 },
  ],
  yuanPerMbps95: 30,
};

/** SQL of the tiered cost of `bytes` (an expression) in yuan. */
export function tieredCostSql(bytes: string, model: PriceModel = PRICE_MODEL): string {
  let lower = 0;
  const parts = model.trafficTiers.map((t) => {
    const upper = t.uptoGB;
    const gb = `(${bytes}) / 1e9`;
    const inTier = upper === null ? `greatest(0, ${gb} - ${lower})` : `greatest(0, least(${gb}, ${upper}) - ${lower})`;
    lower = upper ?? lower;
    return `${t.yuanPerGB} * ${inTier}`;
  });
  return `(${parts.join(' + ')})`;
}

export interface BillRange extends Filters {
  /** first instant of the first month and of the month after the last (seconds) */
  start: number;
  end: number;
  tz: string;
}

/** 'YYYY-MM' months in `tz` → the range; null when malformed or reversed (at most 13 months). */
export function monthRange(startMonth: string, endMonth: string, tz: string): { start: number; end: number } | null {
  const re = /^(\d{4})-(\d{2})$/;
  if (!re.test(startMonth) || !re.test(endMonth)) return null;
  const a = dayjs.tz(`${startMonth}-01 00:00:00`, tz);
  const b = dayjs.tz(`${endMonth}-01 00:00:00`, tz).add(1, 'month');
  if (!a.isValid() || !b.isValid() || b.unix() <= a.unix() || b.diff(a, 'month') > 13) return null;
  return { start: a.unix(), end: b.unix() };
}

const round2 = (x: unknown) => Math.round(num(x) * 100) / 100;

const fees = (x: Record<string, unknown> | undefined) => ({ trafficFee: round2(x?.trafficFee), bandwidthFee: round2(x?.bandwidthFee) });

/** Bytes of a 5-minute bucket as bits per second. */
const bitsPerSecond = (bytes5: unknown) => Math.round((num(bytes5) * 8) / 300);

/** A bill row's domain and usage (billSum's and billDetail's). */
const domainUsage = (x: Record<string, unknown>) => ({
  domain: String(x.domain),
  account: String(x.account),
  flow: num(x.flow),
  request: num(x.request),
  peakBandwidth: bitsPerSecond(x.peak5),
});

/** Per domain and month: usage, 95th percentile, fees (SQL of one row per account, domain, month). */
function monthRowsSql(unionSql: string, now: number): string {
  return `
    WITH d5 AS (
      SELECT x.account AS account, x.domain AS domain, x.b AS b, sum(x.requests) AS request, sum(x.bytes) AS flow
      FROM (${unionSql}) AS x GROUP BY x.account, x.domain, x.b
    ),
    m AS (
      SELECT y.account AS account, y.domain AS domain, toStartOfMonth(y.b, {tz:String}) AS mday, sum(y.request) AS request,
        sum(y.flow) AS flow, max(y.flow) AS peak5, arrayReverseSort(groupArray(y.flow)) AS samples
      FROM d5 AS y GROUP BY y.account, y.domain, mday
    )
    SELECT account, domain, formatDateTime(mday, '%Y-%m') AS month, request, flow, peak5,
      toUnixTimestamp(toDateTime(mday, {tz:String})) AS ms, toUnixTimestamp(toDateTime(addMonths(mday, 1), {tz:String})) AS me,
      intDiv(greatest(toInt64(least(me, ${now})) - toInt64(ms), 300), 300) AS n,
      samples[toUInt32(floor(n * 0.05)) + 1] AS p95flow,
      ${tieredCostSql('flow')} AS trafficFee,
      p95flow * 8 / 300 / 1e6 * ${PRICE_MODEL.yuanPerMbps95} * (n * 300) / (me - ms) AS bandwidthFee
    FROM m`;
}

function unionFor(r: BillRange) {
  return buildUnion(
    { sources: ['totals'], keys: [key('account'), key('domain'), BUCKET_KEY], measures: ['requests', 'bytes'], levels: ['5m'] },
    r,
    r,
  );
}

/**
 * The month rows summed per `keys` (month first) with `extra` columns, ordered by `order`, and the grand total
 * (a GROUPING SETS query: `whole` = 1 on the total's row): billSum's and billOverview's query.
 */
async function monthGroups(engine: TrafficEngine, r: BillRange, now: number, keys: string[], extra: string, order: string) {
  const union = unionFor(r);
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT ${keys.map((k) => `z.${k} AS ${k}`).join(', ')}, grouping(z.month) AS whole, sum(z.request) AS request, sum(z.flow) AS flow,
       ${extra}, sum(z.trafficFee) AS trafficFee, sum(z.bandwidthFee) AS bandwidthFee
     FROM (${monthRowsSql(union.sql, now)}) AS z
     GROUP BY GROUPING SETS ((${keys.map((k) => `z.${k}`).join(', ')}), ())
     ORDER BY whole, ${order}`,
    { ...union.params, tz: r.tz },
  );
  const whole = rows.find((x) => num(x.whole) === 1);
  return {
    parts: rows.filter((x) => num(x.whole) === 0),
    total: { flow: num(whole?.flow), request: num(whole?.request), ...fees(whole) },
  };
}

/** POST /api/bill/billSum */
export async function billSum(engine: TrafficEngine, r: BillRange, now = Math.floor(Date.now() / 1000)): Promise<BillSum> {
  const extra = 'max(z.peak5) AS peak5, max(z.p95flow) AS p95flow';
  const { parts, total } = await monthGroups(engine, r, now, ['month', 'account', 'domain'], extra, 'month, flow DESC, domain');
  return {
    list: parts.map((x) => ({
      month: String(x.month),
      ...domainUsage(x),
      p95Bandwidth: bitsPerSecond(x.p95flow),
      ...fees(x),
    })),
    total,
    priceModel: PRICE_MODEL,
  };
}

/** POST /api/bill/overview: per month, all domains together. */
export async function billOverview(engine: TrafficEngine, r: BillRange, now = Math.floor(Date.now() / 1000)): Promise<BillOverview> {
  const { parts, total } = await monthGroups(engine, r, now, ['month'], 'countIf(z.request > 0) AS domains', 'month');
  return {
    months: parts.map((x) => ({
      month: String(x.month),
      flow: num(x.flow),
      request: num(x.request),
      domainCount: num(x.domains),
      ...fees(x),
    })),
    total,
    priceModel: PRICE_MODEL,
  };
}

/** POST /api/bill/billDetail: per domain and day, with the day's part of the month's traffic fee. */
export async function billDetail(engine: TrafficEngine, r: BillRange): Promise<BillDetail> {
  const union = unionFor(r);
  const rows = await engine.query<Record<string, unknown>>(
    `WITH d AS (
       SELECT x.account AS account, x.domain AS domain, toDate(x.b, {tz:String}) AS day, sum(x.requests) AS request, sum(x.bytes) AS flow
       FROM (${union.sql}) AS x GROUP BY x.account, x.domain, day
     ),
     p AS (
       SELECT account, domain, toDate(y.b, {tz:String}) AS day, max(y.f) AS peak5
       FROM (SELECT x.account AS account, x.domain AS domain, x.b AS b, sum(x.bytes) AS f
             FROM (${union.sql}) AS x GROUP BY x.account, x.domain, x.b) AS y
       GROUP BY account, domain, day
     ),
     c AS (
       SELECT d.account AS account, d.domain AS domain, d.day AS day, d.request AS request, d.flow AS flow, p.peak5 AS peak5,
         sum(d.flow) OVER (PARTITION BY d.account, d.domain, toStartOfMonth(d.day) ORDER BY d.day
                           ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum
       FROM d LEFT JOIN p ON p.account = d.account AND p.domain = d.domain AND p.day = d.day
     )
     SELECT account, domain, toString(day) AS date, formatDateTime(day, '%Y-%m') AS month, request, flow, peak5,
       ${tieredCostSql('cum')} - ${tieredCostSql('cum - flow')} AS trafficFee
     FROM c ORDER BY date, flow DESC, domain`,
    { ...union.params, tz: r.tz },
  );
  return {
    list: rows.map((x) => ({
      date: String(x.date),
      month: String(x.month),
      ...domainUsage(x),
      trafficFee: round2(x.trafficFee),
    })),
    priceModel: PRICE_MODEL,
  };
}
