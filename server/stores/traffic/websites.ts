import type { TrafficEngine } from './engine';

/** A protected website as its traffic is read: its own account's access logs of its domain. */
export interface WebsiteScope {
  account: string;
  domain: string;
}

export interface TrafficBucket {
  /** bucket start, epoch seconds */
  t: number;
  bytes: number;
  requests: number;
}

/**
 * Bytes and requests per bucket of `interval` seconds over [start, end) (epoch seconds) for these
 * websites, in one aggregation over traffic.access_log: one (account, domain) condition per website,
 * parameterised.
 */
export async function websiteTraffic(
  engine: TrafficEngine,
  websites: WebsiteScope[],
  start: number,
  end: number,
  interval: number,
): Promise<TrafficBucket[]> {
  if (!websites.length) return [];
  const params: Record<string, unknown> = { interval, start, end };
  const pairs = websites.map((w, i) => {
    params[`a${i}`] = w.account;
    params[`d${i}`] = w.domain;
    return `(account = {a${i}:String} AND domain = {d${i}:String})`;
  });
  const rows = await engine.query<{ t: number | string; bytes: number | string; requests: number | string }>(
    `SELECT toUInt32(toStartOfInterval(ts, INTERVAL {interval:UInt32} SECOND)) AS t, sum(bytes) AS bytes, count() AS requests
     FROM traffic.access_log
     WHERE ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC') AND (${pairs.join(' OR ')})
     GROUP BY t ORDER BY t`,
    params,
  );
  return rows.map((r) => ({ t: Number(r.t), bytes: Number(r.bytes), requests: Number(r.requests) }));
}
