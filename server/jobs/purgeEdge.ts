import type { FastifyInstance } from 'fastify';
import type { Job } from './index';
import { periodic } from './periodic';
import { claimHandover, duePolls, recordPolls, refreshTaskStatus, settleHandover } from '../stores/config/purgeEdge';
import { edgeChooser, type EdgeControl } from '../lib/edgeControl';
import { embeddedEdge } from '../lib/embeddedEdge';
import { listLines } from '../stores/traffic/trafficLines';

/** Edge lines assumed when the lines table is empty (a fresh store without demo data). */
const DEFAULT_LINES = 4;
/** How often a handed-over URL is asked for its state: a remote control plane every 2 s; the embedded edge and the nodes at every pass. */
const HTTP_POLL_SECONDS = 2;

/**
 * One pass of the portal's side, whatever the edge: hand the due waiting URLs over (one job per task),
 * let the embedded edge take its steps, then poll the handed-over URLs and record their states.
 */
export async function edgeTick(
  app: FastifyInstance,
  edge: EdgeControl & { advance?: (now: Date) => Promise<void> },
  now = new Date(),
  pollSeconds = edge.advance || edge.localStatus ? 0 : HTTP_POLL_SECONDS,
): Promise<void> {
  const claims = await claimHandover(app.db, now);
  const byTask = new Map<number, typeof claims>();
  for (const c of claims) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
  for (const [taskId, urls] of byTask) {
    const job = { taskId, kind: urls[0].kind, urls: urls.map((u) => ({ id: u.id, url: u.url, domain: u.domain })) };
    const ok = await (job.kind === 'prefetch' ? edge.prefetch(job) : edge.purge(job)).then(
      () => true,
      (err: unknown) => {
        app.log.warn({ err, taskId }, 'edge refused a purge job; retrying');
        return false;
      },
    );
    await settleHandover(
      app.db,
      urls.map((u) => u.id),
      ok,
      now,
      pollSeconds,
    );
  }
  if (byTask.size) await refreshTaskStatus(app.db, [...byTask.keys()], now);
  await edge.advance?.(now);
  const ids = await duePolls(app.db, now);
  if (ids.length) await recordPolls(app.db, ids, await edge.status(ids), now, pollSeconds);
}

/**
 * The edge job: the embedded edge by default, the HTTP edge when PORTAL_EDGE_URL is set, the edge
 * nodes once any registered (server/lib/edgeControl.ts, edgeChooser); the same pass for all.
 */
export const purgeEdgeJob: Job = (app) => {
  let lines = 0;
  const embedded = embeddedEdge(app, async () => (lines ||= (await listLines(app.traffic).catch(() => [])).length || DEFAULT_LINES));
  const choose = edgeChooser(app, embedded);
  const everyMs = app.config.purge.edgeUrl ? 1000 : Math.max(200, Math.min(1000, Math.round(300 * app.config.purge.edgeDelayScale)));
  return periodic(app, { everyMs, failure: 'purge edge tick failed', run: async () => edgeTick(app, await choose()) });
};
