import type { ConfigDb } from './db';
import type { EdgeJob, EdgeJobResult } from '../../../common/wire/edge';
import type { EdgeUrlState } from '../../lib/edgeControl';

/**
 * Purge and prefetch URLs handed to real edge nodes (issue #33, migration 056): one row per ready
 * node per URL, leased to the node while open; its result is the node's own report. A URL is
 * verified when every ready, online node verified it; offline nodes hold nothing back.
 */

/** Ready nodes seen since `onlineSince`. */
export async function readyNodeCount(db: ConfigDb, onlineSince: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM edge_nodes WHERE state = 'ready' AND last_seen >= $1`, [
    onlineSince,
  ]);
  return row.n;
}

/**
 * One job row per ready, online node per URL (a URL handed over twice is kept once per node). The
 * instant a copy must be older than to be purged is the URL's submission.
 */
export async function handToNodes(db: ConfigDb, kind: string, urlIds: number[], onlineSince: Date): Promise<void> {
  await db.query(
    `INSERT INTO edge_jobs (node_id, url_id, task_id, kind, url, domain, submitted_at)
     SELECT n.id, u.id, u.task_id, $2, u.url, u.domain, u.create_time
     FROM edge_nodes n CROSS JOIN purge_task_urls u
     WHERE n.state = 'ready' AND n.last_seen >= $3 AND u.id = ANY($1::bigint[])
     ON CONFLICT (node_id, url_id) DO NOTHING`,
    [urlIds, kind, onlineSince],
  );
}

/** The node's open jobs not leased to it right now, leased for `leaseMs` (handed again if no result comes). */
export async function leaseJobs(db: ConfigDb, nodeId: number, now: Date, leaseMs: number, limit = 500): Promise<EdgeJob[]> {
  const rows = await db.query<{
    id: string | number;
    taskId: number;
    kind: EdgeJob['kind'];
    url: string;
    domain: string;
    submittedAt: Date | string;
  }>(
    `UPDATE edge_jobs SET lease_until = $2::timestamptz + make_interval(secs => $3::float8 / 1000)
     WHERE node_id = $1 AND status = 'open' AND url_id IN (
       SELECT url_id FROM edge_jobs WHERE node_id = $1 AND status = 'open' AND (lease_until IS NULL OR lease_until <= $2)
       ORDER BY url_id LIMIT $4)
     RETURNING url_id AS id, task_id AS "taskId", kind, url, domain, submitted_at AS "submittedAt"`,
    [nodeId, now, leaseMs, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), submittedAt: new Date(r.submittedAt).getTime() })).sort((a, b) => a.id - b.id);
}

/** A node's results of its open jobs (a result for a job it does not hold, or a closed one, is ignored). */
export async function recordResults(db: ConfigDb, nodeId: number, results: EdgeJobResult[], now: Date): Promise<number> {
  if (!results.length) return 0;
  const col = <T>(f: (r: EdgeJobResult) => T) => results.map(f);
  const rows = await db.query(
    `UPDATE edge_jobs j SET status = r.status, reason = r.reason, http_status = r.http_status, bytes = r.bytes, elapsed_ms = r.elapsed_ms,
       evicted = r.evicted, lease_until = NULL, update_time = $8
     FROM unnest($2::bigint[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::int[], $9::int[])
       AS r(id, status, reason, http_status, bytes, elapsed_ms, evicted)
     WHERE j.node_id = $1 AND j.url_id = r.id AND j.status = 'open'
     RETURNING 1`,
    [
      nodeId,
      col((r) => r.id),
      col((r) => r.status),
      col((r) => (r.reason ?? '').slice(0, 500)),
      col((r) => r.httpStatus ?? null),
      col((r) => r.bytes ?? null),
      col((r) => r.elapsedMs ?? null),
      now,
      col((r) => r.evicted ?? null),
    ],
  );
  return rows.length;
}

/**
 * The URLs' states over the ready, online nodes that hold them: failed when one of them failed (its
 * name and reason), verified when all of them verified, else processing (also while every node
 * holding it is offline). A URL no node holds is left out (handed over again). Lines are nodes here.
 */
export async function nodeJobStates(db: ConfigDb, ids: number[], onlineSince: Date): Promise<EdgeUrlState[]> {
  const rows = await db.query<{
    id: string | number;
    total: number;
    verified: number;
    failure: string | null;
    httpStatus: number | null;
    bytes: string | number | null;
    elapsedMs: number | null;
    disabled: boolean;
  }>(
    `SELECT j.url_id AS id,
       bool_or(NOT EXISTS (SELECT 1 FROM domains d WHERE d.name = j.domain AND d.status = 'on')) AS disabled,
       count(*) FILTER (WHERE n.on_line)::int AS total,
       count(*) FILTER (WHERE n.on_line AND j.status = 'verified')::int AS verified,
       min(n.name || ': ' || j.reason) FILTER (WHERE n.on_line AND j.status = 'failed') AS failure,
       max(j.http_status) FILTER (WHERE n.on_line) AS "httpStatus",
       max(j.bytes) FILTER (WHERE n.on_line) AS bytes,
       max(j.elapsed_ms) FILTER (WHERE n.on_line) AS "elapsedMs"
     FROM edge_jobs j JOIN (SELECT id, name, state = 'ready' AND last_seen >= $2 AS on_line FROM edge_nodes) n ON n.id = j.node_id
     WHERE j.url_id = ANY($1::bigint[])
     GROUP BY j.url_id`,
    [ids, onlineSince],
  );
  return rows.map((r) => {
    const done = r.total > 0 && r.verified === r.total;
    // like the embedded edge: an open URL of a domain disabled or frozen meanwhile fails (the nodes answer 403)
    const failure = r.failure ?? (r.disabled && !done ? 'purgeReasonDomainDisabled' : null);
    const status: EdgeUrlState['status'] = failure !== null ? 'failed' : done ? 'verified' : 'processing';
    return {
      id: Number(r.id),
      status,
      linesDone: r.verified,
      linesTotal: r.total,
      ...(failure !== null ? { reason: failure } : {}),
      ...(r.httpStatus !== null ? { httpStatus: r.httpStatus } : {}),
      ...(r.bytes !== null ? { bytes: Number(r.bytes) } : {}),
      ...(r.elapsedMs !== null ? { elapsedMs: r.elapsedMs } : {}),
    };
  });
}
