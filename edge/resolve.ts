/**
 * Origin names resolved by the agent (issue #33): nginx gets addresses, vetted by the outbound rule
 * (common/rules/outbound.ts), and the names are resolved again every EDGE_TIMING.resolveMs.
 */
import { EDGE_TIMING } from '../common/rules/edge';
import { outboundRefusal, resolveOutbound } from '../common/rules/outbound';
import type { EdgeConfig } from '../common/wire/edge';
import type { OriginResolution } from './render';

export class OriginResolver {
  private readonly cache = new Map<string, { at: number; result: OriginResolution }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Every address resolved (from the cache while younger than maxAgeMs); `changed` when a fresh answer differs from the cached one. */
  async resolveAll(
    addresses: Iterable<string>,
    allowPrivate: boolean,
    maxAgeMs: number = EDGE_TIMING.resolveMs,
  ): Promise<{ map: Map<string, OriginResolution>; changed: boolean }> {
    const map = new Map<string, OriginResolution>();
    let changed = false;
    await Promise.all(
      [...new Set(addresses)].map(async (address) => {
        const key = `${allowPrivate ? 1 : 0}:${address}`;
        const cached = this.cache.get(key);
        if (cached && this.now() - cached.at < maxAgeMs) {
          map.set(address, cached.result);
          return;
        }
        const r = await resolveOutbound(address, allowPrivate);
        const result: OriginResolution = r.ok ? { ok: true, ip: r.ip } : { ok: false, reason: r.reason, detail: r.detail };
        if (cached && JSON.stringify(cached.result) !== JSON.stringify(result)) changed = true;
        this.cache.set(key, { at: this.now(), result });
        map.set(address, result);
      }),
    );
    return { map, changed };
  }
}

/** A loopback origin (EDGE_DEMO_ORIGIN) that stands in for the demo's origins. */
export interface DemoOrigin {
  host: string;
  port: number;
}

/**
 * The demo-only mapping (EDGE_DEMO_ORIGIN, docs/edge.md "Demo with a real node"): when the portal runs
 * the demo data, every origin the outbound rule refuses as documentation (the demo's 192.0.2.x and
 * `.example` origins, which must never be reached) is served from the local demo origin over http.
 * With a portal on real data the configuration is left as it is: the setting cannot redirect a
 * customer's traffic.
 */
export function mapDemoOrigins(config: EdgeConfig, demo: DemoOrigin): EdgeConfig {
  if (!config.demo) return config;
  const isDemo = (address: string) => outboundRefusal(address, true) === 'documentation';
  return {
    ...config,
    domains: config.domains.map((d) => {
      if (!d.config.origins.some((o) => isDemo(o.address))) return d;
      const origins = d.config.origins.map((o) => (isDemo(o.address) ? { ...o, address: demo.host, port: demo.port } : o));
      return { ...d, config: { ...d.config, origins, backProtocol: 'http' as const } };
    }),
  };
}
