import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findUserByUid } from '../stores/config/users';
import {
  deleteOtherSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  insertSession,
  touchSession,
} from '../stores/config/shellSessions';
import { StoreMemo } from '../lib/storeMemo';
import type { SessionUser } from '../types';

export const SESSION_COOKIE = 'portal_sid';

/** How long a resolved session is kept in memory at most (storeMemo: a write to its tables ends it sooner). */
const SESSION_KEEP_MS = 5_000;

/**
 * Server-side sessions in the config store (they survive a restart), keyed by a random id in an
 * HttpOnly SameSite=Lax cookie. The session and its user are read from the store and kept for a
 * few seconds while nothing is written to users, accounts or the sessions' deletions (StoreMemo),
 * so a sign-out, a disabled user or changed rights take effect at once; on PostgreSQL (other
 * processes write too) they are read on every request.
 */
export const sessionPlugin = fp(async (app) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  /** The session's user and the language of its sign-in. */
  type Resolved = { user: SessionUser; lang: 'zh' | 'en' } | null;
  const memo = new StoreMemo<Resolved>(app.db, { tables: ['users', 'accounts', 'DELETE sessions'], maxEntries: 10_000 });

  const resolve = async (sid: string): Promise<{ value: Resolved; keepMs: number }> => {
    const none = { value: null, keepMs: 0 };
    const row = await findSession(app.db, sid, app.config.sessionIdleSeconds);
    if (!row) return none;
    if (row.idle) {
      await deleteSession(app.db, sid);
      return none;
    }
    const user = await findUserByUid(app.db, row.uid);
    if (!user || !user.enabled) {
      await deleteSession(app.db, sid);
      return none;
    }
    // Touch at most every 30 s to keep writes off the hot path.
    if (row.stale) await touchSession(app.db, sid);
    // Kept no longer than the session would live without this touch.
    return {
      value: { user: toSessionUser(user), lang: row.lang === 'en' ? 'en' : 'zh' },
      keepMs: Math.min(SESSION_KEEP_MS, Math.floor(row.idle_in * 1000)),
    };
  };

  app.addHook('onRequest', async (request) => {
    const sid = request.cookies[SESSION_COOKIE];
    if (!sid) return;
    const session = await memo.get(sid, () => resolve(sid));
    if (!session) return;
    request.sessionId = sid;
    request.user = session.user;
    // A request that names no language (x-portal-lang) is answered in its session's (issue #35).
    if (request.headers['x-portal-lang'] === undefined) request.lang = session.lang;
  });
});

/** The request's user; shared by the requests of one session while kept (StoreMemo), so frozen. */
export function toSessionUser(u: SessionUser): SessionUser {
  return Object.freeze({
    uid: u.uid,
    username: u.username,
    role: u.role,
    account: u.account,
    permissions: Object.freeze([...(u.permissions ?? [])]) as string[],
    accounts: Object.freeze([...(u.accounts ?? [])]) as string[],
    isMain: u.isMain,
    email: u.email,
  });
}

export async function startSession(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<void> {
  const id = crypto.randomBytes(32).toString('base64url');
  await insertSession(request.server.db, id, uid, request.lang);
  reply.setCookie(SESSION_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax' });
  request.sessionId = id;
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) await deleteSession(request.server.db, request.sessionId);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends the user's other sessions, keeping the current one (own password change, on request). */
export async function endOtherSessions(request: FastifyRequest, uid: string): Promise<void> {
  await deleteOtherSessions(request.server.db, uid, request.sessionId ?? '');
}

/** Ends every session of a user (disabled or deleted users). */
export async function endUserSessions(request: FastifyRequest, uid: string): Promise<void> {
  await deleteUserSessions(request.server.db, uid);
}
