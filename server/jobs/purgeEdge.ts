import type { FastifyInstance } from 'fastify';
import type { Job } from './index';
import { periodic } from './periodic';
import {
  advanceEdge, claimHandover, duePolls, recordPolls, recordPrefetch, refreshTaskStatus, settleHandover, type PrefetchClaim,
} from '../stores/config/purgeEdge';
import { httpEdge, type EdgeControl } from '../lib/edgeControl';
import { getDomainByName } from '../stores/config/domains';
import { listLines } from '../stores/traffic/lines';
import { probeOrigin, type ProbeTarget } from '../lib/originProbe';

/** Edge lines assumed when the lines table is empty (a fresh store without demo data). */
const DEFAULT_LINES = 4;
const PREFETCH_TIMEOUT_MS = 10_000;

/** A failure reason as stored: a server message key, with its arguments after '|'. */
export const storedReason = (key: string, args?: Record<string, string | number>) => (args ? `${key}|${JSON.stringify(args)}` : key);

async function fetchOne(app: FastifyInstance, c: PrefetchClaim, timeoutMs: number) {
  const started = Date.now();
  const u = new URL(c.url);
  const domain = await getDomainByName(app.db, c.domain);
  const origin = domain?.origins.find((o) => o.role === 'main') ?? domain?.origins[0];
  if (!domain || !origin) return { ok: false, httpStatus: null, bytes: null, elapsedMs: 0, reason: storedReason('purgeReasonDomainDisabled') };
  const protocol = domain.backProtocol === 'http' || domain.backProtocol === 'https' ? domain.backProtocol : u.protocol === 'https:' ? 'https' : 'http';
  const target: ProbeTarget = { address: origin.address, port: origin.port, protocol, host: u.hostname, path: `${u.pathname}${u.search}` };
  const outcome = await probeOrigin(target, app.config.allowPrivateOrigins, timeoutMs, { readBody: true });
  const elapsedMs = Date.now() - started;
  if (outcome.ok) return { ok: true, httpStatus: outcome.status, bytes: outcome.bytes ?? 0, elapsedMs, reason: '' };
  const status = typeof outcome.args.status === 'number' ? outcome.args.status : null;
  return { ok: false, httpStatus: status, bytes: null, elapsedMs, reason: storedReason(outcome.key, outcome.args) };
}

/** One pass of the embedded edge: every due step, then the claimed prefetches fetched from their origins. */
export async function edgeTick(app: FastifyInstance, lines: number, now = new Date()): Promise<number[]> {
  const scale = app.config.purge.edgeDelayScale;
  const step = await advanceEdge(app.db, { lines, scale, now });
  await Promise.all(step.prefetch.map(async (c) => {
    const r = await fetchOne(app, c, PREFETCH_TIMEOUT_MS * Math.min(1, Math.max(scale, 0.05))).catch((e: unknown) => ({
      ok: false, httpStatus: null, bytes: null, elapsedMs: 0, reason: String(e instanceof Error ? e.message : e),
    }));
    await recordPrefetch(app.db, { id: c.id, ...r, scale, now: new Date() });
  }));
  return step.touched;
}

/** One pass with an HTTP edge: hand waiting URLs over (one job per task), then poll the handed-over ones. */
export async function httpEdgeTick(app: FastifyInstance, edge: EdgeControl, now = new Date()): Promise<void> {
  const claims = await claimHandover(app.db, now);
  const byTask = new Map<number, typeof claims>();
  for (const c of claims) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
  for (const [taskId, urls] of byTask) {
    const job = { taskId, kind: urls[0].kind, urls: urls.map((u) => ({ id: u.id, url: u.url })) };
    const ok = await (job.kind === 'prefetch' ? edge.prefetch(job) : edge.purge(job)).then(() => true, (err: unknown) => {
      app.log.warn({ err, taskId }, 'edge refused a purge job; retrying');
      return false;
    });
    await settleHandover(app.db, urls.map((u) => u.id), ok, now);
  }
  if (byTask.size) await refreshTaskStatus(app.db, [...byTask.keys()], now);
  const ids = await duePolls(app.db, now);
  if (ids.length) await recordPolls(app.db, ids, await edge.status(ids), now);
}

/** The edge job: the embedded edge by default, the HTTP edge when PORTAL_EDGE_URL is set. */
export const purgeEdgeJob: Job = (app) => {
  const edgeUrl = app.config.purge.edgeUrl;
  if (edgeUrl) {
    const edge = httpEdge(edgeUrl);
    return periodic(app, { everyMs: 1000, failure: 'purge edge (HTTP) tick failed', run: () => httpEdgeTick(app, edge) });
  }
  let lines = 0;
  const scale = app.config.purge.edgeDelayScale;
  return periodic(app, {
    everyMs: Math.max(200, Math.min(1000, Math.round(300 * scale))),
    failure: 'purge edge tick failed',
    run: async () => {
      if (!lines) lines = (await listLines(app.traffic).catch(() => [])).length || DEFAULT_LINES;
      await edgeTick(app, lines);
    },
  });
};
