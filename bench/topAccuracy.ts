import type { TrafficEngine } from '../server/stores/traffic/engine';
import { urlTop } from '../server/stores/traffic/analysis/heavy';
import { ipList } from '../server/stores/traffic/analysis/ips';
import type { Search } from '../server/stores/traffic/analysis/search';

/**
 * How many of the exact top 100 (a GROUP BY over every base row of the range) the sketch-based
 * top-100 lists hold: URLs and client IPs by requests. A value tied with the 100th counts as
 * present when the list holds another of the same count.
 */
export async function topAccuracy(engine: TrafficEngine, s: Search): Promise<string> {
  const where = `account IN {a:Array(String)} ${s.domains.length ? 'AND domain IN {d:Array(String)}' : ''}
    AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32})`;
  const params = { a: s.accounts, d: s.domains, s: s.start, e: s.end };
  const exactOf = (key: string) =>
    engine.query<{ k: string; c: number | string }>(
      `SELECT ${key} AS k, count() AS c FROM traffic.access_log WHERE ${where} GROUP BY k ORDER BY c DESC LIMIT 100`,
      params,
    );
  const agreement = (exact: { k: string; c: number | string }[], ours: { k: string; c: number }[]) => {
    const keys = new Set(ours.map((o) => o.k));
    const last = ours.length ? ours[ours.length - 1].c : -1;
    return exact.filter((e) => keys.has(e.k) || Number(e.c) === last).length;
  };
  const urls = await urlTop(engine, s, 'request');
  const ips = await ipList(engine, s, 'request');
  const u = agreement(
    await exactOf('url'),
    urls.list.map((x) => ({ k: x.url, c: x.request })),
  );
  const i = agreement(
    await exactOf('IPv4NumToString(client_ip)'),
    ips.listAll.map((x) => ({ k: x.ip, c: x.request })),
  );
  return `URLs ${u}/100, IPs ${i}/100 of the exact top 100`;
}
