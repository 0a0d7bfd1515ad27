import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findUserByUid } from '../stores/config/users';
import type { SessionUser } from '../types';

export const SESSION_COOKIE = 'portal_sid';

/**
 * Server-side sessions in the config store (they survive a restart), keyed by a random id in an
 * HttpOnly SameSite=Lax cookie. The user is re-read on every request, so a disabled user or
 * changed rights take effect at once.
 */
export const sessionPlugin = fp(async (app) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    const sid = request.cookies[SESSION_COOKIE];
    if (!sid) return;
    const [row] = await app.db.query<{ uid: string; idle: boolean; stale: boolean }>(
      `SELECT uid,
              last_seen < now() - make_interval(secs => $2) AS idle,
              last_seen < now() - interval '30 seconds' AS stale
         FROM sessions WHERE id = $1`,
      [sid, app.config.sessionIdleSeconds],
    );
    if (!row) return;
    if (row.idle) {
      await app.db.query('DELETE FROM sessions WHERE id = $1', [sid]);
      return;
    }
    const user = await findUserByUid(app.db, row.uid);
    if (!user || !user.enabled) {
      await app.db.query('DELETE FROM sessions WHERE id = $1', [sid]);
      return;
    }
    // Touch at most every 30 s to keep writes off the hot path.
    if (row.stale) await app.db.query('UPDATE sessions SET last_seen = now() WHERE id = $1', [sid]);
    request.sessionId = sid;
    request.user = toSessionUser(user);
  });
});

export function toSessionUser(u: SessionUser): SessionUser {
  return {
    uid: u.uid,
    username: u.username,
    role: u.role,
    account: u.account,
    permissions: u.permissions ?? [],
    accounts: u.accounts ?? [],
    isMain: u.isMain,
    email: u.email,
  };
}

export async function startSession(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<void> {
  const db = request.server.db;
  const id = crypto.randomBytes(32).toString('base64url');
  await db.query('INSERT INTO sessions (id, uid) VALUES ($1, $2)', [id, uid]);
  reply.setCookie(SESSION_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax' });
  request.sessionId = id;
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) await request.server.db.query('DELETE FROM sessions WHERE id = $1', [request.sessionId]);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends the user's other sessions, keeping the current one (own password change, on request). */
export async function endOtherSessions(request: FastifyRequest, uid: string): Promise<void> {
  await request.server.db.query('DELETE FROM sessions WHERE uid = $1 AND id <> $2', [uid, request.sessionId ?? '']);
}

/** Ends every session of a user (disabled or deleted users). */
export async function endUserSessions(request: FastifyRequest, uid: string): Promise<void> {
  await request.server.db.query('DELETE FROM sessions WHERE uid = $1', [uid]);
}
