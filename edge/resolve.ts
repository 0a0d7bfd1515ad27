/**
 * Origin names resolved by the agent (issue #33): nginx gets addresses, vetted by the outbound rule
 * (common/rules/outbound.ts), and the names are resolved again every EDGE_TIMING.resolveMs.
 */
import { EDGE_TIMING } from '../common/rules/edge';
import { resolveOutbound } from '../common/rules/outbound';
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
