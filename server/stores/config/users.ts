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
