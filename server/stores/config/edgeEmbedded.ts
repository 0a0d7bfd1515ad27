import type { ConfigDb } from './db';
import type { EdgeJob, EdgeUrlState } from '../../lib/edgeControl';

/**
 * The embedded edge's state machine over its own copy of the handed-over URLs (embedded_edge_urls,
 * migration 037). Every step is one UPDATE that claims only due rows in the state it expects
 * (UPDATE ... WHERE status = ... RETURNING), so two ticks or two servers never take the same step
 * twice, and a restart continues from due_at.
 *
 *   waiting -> processing (one edge line done per step, lines_done / lines_total) -> success -> verified
 *   any open URL of a domain disabled meanwhile -> failed
 *   prefetch: waiting -> processing with a lease while the origin is fetched; the fetch result is
 *   recorded (status, bytes, time), then the lines are walked like a purge.
 */

/** Seconds of one step: seconds for a URL, up to half a minute per line for a directory (seeded by the URL id). */
const STEP = `(CASE WHEN u.kind = 'dir' THEN 3 + ((u.id * 7919) % 27) ELSE 0.3 + ((u.id * 7919) % 12) / 10.0 END) * $3::float8`;
const VERIFY = `(2 + ((u.id * 104729) % 3)) * $3::float8`;
/** A claimed prefetch that is not recorded within this time is fetched again (the server stopped). */
const PREFETCH_LEASE_SECONDS = 60;
/** Finished URLs are kept this long for the portal's last poll, then forgotten. */
const KEEP_FINISHED_HOURS = 24;

export interface PrefetchClaim {
  id: number;
  url: string;
  domain: string;
}

/** Takes a job's URLs (an id handed over twice is kept once: a repeated hand-over is harmless). */
export async function acceptEdgeJob(db: ConfigDb, job: EdgeJob, now: Date): Promise<void> {
  if (!job.urls.length) return;
  await db.query(
    `INSERT INTO embedded_edge_urls (id, task_id, kind, url, domain, due_at, update_time)
     SELECT s.id, $1, $2, s.url, s.domain, $3, $3 FROM unnest($4::bigint[], $5::text[], $6::text[]) AS s(id, url, domain)
     ON CONFLICT (id) DO NOTHING`,
    [job.taskId, job.kind, now, job.urls.map((u) => u.id), job.urls.map((u) => u.url), job.urls.map((u) => u.domain)],
  );
}

/** Takes every due step; returns the prefetches to fetch from their origins now. */
export async function advanceEmbeddedEdge(
  db: ConfigDb,
  opts: { lines: number; scale: number; now: Date; prefetchBatch?: number },
): Promise<PrefetchClaim[]> {
  const p = [opts.now, Math.max(1, opts.lines), opts.scale];
  await db.query(
    `UPDATE embedded_edge_urls u SET status = 'failed', reason = 'purgeReasonDomainDisabled', due_at = NULL, update_time = $1
     WHERE u.status IN ('waiting', 'processing') AND u.due_at <= $1 AND $2::int > 0 AND $3::float8 >= 0
       AND NOT EXISTS (SELECT 1 FROM domains d WHERE d.name = u.domain AND d.status = 'on')`,
    p,
  );
  await db.query(
    `UPDATE embedded_edge_urls u SET status = CASE WHEN u.lines_done + 1 >= u.lines_total THEN 'success' ELSE 'processing' END,
       lines_done = u.lines_done + 1,
       due_at = $1 + make_interval(secs => CASE WHEN u.lines_done + 1 >= u.lines_total THEN ${VERIFY} ELSE ${STEP} END), update_time = $1
     WHERE u.status = 'processing' AND u.due_at <= $1 AND $2::int > 0 AND (u.kind <> 'prefetch' OR u.http_status IS NOT NULL)`,
    p,
  );
  await db.query(
    `UPDATE embedded_edge_urls u SET status = 'processing', lines_total = $2, lines_done = 0,
       due_at = $1 + make_interval(secs => ${STEP}), update_time = $1
     WHERE u.kind <> 'prefetch' AND u.status = 'waiting' AND u.due_at <= $1`,
    p,
  );
  await db.query(
    `UPDATE embedded_edge_urls u SET status = 'verified', due_at = NULL, update_time = $1
     WHERE u.status = 'success' AND u.due_at <= $1 AND $2::int > 0 AND $3::float8 >= 0`,
    p,
  );
  await db.query(
    `DELETE FROM embedded_edge_urls
     WHERE status IN ('verified', 'failed') AND update_time < $1::timestamptz - make_interval(hours => ${KEEP_FINISHED_HOURS})`,
    [opts.now],
  );
  return db.query<PrefetchClaim>(
    `UPDATE embedded_edge_urls u SET status = 'processing', lines_total = $2, lines_done = 0,
       due_at = $1 + make_interval(secs => ${PREFETCH_LEASE_SECONDS}), update_time = $1
     WHERE u.id IN (
       SELECT x.id FROM embedded_edge_urls x
       WHERE x.kind = 'prefetch' AND x.due_at <= $1 AND x.http_status IS NULL AND x.status IN ('waiting', 'processing')
       ORDER BY x.due_at LIMIT $4
     ) AND u.due_at <= $1 AND u.http_status IS NULL AND u.status IN ('waiting', 'processing') AND $3::float8 >= 0
     RETURNING u.id::int AS id, u.url, u.domain`,
    [...p, opts.prefetchBatch ?? 20],
  );
}

/** Records a prefetch's origin fetch: the lines are walked next, or the URL fails with the reason. */
export async function recordEmbeddedPrefetch(
  db: ConfigDb,
  r: {
    id: number;
    ok: boolean;
    httpStatus: number | null;
    bytes: number | null;
    elapsedMs: number;
    reason: string;
    scale: number;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE embedded_edge_urls u SET http_status = $2, bytes = $3, elapsed_ms = $4,
       status = CASE WHEN $5::boolean THEN 'processing' ELSE 'failed' END, reason = CASE WHEN $5 THEN '' ELSE $6 END,
       due_at = CASE WHEN $5 THEN $7::timestamptz + make_interval(secs => (0.3 + ((u.id * 7919) % 12) / 10.0) * $8::float8) ELSE NULL END,
       update_time = $7::timestamptz
     WHERE u.id = $1 AND u.status = 'processing' AND u.http_status IS NULL`,
    [r.id, r.httpStatus ?? 0, r.bytes, r.elapsedMs, r.ok, r.reason, r.now, r.scale],
  );
}

/** The states of the asked URLs the edge knows (a URL still waiting for its first line reads as processing). */
export async function embeddedEdgeStates(db: ConfigDb, ids: number[]): Promise<EdgeUrlState[]> {
  if (!ids.length) return [];
  const rows = await db.query<{
    id: number;
    status: string;
    linesDone: number;
    linesTotal: number;
    reason: string;
    httpStatus: number | null;
    bytes: string | number | null;
    elapsedMs: number | null;
  }>(
    `SELECT id::int AS id, status, lines_done AS "linesDone", lines_total AS "linesTotal", reason, http_status AS "httpStatus", bytes,
       elapsed_ms AS "elapsedMs"
     FROM embedded_edge_urls WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status === 'waiting' ? 'processing' : (r.status as EdgeUrlState['status']),
    linesDone: r.linesDone,
    linesTotal: r.linesTotal,
    reason: r.reason || undefined,
    httpStatus: r.httpStatus ?? undefined,
    bytes: r.bytes === null ? undefined : Number(r.bytes),
    elapsedMs: r.elapsedMs ?? undefined,
  }));
}
