import type { TrafficEngine } from './engine';

/**
 * The figures alert rules are evaluated on (server/services/monitoring.ts): the access-log sums the
 * analysis screens add up, the availability probes' records of traffic.monit_probe, and the counts of
 * the websites' security events (traffic.security_events). Attacks on protected IPs are the
 * detector's alarms, counted in the config store (ippAttackCounts).
 */
export interface Figures {
  requests: number;
  bytes: number;
  s4: number;
  s5: number;
  hits: number;
  hitBytes: number;
  requestTime: number;
  /** availability probes (traffic.monit_probe): count, failed ones, sum of their total times (ms) */
  probes: number;
  probeErrors: number;
  probeTime: number;
  /** attacks started on protected IPs (ippAttack), security events of websites (wafEvents) */
  attacks: number;
  events: number;
}

export const ZERO_FIGURES: Figures = {
  requests: 0,
  bytes: 0,
  s4: 0,
  s5: 0,
  hits: 0,
  hitBytes: 0,
  requestTime: 0,
  probes: 0,
  probeErrors: 0,
  probeTime: 0,
  attacks: 0,
  events: 0,
};

export type WindowRows = Array<{ domain: string; account: string; f: Figures }>;

const num = (v: unknown) => Number(v ?? 0);

type Window = { start: Date; end: Date };
const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const windowParams = (windows: Window[]) => ({
  starts: windows.map((w) => secs(w.start)),
  ends: windows.map((w) => secs(w.end)),
  n: windows.length,
  start: Math.min(...windows.map((w) => secs(w.start))),
  end: Math.max(...windows.map((w) => secs(w.end))),
});
/** FROM … GROUP BY of an aggregation per window (w: the window's index from 1) of the rows matching `where`. */
const windowed = (table: string, where: string, keys: string) => `FROM ${table}
     ARRAY JOIN arrayFilter(i -> toUnixTimestamp(ts) >= {starts:Array(UInt32)}[i] AND toUnixTimestamp(ts) < {ends:Array(UInt32)}[i],
       range(1, {n:UInt32} + 1)) AS w
     WHERE ${where} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
     GROUP BY w, ${keys}`;

/**
 * Per window, domain and account sums of all the tick's windows at once: one aggregation over the
 * access logs, plus one over the probe records when an availability rule needs them. Each row is
 * counted in every window it falls in (ARRAY JOIN of the windows' indexes), so the store plans and
 * reads once, the span of the windows, however many periods are due.
 */
export async function windowsFigures(
  traffic: TrafficEngine,
  windows: Array<{ start: Date; end: Date }>,
  domains: string[],
  probes: boolean,
): Promise<WindowRows[]> {
  const out: WindowRows[] = windows.map(() => []);
  const params = { domains, ...windowParams(windows) };
  if (!domains.length) return out;
  const from = (table: string) => windowed(table, 'domain IN {domains:Array(String)}', 'domain, account');
  const logs = await traffic.query<Record<string, string | number>>(
    `SELECT w, domain, account, count() AS f_requests, sum(bytes) AS f_bytes, countIf(status >= 400 AND status < 500) AS f_s4,
       countIf(status >= 500) AS f_s5, countIf(cache_hit = 1) AS f_hits, sumIf(bytes, cache_hit = 1) AS f_hit_bytes,
       sum(request_time) AS f_request_time
     ${from('traffic.access_log')}`,
    params,
  );
  for (const r of logs) {
    out[num(r.w) - 1].push({
      domain: String(r.domain),
      account: String(r.account),
      f: {
        ...ZERO_FIGURES,
        requests: num(r.f_requests),
        bytes: num(r.f_bytes),
        s4: num(r.f_s4),
        s5: num(r.f_s5),
        hits: num(r.f_hits),
        hitBytes: num(r.f_hit_bytes),
        requestTime: num(r.f_request_time),
      },
    });
  }
  if (probes) {
    // The probes of each window (an error event is a failed probe).
    const rows = await traffic.query<Record<string, string | number>>(
      `SELECT w, domain, account, count() AS f_probes, countIf(event = 'error') AS f_errors, sum(total_ms) AS f_time
       ${from('traffic.monit_probe')}`,
      params,
    );
    for (const r of rows) {
      const f = { ...ZERO_FIGURES, probes: num(r.f_probes), probeErrors: num(r.f_errors), probeTime: num(r.f_time) };
      out[num(r.w) - 1].push({ domain: String(r.domain), account: String(r.account), f });
    }
  }
  return out;
}

/**
 * The security events per window and website of these websites (the wafEvents metric), read by
 * (account, website_id) — the table's order, as the websites' dashboard reads it — in one aggregation.
 */
export async function windowsEventCounts(
  traffic: TrafficEngine,
  windows: Window[],
  websites: Array<{ id: number; account: string }>,
): Promise<Array<Array<{ websiteId: number; account: string; events: number }>>> {
  const out = windows.map((): Array<{ websiteId: number; account: string; events: number }> => []);
  if (!websites.length || !windows.length) return out;
  const where = 'account IN {accounts:Array(String)} AND website_id IN {ids:Array(UInt32)}';
  const rows = await traffic.query<Record<string, string | number>>(
    `SELECT w, website_id, account, count() AS n ${windowed('traffic.security_events', where, 'website_id, account')}`,
    { accounts: [...new Set(websites.map((s) => s.account))], ids: websites.map((s) => s.id), ...windowParams(windows) },
  );
  for (const r of rows) out[num(r.w) - 1].push({ websiteId: num(r.website_id), account: String(r.account), events: num(r.n) });
  return out;
}
