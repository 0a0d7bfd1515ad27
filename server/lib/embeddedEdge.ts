import type { FastifyInstance } from 'fastify';
import type { EdgeControl } from './edgeControl';
import { backHostOf, probeOrigin, type ProbeTarget } from './originProbe';
import { getDomainByName } from '../stores/config/domains';
import {
  acceptEdgeJob,
  advanceEmbeddedEdge,
  embeddedEdgeStates,
  recordEmbeddedPrefetch,
  type PrefetchClaim,
} from '../stores/config/edgeEmbedded';

const PREFETCH_TIMEOUT_MS = 10_000;

/** A failure reason as stored: a server message key, with its arguments after '|'. */
export const storedReason = (key: string, args?: Record<string, string | number>) => (args ? `${key}|${JSON.stringify(args)}` : key);

/** The embedded edge: an EdgeControl whose lines are simulated in the config store, moved on by advance(). */
export interface EmbeddedEdge extends EdgeControl {
  /** One pass: every due step, then the claimed prefetches fetched from their origins. */
  advance(now?: Date): Promise<void>;
}

/**
 * The default edge (docs/edge.md): takes jobs like a real control plane would, walks each URL over
 * `lines()` edge lines with seeded delays (× PORTAL_EDGE_DELAY_SCALE, read at every pass), and
 * really fetches prefetched URLs from their domain's origin through the origin probe.
 */
export function embeddedEdge(app: FastifyInstance, lines: () => Promise<number>): EmbeddedEdge {
  return {
    purge: (job) => acceptEdgeJob(app.db, job, new Date()),
    prefetch: (job) => acceptEdgeJob(app.db, job, new Date()),
    status: (ids) => embeddedEdgeStates(app.db, ids),
    async advance(now = new Date()) {
      const scale = app.config.purge.edgeDelayScale;
      const claims = await advanceEmbeddedEdge(app.db, { lines: await lines(), scale, now });
      await Promise.all(
        claims.map(async (c) => {
          const r = await fetchOne(app, c, PREFETCH_TIMEOUT_MS * Math.min(1, Math.max(scale, 0.05))).catch((e: unknown) => ({
            ok: false,
            httpStatus: null,
            bytes: null,
            elapsedMs: 0,
            reason: String(e instanceof Error ? e.message : e),
          }));
          await recordEmbeddedPrefetch(app.db, { id: c.id, ...r, scale, now: new Date() });
        }),
      );
    },
  };
}

/**
 * Fetches a prefetched URL from its domain's main origin (time-out, redirect and outbound rules of the
 * probe), with the domain's back host as Host: the URL's name unless a custom back host is configured.
 */
async function fetchOne(app: FastifyInstance, c: PrefetchClaim, timeoutMs: number) {
  const started = Date.now();
  const u = new URL(c.url);
  const domain = await getDomainByName(app.db, c.domain);
  const origin = domain?.origins.find((o) => o.role === 'main') ?? domain?.origins[0];
  if (!domain || !origin)
    return { ok: false, httpStatus: null, bytes: null, elapsedMs: 0, reason: storedReason('purgeReasonDomainDisabled') };
  const protocol =
    domain.backProtocol === 'http' || domain.backProtocol === 'https' ? domain.backProtocol : u.protocol === 'https:' ? 'https' : 'http';
  const target: ProbeTarget = {
    address: origin.address,
    port: origin.port,
    protocol,
    host: backHostOf(domain, origin, u.hostname),
    path: `${u.pathname}${u.search}`,
  };
  const outcome = await probeOrigin(target, app.config.allowPrivateOrigins, timeoutMs, { readBody: true });
  const elapsedMs = Date.now() - started;
  if (outcome.ok) return { ok: true, httpStatus: outcome.status, bytes: outcome.bytes ?? 0, elapsedMs, reason: '' };
  const status = typeof outcome.args.status === 'number' ? outcome.args.status : null;
  return { ok: false, httpStatus: status, bytes: null, elapsedMs, reason: storedReason(outcome.key, outcome.args) };
}
