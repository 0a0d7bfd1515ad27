import type { ConfigDb } from './db';

/** Failed sign-ins counted per username and per address within this window. */
export const THROTTLE_WINDOW = "interval '15 minutes'";

export interface ThrottleLimits {
  perUser: number;
  /** Omitted: no limit per address. */
  perIp?: number;
}

/**
 * Counts the recent failures and records this attempt as one, in one atomic step (issue #22): a
 * transaction holding advisory locks on the username and the address (PostgreSQL and PGlite; they
 * span every portal process on one database), then one INSERT ... SELECT that adds the row only
 * while under the limits. Ten concurrent guesses thus get at most `perUser` evaluations.
 * Returns the attempt's row id, or null when the limit is reached (nothing recorded). The caller
 * evaluates the password afterwards; on success it calls `clearFailures`, on failure the row stays.
 */
export async function reserveAttempt(db: ConfigDb, username: string, ip: string, limits: ThrottleLimits): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(22, hashtext($1))', [username]);
    if (limits.perIp !== undefined) await tx.query('SELECT pg_advisory_xact_lock(23, hashtext($1))', [ip]);
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO login_failures (username, ip)
       SELECT $1, $2
        WHERE (SELECT count(*) FROM login_failures WHERE username = $1 AND at > now() - ${THROTTLE_WINDOW}) < $3
          AND (SELECT count(*) FROM login_failures WHERE ip = $2 AND at > now() - ${THROTTLE_WINDOW}) < $4
       RETURNING id::text AS id`,
      [username, ip, limits.perUser, limits.perIp ?? 2_147_483_647],
    );
    return rows[0]?.id ?? null;
  });
}

/** A successful sign-in: the user's failures (this attempt's row included) are forgotten. */
export async function clearFailures(db: ConfigDb, username: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE username = $1', [username]);
}

/** A successful check that is no sign-in (a right current password): only this attempt is forgotten. */
export async function releaseAttempt(db: ConfigDb, id: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE id = $1', [id]);
}
