import type { TrafficEngine } from './engine';
import type { RecordKind } from './ingest';
import type { HostMetricPoint } from '../../../common/wire/hosts';

/**
 * Host utilisation (issue #17): one row per host and minute in traffic.host_metrics, keyed by the
 * host's instance id — CPU and memory in percent, inbound and outbound bits per second. Filled for
 * the demo by one INSERT ... SELECT (seedHostMetrics) and for real by the ingest path, kind
 * `host_metrics` (docs/ingest.md).
 */

export const HOST_METRICS_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS traffic.host_metrics (
    ts           DateTime('UTC') CODEC(Delta, ZSTD),
    instance_id  String,
    cpu          Float32,
    mem          Float32,
    in_bps       UInt64,
    out_bps      UInt64
  ) ENGINE = MergeTree
  PARTITION BY toYYYYMM(ts)
  ORDER BY (instance_id, ts)
  TTL ts + INTERVAL 90 DAY`,
];

export const HOST_METRIC_COLUMNS = ['ts', 'instance_id', 'cpu', 'mem', 'in_bps', 'out_bps'] as const;

/** Ingest kind `host_metrics`: {"ts", "instance_id", "cpu", "mem", "in_bps", "out_bps"} per line. */
export const HOST_METRICS: RecordKind = {
  name: 'host_metrics',
  table: 'traffic.host_metrics',
  columns: HOST_METRIC_COLUMNS,
  stageTypes: { ts: "DateTime('UTC')", cpu: 'Float64', mem: 'Float64', in_bps: 'UInt64', out_bps: 'UInt64' },
  valid: `ts >= toDateTime('2000-01-01 00:00:00', 'UTC') AND ts <= now() + INTERVAL 1 DAY AND instance_id != ''
  AND cpu >= 0 AND cpu <= 100 AND mem >= 0 AND mem <= 100`,
  moveColumns: 'toStartOfMinute(ts), instance_id, toFloat32(cpu), toFloat32(mem), in_bps, out_bps',
};

/** CPU % over the last hour per instance id: average and peak of the minute samples. */
export async function lastHourCpu(engine: TrafficEngine, instanceIds: string[]): Promise<Map<string, { avg: number; peak: number }>> {
  const out = new Map<string, { avg: number; peak: number }>();
  if (!instanceIds.length) return out;
  const rows = await engine.query<{ id: string; a: number | string; p: number | string }>(
    `SELECT instance_id AS id, avg(cpu) AS a, max(cpu) AS p FROM traffic.host_metrics
     WHERE instance_id IN {ids:Array(String)} AND ts >= now() - INTERVAL 1 HOUR
     GROUP BY instance_id`,
    { ids: instanceIds },
  );
  for (const r of rows) out.set(r.id, { avg: Math.round(Number(r.a) * 10) / 10, peak: Math.round(Number(r.p) * 10) / 10 });
  return out;
}

/** A host's last 24 hours in 5-minute points (averages of the minute samples). */
export async function hostCurves(
  engine: TrafficEngine,
  instanceId: string,
  end = Math.floor(Date.now() / 1000),
): Promise<HostMetricPoint[]> {
  const rows = await engine.query<Record<string, number | string>>(
    `SELECT toUInt32(toStartOfFiveMinutes(ts)) AS t, avg(cpu) AS cpu, avg(mem) AS mem, avg(in_bps) AS i, avg(out_bps) AS o
     FROM traffic.host_metrics
     WHERE instance_id = {id:String} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
     GROUP BY t ORDER BY t`,
    { id: instanceId, start: end - 86_400, end },
  );
  return rows.map((r) => ({
    timestamp: Number(r.t),
    cpu: Math.round(Number(r.cpu) * 10) / 10,
    mem: Math.round(Number(r.mem) * 10) / 10,
    inBps: Math.round(Number(r.i)),
    outBps: Math.round(Number(r.o)),
  }));
}

/** The last minute (epoch s) with utilisation of any of these hosts; 0 when none. */
export async function lastHostMetricSecond(engine: TrafficEngine, instanceIds: string[]): Promise<number> {
  const [row] = await engine.query<{ last: number | string }>(
    'SELECT toUInt32(max(ts)) AS last FROM traffic.host_metrics WHERE instance_id IN {ids:Array(String)}',
    { ids: instanceIds },
  );
  return Number(row?.last ?? 0);
}

/**
 * Demo utilisation: the last 24 hours, one row per host and minute, in one statement. A daily curve
 * (quietest at 06:00 and busiest at 18:00 Shanghai time), a per-host level, noise, and every seventh host busy (CPU near
 * 80–95 %). Bandwidth follows the host's Mbps.
 */
export async function seedHostMetrics(
  engine: TrafficEngine,
  hosts: Array<{ instanceId: string; bandwidthMbps: number }>,
  end = Math.floor(Date.now() / 60_000) * 60,
  minutes = 1440,
): Promise<void> {
  if (!hosts.length || minutes <= 0) return;
  await engine.exec(
    `INSERT INTO traffic.host_metrics (ts, instance_id, cpu, mem, in_bps, out_bps)
     SELECT ts, id, cpu, least(98, mem_base + 8 * wave + 3 * noise2), toUInt64(bw * 1e6 * (0.05 + 0.25 * wave) * (0.8 + 0.4 * noise3)),
       toUInt64(bw * 1e6 * (0.1 + 0.5 * wave) * (0.8 + 0.4 * noise3))
     FROM (
       SELECT h.1 AS id, h.2 AS bw, toDateTime({end:UInt32} - 60 * (number + 1), 'UTC') AS ts,
         (cityHash64(h.1) % 7 = 3) AS busy,
         (1 - cos(2 * pi() * (toHour(ts, 'Asia/Shanghai') * 60 + toMinute(ts) - 360) / 1440)) / 2 AS wave,
         (cityHash64(h.1, number) % 1000) / 1000 AS noise,
         (cityHash64(number, h.1) % 1000) / 1000 AS noise2,
         (cityHash64(h.1, number, 3) % 1000) / 1000 AS noise3,
         20 + cityHash64(h.1, 'mem') % 40 AS mem_base,
         toFloat32(if(busy, 78 + 12 * wave + 5 * noise, 5 + cityHash64(h.1, 'cpu') % 20 + 25 * wave + 8 * noise)) AS cpu
       FROM numbers({minutes:UInt32}) AS n CROSS JOIN (SELECT arrayJoin(arrayZip({ids:Array(String)}, {bws:Array(Float64)})) AS h) AS hs
     )`,
    { ids: hosts.map((h) => h.instanceId), bws: hosts.map((h) => h.bandwidthMbps), end, minutes },
  );
}
