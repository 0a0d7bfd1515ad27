import type { ConfigDb } from './db';
import type { SubUser } from '../../../common/wire/users';

/** A sub-user as the /shiro/self calls answer it (never the password hash): the wire type shared with the client. */
export type SubUserRecord = SubUser;

/** Which users a caller manages: sub-users (never main accounts, never itself) of its accounts. */
export interface SubUserScope {
  /** Home accounts the caller sees; null = every account (super roles). */
  accounts: string[] | null;
  callerUid: string;
}

export interface SubUserFilter {
  uid?: string;
  username?: string;
  email?: string;
  enabled?: boolean;
}

type Row = Omit<SubUserRecord, 'createTime' | 'updateTime'> & { createTime: Date | string; updateTime: Date | string };

const COLUMNS = `u.uid, u.username, u.email, u.account, COALESCE(a.company_name, u.account) AS "accountName", u.creator,
  u.create_time AS "createTime", u.update_time AS "updateTime", u.permissions, u.accounts, u.enabled`;

const iso = (v: Date | string) => new Date(v).toISOString();
const toRecord = (r: Row): SubUserRecord => ({
  ...r,
  permissions: r.permissions ?? [],
  accounts: r.accounts ?? [],
  createTime: iso(r.createTime),
  updateTime: iso(r.updateTime),
});

/** WHERE clause shared by every read: the caller's scope plus filters; params start at $1. */
function where(scope: SubUserScope, filter: SubUserFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [scope.callerUid];
  const parts = ['NOT u.is_main', 'u.uid <> $1'];
  if (scope.accounts) {
    params.push(JSON.stringify(scope.accounts));
    parts.push(`u.account IN (SELECT jsonb_array_elements_text($${params.length}::jsonb))`);
  }
  if (filter.uid) {
    params.push(filter.uid);
    parts.push(`u.uid = $${params.length}`);
  }
  if (filter.username) {
    params.push(filter.username.toLowerCase());
    parts.push(`position($${params.length} in lower(u.username)) > 0`);
  }
  if (filter.email) {
    params.push(filter.email.toLowerCase());
    parts.push(`position($${params.length} in lower(u.email)) > 0`);
  }
  if (typeof filter.enabled === 'boolean') {
    params.push(filter.enabled);
    parts.push(`u.enabled = $${params.length}`);
  }
  return { sql: parts.join(' AND '), params };
}

/** One page of the caller's sub-users, newest createTime first. */
export async function searchSubUsers(
  db: ConfigDb,
  scope: SubUserScope,
  filter: SubUserFilter,
  page: { limit: number; offset: number } | null,
): Promise<{ list: SubUserRecord[]; total: number }> {
  const w = where(scope, filter);
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${w.sql}`, w.params);
  const params = [...w.params];
  let paging = '';
  if (page) {
    params.push(page.limit, page.offset);
    paging = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM users u LEFT JOIN accounts a ON a.identity = u.account
      WHERE ${w.sql} ORDER BY u.create_time DESC, u.uid ${paging}`,
    params,
  );
  return { list: rows.map(toRecord), total };
}

/** One sub-user the caller manages, or null (missing and out-of-scope look the same). */
export async function findSubUser(db: ConfigDb, scope: SubUserScope, uid: string): Promise<SubUserRecord | null> {
  const { list } = await searchSubUsers(db, scope, { uid }, { limit: 1, offset: 0 });
  return list[0] ?? null;
}

/** Usernames are unique across the whole system, regardless of case. */
export async function usernameTaken(db: ConfigDb, username: string, exceptUid?: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND uid <> $2', [username, exceptUid ?? '']);
  return rows.length > 0;
}

export interface NewSubUser {
  uid: string;
  username: string;
  email: string;
  account: string;
  permissions: string[];
  accounts: string[];
  passwordHash: string;
  creator: string;
}

export async function insertSubUser(db: ConfigDb, u: NewSubUser): Promise<void> {
  await db.query(
    `INSERT INTO users (uid, username, email, account, role, permissions, accounts, enabled, password_hash, is_main, creator)
     VALUES ($1, $2, $3, $4, 'user', $5::jsonb, $6::jsonb, TRUE, $7, FALSE, $8)`,
    [u.uid, u.username, u.email, u.account, JSON.stringify(u.permissions), JSON.stringify(u.accounts), u.passwordHash, u.creator],
  );
}

/** Changes the given fields only (password hash when set); update_time always moves. */
export async function updateSubUser(
  db: ConfigDb,
  uid: string,
  f: { username?: string; email?: string; permissions?: string[]; accounts?: string[]; enabled?: boolean; passwordHash?: string },
): Promise<void> {
  const sets: string[] = ['update_time = now()'];
  const params: unknown[] = [uid];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    sets.push(sql.replace('?', `$${params.length}`));
  };
  if (f.username !== undefined) add('username = ?', f.username);
  if (f.email !== undefined) add('email = ?', f.email);
  if (f.permissions !== undefined) add('permissions = ?::jsonb', JSON.stringify(f.permissions));
  if (f.accounts !== undefined) add('accounts = ?::jsonb', JSON.stringify(f.accounts));
  if (f.enabled !== undefined) add('enabled = ?', f.enabled);
  if (f.passwordHash !== undefined) add('password_hash = ?', f.passwordHash);
  await db.query(`UPDATE users SET ${sets.join(', ')} WHERE uid = $1 AND NOT is_main`, params);
}

export async function deleteSubUser(db: ConfigDb, uid: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE uid = $1', [uid]);
  await db.query('DELETE FROM users WHERE uid = $1 AND NOT is_main', [uid]);
}
