import type { TrafficEngine } from './engine';
import type { ResourceRecord, ResourceStat } from '../../../common/wire/monitoring';

/**
 * Availability records of cloud monitoring (issue #20): one row per probe of a domain (edge) or of
 * its origin, with DNS, TCP connect and total times. The table is created by the monit routes at
 * start (idempotent), so the traffic schema file stays untouched.
 */
export const PROBE_TABLE = `CREATE TABLE IF NOT EXISTS traffic.monit_probe (
  ts          DateTime('UTC') CODEC(Delta, ZSTD),
  account     LowCardinality(String),
  domain      LowCardinality(String),
  type        LowCardinality(String),
  event       LowCardinality(String),
  country     LowCardinality(String),
  city        LowCardinality(String),
  isp         LowCardinality(String),
  client_ip   String,
  server_ip   String,
  origin_ip   String,
  origin_port UInt16,
  http_status UInt16,
  dns_ms      UInt32,
  connect_ms  UInt32,
  total_ms    UInt32
) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (account, domain, ts) TTL ts + INTERVAL 180 DAY`;

export async function ensureProbeTable(traffic: TrafficEngine): Promise<void> {
  await traffic.exec(PROBE_TABLE);
}

export interface ProbeQuery {
  accounts: string[] | null;
  domain?: string;
  type?: 'edge' | 'origin';
  event?: 'ok' | 'error' | 'restore';
  startTime: number;
  endTime: number;
  intervalMinutes: number;
  pageNum: number;
  pageSize: number;
}

function where(q: ProbeQuery): { sql: string; params: Record<string, unknown> } {
  const parts = ["ts >= toDateTime({start:UInt32}, 'UTC')", "ts < toDateTime({end:UInt32}, 'UTC')"];
  const params: Record<string, unknown> = { start: q.startTime, end: q.endTime };
  const optional = [
    ['accounts', 'account IN {accounts:Array(String)}'],
    ['domain', 'domain = {domain:String}'],
    ['type', 'type = {type:String}'],
    ['event', 'event = {event:String}'],
  ] as const;
  for (const [key, condition] of optional) {
    if (!q[key]) continue;
    parts.push(condition);
    params[key] = q[key];
  }
  return { sql: parts.join(' AND '), params };
}

