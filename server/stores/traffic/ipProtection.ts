import type { TrafficEngine } from './engine';
import type { RecordKind } from './ingest';
import type { IppStatPoint, IppStatistic } from '../../../common/wire/ipProtection';
import { IPP_GRANULARITIES, topRegions, type IppAlarmType, type IppGranularity } from '../../../common/rules/ipProtection';

/**
 * IP protection network traffic (issue #19): one row per protected IP, minute, source region and
 * protocol in traffic.ipp_traffic — bytes and packets in (towards the origin) and out, and the TCP
 * SYN packets among those in. Filled for the demo by SQL (seedIppTraffic: daily patterns and a few
 * attacks) and for real by the ingest path, kind `ipp_traffic` (docs/ipProtection.md).
 */

export const IPP_TRAFFIC_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS traffic.ipp_traffic (
    ts           DateTime('UTC') CODEC(Delta, ZSTD),
    ip           String,
    region       LowCardinality(String),
    protocol     LowCardinality(String),
    in_bytes     UInt64,
    out_bytes    UInt64,
    in_packets   UInt64,
    out_packets  UInt64,
    syn_packets  UInt64
  ) ENGINE = MergeTree
  PARTITION BY toYYYYMM(ts)
  ORDER BY (ip, ts)
  TTL ts + INTERVAL 90 DAY
  -- small granules, and compressed blocks to match (as rollups.ts granularitySettings): the reads here are
  -- up to an hour per IP at a range's ends (region totals), which would otherwise decompress 64 KB per column and IP
  SETTINGS index_granularity = 1024, min_compress_block_size = 8192, max_compress_block_size = 16384`,
];

/**
 * Rollups read by the statistics and the detector instead of the base table, which holds a row per
 * region and protocol (13+ per IP and minute): per IP and minute, the sums with the packet profile
 * the detector types attacks by; per IP, hour and region, the flows of the region charts; per IP and
 * hour, the flows and the busiest minute. Filled by materialized views on every insert (demo SQL and
 * ingest alike; the hourly one from the minute rollup's inserts); the engines merge them in the
 * background, so every read still aggregates. Created and backfilled once (ensureIppRollups), in this
 * order, for stores that had samples before they existed.
 */

/** Bytes in and out per IP, region and bucket (toStartOfHour / toStartOfDay of `source`'s ts). */
function regionRollup(table: string, bucket: 'toStartOfHour' | 'toStartOfDay', source: string) {
  return {
    table,
    view: `${table}_mv`,
    create: `CREATE TABLE IF NOT EXISTS ${table} (
      ts        DateTime('UTC'),
      ip        String,
      region    LowCardinality(String),
      in_bytes  UInt64,
      out_bytes UInt64
    ) ENGINE = SummingMergeTree
    PARTITION BY toYYYYMM(ts)
    ORDER BY (ip, ts, region)
    TTL ts + INTERVAL 90 DAY`,
    select: `SELECT ${bucket}(s.ts) AS ts, s.ip AS ip, s.region AS region, sum(s.in_bytes) AS in_bytes, sum(s.out_bytes) AS out_bytes
      FROM ${source} AS s GROUP BY ip, ts, region`,
  };
}

const IPP_ROLLUPS = [
  {
    table: 'traffic.ipp_traffic_1m',
    view: 'traffic.ipp_traffic_1m_mv',
    create: `CREATE TABLE IF NOT EXISTS traffic.ipp_traffic_1m (
      ts           DateTime('UTC') CODEC(Delta, ZSTD),
      ip           String,
      in_bytes     UInt64,
      out_bytes    UInt64,
      in_packets   UInt64,
      tcp_packets  UInt64,
      syn_packets  UInt64,
      udp_packets  UInt64,
      icmp_packets UInt64
    ) ENGINE = SummingMergeTree
    PARTITION BY toYYYYMM(ts)
    ORDER BY (ip, ts)
    TTL ts + INTERVAL 90 DAY
    -- small granules and blocks: besides the detector's week, the reads are up to an hour per IP (a range's ends, hours not exact)
    SETTINGS index_granularity = 256, min_compress_block_size = 2048, max_compress_block_size = 4096`,
    // columns named through the table's alias: the output names equal the input names
    select: `SELECT toStartOfMinute(s.ts) AS ts, s.ip AS ip, sum(s.in_bytes) AS in_bytes, sum(s.out_bytes) AS out_bytes,
      sum(s.in_packets) AS in_packets,
      sumIf(s.in_packets, s.protocol = 'tcp') AS tcp_packets, sumIf(s.syn_packets, s.protocol = 'tcp') AS syn_packets,
      sumIf(s.in_packets, s.protocol = 'udp') AS udp_packets, sumIf(s.in_packets, s.protocol = 'icmp') AS icmp_packets
      FROM traffic.ipp_traffic AS s GROUP BY ip, ts`,
  },
  regionRollup('traffic.ipp_traffic_region_1h', 'toStartOfHour', 'traffic.ipp_traffic'),
  // per IP, UTC day and region, from the hourly one: the whole days of a range's region totals
  regionRollup('traffic.ipp_traffic_region_1d', 'toStartOfDay', 'traffic.ipp_traffic_region_1h'),
  {
    // The busiest minute of an hour is the max of per-minute sums, which a view only sees per insert:
    // peak_in / peak_out are the largest minute of each insert, and `minutes` (a bit per minute of the
    // hour) with `minute_rows` (minute rows inserted) tell whether every minute came in one insert.
    // Only then is the peak exact (bitCount(minutes) = minute_rows); the reads take the other hours'
    // peaks from the minute rollup (IPP_HOURS). The sums are always exact. `in_minutes` / `out_minutes`
    // hold the hour's 60 minute sums (summed by position, so exact however the inserts came): the
    // busiest minute of several IPs summed is the max of their summed vectors.
    table: 'traffic.ipp_traffic_1h',
    view: 'traffic.ipp_traffic_1h_mv',
    create: `CREATE TABLE IF NOT EXISTS traffic.ipp_traffic_1h (
      ts          DateTime('UTC'),
      ip          String,
      in_bytes    SimpleAggregateFunction(sum, UInt64),
      out_bytes   SimpleAggregateFunction(sum, UInt64),
      peak_in     SimpleAggregateFunction(max, UInt64),
      peak_out    SimpleAggregateFunction(max, UInt64),
      minutes     SimpleAggregateFunction(groupBitOr, UInt64),
      minute_rows SimpleAggregateFunction(sum, UInt64),
      in_minutes  AggregateFunction(sumForEach, Array(UInt64)),
      out_minutes AggregateFunction(sumForEach, Array(UInt64))
    ) ENGINE = AggregatingMergeTree
    PARTITION BY toYYYYMM(ts)
    ORDER BY (ip, ts)
    TTL ts + INTERVAL 90 DAY
    -- a row carries ~1 KB of minute vectors: smaller granules let a week of an account's hours be read by both cores
    SETTINGS index_granularity = 1024`,
    // the inner GROUP BY makes the backfill exact over a minute rollup that is not merged yet
    select: `SELECT toStartOfHour(m.ts) AS ts, m.ip AS ip, sum(m.i) AS in_bytes, sum(m.o) AS out_bytes,
      max(m.i) AS peak_in, max(m.o) AS peak_out,
      groupBitOr(bitShiftLeft(toUInt64(1), toMinute(m.ts))) AS minutes, count() AS minute_rows,
      sumForEachState(arrayMap(k -> if(k = toMinute(m.ts), m.i, 0), range(60))) AS in_minutes,
      sumForEachState(arrayMap(k -> if(k = toMinute(m.ts), m.o, 0), range(60))) AS out_minutes
      FROM (SELECT s.ip AS ip, s.ts AS ts, sum(s.in_bytes) AS i, sum(s.out_bytes) AS o
            FROM traffic.ipp_traffic_1m AS s GROUP BY ip, ts) AS m
      GROUP BY ip, ts`,
  },
] as const;

/** Creates the rollups that are missing, each filled from its source before its view starts feeding it. */
export async function ensureIppRollups(engine: TrafficEngine): Promise<void> {
  for (const r of IPP_ROLLUPS) {
    const [name] = r.table.split('.').slice(1);
    const [row] = await engine.query<{ n: number | string }>(
      `SELECT count() AS n FROM system.tables WHERE database = 'traffic' AND name = {name:String}`,
      { name },
    );
    if (Number(row?.n ?? 0) === 0) {
      await engine.exec(r.create);
      await engine.exec(`INSERT INTO ${r.table} ${r.select}`);
    }
    await engine.exec(`CREATE MATERIALIZED VIEW IF NOT EXISTS ${r.view} TO ${r.table} AS ${r.select}`);
  }
}

export const IPP_TRAFFIC_COLUMNS = [
  'ts',
  'ip',
  'region',
  'protocol',
  'in_bytes',
  'out_bytes',
  'in_packets',
  'out_packets',
  'syn_packets',
] as const;

/**
 * Ingest kind `ipp_traffic`: {"ts", "ip", "region", "protocol" (tcp|udp|icmp|other), "in_bytes", "out_bytes", "in_packets", "out_packets",
 * "syn_packets"} per line.
 */
export const IPP_TRAFFIC: RecordKind = {
  name: 'ipp_traffic',
  table: 'traffic.ipp_traffic',
  columns: IPP_TRAFFIC_COLUMNS,
  stageTypes: {
    ts: "DateTime('UTC')",
    in_bytes: 'UInt64',
    out_bytes: 'UInt64',
    in_packets: 'UInt64',
    out_packets: 'UInt64',
    syn_packets: 'UInt64',
  },
  valid: `ts >= toDateTime('2000-01-01 00:00:00', 'UTC') AND ts <= now() + INTERVAL 1 DAY AND ip != '' AND length(ip) <= 45
  AND region != '' AND length(region) <= 64 AND protocol IN ('tcp', 'udp', 'icmp', 'other') AND syn_packets <= in_packets`,
  moveColumns: 'toStartOfMinute(ts), ip, region, protocol, in_bytes, out_bytes, in_packets, out_packets, syn_packets',
};

const num = (v: unknown) => Number(v ?? 0);

/**
 * A range [start, end) split at whole hours: [hourFrom, hourTo) is read from the hourly rollups, the
 * partial first and last hours around it from the minute rollup (or the base table for regions).
 */
function hourSplit(start: number, end: number) {
  const hourFrom = Math.min(end, Math.ceil(start / 3600) * 3600);
  const hourTo = Math.max(hourFrom, Math.floor(end / 3600) * 3600);
  return { hourFrom, hourTo };
}

const between = (from: string, to: string, col = 'ts') =>
  `${col} >= toDateTime({${from}:UInt32}, 'UTC') AND ${col} < toDateTime({${to}:UInt32}, 'UTC')`;

/**
 * The hourly rollup per IP and whole hour of the range (params ips, hourFrom, hourTo): flows `i`, `o`,
 * the busiest minute `pi`, `po`, and whether those peaks are exact (every minute of the hour came in
 * one insert; see IPP_ROLLUPS).
 */
const IPP_HOURS = `SELECT ip, ts, sum(in_bytes) AS i, sum(out_bytes) AS o, max(peak_in) AS pi, max(peak_out) AS po,
    bitCount(groupBitOr(minutes)) = sum(minute_rows) AS exact
  FROM traffic.ipp_traffic_1h WHERE ip IN {ips:Array(String)} AND ${between('hourFrom', 'hourTo')} GROUP BY ip, ts`;

/** Statistics of some protected IPs over [start, end) (seconds), in buckets of the granularity. */
export async function ippStatistic(
  engine: TrafficEngine,
  ips: string[],
  start: number,
  end: number,
  granularity: IppGranularity,
): Promise<IppStatistic> {
  const step = IPP_GRANULARITIES[granularity];
  const { hourFrom, hourTo } = hourSplit(start, end);
  const params = { ips, start, end, step, hourFrom, hourTo };
  // flows per bucket (bytes); peaks: the busiest minute of the summed IPs
  const flows = new Map<number, { i: number; o: number }>();
  const add = (t: number, i: number, o: number) => {
    const b = flows.get(t) ?? { i: 0, o: 0 };
    b.i += i;
    b.o += o;
    flows.set(t, b);
  };
  let peakIn = 0;
  let peakOut = 0;
  const regionFlows = new Map<string, { i: number; o: number }>();
  const addRegion = (region: string, i: number, o: number) => {
    const f = regionFlows.get(region) ?? { i: 0, o: 0 };
    f.i += i;
    f.o += o;
    regionFlows.set(region, f);
  };
  const partial = hourFrom > start || hourTo < end;
  if (ips.length && step % 3600 !== 0) {
    // 5-minute buckets: the minute rollup throughout
    const buckets = await engine.query<Record<string, string | number>>(
      `SELECT toUInt32(toStartOfInterval(ts, INTERVAL {step:UInt32} SECOND)) AS t, sum(mi) AS i, sum(mo) AS o,
         max(mi) AS pi, max(mo) AS po FROM (
         SELECT ts, sum(in_bytes) AS mi, sum(out_bytes) AS mo FROM traffic.ipp_traffic_1m
         WHERE ip IN {ips:Array(String)} AND ${between('start', 'end')} GROUP BY ts)
       GROUP BY t`,
      params,
    );
    for (const b of buckets) {
      add(num(b.t), num(b.i), num(b.o));
      peakIn = Math.max(peakIn, num(b.pi));
      peakOut = Math.max(peakOut, num(b.po));
    }
  } else if (ips.length) {
    // Whole hours from the hourly rollup in one pass: their flows, and their busiest minute as the max
    // of the IPs' summed minute vectors (exact however the inserts came).
    const hours = await engine.query<Record<string, string | number>>(
      `SELECT toUInt32(ts) AS t, sum(in_bytes) AS fi, sum(out_bytes) AS fo, arrayMax(sumForEachMerge(in_minutes)) AS pi,
         arrayMax(sumForEachMerge(out_minutes)) AS po
       FROM traffic.ipp_traffic_1h WHERE ip IN {ips:Array(String)} AND ${between('hourFrom', 'hourTo')} GROUP BY ts`,
      params,
    );
    for (const h of hours) {
      add(Math.floor(num(h.t) / step) * step, num(h.fi), num(h.fo));
      peakIn = Math.max(peakIn, num(h.pi));
      peakOut = Math.max(peakOut, num(h.po));
    }
    // The partial first and last hours from the base table, per minute and region: their flows, their
    // busiest minute and their regions in one read (the short per-IP ranges cost more than the rows).
    if (partial) {
      const edges = await engine.query<Record<string, string | number>>(
        `SELECT toUInt32(toStartOfMinute(ts)) AS t, region, sum(in_bytes) AS i, sum(out_bytes) AS o FROM traffic.ipp_traffic
         WHERE ip IN {ips:Array(String)} AND (${between('start', 'hourFrom')} OR ${between('hourTo', 'end')}) GROUP BY t, region`,
        params,
      );
      const minutes = new Map<number, { i: number; o: number }>();
      for (const r of edges) {
        const m = minutes.get(num(r.t)) ?? { i: 0, o: 0 };
        m.i += num(r.i);
        m.o += num(r.o);
        minutes.set(num(r.t), m);
        addRegion(String(r.region), num(r.i), num(r.o));
      }
      for (const [t, m] of minutes) {
        add(Math.floor(t / step) * step, m.i, m.o);
        peakIn = Math.max(peakIn, m.i);
        peakOut = Math.max(peakOut, m.o);
      }
    }
  }
  const points: IppStatPoint[] = [];
  let totalIn = 0;
  let totalOut = 0;
  for (let t = Math.floor(start / step) * step; t < end; t += step) {
    const b = flows.get(t) ?? { i: 0, o: 0 };
    totalIn += b.i;
    totalOut += b.o;
    // a partial first or last bucket averages over the part of it inside the range
    const seconds = Math.min(t + step, end) - Math.max(t, start);
    points.push({
      time: t * 1000,
      ingressFlow: b.i,
      egressFlow: b.o,
      ingressBandwidth: seconds > 0 ? Math.round((b.i * 8) / seconds) : 0,
      egressBandwidth: seconds > 0 ? Math.round((b.o * 8) / seconds) : 0,
    });
  }
  // the whole days from the daily region rollup, the other whole hours from the hourly one, the partial
  // first and last hours from the base table (read above at 1 h and 1 d): separate queries, as each is
  // read by all cores while one UNION ALL of them was not
  if (ips.length) {
    const dayFrom = Math.min(hourTo, Math.ceil(hourFrom / 86_400) * 86_400);
    const dayTo = Math.max(dayFrom, Math.floor(hourTo / 86_400) * 86_400);
    const sums = 'SELECT region, sum(in_bytes) AS i, sum(out_bytes) AS o';
    const ipsIn = 'ip IN {ips:Array(String)}';
    const parts = [
      ...(dayTo > dayFrom
        ? [`${sums} FROM traffic.ipp_traffic_region_1d WHERE ${ipsIn} AND ${between('dayFrom', 'dayTo')} GROUP BY region`]
        : []),
      ...(dayFrom > hourFrom || hourTo > dayTo
        ? [
            `${sums} FROM traffic.ipp_traffic_region_1h
             WHERE ${ipsIn} AND (${between('hourFrom', 'dayFrom')} OR ${between('dayTo', 'hourTo')}) GROUP BY region`,
          ]
        : []),
      ...(partial && step % 3600 !== 0
        ? [
            `${sums} FROM traffic.ipp_traffic
             WHERE ${ipsIn} AND (${between('start', 'hourFrom')} OR ${between('hourTo', 'end')}) GROUP BY region`,
          ]
        : []),
    ];
    for (const sql of parts) {
      for (const r of await engine.query<Record<string, string | number>>(sql, { ...params, dayFrom, dayTo }))
        addRegion(String(r.region), num(r.i), num(r.o));
    }
  }
  const regions = [...regionFlows].map(([region, f]) => ({ region, ...f }));
  return {
    points,
    granularity,
    // peaks: the busiest minute's average bandwidth
    peakIngressBandwidth: Math.round((peakIn * 8) / 60),
    peakEgressBandwidth: Math.round((peakOut * 8) / 60),
    totalIngressFlow: totalIn,
    totalEgressFlow: totalOut,
    areaIngressFlow: topRegions(Object.fromEntries(regions.map((r) => [String(r.region), num(r.i)]))),
    areaEgressFlow: topRegions(Object.fromEntries(regions.map((r) => [String(r.region), num(r.o)]))),
  };
}

/**
 * Per IP over [start, end): flows and the busiest minute's ingress bandwidth — whole hours from the
 * hourly rollup, its partial first and last hours and the hours whose peak is not exact from the
 * minute rollup.
 */
export async function ippTotalsByIp(
  engine: TrafficEngine,
  ips: string[],
  start: number,
  end: number,
): Promise<Map<string, { i: number; o: number; peak: number }>> {
  if (!ips.length) return new Map();
  const { hourFrom, hourTo } = hourSplit(start, end);
  const rows = await engine.query<Record<string, string | number>>(
    `WITH hours AS (${IPP_HOURS})
     SELECT ip, sum(i) AS i, sum(o) AS o, max(p) AS pi FROM (
       SELECT ip, i, o, if(exact, pi, 0) AS p FROM hours
       UNION ALL
       SELECT ip, 0, 0, max(b) FROM (
         SELECT m.ip AS ip, sum(m.in_bytes) AS b FROM traffic.ipp_traffic_1m AS m
         WHERE m.ip IN (SELECT ip FROM hours WHERE NOT exact) AND ${between('hourFrom', 'hourTo', 'm.ts')}
           AND (m.ip, toStartOfHour(m.ts)) IN (SELECT ip, ts FROM hours WHERE NOT exact)
         GROUP BY m.ip, m.ts)
       GROUP BY ip
       UNION ALL
       SELECT ip, sum(b), sum(ob), max(b) FROM (
         SELECT ip, ts, sum(in_bytes) AS b, sum(out_bytes) AS ob FROM traffic.ipp_traffic_1m
         WHERE ip IN {ips:Array(String)} AND (${between('start', 'hourFrom')} OR ${between('hourTo', 'end')}) GROUP BY ip, ts)
       GROUP BY ip
     ) GROUP BY ip`,
    { ips, start, end, hourFrom, hourTo },
  );
  return new Map(rows.map((r) => [String(r.ip), { i: num(r.i), o: num(r.o), peak: Math.round((num(r.pi) * 8) / 60) }]));
}

/** The detector's thresholds (docs/ipProtection.md). */
export const DETECTOR = {
  /** an attack minute carries more than this many times the IP's 95th-percentile minute of the window */
  factor: 5,
  /** and at least this ingress (bits per second), so that idle IPs do not alarm on a few packets */
  floorBps: 10_000_000,
  /** an attack lasts at least this many minutes */
  minMinutes: 2,
  /** the window the baseline and the search cover */
  windowSeconds: 7 * 86_400,
} as const;

export interface Episode {
  ip: string;
  type: IppAlarmType;
  start: number;
  end: number;
  peakBps: number;
  peakPps: number;
  ongoing: boolean;
}

/**
 * Attacks in the samples of these IPs over the window ending at `now` (seconds): minutes whose
 * ingress exceeds `factor` × the IP's 95th-percentile minute and the floor, joined when at most one
 * minute apart, kept from `minMinutes` on, typed by the dominant protocol and packet profile.
 */
export async function detectIppAttacks(engine: TrafficEngine, ips: string[], now: number): Promise<Episode[]> {
  if (!ips.length) return [];
  const rows = await engine.query<Record<string, string | number>>(
    `WITH minutes AS (
       SELECT ip, ts, sum(in_bytes) AS b, sum(in_packets) AS p, sum(tcp_packets) AS tcp,
         sum(syn_packets) AS syn, sum(udp_packets) AS udp, sum(icmp_packets) AS icmp
       FROM traffic.ipp_traffic_1m
       WHERE ip IN {ips:Array(String)} AND ts >= toDateTime({from:UInt32}, 'UTC') AND ts < toDateTime({now:UInt32}, 'UTC')
       GROUP BY ip, ts),
     base AS (SELECT ip, quantile(0.95)(b) AS p95 FROM minutes GROUP BY ip)
     SELECT m.ip AS ip, toUInt32(m.ts) AS t, m.b AS b, m.p AS p, m.tcp AS tcp, m.syn AS syn, m.udp AS udp, m.icmp AS icmp
     FROM minutes AS m INNER JOIN base ON m.ip = base.ip
     WHERE m.b > {factor:Float64} * base.p95 AND m.b * 8 / 60 >= {floor:Float64}
     ORDER BY ip, t`,
    { ips, from: now - DETECTOR.windowSeconds, now, factor: DETECTOR.factor, floor: DETECTOR.floorBps },
  );
  const out: Episode[] = [];
  let cur: {
    ip: string;
    first: number;
    last: number;
    minutes: number;
    peakB: number;
    peakP: number;
    p: number;
    tcp: number;
    syn: number;
    udp: number;
    icmp: number;
  } | null = null;
  const close = () => {
    if (cur && cur.minutes >= DETECTOR.minMinutes) {
      const share = (x: number) => (cur!.p > 0 ? x / cur!.p : 0);
      const type: IppAlarmType =
        share(cur.icmp) > 0.5
          ? 'icmpFlood'
          : share(cur.udp) > 0.5
            ? 'udpFlood'
            : share(cur.tcp) > 0.5 && cur.tcp > 0 && cur.syn / cur.tcp > 0.5
              ? 'synFlood'
              : 'other';
      const end = cur.last + 60;
      out.push({
        ip: cur.ip,
        type,
        start: cur.first,
        end,
        peakBps: (cur.peakB * 8) / 60,
        peakPps: cur.peakP / 60,
        ongoing: end >= now - 120,
      });
    }
    cur = null;
  };
  for (const r of rows) {
    const ip = String(r.ip);
    const t = num(r.t);
    if (!cur || cur.ip !== ip || t - cur.last > 120) {
      close();
      cur = { ip, first: t, last: t, minutes: 0, peakB: 0, peakP: 0, p: 0, tcp: 0, syn: 0, udp: 0, icmp: 0 };
    }
    cur.last = t;
    cur.minutes += 1;
    cur.peakB = Math.max(cur.peakB, num(r.b));
    cur.peakP = Math.max(cur.peakP, num(r.p));
    cur.p += num(r.p);
    cur.tcp += num(r.tcp);
    cur.syn += num(r.syn);
    cur.udp += num(r.udp);
    cur.icmp += num(r.icmp);
  }
  close();
  return out;
}

/** Source regions of the demo, with their share of the normal traffic. */
export const DEMO_REGIONS: Array<[string, number]> = [
  ['CN-East', 24],
  ['CN-North', 18],
  ['CN-South', 15],
  ['HK', 8],
  ['JP', 7],
  ['SG', 6],
  ['US', 6],
  ['DE', 4],
  ['KR', 3],
  ['GB', 3],
  ['FR', 2],
  ['BR', 2],
  ['IN', 2],
];

export interface DemoIppSeries {
  ip: string;
  /** normal ingress at the daily peak, Mbps */
  mbps: number;
  /** attacks: minutes before `end` they start, how long, protocol, ingress multiple of the normal peak */
  attacks: Array<{ agoMinutes: number; minutes: number; protocol: 'tcp' | 'udp' | 'icmp'; times: number }>;
}

/** The last minute (epoch s) with samples of any of these IPs; 0 when none. */
export async function lastIppTrafficSecond(engine: TrafficEngine, ips: string[]): Promise<number> {
  const [row] = await engine.query<{ last: number | string }>(
    'SELECT toUInt32(max(ts)) AS last FROM traffic.ipp_traffic WHERE ip IN {ips:Array(String)}',
    { ips },
  );
  return Number(row?.last ?? 0);
}

/**
 * Demo samples for [end - minutes, end) in one statement: a daily curve per IP (quietest at 04:00 and
 * busiest at 21:00 Shanghai time) over the regions, noise, TCP with a small SYN share, egress about
 * 60 % of ingress; plus the attack rows, which the detector then finds like any others.
 */
export async function seedIppTraffic(
  engine: TrafficEngine,
  series: DemoIppSeries[],
  end = Math.floor(Date.now() / 60_000) * 60,
  minutes = 7 * 1440,
): Promise<void> {
  if (!series.length || minutes <= 0) return;
  const regions = DEMO_REGIONS.map((r) => r[0]);
  const weights = DEMO_REGIONS.map((r) => r[1] / 100);
  await engine.exec(
    `INSERT INTO traffic.ipp_traffic (ts, ip, region, protocol, in_bytes, out_bytes, in_packets, out_packets, syn_packets)
     SELECT ts, ip, region, 'tcp', b, toUInt64(b * (0.5 + 0.2 * noise)), toUInt64(b / 900), toUInt64(b * 0.6 / 1100),
       toUInt64(b / 900 * 0.02)
     FROM (
       SELECT s.1 AS ip, r.1 AS region, toDateTime({end:UInt32} - 60 * (number + 1), 'UTC') AS ts,
         (1 - cos(2 * pi() * (toHour(ts, 'Asia/Shanghai') * 60 + toMinute(ts) - 240) / 1440)) / 2 AS wave,
         (cityHash64(s.1, r.1, number) % 1000) / 1000 AS noise,
         toUInt64(s.2 * 1e6 / 8 * 60 * r.2 * (0.15 + 0.85 * wave) * (0.85 + 0.3 * noise)) AS b
       FROM numbers({minutes:UInt32}) AS n
       CROSS JOIN (SELECT arrayJoin(arrayZip({ips:Array(String)}, {mbps:Array(Float64)})) AS s) AS ss
       CROSS JOIN (SELECT arrayJoin(arrayZip({regions:Array(String)}, {weights:Array(Float64)})) AS r) AS rs
     )`,
    { ips: series.map((s) => s.ip), mbps: series.map((s) => s.mbps), regions, weights, end, minutes },
  );
  const attacks = series.flatMap((s) => s.attacks.filter((a) => a.agoMinutes <= minutes).map((a) => ({ ...a, ip: s.ip, mbps: s.mbps })));
  if (!attacks.length) return;
  // An attack comes from a few regions, mostly abroad; its packets are small (SYN 60 B, UDP 500 B, ICMP 100 B).
  await engine.exec(
    `INSERT INTO traffic.ipp_traffic (ts, ip, region, protocol, in_bytes, out_bytes, in_packets, out_packets, syn_packets)
     SELECT ts, ip, region, proto, b, toUInt64(b * 0.01), toUInt64(b / psize), 0, if(proto = 'tcp', toUInt64(b / psize * 0.95), 0)
     FROM (
       SELECT a.1 AS ip, a.4 AS proto, r.1 AS region, toDateTime({end:UInt32} - 60 * (a.2 - number), 'UTC') AS ts,
         multiIf(proto = 'tcp', 60, proto = 'udp', 500, 100) AS psize,
         (cityHash64(a.1, r.1, number) % 1000) / 1000 AS noise,
         toUInt64(a.5 * a.6 * 1e6 / 8 * 60 * r.2 * (0.7 + 0.3 * noise) * (number + 1 < a.3 ? 1 : 0.6)) AS b
       FROM (SELECT arrayJoin(arrayZip({aips:Array(String)}, {ago:Array(UInt32)}, {len:Array(UInt32)}, {proto:Array(String)},
               {times:Array(Float64)}, {amb:Array(Float64)})) AS a) AS aa
       CROSS JOIN (SELECT arrayJoin(arrayZip(['US', 'BR', 'IN', 'DE', 'KR'], [0.35, 0.25, 0.2, 0.1, 0.1])) AS r) AS rs
       ARRAY JOIN range(a.3) AS number
     ) WHERE ts < toDateTime({end:UInt32}, 'UTC')`,
    {
      aips: attacks.map((a) => a.ip),
      ago: attacks.map((a) => a.agoMinutes),
      len: attacks.map((a) => a.minutes),
      proto: attacks.map((a) => a.protocol),
      times: attacks.map((a) => a.times),
      amb: attacks.map((a) => a.mbps),
      end,
    },
  );
}
