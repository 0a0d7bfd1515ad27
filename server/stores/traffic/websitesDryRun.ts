import type { TrafficEngine } from './engine';
import type { SqlPredicate } from './websitesDryRunSql';
import type { DryRunSample } from '../../../common/wire/websites';

/**
 * The dry run's two reads over traffic.access_log (issue #18): matched and total requests per hour,
 * and up to `limit` matching requests, newest first, for one account's domain in [start, end).
 * The predicate comes from server/stores/traffic/websitesDryRunSql.ts (parameters named w0, w1, …).
 */

export interface DryRunScope {
  account: string;
  domain: string;
  /** seconds */
  start: number;
  end: number;
}

type Engine = Pick<TrafficEngine, 'query'>;

// The sorting key's prefix (account, domain, ts): the reads touch only the website's granules of the window.
const WHERE = `account = {account:String} AND domain = {domain:String}
  AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')`;

export async function dryRunHours(
  traffic: Engine,
  scope: DryRunScope,
  predicate: SqlPredicate,
): Promise<Array<{ time: number; matched: number; total: number }>> {
  const rows = await traffic.query<{ t: number | string; matched: number | string; total: number | string }>(
    `SELECT toUInt32(toStartOfHour(ts)) AS t, countIf(${predicate.sql}) AS matched, count() AS total
     FROM traffic.access_log WHERE ${WHERE} GROUP BY t ORDER BY t`,
    { ...predicate.params, ...scope },
  );
  return rows.map((r) => ({ time: Number(r.t) * 1000, matched: Number(r.matched), total: Number(r.total) }));
}

export async function dryRunSamples(traffic: Engine, scope: DryRunScope, predicate: SqlPredicate, limit = 20): Promise<DryRunSample[]> {
  const rows = await traffic.query<{
    t: number | string;
    method: string;
    url: string;
    status: number | string;
    ip: string;
    country: string;
    ua: string;
    referer: string;
  }>(
    `SELECT toUInt32(ts) AS t, method, url, status, IPv4NumToString(client_ip) AS ip, country, user_agent AS ua, referer
     FROM traffic.access_log WHERE ${WHERE} AND (${predicate.sql}) ORDER BY ts DESC LIMIT {limit:UInt32}`,
    { ...predicate.params, ...scope, limit },
  );
  return rows.map((r) => ({
    time: Number(r.t) * 1000,
    method: r.method,
    url: r.url,
    status: Number(r.status),
    clientIp: r.ip,
    country: r.country,
    userAgent: r.ua,
    referer: r.referer,
  }));
}

/**
 * Both parts of a dry run with the predicate evaluated once over the window: the hourly counts
 * first, then the samples read only from the newest hours that hold `limit` matches (the predicate
 * runs again over those hours only; none at all when nothing matched).
 */
export async function dryRun(
  traffic: Engine,
  scope: DryRunScope,
  predicate: SqlPredicate,
  limit = 20,
): Promise<{
  hours: Array<{ time: number; matched: number; total: number }>;
  samples: DryRunSample[];
}> {
  const hours = await dryRunHours(traffic, scope, predicate);
  let from = scope.end;
  let seen = 0;
  for (let i = hours.length - 1; i >= 0 && seen < limit; i--) {
    if (hours[i].matched === 0) continue;
    seen += hours[i].matched;
    from = hours[i].time / 1000;
  }
  if (seen === 0) return { hours, samples: [] };
  const samples = await dryRunSamples(traffic, { ...scope, start: Math.max(scope.start, from) }, predicate, limit);
  return { hours, samples };
}
