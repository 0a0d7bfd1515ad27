import type { ConfigDb } from './db';
import type { PurgeKind, PurgeStatus } from '../../../common/rules/purge';
import type { PurgeTask, PurgeTaskQuery, PurgeTaskUrl, StatusCounts } from '../../../common/wire/purge';

/** Purge and prefetch tasks, their URLs and the submission audit (migration 030). */

const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());

export interface NewTaskUrl {
  line: number;
  url: string;
  host: string;
  domain: string;
  account: string;
}

export interface NewTask {
  kind: PurgeKind;
  account: string;
  submittedBy: string;
  ip: string;
  urls: NewTaskUrl[];
  /** first step of every URL (the embedded edge's queue delay) */
  dueAt: Date;
  createTime?: Date;
}

/** URLs of these kinds submitted by the account since `since` (the daily quota). */
export async function usedSince(db: ConfigDb, account: string, kind: PurgeKind, since: Date): Promise<number> {
  const [r] = await db.query<{ n: string | number | null }>(
    'SELECT COALESCE(SUM(url_count), 0) AS n FROM purge_tasks WHERE account = $1 AND kind = $2 AND create_time >= $3',
    [account, kind, since],
  );
  return Number(r?.n ?? 0);
}

/** The URLs among `urls` this account submitted (for the same kind family) since `since`. */
export async function recentUrls(db: ConfigDb, account: string, kinds: PurgeKind[], urls: string[], since: Date): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db.query<{ url: string }>(
    `SELECT DISTINCT u.url FROM purge_task_urls u JOIN purge_tasks t ON t.id = u.task_id
     WHERE u.account = $1 AND u.url = ANY($2::text[]) AND u.create_time >= $3 AND t.kind = ANY($4::text[])`,
    [account, urls, since, kinds],
  );
  return new Set(rows.map((r) => r.url));
}

/** Stores a task, its URLs and the submission record; call inside a transaction. */
export async function insertTask(db: ConfigDb, t: NewTask): Promise<number> {
  const created = t.createTime ?? new Date();
  const [task] = await db.query<{ id: number }>(
    `INSERT INTO purge_tasks (kind, account, submitted_by, url_count, status, create_time, url_text)
     VALUES ($1, $2, $3, $4, 'waiting', $5, $6) RETURNING id`,
    [t.kind, t.account, t.submittedBy, t.urls.length, created, t.urls.map((u) => u.url.toLowerCase()).join('\n')],
  );
  await db.query(
    `INSERT INTO purge_task_urls (task_id, line_no, url, host, domain, account, status, due_at, create_time, update_time)
     SELECT $1, x.line, x.url, x.host, x.domain, x.account, 'waiting', $7, $8, $8
     FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(line, url, host, domain, account)`,
    [
      task.id,
      t.urls.map((u) => u.line),
      t.urls.map((u) => u.url),
      t.urls.map((u) => u.host),
      t.urls.map((u) => u.domain),
      t.urls.map((u) => u.account),
      t.dueAt,
      created,
    ],
  );
  await db.query('INSERT INTO purge_submissions (task_id, kind, account, username, ip, time, urls) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    task.id,
    t.kind,
    t.account,
    t.submittedBy,
    t.ip,
    created,
    t.urls.map((u) => u.url),
  ]);
  return task.id;
}

interface TaskRow {
  id: number;
  kind: PurgeKind;
  account: string;
  submittedBy: string;
  urlCount: number;
  status: PurgeStatus;
  createTime: Date | string;
  finishTime: Date | string | null;
  firstUrl: string | null;
  counts: Partial<StatusCounts> | null;
  total: string | number;
}

const emptyCounts = (): StatusCounts => ({ success: 0, failed: 0, processing: 0, verified: 0, waiting: 0, other: 0 });

