import type { ConfigDb } from './db';

/**
 * The embedded edge's state machine over stored URLs (issue #16). Every step is one UPDATE that
 * claims only due rows in the state it expects (UPDATE ... WHERE status = ... RETURNING), so two
 * ticks or two servers never take the same step twice, and a restart continues from due_at.
 *
 *   waiting -> processing (one edge line done per step, lines_done / lines_total) -> success -> verified
 *   any open URL of a domain disabled meanwhile -> failed
 *   prefetch: waiting -> processing with a lease while the origin is fetched; the fetch result is
 *   recorded (status, bytes, time), then the lines are walked like a purge.
 */

/** Seconds of one step: seconds for a URL, up to half a minute per line for a directory (seeded by the URL id). */
const STEP = `(CASE WHEN t.kind = 'dir' THEN 3 + ((u.id * 7919) % 27) ELSE 0.3 + ((u.id * 7919) % 12) / 10.0 END) * $3::float8`;
const VERIFY = `(2 + ((u.id * 104729) % 3)) * $3::float8`;
/** A claimed prefetch that is not recorded within this time is fetched again (the server stopped). */
const PREFETCH_LEASE_SECONDS = 60;

export interface PrefetchClaim {
  id: number;
  taskId: number;
  url: string;
  domain: string;
}

export interface EdgeStep {
  touched: number[];
  prefetch: PrefetchClaim[];
}

/** Takes every due step; returns the tasks touched and the prefetches to fetch now. */
export async function advanceEdge(db: ConfigDb, opts: { lines: number; scale: number; now: Date; prefetchBatch?: number }): Promise<EdgeStep> {
  const p = [opts.now, Math.max(1, opts.lines), opts.scale];
  const touched = new Set<number>();
  const collect = (rows: Array<{ taskId: number }>) => rows.forEach((r) => touched.add(r.taskId));
  collect(await db.query(
    `UPDATE purge_task_urls u SET status = 'failed', reason = 'purgeReasonDomainDisabled', due_at = NULL, update_time = $1
     WHERE u.status IN ('waiting', 'processing') AND u.due_at <= $1 AND $2::int > 0 AND $3::float8 >= 0
       AND NOT EXISTS (SELECT 1 FROM domains d WHERE d.name = u.domain AND d.status = 'on')
     RETURNING u.task_id AS "taskId"`, p,
  ));
  collect(await db.query(
    `UPDATE purge_task_urls u SET status = CASE WHEN u.lines_done + 1 >= u.lines_total THEN 'success' ELSE 'processing' END,
       lines_done = u.lines_done + 1,
       due_at = $1 + make_interval(secs => CASE WHEN u.lines_done + 1 >= u.lines_total THEN ${VERIFY} ELSE ${STEP} END), update_time = $1
     FROM purge_tasks t
     WHERE t.id = u.task_id AND u.status = 'processing' AND u.due_at <= $1 AND $2::int > 0
       AND (t.kind <> 'prefetch' OR u.http_status IS NOT NULL)
     RETURNING u.task_id AS "taskId"`, p,
  ));
  collect(await db.query(
    `UPDATE purge_task_urls u SET status = 'processing', lines_total = $2, lines_done = 0,
       due_at = $1 + make_interval(secs => ${STEP}), update_time = $1
     FROM purge_tasks t
     WHERE t.id = u.task_id AND t.kind <> 'prefetch' AND u.status = 'waiting' AND u.due_at <= $1
     RETURNING u.task_id AS "taskId"`, p,
  ));
  collect(await db.query(
    `UPDATE purge_task_urls u SET status = 'verified', due_at = NULL, update_time = $1
     WHERE u.status = 'success' AND u.due_at <= $1 AND $2::int > 0 AND $3::float8 >= 0
     RETURNING u.task_id AS "taskId"`, p,
  ));
  const prefetch = await db.query<PrefetchClaim>(
    `UPDATE purge_task_urls u SET status = 'processing', lines_total = $2, lines_done = 0,
       due_at = $1 + make_interval(secs => ${PREFETCH_LEASE_SECONDS}), update_time = $1
     WHERE u.id IN (
       SELECT x.id FROM purge_task_urls x JOIN purge_tasks t ON t.id = x.task_id
       WHERE t.kind = 'prefetch' AND x.due_at <= $1 AND x.http_status IS NULL AND x.status IN ('waiting', 'processing')
       ORDER BY x.due_at LIMIT $4
     ) AND u.due_at <= $1 AND u.http_status IS NULL AND u.status IN ('waiting', 'processing') AND $3::float8 >= 0
     RETURNING u.id::int AS id, u.task_id AS "taskId", u.url, u.domain`,
    [...p, opts.prefetchBatch ?? 20],
  );
  prefetch.forEach((c) => touched.add(c.taskId));
  if (touched.size) await refreshTaskStatus(db, [...touched], opts.now);
  return { touched: [...touched], prefetch };
}

/** Records a prefetch's origin fetch: the lines are walked next, or the URL fails with the reason. */
export async function recordPrefetch(
  db: ConfigDb,
  r: { id: number; ok: boolean; httpStatus: number | null; bytes: number | null; elapsedMs: number; reason: string; scale: number; now: Date },
): Promise<void> {
  const rows = await db.query<{ taskId: number }>(
    `UPDATE purge_task_urls u SET http_status = $2, bytes = $3, elapsed_ms = $4,
       status = CASE WHEN $5::boolean THEN 'processing' ELSE 'failed' END, reason = CASE WHEN $5 THEN '' ELSE $6 END,
       due_at = CASE WHEN $5 THEN $7::timestamptz + make_interval(secs => (0.3 + ((u.id * 7919) % 12) / 10.0) * $8::float8) ELSE NULL END, update_time = $7::timestamptz
     WHERE u.id = $1 AND u.status = 'processing' AND u.http_status IS NULL RETURNING u.task_id AS "taskId"`,
    [r.id, r.httpStatus ?? 0, r.bytes, r.elapsedMs, r.ok, r.reason, r.now, r.scale],
  );
  // A failed fetch may end the task.
  if (rows.length && !r.ok) await refreshTaskStatus(db, [rows[0].taskId], r.now);
}

