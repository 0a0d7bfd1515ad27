import type { TrafficEngine } from './engine';
import type { BandwidthPoint, LineSummary } from '../../../common/wire/traffic/lines';

/** The provider's lines and their bandwidth (traffic.lines, line_bandwidth_1m, line_bandwidth_5m). */

export interface LineRecord {
  code: string;
  name: string;
  name_zh: string;
  coordinates: string;
  address: string;
  address_zh: string;
  country: string;
  province: string;
  capacity: number;
}

export async function listLines(engine: TrafficEngine): Promise<LineRecord[]> {
  const rows = await engine.query<LineRecord & { capacity: string | number }>(
    `SELECT code, name, name_zh, coordinates, address, address_zh, toString(country) AS country, province,
       toFloat64(capacity_bps) AS capacity
     FROM traffic.lines FINAL ORDER BY code`,
  );
  return rows.map((r) => ({ ...r, capacity: Number(r.capacity) }));
}

export async function lineExists(engine: TrafficEngine, code: string): Promise<boolean> {
  const [row] = await engine.query<{ n: number | string }>('SELECT count() AS n FROM traffic.lines WHERE code = {code:String}', { code });
  return Number(row?.n ?? 0) > 0;
}

const toPoints = (rows: Array<{ t: number | string; i: number | string; o: number | string }>): BandwidthPoint[] =>
  rows.map((r) => ({ timestamp: Number(r.t), outgoingBandWidth: Math.round(Number(r.o)), incomingBandWidth: Math.round(Number(r.i)) }));

/** 1-minute points of a line in [start, end) (several samples of one minute are averaged). */
export async function lineMinutes(engine: TrafficEngine, code: string, start: number, end: number): Promise<BandwidthPoint[]> {
  return toPoints(
    await engine.query(
      `SELECT toUInt32(toStartOfMinute(ts)) AS t, avg(in_bps) AS i, avg(out_bps) AS o FROM traffic.line_bandwidth_1m
       WHERE line = {code:String} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
       GROUP BY t ORDER BY t`,
      { code, start, end },
    ),
  );
}

/** 5-minute points of a line: the average of the minute samples of each bucket. */
export async function lineFiveMinutes(engine: TrafficEngine, code: string, start: number, end: number): Promise<BandwidthPoint[]> {
  return toPoints(
    await engine.query(
      `SELECT toUInt32(ts) AS t, sum(in_sum) / sum(samples) AS i, sum(out_sum) / sum(samples) AS o FROM traffic.line_bandwidth_5m
       WHERE line = {code:String} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
       GROUP BY ts ORDER BY ts`,
      { code, start, end },
    ),
  );
}

/** Summary per line over [start, end), every line listed (zeros where there is no data). */
export async function lineSummaries(engine: TrafficEngine, start: number, end: number): Promise<LineSummary[]> {
  const rows = await engine.query<Record<string, number | string>>(
    `SELECT l.code AS code, l.name AS name, toFloat64(l.capacity_bps) AS capacity,
       toFloat64(b.peak_in) AS peakIn, toFloat64(b.peak_out) AS peakOut, b.avg_in AS avgIn, b.avg_out AS avgOut, b.p95_out AS p95Out
     FROM (SELECT * FROM traffic.lines FINAL) AS l
     LEFT JOIN (
       SELECT line, max(pi) AS peak_in, max(po) AS peak_out, sum(si) / sum(n) AS avg_in, sum(so) / sum(n) AS avg_out,
         quantileExact(0.95)(so / n) AS p95_out
       FROM (
         SELECT line, ts, max(in_max) AS pi, max(out_max) AS po, sum(in_sum) AS si, sum(out_sum) AS so, sum(samples) AS n
         FROM traffic.line_bandwidth_5m
         WHERE ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
         GROUP BY line, ts
       ) GROUP BY line
     ) AS b ON b.line = l.code
     ORDER BY l.code
     SETTINGS join_use_nulls = 0`,
    { start, end },
  );
  return rows.map((r) => {
    const n = (k: string) => (Number.isFinite(Number(r[k])) ? Math.round(Number(r[k])) : 0);
    const capacity = n('capacity');
    return {
      code: String(r.code),
      name: String(r.name),
      capacity,
      peakIn: n('peakIn'),
      peakOut: n('peakOut'),
      avgIn: n('avgIn'),
      avgOut: n('avgOut'),
      p95Out: n('p95Out'),
      peakUtilization: capacity > 0 ? Math.round((n('peakOut') / capacity) * 10000) / 100 : 0,
    };
  });
}