/** One page of tasks, newest first, narrowed to accounts (null: all) and the filters. */
export async function listTasks(db: ConfigDb, q: PurgeTaskQuery): Promise<{ list: PurgeTask[]; total: number }> {
  const where = ['t.kind = ANY($1::text[])'];
  const params: unknown[] = [q.kinds];
  const add = (cond: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(cond(params.length));
  };
  if (q.accounts) add((n) => `t.account = ANY($${n}::text[])`, q.accounts);
  if (q.startTime !== undefined) add((n) => `t.create_time >= to_timestamp($${n})`, q.startTime);
  if (q.endTime !== undefined) add((n) => `t.create_time <= to_timestamp($${n})`, q.endTime);
  if (q.status) add((n) => `t.status = $${n}`, q.status);
  if (q.submittedBy) add((n) => `t.submitted_by = $${n}`, q.submittedBy);
  if (q.urlContains) {
    add((n) => `strpos(t.url_text, lower($${n})) > 0`, q.urlContains);
  }
  params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
  const rows = await db.query<TaskRow>(
    `WITH page AS (
       SELECT t.*, count(*) OVER () AS total FROM purge_tasks t WHERE ${where.join(' AND ')}
       ORDER BY t.create_time DESC, t.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}
     )
     SELECT p.id, p.kind, p.account, p.submitted_by AS "submittedBy", p.url_count AS "urlCount", p.status,
       p.create_time AS "createTime", p.finish_time AS "finishTime", p.total,
       (SELECT u.url FROM purge_task_urls u WHERE u.task_id = p.id ORDER BY u.line_no LIMIT 1) AS "firstUrl",
       (SELECT jsonb_object_agg(c.status, c.n)
        FROM (SELECT u.status, count(*) AS n FROM purge_task_urls u WHERE u.task_id = p.id GROUP BY u.status) c) AS counts
     FROM page p ORDER BY p.create_time DESC, p.id DESC`,
    params,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && q.pageNum > 1) {
    const [c] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM purge_tasks t WHERE ${where.join(' AND ')}`, params.slice(0, -2));
    total = Number(c.n);
  }
  const now = Date.now();
  return {
    total,
    list: rows.map((r) => {
      const created = new Date(r.createTime).getTime();
      const end = r.finishTime ? new Date(r.finishTime).getTime() : now;
      return {
        id: r.id,
        kind: r.kind,
        account: r.account,
        submittedBy: r.submittedBy,
        urlCount: r.urlCount,
        status: r.status,
        counts: { ...emptyCounts(), ...(r.counts ?? {}) },
        createTime: iso(r.createTime),
        finishTime: r.finishTime ? iso(r.finishTime) : null,
        durationSeconds: Math.max(0, Math.round((end - created) / 1000)),
        firstUrl: r.firstUrl ?? '',
      };
    }),
  };
}

/** A task's kind and account, or null when missing. */
export async function getTaskHead(db: ConfigDb, id: number): Promise<{ id: number; kind: PurgeKind; account: string } | null> {
  const [r] = await db.query<{ id: number; kind: PurgeKind; account: string }>('SELECT id, kind, account FROM purge_tasks WHERE id = $1', [
    id,
  ]);
  return r ?? null;
}

interface UrlRow extends Omit<PurgeTaskUrl, 'updateTime' | 'bytes' | 'id'> {
  id: string | number;
  bytes: string | number | null;
  updateTime: Date | string;
  total: string | number;
}

/** Every URL of a task with its status, page by page (line order). */
export async function listTaskUrls(
  db: ConfigDb,
  taskId: number,
  opts: { pageNum: number; pageSize: number; status?: PurgeStatus },
): Promise<{ list: PurgeTaskUrl[]; total: number }> {
  const params: unknown[] = [taskId, opts.pageSize, (opts.pageNum - 1) * opts.pageSize];
  let filter = '';
  if (opts.status) {
    params.push(opts.status);
    filter = ' AND status = $4';
  }
  const rows = await db.query<UrlRow>(
    `SELECT id, task_id AS "taskId", line_no AS line, url, status, lines_done AS "linesDone", lines_total AS "linesTotal", reason,
       http_status AS "httpStatus", bytes, elapsed_ms AS "elapsedMs", update_time AS "updateTime", count(*) OVER () AS total
     FROM purge_task_urls WHERE task_id = $1${filter} ORDER BY line_no, id LIMIT $2 OFFSET $3`,
    params,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map(({ total: _t, ...r }) => ({
      ...r,
      id: Number(r.id),
      bytes: r.bytes === null ? null : Number(r.bytes),
      updateTime: iso(r.updateTime),
    })),
  };
}

/** The failed URLs of a task (re-submission). */
export async function failedUrls(db: ConfigDb, taskId: number): Promise<string[]> {
  const rows = await db.query<{ url: string }>(
    `SELECT url FROM purge_task_urls WHERE task_id = $1 AND status = 'failed' ORDER BY line_no`,
    [taskId],
  );
  return rows.map((r) => r.url);
}

/** The domains of these names with their owner and status (the hosts of a submission). */
export async function domainsNamed(db: ConfigDb, names: string[]): Promise<Array<{ name: string; account: string; status: string }>> {
  return db.query<{ name: string; account: string; status: string }>(
    'SELECT name, account, status FROM domains WHERE name = ANY($1::text[])',
    [names],
  );
}

/** Locks an account's quota of one kind until the transaction ends: two concurrent submissions cannot both pass on one remainder. */
export async function lockQuota(tx: ConfigDb, account: string, kind: PurgeKind): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purge:${account}:${kind}`]);
}

/** Every URL of a task verified at `at` over `lines` lines (the demo's finished history; prefetches with their fetch figures). */
export async function verifyTaskUrls(db: ConfigDb, taskId: number, lines: number, at: Date, prefetch: boolean): Promise<void> {
  await db.query(
    `UPDATE purge_task_urls SET status = 'verified', lines_done = $2, lines_total = $2, due_at = NULL, update_time = $3,
       http_status = CASE WHEN $4 THEN 200 END, bytes = CASE WHEN $4 THEN 1048576 + id * 4099 END,
       elapsed_ms = CASE WHEN $4 THEN 180 + id % 400 END
     WHERE task_id = $1`,
    [taskId, lines, at, prefetch],
  );
}

/** One URL of a task failed on its first line for `reason` (a prefetch with the origin's 404). */
export async function failTaskUrl(db: ConfigDb, taskId: number, line: number, reason: string, prefetch: boolean): Promise<void> {
  await db.query(
    `UPDATE purge_task_urls SET status = 'failed', lines_done = 1, reason = $2, http_status = CASE WHEN $3 THEN 404 END, bytes = NULL
     WHERE task_id = $1 AND line_no = $4`,
    [taskId, reason, prefetch, line],
  );
}
