import type { TrafficEngine } from './engine';
import type { RecordKind } from './ingest';
import type { SecurityEventAction, SecurityEventCategory, SecurityEventStats } from '../../../common/wire/websites';

/**
 * Security events of website protection (issue #18): one row per request that a protected
 * website's policy or rule stopped, challenged, rate-limited or alerted on, in
 * traffic.security_events — time, account, website, domain, the policy or rule that decided (kind,
 * id, name), the category (a WAF category, or `acl`, `rate`, `security` for an access-control list,
 * a Rates rule, a Security rule), the action, client IP, country, URL and user agent. Written for
 * the demo by running the real evaluator (server/demo/wafEvents.ts) and for real by the ingest
 * path, kind `security_events` (docs/ingest.md). The dashboard reads it per account and website over
 * time ranges: ordered by (account, website_id, ts), a partition per month.
 */

export const SECURITY_EVENT_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS traffic.security_events (
    ts           DateTime('UTC') CODEC(Delta, ZSTD),
    account      LowCardinality(String),
    website_id   UInt32,
    domain       LowCardinality(String),
    source_kind  LowCardinality(String),
    source_id    UInt32,
    source_name  String,
    category     LowCardinality(String),
    action       LowCardinality(String),
    client_ip    String,
    country      LowCardinality(String),
    url          String,
    user_agent   String
  ) ENGINE = MergeTree
  PARTITION BY toYYYYMM(ts)
  ORDER BY (account, website_id, ts)
  TTL ts + INTERVAL 180 DAY`,
];

export const SECURITY_EVENT_COLUMNS = [
  'ts',
  'account',
  'website_id',
  'domain',
  'source_kind',
  'source_id',
  'source_name',
  'category',
  'action',
  'client_ip',
  'country',
  'url',
  'user_agent',
] as const;

/** What decided an event. */
export const EVENT_SOURCE_KINDS = ['acl', 'rule', 'waf'] as const;
/** WAF categories, then the kinds of the other deciders. */
export const EVENT_CATEGORIES = [
  'xss',
  'illegalResource',
  'rfi',
  'sqli',
  'acl',
  'rate',
  'security',
] as const satisfies readonly SecurityEventCategory[];
/** The decisions that make an event (a rate_limit one: the client was over the limit). */
export const EVENT_ACTIONS = [
  'block',
  'challenge',
  'rate_limit',
  'alert',
  'block_request',
  'block_user',
  'block_ip',
] as const satisfies readonly SecurityEventAction[];

export interface SecurityEventRow {
  /** seconds */
  ts: number;
  account: string;
  website_id: number;
  domain: string;
  source_kind: (typeof EVENT_SOURCE_KINDS)[number];
  source_id: number;
  source_name: string;
  category: SecurityEventCategory;
  action: SecurityEventAction;
  client_ip: string;
  country: string;
  url: string;
  user_agent: string;
}

const sqlList = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');

/** Ingest kind `security_events`: the columns above, one JSON object per line (docs/ingest.md). */
export const SECURITY_EVENTS: RecordKind = {
  name: 'security_events',
  table: 'traffic.security_events',
  columns: SECURITY_EVENT_COLUMNS,
  stageTypes: { ts: "DateTime('UTC')", website_id: 'UInt64', source_id: 'UInt64' },
  valid: `ts >= toDateTime('2000-01-01 00:00:00', 'UTC') AND ts <= now() + INTERVAL 1 DAY
  AND account != '' AND length(account) <= 64 AND website_id BETWEEN 1 AND 4294967295 AND domain != '' AND length(domain) <= 253
  AND source_kind IN (${sqlList(EVENT_SOURCE_KINDS)}) AND source_id <= 4294967295 AND length(source_name) <= 200
  AND category IN (${sqlList(EVENT_CATEGORIES)}) AND action IN (${sqlList(EVENT_ACTIONS)})
  AND client_ip != '' AND length(client_ip) <= 45 AND length(country) <= 2 AND length(url) <= 8192 AND length(user_agent) <= 1024`,
  moveColumns:
    'ts, account, toUInt32(website_id), lower(domain), source_kind, toUInt32(source_id), source_name, category, action, ' +
    'client_ip, upper(country), url, user_agent',
};

/** Inserts events in one statement (the demo generator; tests). */
export async function insertSecurityEvents(engine: TrafficEngine, rows: SecurityEventRow[]): Promise<void> {
  if (!rows.length) return;
  await engine.insertRaw('traffic.security_events', rows.map((r) => JSON.stringify(r)).join('\n'), 'JSONEachRow');
}

/** Access-log rows (JSON lines) of the requests behind generated events: the demo's attack traffic. */
export async function insertEventLogRows(engine: TrafficEngine, rows: string[]): Promise<void> {
  if (rows.length) await engine.insertRaw('traffic.access_log', rows.join('\n'), 'JSONEachRow');
}

/** The provider and edge node of a domain's access logs (any row's): generated rows sit with the rest of its traffic. */
export async function domainEdge(
  engine: TrafficEngine,
  account: string,
  domain: string,
): Promise<{ provider: string; edge_node: string } | null> {
  const [edge] = await engine.query<{ provider: string; edge_node: string }>(
    `SELECT any(provider) AS provider, any(edge_node) AS edge_node FROM traffic.access_log
      WHERE account = {account:String} AND domain = {domain:String}`,
    { account, domain },
  );
  return edge ?? null;
}

const num = (v: unknown) => Number(v ?? 0);
/** Items in each top list. */
export const EVENT_TOP = 10;

/**
 * The dashboard's event figures for some websites (each limited to its own account) over
 * [start, end) seconds: events per bucket, top categories, top client IPs (with their most
 * frequent country), top countries and actions taken. Every value is a query parameter.
 */
export async function securityEventStats(
  engine: TrafficEngine,
  websites: Array<{ id: number; account: string }>,
  start: number,
  end: number,
  interval: number,
): Promise<SecurityEventStats> {
  const empty: SecurityEventStats = { eventCountList: [], totalEvents: 0, topCategories: [], topIps: [], topCountries: [], actions: [] };
  if (!websites.length) return empty;
  const params: Record<string, unknown> = { interval, start, end };
  const pairs = websites.map((w, i) => {
    params[`a${i}`] = w.account;
    params[`w${i}`] = w.id;
    return `(account = {a${i}:String} AND website_id = {w${i}:UInt32})`;
  });
  const where = `ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC') AND (${pairs.join(' OR ')})`;
  const q = <T>(sql: string) => engine.query<T>(sql, params);
  const buckets = await q<{ t: number | string; n: number | string }>(
    `SELECT toUInt32(toStartOfInterval(ts, INTERVAL {interval:UInt32} SECOND)) AS t, count() AS n
     FROM traffic.security_events WHERE ${where} GROUP BY t ORDER BY t`,
  );
  if (!buckets.length) return empty;
  const [categories, ips, countries, actions] = [
    await q<{ k: SecurityEventCategory; n: number | string }>(
      `SELECT category AS k, count() AS n FROM traffic.security_events WHERE ${where} GROUP BY k ORDER BY n DESC, k LIMIT ${EVENT_TOP}`,
    ),
    await q<{ k: string; c: string; n: number | string }>(
      `SELECT client_ip AS k, topK(1)(country)[1] AS c, count() AS n
       FROM traffic.security_events WHERE ${where} GROUP BY k ORDER BY n DESC, k LIMIT ${EVENT_TOP}`,
    ),
    await q<{ k: string; n: number | string }>(
      `SELECT country AS k, count() AS n FROM traffic.security_events WHERE ${where} GROUP BY k ORDER BY n DESC, k LIMIT ${EVENT_TOP}`,
    ),
    await q<{ k: SecurityEventAction; n: number | string }>(
      `SELECT action AS k, count() AS n FROM traffic.security_events WHERE ${where} GROUP BY k ORDER BY n DESC, k`,
    ),
  ];
  return {
    eventCountList: buckets.map((b) => ({ time: num(b.t) * 1000, count: num(b.n) })),
    totalEvents: buckets.reduce((s, b) => s + num(b.n), 0),
    topCategories: categories.map((r) => ({ category: r.k, count: num(r.n) })),
    topIps: ips.map((r) => ({ ip: r.k, country: r.c, count: num(r.n) })),
    topCountries: countries.map((r) => ({ country: r.k, count: num(r.n) })),
    actions: actions.map((r) => ({ action: r.k, count: num(r.n) })),
  };
}
