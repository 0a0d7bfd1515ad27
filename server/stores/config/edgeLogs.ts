import type { ConfigDb } from './db';

/**
 * Where each log file of each node is loaded to (issue #33, migration 056, docs/edge.md "logs'
 * exactly-once"): the byte offset held, and a pending part (written before its insert into the traffic
 * store, cleared after) whose insert may or may not have happened.
 */

export interface LogPosition {
  offset: number;
  pending: { end: number; base: number; rows: number; from: Date; to: Date } | null;
}

/**
 * Claims the node's log loading for `leaseMs` (one part of a node at a time, on any portal server):
 * false when another part of it is being loaded.
 */
export async function claimNodeLogs(db: ConfigDb, nodeId: number, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE edge_nodes SET logs_claimed_until = $2::timestamptz + make_interval(secs => $3::float8 / 1000)
     WHERE id = $1 AND (logs_claimed_until IS NULL OR logs_claimed_until <= $2) RETURNING 1`,
    [nodeId, now, leaseMs],
  );
  return rows.length > 0;
}

export async function releaseNodeLogs(db: ConfigDb, nodeId: number): Promise<void> {
  await db.query('UPDATE edge_nodes SET logs_claimed_until = NULL WHERE id = $1', [nodeId]);
}

export async function logPosition(db: ConfigDb, nodeId: number, stream: string, file: string): Promise<LogPosition> {
  await db.query('INSERT INTO edge_log_offsets (node_id, stream, file) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [nodeId, stream, file]);
  const [row] = await db.query<{
    offset: string | number;
    end: string | number | null;
    base: string | number | null;
    rows: string | number | null;
    from: Date | string | null;
    to: Date | string | null;
  }>(
    `SELECT byte_offset AS "offset", pending_end AS "end", pending_base AS base, pending_rows AS rows,
       pending_from AS "from", pending_to AS "to"
     FROM edge_log_offsets WHERE node_id = $1 AND stream = $2 AND file = $3`,
    [nodeId, stream, file],
  );
  const pending =
    row.end === null || row.from === null || row.to === null
      ? null
      : { end: Number(row.end), base: Number(row.base), rows: Number(row.rows), from: new Date(row.from), to: new Date(row.to) };
  return { offset: Number(row.offset), pending };
}

/** Before the insert: the part that is about to be loaded and the count it is checked against. */
export async function markPending(
  db: ConfigDb,
  key: { nodeId: number; stream: string; file: string },
  part: { end: number; base: number; rows: number; from: Date; to: Date },
): Promise<void> {
  await db.query(
    `UPDATE edge_log_offsets SET pending_end = $4, pending_base = $5, pending_rows = $6, pending_from = $7, pending_to = $8,
       update_time = now()
     WHERE node_id = $1 AND stream = $2 AND file = $3`,
    [key.nodeId, key.stream, key.file, part.end, part.base, part.rows, part.from, part.to],
  );
}

/** After the insert (or once a pending part is known loaded or not): the offset held now, nothing pending. */
export async function settleOffset(db: ConfigDb, key: { nodeId: number; stream: string; file: string }, offset: number): Promise<void> {
  await db.query(
    `UPDATE edge_log_offsets SET byte_offset = $4, pending_end = NULL, pending_base = NULL, pending_rows = NULL, pending_from = NULL,
       pending_to = NULL, update_time = now()
     WHERE node_id = $1 AND stream = $2 AND file = $3`,
    [key.nodeId, key.stream, key.file, offset],
  );
}
