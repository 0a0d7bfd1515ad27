import type { ConfigDb } from './db';
import type { SessionUser } from '../../types';

export interface UserRow extends SessionUser {
  enabled: boolean;
  passwordHash: string;
  creator: string | null;
  createTime: string;
  updateTime: string;
}

export const USER_COLUMNS = `uid, username, email, account, role, permissions, accounts, enabled,
  password_hash AS "passwordHash", is_main AS "isMain", creator,
  create_time AS "createTime", update_time AS "updateTime"`;

export async function findUserByName(db: ConfigDb, username: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE username = $1`, [username]);
  return row ?? null;
}

export async function findUserByUid(db: ConfigDb, uid: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE uid = $1`, [uid]);
  return row ?? null;
}

export async function setPasswordHash(db: ConfigDb, uid: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, update_time = now() WHERE uid = $1', [uid, hash]);
}

export interface NewUser {
  uid: string;
  username: string;
  email: string;
  account: string;
  role: string;
  permissions: readonly string[];
  enabled: boolean;
  passwordHash: string;
  isMain: boolean;
  creator: string | null;
}

/** A user of any role (the demo's sign-ins; sub-users are made by insertSubUser). */
export async function insertUser(db: ConfigDb, u: NewUser): Promise<void> {
  await db.query(
    `INSERT INTO users (uid, username, email, account, role, permissions, enabled, password_hash, is_main, creator)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [u.uid, u.username, u.email, u.account, u.role, JSON.stringify(u.permissions), u.enabled, u.passwordHash, u.isMain, u.creator],
  );
}
