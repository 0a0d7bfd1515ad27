import type { ConfigDb } from './db';
import type { AccountNode } from '../../../common/wire/shell/session';
import { DEFAULT_TIME_ZONE } from '../../../common/rules/users/timeZone';

export interface AccountRow {
  identity: string;
  companyName: string;
  email: string;
  parent: string | null;
  createTime: string;
  /** IANA name; the daily quotas reset at its midnight (issue #35). */
  timeZone: string;
}

const COLUMNS = `identity, company_name AS "companyName", email, parent, create_time AS "createTime", time_zone AS "timeZone"`;

export async function getAccount(db: ConfigDb, identity: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE identity = $1`, [identity]);
  return row ?? null;
}

/** The account and all its descendants (recursive), root first. */
export async function accountSubtree(db: ConfigDb, identity: string): Promise<AccountRow[]> {
  return db.query<AccountRow>(
    `WITH RECURSIVE tree AS (
       SELECT identity, company_name, email, parent, create_time, time_zone, 0 AS depth FROM accounts WHERE identity = $1
       UNION ALL
       SELECT a.identity, a.company_name, a.email, a.parent, a.create_time, a.time_zone, t.depth + 1
         FROM accounts a JOIN tree t ON a.parent = t.identity
     )
     SELECT ${COLUMNS} FROM tree ORDER BY depth, create_time, identity`,
    [identity],
  );
}

export async function allAccounts(db: ConfigDb): Promise<AccountRow[]> {
  return db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts ORDER BY create_time, identity`);
}

export async function childAccounts(db: ConfigDb, parent: string): Promise<AccountRow[]> {
  return db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE parent = $1 ORDER BY create_time, identity`, [parent]);
}

export async function insertAccount(
  db: ConfigDb,
  a: { identity: string; companyName: string; email: string; parent: string | null },
): Promise<void> {
  await db.query('INSERT INTO accounts (identity, company_name, email, parent) VALUES ($1, $2, $3, $4)', [
    a.identity,
    a.companyName,
    a.email,
    a.parent,
  ]);
}

export async function updateAccount(db: ConfigDb, identity: string, a: { companyName: string; email: string }): Promise<void> {
  await db.query('UPDATE accounts SET company_name = $2, email = $3 WHERE identity = $1', [identity, a.companyName, a.email]);
}

/** The account's time zone (the default for an unknown account). */
export async function accountTimeZone(db: ConfigDb, identity: string): Promise<string> {
  const [row] = await db.query<{ zone: string }>('SELECT time_zone AS zone FROM accounts WHERE identity = $1', [identity]);
  return row?.zone ?? DEFAULT_TIME_ZONE;
}

export async function setAccountTimeZone(db: ConfigDb, identity: string, zone: string): Promise<void> {
  await db.query('UPDATE accounts SET time_zone = $2 WHERE identity = $1', [identity, zone]);
}

export async function deleteAccount(db: ConfigDb, identity: string): Promise<void> {
  await db.query('DELETE FROM accounts WHERE identity = $1', [identity]);
}

/** Account tree as the user-info reply carries it: {account, accountName, accountChild}. */
export type { AccountNode };

export function buildAccountTree(rows: AccountRow[], rootId: string): AccountNode | null {
  const byParent = new Map<string, AccountRow[]>();
  for (const r of rows) {
    if (!r.parent) continue;
    const list = byParent.get(r.parent) ?? [];
    list.push(r);
    byParent.set(r.parent, list);
  }
  const root = rows.find((r) => r.identity === rootId);
  if (!root) return null;
  const build = (r: AccountRow): AccountNode => ({
    account: r.identity,
    accountName: r.companyName,
    accountChild: (byParent.get(r.identity) ?? []).map(build),
  });
  return build(root);
}

/** Users whose home account is this one. */
export async function countAccountUsers(db: ConfigDb, identity: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE account = $1', [identity]);
  return row?.n ?? 0;
}

export async function countChildAccounts(db: ConfigDb, identity: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE parent = $1', [identity]);
  return row?.n ?? 0;
}

/** Columns of a domains table that may name the owning account (whichever the domains schema has). */
const DOMAIN_OWNER_COLUMNS = ['account', 'customer', 'custom', 'belong_domain_group', 'domain_group'];

/**
 * Domains that belong to the account. The domains table comes with the domain screens; until it
 * exists (to_regclass is null) an account has none.
 */
export async function countAccountDomains(db: ConfigDb, identity: string): Promise<number> {
  const [exists] = await db.query<{ t: string | null }>(`SELECT to_regclass('domains')::text AS t`);
  if (!exists?.t) return 0;
  const cols = await db.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = to_regclass('domains') AND attnum > 0 AND NOT attisdropped AND attname = ANY($1::text[])`,
    [DOMAIN_OWNER_COLUMNS],
  );
  // Column names come from the fixed list above, never from the request.
  const names = cols.map((c) => c.name).filter((n) => DOMAIN_OWNER_COLUMNS.includes(n));
  if (!names.length) return 0;
  const where = names.map((n) => `${n} = $1`).join(' OR ');
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domains WHERE ${where}`, [identity]);
  return row?.n ?? 0;
}

/** Drops the account from the lists of accounts that sub-users may act for. */
export async function forgetAccountInUserLists(db: ConfigDb, identity: string): Promise<void> {
  await db.query(`UPDATE users SET accounts = accounts - $1::text, update_time = now() WHERE accounts ? $1`, [identity]);
}
