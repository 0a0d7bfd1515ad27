import type { ConfigDb } from './db';
import type { EdgeUrlState } from '../../lib/edgeControl';

/**
 * The portal's side of the edge (issue #16, docs/edge.md): stored URLs are handed to an EdgeControl
 * (the embedded edge or a control plane at PORTAL_EDGE_URL) and their states polled back. Every step
 * is one UPDATE that claims only rows in the state it expects (UPDATE ... WHERE status = ... RETURNING),
 * so two ticks or two servers never take the same step twice, and a restart continues from due_at.
 */

/** A task's status from its URLs: open while any is waiting or processing; finished once none is. */
export async function refreshTaskStatus(db: ConfigDb, taskIds: number[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Rows are locked in id order first: two processes refreshing overlapping tasks wait, never deadlock.
    await tx.query('SELECT id FROM purge_tasks WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [taskIds]);
    await refreshLocked(tx, taskIds, now);
  });
}

async function refreshLocked(db: ConfigDb, taskIds: number[], now: Date): Promise<void> {
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

// ---- hand-over and status polling ----

/** An unconfirmed hand-over is retried after this lease. */
const HANDOVER_LEASE_SECONDS = 30;

export interface HandoverClaim {
  id: number;
  taskId: number;
  kind: 'url' | 'dir' | 'prefetch';
  url: string;
  domain: string;
}

/** Claims due waiting URLs for a hand-over (leased: a hand-over that is never confirmed is taken again). */
export async function claimHandover(db: ConfigDb, now: Date, limit = 500): Promise<HandoverClaim[]> {
  return db.query<HandoverClaim>(
    `UPDATE purge_task_urls u
     SET status = 'processing', due_at = $1::timestamptz + make_interval(secs => ${HANDOVER_LEASE_SECONDS}), update_time = $1
     FROM purge_tasks t
     WHERE t.id = u.task_id AND u.id IN (SELECT id FROM purge_task_urls WHERE status = 'waiting' AND due_at <= $1 ORDER BY due_at LIMIT $2)
       AND u.status = 'waiting'
     RETURNING u.id::int AS id, u.task_id AS "taskId", t.kind, u.url, u.domain`,
    [now, limit],
  );
}

/** After a hand-over: poll after `pollSeconds` (ok) or put the URLs back in the queue a little later (the edge refused). */
export async function settleHandover(db: ConfigDb, ids: number[], ok: boolean, now: Date, pollSeconds: number): Promise<void> {
  await db.query(
    `UPDATE purge_task_urls SET status = CASE WHEN $2 THEN 'processing' ELSE 'waiting' END,
       due_at = $3::timestamptz + make_interval(secs => CASE WHEN $2 THEN $4::float8 ELSE 5 END), update_time = $3
     WHERE id = ANY($1::bigint[])`,
    [ids, ok, now, pollSeconds],
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

/** A URL's state as the edge reports it. */
export type PolledState = EdgeUrlState;

/**
 * Records polled states in one statement (only rows whose state changed are written); ids the edge
 * did not know go back to waiting (handed over again). Returns the tasks touched.
 */
export async function recordPolls(db: ConfigDb, asked: number[], states: PolledState[], now: Date, pollSeconds: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    // The URLs first, in id order, then their tasks (refreshTaskStatus, also in id order): two
    // processes polling overlapping URLs wait for each other instead of deadlocking.
    await tx.query('SELECT id FROM purge_task_urls WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [asked]);
    return recordLocked(tx, asked, states, now, pollSeconds);
  });
}

async function recordLocked(db: ConfigDb, asked: number[], states: PolledState[], now: Date, pollSeconds: number): Promise<number[]> {
  const touched = new Set<number>();
  const col = <T>(f: (s: PolledState) => T) => states.map(f);
  const changed = await db.query<{ taskId: number }>(
    `UPDATE purge_task_urls p SET status = s.status, lines_done = s.lines_done, lines_total = s.lines_total, reason = s.reason,
       http_status = s.http_status, bytes = s.bytes, elapsed_ms = s.elapsed_ms, update_time = $9,
       due_at = CASE WHEN s.status IN ('processing', 'success') THEN $9::timestamptz + make_interval(secs => $10::float8) ELSE NULL END
     FROM unnest($1::bigint[], $2::text[], $3::int[], $4::int[], $5::text[], $6::int[], $7::bigint[], $8::int[])
       AS s(id, status, lines_done, lines_total, reason, http_status, bytes, elapsed_ms)
     WHERE p.id = s.id AND p.status IN ('processing', 'success')
       AND (p.status, p.lines_done, p.lines_total, p.reason, p.http_status, p.bytes, p.elapsed_ms)
           IS DISTINCT FROM (s.status, s.lines_done, s.lines_total, s.reason, s.http_status, s.bytes, s.elapsed_ms)
     RETURNING p.task_id AS "taskId"`,
    [
      col((x) => x.id),
      col((x) => x.status),
      col((x) => x.linesDone),
      col((x) => x.linesTotal),
      col((x) => x.reason ?? ''),
      col((x) => x.httpStatus ?? null),
      col((x) => x.bytes ?? null),
      col((x) => x.elapsedMs ?? null),
      now,
      pollSeconds,
    ],
  );
  changed.forEach((r) => touched.add(r.taskId));
  // Every open URL asked goes to the back of the poll queue (none is starved behind unchanged ones).
  const open = states.filter((x) => x.status === 'processing' || x.status === 'success').map((x) => x.id);
  if (open.length) {
    await db.query(
      `UPDATE purge_task_urls SET due_at = $2::timestamptz + make_interval(secs => $3::float8)
       WHERE id = ANY($1::bigint[]) AND status IN ('processing', 'success')`,
      [open, now, pollSeconds],
    );
  }
  const known = new Set(states.map((x) => x.id));
  const unknown = asked.filter((id) => !known.has(id));
  if (unknown.length) {
    const rows = await db.query<{ taskId: number }>(
      `UPDATE purge_task_urls SET status = 'waiting', due_at = $2, update_time = $2
       WHERE id = ANY($1::bigint[]) AND status = 'processing' RETURNING task_id AS "taskId"`,
      [unknown, now],
    );
    rows.forEach((r) => touched.add(r.taskId));
  }
  if (touched.size) await refreshTaskStatus(db, [...touched], now);
  return [...touched];
}
