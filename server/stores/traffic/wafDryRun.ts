import type { TrafficEngine } from './engine';
import type { SqlPredicate } from '../../lib/wafDryRunSql';
import type { DryRunSample } from '../../../dataProviders/impapi/websiteTypes';

/**
 * The dry run's two reads over traffic.access_log (issue #18): matched and total requests per hour,
 * and up to `limit` matching requests, newest first, for one account's domain in [start, end).
 * The predicate comes from server/lib/wafDryRunSql.ts (parameters named w0, w1, …).
 */

export interface DryRunScope {
  account: string;
  domain: string;
  /** seconds */
  start: number;
  end: number;
}

type Engine = Pick<TrafficEngine, 'query'>;

const WHERE = `account = {account:String} AND domain = {domain:String}
  AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')`;

export async function dryRunHours(traffic: Engine, scope: DryRunScope, predicate: SqlPredicate): Promise<Array<{ time: number; matched: number; total: number }>> {
  const rows = await traffic.query<{ t: number | string; matched: number | string; total: number | string }>(
    `SELECT toUInt32(toStartOfHour(ts)) AS t, countIf(${predicate.sql}) AS matched, count() AS total
     FROM traffic.access_log WHERE ${WHERE} GROUP BY t ORDER BY t`,
    { ...predicate.params, ...scope },
  );
  return rows.map((r) => ({ time: Number(r.t) * 1000, matched: Number(r.matched), total: Number(r.total) }));
}

export async function dryRunSamples(traffic: Engine, scope: DryRunScope, predicate: SqlPredicate, limit = 20): Promise<DryRunSample[]> {
  const rows = await traffic.query<{ t: number | string; method: string; url: string; status: number | string; ip: string; country: string; ua: string; referer: string }>(
    `SELECT toUInt32(ts) AS t, method, url, status, IPv4NumToString(client_ip) AS ip, country, user_agent AS ua, referer
     FROM traffic.access_log WHERE ${WHERE} AND (${predicate.sql}) ORDER BY ts DESC LIMIT {limit:UInt32}`,
    { ...predicate.params, ...scope, limit },
  );
  return rows.map((r) => ({
    time: Number(r.t) * 1000, method: r.method, url: r.url, status: Number(r.status), clientIp: r.ip, country: r.country, userAgent: r.ua, referer: r.referer,
  }));
}
