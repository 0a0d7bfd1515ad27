import type { ConfigDb } from './db';

/** A stored session as the session plugin reads it (server/plugins/session.ts). */
export interface SessionRow {
  uid: string;
  lang: 'zh' | 'en';
  /** idle longer than the allowed idle time: to be ended */
  idle: boolean;
  /** last touched more than 30 s ago: to be touched */
  stale: boolean;
  /** seconds until the session would be idle */
  idle_in: number;
}

export async function findSession(db: ConfigDb, id: string, idleSeconds: number): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>(
    `SELECT uid, lang,
            last_seen < now() - make_interval(secs => $2) AS idle,
            last_seen < now() - interval '30 seconds' AS stale,
            EXTRACT(EPOCH FROM last_seen + make_interval(secs => $2) - now())::float8 AS idle_in
       FROM sessions WHERE id = $1`,
    [id, idleSeconds],
  );
  return row ?? null;
}

/** `lang`: the language of the sign-in, the session's when a request names none (issue #35). */
export async function insertSession(db: ConfigDb, id: string, uid: string, lang: 'zh' | 'en' = 'zh'): Promise<void> {
  await db.query('INSERT INTO sessions (id, uid, lang) VALUES ($1, $2, $3)', [id, uid, lang]);
}

export async function touchSession(db: ConfigDb, id: string): Promise<void> {
  await db.query('UPDATE sessions SET last_seen = now() WHERE id = $1', [id]);
}

export async function deleteSession(db: ConfigDb, id: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Every session of the user but `keepId` (none kept when it is empty). */
export async function deleteOtherSessions(db: ConfigDb, uid: string, keepId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE uid = $1 AND id <> $2', [uid, keepId]);
}

export async function deleteUserSessions(db: ConfigDb, uid: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE uid = $1', [uid]);
}