/** A task's status from its URLs: open while any is waiting or processing; finished once none is. */
export async function refreshTaskStatus(db: ConfigDb, taskIds: number[], now: Date): Promise<void> {
  await db.query(
    `UPDATE purge_tasks t SET status = s.st,
       finish_time = CASE WHEN s.open = 0 THEN COALESCE(t.finish_time, $2) ELSE NULL END
     FROM (
       SELECT task_id,
         CASE WHEN count(*) FILTER (WHERE status = 'processing') > 0
                OR (count(*) FILTER (WHERE status = 'waiting') > 0 AND count(*) FILTER (WHERE status <> 'waiting') > 0) THEN 'processing'
              WHEN count(*) FILTER (WHERE status = 'waiting') > 0 THEN 'waiting'
              WHEN count(*) FILTER (WHERE status = 'failed') > 0 THEN 'failed'
              WHEN count(*) FILTER (WHERE status = 'success') > 0 THEN 'success'
              ELSE 'verified' END AS st,
         count(*) FILTER (WHERE status IN ('waiting', 'processing')) AS open
       FROM purge_task_urls WHERE task_id = ANY($1::int[]) GROUP BY task_id
     ) s
     WHERE t.id = s.task_id`,
    [taskIds, now],
  );
}

// ---- HTTP edge (PORTAL_EDGE_URL): hand-over and status polling over the same stored state ----

/** A handed-over URL is asked for its status this often; an unconfirmed hand-over is retried after the lease. */
const POLL_SECONDS = 2;
const HANDOVER_LEASE_SECONDS = 30;

export interface HandoverClaim {
  id: number;
  taskId: number;
  kind: 'url' | 'dir' | 'prefetch';
  url: string;
}

/** Claims due waiting URLs for a hand-over (leased: a hand-over that is never confirmed is taken again). */
export async function claimHandover(db: ConfigDb, now: Date, limit = 500): Promise<HandoverClaim[]> {
  return db.query<HandoverClaim>(
    `UPDATE purge_task_urls u SET status = 'processing', due_at = $1::timestamptz + make_interval(secs => ${HANDOVER_LEASE_SECONDS}), update_time = $1
     FROM purge_tasks t
     WHERE t.id = u.task_id AND u.id IN (SELECT id FROM purge_task_urls WHERE status = 'waiting' AND due_at <= $1 ORDER BY due_at LIMIT $2)
       AND u.status = 'waiting'
     RETURNING u.id::int AS id, u.task_id AS "taskId", t.kind, u.url`,
    [now, limit],
  );
}

/** After a hand-over: poll soon (ok) or put the URLs back in the queue a little later (the edge refused). */
export async function settleHandover(db: ConfigDb, ids: number[], ok: boolean, now: Date): Promise<void> {
  await db.query(
    `UPDATE purge_task_urls SET status = CASE WHEN $2 THEN 'processing' ELSE 'waiting' END,
       due_at = $3::timestamptz + make_interval(secs => CASE WHEN $2 THEN ${POLL_SECONDS} ELSE 5 END), update_time = $3
     WHERE id = ANY($1::bigint[])`,
    [ids, ok, now],
  );
}

/** URLs handed over and due for a status poll. */
export async function duePolls(db: ConfigDb, now: Date, limit = 500): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM purge_task_urls WHERE status IN ('processing', 'success') AND due_at <= $1 ORDER BY due_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

export interface PolledState {
  id: number;
  status: 'processing' | 'success' | 'verified' | 'failed';
  linesDone: number;
  linesTotal: number;
  reason?: string;
  httpStatus?: number;
  bytes?: number;
  elapsedMs?: number;
}

/** Records polled states; ids the edge did not know go back to waiting (handed over again). Returns touched tasks. */
export async function recordPolls(db: ConfigDb, asked: number[], states: PolledState[], now: Date): Promise<number[]> {
  const touched = new Set<number>();
  for (const s of states) {
    const open = s.status === 'processing' || s.status === 'success';
    const rows = await db.query<{ taskId: number }>(
      `UPDATE purge_task_urls SET status = $2, lines_done = $3, lines_total = $4, reason = $5, http_status = $6, bytes = $7, elapsed_ms = $8,
         due_at = CASE WHEN $9 THEN $10::timestamptz + make_interval(secs => ${POLL_SECONDS}) ELSE NULL END, update_time = $10
       WHERE id = $1 AND status IN ('processing', 'success') RETURNING task_id AS "taskId"`,
      [s.id, s.status, s.linesDone, s.linesTotal, s.reason ?? '', s.httpStatus ?? null, s.bytes ?? null, s.elapsedMs ?? null, open, now],
    );
    rows.forEach((r) => touched.add(r.taskId));
  }
  const known = new Set(states.map((s) => s.id));
  const unknown = asked.filter((id) => !known.has(id));
  if (unknown.length) {
    const rows = await db.query<{ taskId: number }>(
      `UPDATE purge_task_urls SET status = 'waiting', due_at = $2, update_time = $2 WHERE id = ANY($1::bigint[]) AND status = 'processing' RETURNING task_id AS "taskId"`,
      [unknown, now],
    );
    rows.forEach((r) => touched.add(r.taskId));
  }
  if (touched.size) await refreshTaskStatus(db, [...touched], now);
  return [...touched];
}