/** One page of records (newest first), the total and per-period statistics of the total time. */
export async function probeRecords(
  traffic: TrafficEngine,
  q: ProbeQuery,
): Promise<{ list: ResourceRecord[]; total: number; stats: ResourceStat[] }> {
  const w = where(q);
  const [{ n }] = await traffic.query<{ n: string | number }>(`SELECT count() AS n FROM traffic.monit_probe WHERE ${w.sql}`, w.params);
  const rows = await traffic.query<Record<string, string | number>>(
    `SELECT toUnixTimestamp(ts) AS t, domain, type, event, country, city, isp, client_ip, server_ip, origin_ip, origin_port, http_status,
       dns_ms, connect_ms, total_ms
     FROM traffic.monit_probe WHERE ${w.sql} ORDER BY ts DESC, domain LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...w.params, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize },
  );
  const stats = await traffic.query<Record<string, string | number>>(
    `SELECT toUnixTimestamp(toStartOfInterval(ts, toIntervalMinute({iv:UInt32}))) AS t, avg(total_ms) AS avg, max(total_ms) AS max,
       min(total_ms) AS min, quantile(0.9)(total_ms) AS p90, count() AS c
     FROM traffic.monit_probe WHERE ${w.sql} GROUP BY t ORDER BY t`,
    { ...w.params, iv: q.intervalMinutes },
  );
  return {
    total: Number(n),
    list: rows.map((r) => ({
      time: new Date(Number(r.t) * 1000).toISOString(),
      domain: String(r.domain),
      type: r.type === 'origin' ? 'origin' : 'edge',
      event: r.event === 'error' ? 'error' : r.event === 'restore' ? 'restore' : 'ok',
      country: String(r.country),
      city: String(r.city),
      isp: String(r.isp),
      clientIp: String(r.client_ip),
      serverIp: String(r.server_ip),
      originIp: String(r.origin_ip),
      originPort: Number(r.origin_port),
      httpStatus: Number(r.http_status),
      dnsMs: Number(r.dns_ms),
      connectMs: Number(r.connect_ms),
      totalMs: Number(r.total_ms),
    })),
    stats: stats.map((s) => ({
      time: Number(s.t) * 1000,
      avg: Math.round(Number(s.avg) * 10) / 10,
      max: Number(s.max),
      min: Number(s.min),
      p90: Math.round(Number(s.p90) * 10) / 10,
      count: Number(s.c),
    })),
  };
}

/**
 * Demo history, generated in SQL (no internet here): every 5 minutes over the last 2 days, probes
 * from four locations to each given domain's edge and origin; slow totals at the traffic peaks and
 * an error/restore pair per day.
 */
export async function seedDemoProbes(
  traffic: TrafficEngine,
  domains: Array<{ name: string; account: string }>,
  now = new Date(),
): Promise<void> {
  if (!domains.length) return;
  const end = Math.floor(now.getTime() / 300_000) * 300;
  await traffic.exec(
    `INSERT INTO traffic.monit_probe
     SELECT toDateTime({end:UInt32} - n.number * 300, 'UTC') AS ts, d.2 AS account, d.1 AS domain, t.1 AS type,
       if(n.number % 288 = 100, 'error', if(n.number % 288 = 99, 'restore', 'ok')) AS event,
       loc.1 AS country, loc.2 AS city, loc.3 AS isp, loc.4 AS client_ip,
       concat('203.0.113.', toString(10 + cityHash64(d.1) % 200)) AS server_ip,
       if(t.1 = 'origin', concat('198.51.100.', toString(10 + cityHash64(d.1, 'o') % 200)), '') AS origin_ip,
       if(t.1 = 'origin', 443, 0) AS origin_port,
       if(n.number % 288 = 100, 502, 200) AS http_status,
       toUInt32(3 + cityHash64(n.number, d.1, loc.4) % 25) AS dns_ms,
       toUInt32(8 + cityHash64(n.number, d.1, loc.4, 'c') % 40 + t.2) AS connect_ms,
       toUInt32(60 + cityHash64(n.number, d.1, loc.4, 't') % 140 + t.2 * 3 + 120 * (1 + sin((toHour(ts) - 8) / 24 * 2 * pi()))
         + if(n.number % 288 = 100, 3000, 0)) AS total_ms
     FROM numbers(576) AS n
     CROSS JOIN (SELECT arrayJoin(arrayZip({names:Array(String)}, {accounts:Array(String)})) AS d) AS dd
     CROSS JOIN (SELECT arrayJoin([('edge', 0), ('origin', 40)]) AS t) AS tt
     CROSS JOIN (SELECT arrayJoin([('China', 'Beijing', 'China Telecom', '36.110.10.20'),
       ('China', 'Shanghai', 'China Unicom', '58.247.30.40'), ('China', 'Guangzhou', 'China Mobile', '120.230.50.60'),
       ('United States', 'Los Angeles', 'AT&T', '12.34.56.78')]) AS loc) AS ll`,
    { end, names: domains.map((d) => d.name), accounts: domains.map((d) => d.account) },
  );
}

/**
 * A quantile of a metric per period of the given domains' traffic over [from, to) (seconds): what the
 * demo's rule thresholds are taken from. `expr` is an aggregate over access_log written by the caller
 * (a constant of server/demo/monit.ts, never user input).
 */
export async function trafficQuantile(
  traffic: TrafficEngine,
  q: { domains: string[]; expr: string; minutes: number; quantile: number; from: number; to: number },
): Promise<number> {
  const [row] = await traffic.query<{ v: number | string | null }>(
    `SELECT quantileExact({q:Float64})(v) AS v FROM (
       SELECT toStartOfInterval(ts, toIntervalMinute({m:UInt32})) AS p, ${q.expr} AS v FROM traffic.access_log
       WHERE domain IN {domains:Array(String)} AND ts >= toDateTime({from:UInt32}, 'UTC') AND ts < toDateTime({to:UInt32}, 'UTC')
       GROUP BY p)`,
    { domains: q.domains, m: q.minutes, q: q.quantile, from: q.from, to: q.to },
  );
  return Number(row?.v ?? 0);
}

/** One probe as a row of traffic.monit_probe (written by server/lib/availabilityProbe.ts). */
export interface ProbeRow {
  ts: number;
  account: string;
  domain: string;
  type: 'edge' | 'origin';
  event: 'ok' | 'error' | 'restore';
  country: string;
  city: string;
  isp: string;
  client_ip: string;
  server_ip: string;
  origin_ip: string;
  origin_port: number;
  http_status: number;
  dns_ms: number;
  connect_ms: number;
  total_ms: number;
}

export async function insertProbeRows(traffic: TrafficEngine, rows: ProbeRow[]): Promise<void> {
  await traffic.insertRaw('traffic.monit_probe', Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')), 'JSONEachRow');
}
