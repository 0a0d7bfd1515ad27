import type { TrafficEngine } from './engine';
import { ensureRollups } from './rollupStore';
import { HOST_METRICS_STATEMENTS } from './hostsMetrics';
import { IPP_TRAFFIC_STATEMENTS, ensureIppRollups } from './ipProtection';
import { SECURITY_EVENT_STATEMENTS } from './websitesEvents';
import { ensureClientAppColumn } from './clientAppColumn';

/**
 * Tables of the traffic store (ClickHouse SQL; the same statements run on chDB and on a server).
 * access_log is the raw CDN log (design in TRAFFIC.md); the line tables hold the provider's line
 * bandwidth, 1-minute samples plus a 5-minute rollup filled by a materialized view.
 */

/**
 * Columns of access_log in table order (ingest and downloads use this list). The table also has
 * client_app, MATERIALIZED from user_agent on insert (clientAppColumn.ts): never written, not in `*`.
 */
export const ACCESS_LOG_COLUMNS = [
  'ts',
  'account',
  'domain',
  'url',
  'method',
  'status',
  'bytes',
  'request_time',
  'cache_hit',
  'client_ip',
  'continent',
  'country',
  'province',
  'isp',
  'user_agent',
  'referer',
  'provider',
  'edge_node',
] as const;
export type AccessLogColumn = (typeof ACCESS_LOG_COLUMNS)[number];

/**
 * A day's partition is merged into one part in the background once none of its parts is younger
 * than an hour (in practice: the day is over): reads of the base table (the edges of a range, log
 * search) then analyse one part per past day instead of several.
 */
export const BASE_MERGE_SETTINGS = 'min_age_to_force_merge_seconds = 3600, min_age_to_force_merge_on_partition_only = 1';

const STATEMENTS = [
  `CREATE DATABASE IF NOT EXISTS traffic`,
  `CREATE TABLE IF NOT EXISTS traffic.access_log (
    ts             DateTime('UTC') CODEC(Delta, ZSTD),
    account        LowCardinality(String),
    domain         LowCardinality(String),
    url            String,
    method         LowCardinality(String),
    status         UInt16,
    bytes          UInt64,
    request_time   UInt32,
    cache_hit      UInt8,
    client_ip      IPv4,
    continent      LowCardinality(String),
    country        LowCardinality(String),
    province       LowCardinality(String),
    isp            LowCardinality(String),
    user_agent     String,
    referer        String,
    provider       LowCardinality(String),
    edge_node      LowCardinality(String)
  ) ENGINE = MergeTree
  PARTITION BY toYYYYMMDD(ts)
  ORDER BY (account, domain, ts)
  TTL ts + INTERVAL 180 DAY
  SETTINGS ${BASE_MERGE_SETTINGS}`,
  // Stores created before the setting existed get it too (idempotent).
  `ALTER TABLE traffic.access_log MODIFY SETTING ${BASE_MERGE_SETTINGS}`,
  // Lines: provider infrastructure, one row per line (the newest version wins).
  `CREATE TABLE IF NOT EXISTS traffic.lines (
    code         String,
    name         String,
    name_zh      String,
    coordinates  String,
    address      String,
    address_zh   String,
    country      LowCardinality(String),
    province     String,
    capacity_bps UInt64,
    updated      DateTime('UTC') DEFAULT now()
  ) ENGINE = ReplacingMergeTree(updated)
  ORDER BY code`,
  `CREATE TABLE IF NOT EXISTS traffic.line_bandwidth_1m (
    line    LowCardinality(String),
    ts      DateTime('UTC') CODEC(Delta, ZSTD),
    in_bps  UInt64,
    out_bps UInt64
  ) ENGINE = MergeTree
  PARTITION BY toYYYYMM(ts)
  ORDER BY (line, ts)
  TTL ts + INTERVAL 180 DAY`,
  // 5-minute rollup: the average of a bucket is in_sum / samples; the peaks are kept too.
  `CREATE TABLE IF NOT EXISTS traffic.line_bandwidth_5m (
    line    LowCardinality(String),
    ts      DateTime('UTC'),
    in_sum  SimpleAggregateFunction(sum, UInt64),
    out_sum SimpleAggregateFunction(sum, UInt64),
    samples SimpleAggregateFunction(sum, UInt64),
    in_max  SimpleAggregateFunction(max, UInt64),
    out_max SimpleAggregateFunction(max, UInt64)
  ) ENGINE = AggregatingMergeTree
  PARTITION BY toYYYYMM(ts)
  ORDER BY (line, ts)
  TTL ts + INTERVAL 400 DAY`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS traffic.line_bandwidth_5m_mv TO traffic.line_bandwidth_5m AS
  SELECT line, toStartOfFiveMinutes(b.ts) AS ts, sum(in_bps) AS in_sum, sum(out_bps) AS out_sum, count() AS samples,
    max(in_bps) AS in_max, max(out_bps) AS out_max
  FROM traffic.line_bandwidth_1m AS b
  GROUP BY line, ts`,
];

/** Creates every traffic table (idempotent), then the analysis pre-aggregations, before any data arrives. */
export async function ensureTrafficSchema(engine: TrafficEngine): Promise<void> {
  for (const sql of [...STATEMENTS, ...HOST_METRICS_STATEMENTS, ...IPP_TRAFFIC_STATEMENTS, ...SECURITY_EVENT_STATEMENTS])
    await engine.exec(sql);
  // access_log's client_app: added to stores made before it, rewritten when the WAF catalogue changes
  await ensureClientAppColumn(engine);
  await ensureIppRollups(engine);
  await ensureRollups(engine);
}
