import type { ConfigDb } from './db';
import type { AuditEntry, AuditQuery } from '../../../common/wire/audit';
import type { AuditSortField } from '../../../common/rules/audit';

/** Audit log rows (migration 044, issue #22). */

/** A call to record: the entry as the list shows it, less what the store assigns (id, time). */
export type AuditInsert = Omit<AuditEntry, 'id' | 'time'> & {
  uid: string | null;
  /** a sign-in: take the account of the named user when `account` is null */
  accountOfUsername?: boolean;
};

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** One statement per recorded call. */
export async function insertAudit(db: ConfigDb, a: AuditInsert): Promise<void> {
  // Every parameter is referenced either way (an unused one has no type and fails the statement).
  const account =
    a.accountOfUsername && a.account === null ? 'COALESCE($3::text, (SELECT account FROM users WHERE username = $2))' : '$3::text';
  await db.query(
    `INSERT INTO audit_log (uid, username, account, ip, method, route, module, object_type, object_id, object_name,
       http_status, code, message, before, after)
     VALUES ($1, $2, ${account}, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb)`,
    [
      a.uid,
      a.username,
      a.account,
      a.ip,
      a.method,
      a.route,
      a.module,
      a.objectType,
      a.objectId,
      a.objectName,
      a.httpStatus,
      a.code,
      a.message,
      json(a.before),
      json(a.after),
    ],
  );
}

const SORT_COLUMNS: Record<AuditSortField, string> = {
  time: 'at',
  username: 'username',
  account: 'account',
  route: 'route',
  objectType: 'object_type',
  code: 'code',
};

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the log; `accounts` null = every row (staff), else rows of those accounts only. */
export async function searchAudit(db: ConfigDb, accounts: string[] | null, q: AuditQuery): Promise<{ list: AuditEntry[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (accounts) add((p) => `account = ANY(${p}::text[])`, accounts);
  if (q.username) add((p) => `username ILIKE ${p}`, likeText(q.username));
  if (q.objectType) add((p) => `object_type = ${p}`, q.objectType);
  if (q.object) add((p) => `(object_id ILIKE ${p} OR object_name ILIKE ${p})`, likeText(q.object));
  if (q.route) add((p) => `route ILIKE ${p}`, likeText(q.route));
  // Success as in auditSucceeded: "0", or "200" on /monit.
  const succeeded = `(code = '0' OR (route LIKE '/monit/%' AND code = '200'))`;
  if (q.outcome === 'ok') where.push(succeeded);
  if (q.outcome === 'failed') where.push(`NOT ${succeeded}`);
  if (q.startTime !== undefined) add((p) => `at >= to_timestamp(${p}::double precision)`, q.startTime);
  if (q.endTime !== undefined) add((p) => `at <= to_timestamp(${p}::double precision)`, q.endTime);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const column = Object.hasOwn(SORT_COLUMNS, q.sort ?? 'time') ? SORT_COLUMNS[q.sort ?? 'time'] : 'at';
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  const pageSize = q.pageSize ?? 20;
  const offset = ((q.pageNum ?? 1) - 1) * pageSize;
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${whereSql}`, params);
  const list = await db.query<AuditEntry & { time: Date | string }>(
    `SELECT id::int AS id, at AS time, username, account, ip, method, route, module, object_type AS "objectType", object_id AS "objectId",
            object_name AS "objectName", http_status AS "httpStatus", code, message, before, after
       FROM audit_log ${whereSql}
      ORDER BY ${column} ${order}, id ${order}
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, offset],
  );
  return { list: list.map((r) => ({ ...r, time: new Date(r.time).toISOString() })), total };
}

/** Removes rows older than `days` days; returns how many. */
export async function pruneAudit(db: ConfigDb, days: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM audit_log WHERE at < now() - make_interval(days => $1) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return row?.n ?? 0;
}
