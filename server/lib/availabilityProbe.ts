import type { FastifyInstance } from 'fastify';
import { backHostOf, emptyTiming, probeOrigin, type ProbeTarget, type ProbeTiming } from './originProbe';
import { outboundRefusal } from './outbound';
import { getDomainByName } from '../stores/config/domains';
import { claimProbeSlot, domainsOfEnabledRules, recordProbeEvents } from '../stores/config/monitoring';
import { insertProbeRows, type ProbeRow } from '../stores/traffic/monitoringProbe';
import { PROBE_METRICS } from '../../common/rules/monitoring';
import type { Domain } from '../../common/wire/domains';

/**
 * The availability probe of cloud monitoring (issue #20, docs/monitoring.md). Each tick, for every domain
 * of an enabled rule on an availability metric (PROBE_METRICS), it measures from this server, with
 * node's own modules through the origin probe (server/lib/originProbe.ts: dns.lookup, a TCP / TLS
 * connect, an HTTP(S) GET), the edge (the domain's own name) and each origin (address and port), and
 * writes one row per probe into traffic.monit_probe: DNS, connect and total time, status, addresses,
 * and the event — error when the probe failed, timed out or the answer was ≥ 500, restore on the
 * first success after an error, ok otherwise.
 *
 * Restart-safe: a target is probed only after claiming its slot (the probe minute) in the config
 * store (monit_probe_targets, a conditional upsert), so two workers or a restart never probe one
 * target twice in a slot. Private and reserved addresses are probed only with
 * PORTAL_ALLOW_PRIVATE_ORIGINS=1, documentation addresses and names never (the outbound guard,
 * server/lib/outbound.ts; skipped, not recorded as failures).
 */

/** The probe's settings (server/config.ts: PORTAL_MONIT_PROBE_MS, PORTAL_MONIT_PROBE_TIMEOUT_MS, PORTAL_MONIT_PROBE_LOCATION). */
export interface ProbeSettings {
  /** run interval of the job (ms); 0 switches the job off */
  intervalMs: number;
  /** time-out of one probe (ms), DNS lookup included */
  timeoutMs: number;
  /** the probe location recorded with each row */
  country: string;
  city: string;
  isp: string;
}

/** Origins probed per domain at most (main origins first). */
const MAX_ORIGINS = 5;
/** Probes in flight at once. */
const PARALLEL = 20;

export interface AvailabilityTarget {
  /** claim key: 'domain|edge' or 'domain|origin|address|port' */
  key: string;
  domain: string;
  account: string;
  type: 'edge' | 'origin';
  probe: ProbeTarget;
}

/** The edge and origin targets of a domain. */
export function domainTargets(
  d: Pick<Domain, 'name' | 'account' | 'protocol' | 'backProtocol' | 'backHost' | 'origins' | 'testUrl'>,
): AvailabilityTarget[] {
  const host = d.name.replace(/^\*\./, 'www.');
  const path = d.testUrl?.startsWith('/') ? d.testUrl : '/';
  const edgeHttps = d.protocol === 'https';
  const out: AvailabilityTarget[] = [
    {
      key: `${d.name}|edge`,
      domain: d.name,
      account: d.account,
      type: 'edge',
      probe: { address: host, port: edgeHttps ? 443 : 80, protocol: edgeHttps ? 'https' : 'http', host, path },
    },
  ];
  const seen = new Set<string>();
  const origins = [...d.origins].sort((a, b) => Number(a.role !== 'main') - Number(b.role !== 'main'));
  for (const o of origins) {
    const id = `${o.address}|${o.port}`;
    if (seen.has(id) || seen.size >= MAX_ORIGINS) continue;
    seen.add(id);
    out.push({
      key: `${d.name}|origin|${id}`,
      domain: d.name,
      account: d.account,
      type: 'origin',
      probe: {
        address: o.address,
        port: o.port,
        host: backHostOf(d, o, host),
        path,
        protocol: d.backProtocol === 'https' || (d.backProtocol !== 'http' && o.port === 443) ? 'https' : 'http',
      },
    });
  }
  return out;
}

/** The domains monitored by an enabled availability rule. */
export async function monitoredDomains(app: FastifyInstance): Promise<string[]> {
  return domainsOfEnabledRules(app.db, PROBE_METRICS);
}

/** Probes one target; null when it may not be probed (refused by the outbound guard). */
export async function probeTarget(
  t: AvailabilityTarget,
  allowPrivate: boolean,
  s: ProbeSettings,
): Promise<{ failed: boolean; timing: ProbeTiming } | null> {
  if (outboundRefusal(t.probe.address, allowPrivate)) return null;
  const timing = emptyTiming();
  const outcome = await probeOrigin(t.probe, allowPrivate, s.timeoutMs, { method: 'GET', timing });
  if (!outcome.ok && (outcome.key === 'domainProbePrivate' || outcome.key === 'domainProbeDocumentation')) return null;
  // Any answer below 500 (a 404, a redirect elsewhere) means the target is up.
  const failed = !outcome.ok && (timing.status === 0 || timing.status >= 500);
  return { failed, timing };
}

/**
 * One pass at `now`: claims the slot of every target of the monitored domains, probes the claimed
 * ones and records them. Returns the rows written.
 */
export async function probeTick(app: FastifyInstance, now = new Date(), s = app.config.monit.probe): Promise<ProbeRow[]> {
  const names = await monitoredDomains(app);
  if (!names.length) return [];
  const domains = (await Promise.all(names.map((n) => getDomainByName(app.db, n)))).filter((d): d is Domain => d !== null);
  const targets = domains.flatMap(domainTargets);
  const slotMs = Math.max(60_000, s.intervalMs);
  const slot = new Date(Math.floor(now.getTime() / slotMs) * slotMs);
  const rows: ProbeRow[] = [];
  const events = new Map<string, ProbeRow['event']>();
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const t = targets[next++];
      // The claim: a target's slot is taken once, whoever (worker, restarted process) comes first.
      const claimed = await claimProbeSlot(app.db, t.key, slot);
      if (!claimed) continue;
      const r = await probeTarget(t, app.config.allowPrivateOrigins, s);
      if (!r) continue;
      const event = r.failed ? 'error' : claimed.lastEvent === 'error' ? 'restore' : 'ok';
      events.set(t.key, event);
      rows.push({
        ts: Math.floor(now.getTime() / 1000),
        account: t.account,
        domain: t.domain,
        type: t.type,
        event,
        country: s.country,
        city: s.city,
        isp: s.isp,
        client_ip: r.timing.localIp,
        server_ip: t.type === 'edge' ? r.timing.ip : '',
        origin_ip: t.type === 'origin' ? r.timing.ip || t.probe.address : '',
        origin_port: t.type === 'origin' ? t.probe.port : 0,
        http_status: r.timing.status,
        dns_ms: r.timing.dnsMs,
        connect_ms: r.timing.connectMs,
        total_ms: r.timing.totalMs,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, targets.length) }, worker));
  if (!rows.length) return rows;
  await insertProbeRows(app.traffic, rows);
  // Only after the rows are in: the state the next restore is decided on.
  await recordProbeEvents(app.db, events);
  return rows;
}
