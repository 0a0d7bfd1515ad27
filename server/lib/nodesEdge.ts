import type { FastifyInstance } from 'fastify';
import type { EdgeControl, EdgeJob } from './edgeControl';
import { handToNodes, nodeJobStates, readyNodeCount } from '../stores/config/edgeJobs';
import { onlineSince } from '../services/edge';

/**
 * The real edge nodes as an EdgeControl (issue #33, docs/edge.md): a job becomes one row per ready,
 * online node per URL, which the nodes take (GET /edgeapi/v1/jobs) and report on (POST .../results);
 * `status` reads their reports back. Nothing is simulated and nothing is fetched by the portal: a
 * prefetch is each node's own fetch through its cache. With no ready node online a job is refused
 * (the pass retries it a little later).
 */
export function nodesEdge(app: FastifyInstance): EdgeControl {
  const hand = async (job: EdgeJob) => {
    const since = onlineSince(app.config);
    if (!(await readyNodeCount(app.db, since))) throw new Error('no ready edge node online');
    await handToNodes(
      app.db,
      job.kind,
      job.urls.map((u) => u.id),
      since,
    );
  };
  return {
    purge: hand,
    prefetch: hand,
    status: (ids) => nodeJobStates(app.db, ids, onlineSince(app.config)),
    localStatus: true,
  };
}
