import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { auditDetailsOf, clip, redact } from '../lib/audit';
import { insertAudit } from '../stores/config/audit';

/**
 * The audit log (issue #22): one row for every write through the API, recorded in one place. A call
 * is a write when its route is declared with access 'operation' (so areas added later are covered
 * without edits), or when it signs in or out. The row says who (user, account), when, from which
 * IP, which call (method and route pattern), which object (named by the route with auditObject, or
 * taken from the request's id/name fields), the outcome (HTTP status, envelope code and message)
 * and, where the route gave them (auditChange), the object's state before and after, secrets
 * redacted by field name. Request bodies and query strings themselves are never stored.
 *
 * Refused calls of a signed-in user (no right: "403", invalid input) are recorded too, with their
 * outcome: an audit log shows attempts. Calls without a session (HTTP 401) are not: there is nobody
 * to record. The security tests compare the configuration tables, not this log
 * (tests/server/securityHelpers.ts).
 *
 * Cost: one INSERT per write, nothing read on the way (a sign-in's account is a sub-select of it).
 */

/** Calls recorded besides the 'operation' routes (the password change is an 'operation' route). */
const SIGN_ROUTES = new Set(['GET /api/newLogin', 'GET /api/logout']);

/** Request fields that identify the object of a call (the first one present wins). */
const ID_FIELDS = ['id', 'uid', 'taskId', 'certificateId', 'hostId', 'websiteId', 'groupId', 'contactId', 'ids'];
const NAME_FIELDS = ['domain', 'name', 'identity', 'domainGroup', 'hostName', 'username', 'customer', 'domains'];

function fieldOf(sources: unknown[], names: readonly string[]): string {
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const name of names) {
      if (!Object.hasOwn(source, name)) continue;
      const v = (source as Record<string, unknown>)[name];
      if (typeof v === 'string' || typeof v === 'number') return clip(String(v), 256);
      if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string' || typeof x === 'number')) return clip(v.join(','), 256);
    }
  }
  return '';
}

/** The reply envelope's code and message (the HTTP status when the reply is not one). */
function outcomeOf(payload: unknown, status: number): { code: string; message: string } {
  const fallback = { code: String(status), message: '' };
  if (typeof payload !== 'string' || payload.length > 1_000_000 || !payload.startsWith('{')) return fallback;
  try {
    const body = JSON.parse(payload) as { code?: unknown; msg?: unknown };
    return {
      code: body.code === undefined || body.code === null ? String(status) : clip(String(body.code), 32),
      message: typeof body.msg === 'string' ? clip(body.msg, 500) : '',
    };
  } catch {
    return fallback;
  }
}

export function isAudited(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (!url) return false;
  return request.routeOptions.config?.access === 'operation' || SIGN_ROUTES.has(`${request.method} ${url}`);
}

export const auditPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isAudited(request)) return payload;
    const route = request.routeOptions.url ?? '';
    const signIn = route === '/api/newLogin';
    const user = request.user;
    if (!user && !signIn) return payload;
    const details = auditDetailsOf(request) ?? {};
    const sources = [request.params, request.body, request.query];
    const { code, message } = outcomeOf(payload, reply.statusCode);
    const module = request.routeOptions.config?.module ?? '-';
    try {
      await insertAudit(app.db, {
        uid: user?.uid ?? null,
        username: user?.username ?? fieldOf([request.query], ['username']),
        account: user?.account ?? null,
        accountOfUsername: signIn && !user,
        ip: clip(request.ip ?? '', 64),
        method: request.method,
        route: clip(route, 256),
        module,
        objectType: clip(details.type ?? (SIGN_ROUTES.has(`${request.method} ${route}`) ? 'session' : module), 64),
        objectId: details.id !== undefined ? clip(String(details.id), 256) : fieldOf(sources, ID_FIELDS),
        objectName: details.name !== undefined ? clip(details.name, 256) : fieldOf(sources, NAME_FIELDS),
        httpStatus: reply.statusCode,
        code,
        message,
        before: details.before === undefined ? null : redact(details.before),
        after: details.after === undefined ? null : redact(details.after),
      });
    } catch (err) {
      // The call itself has happened: a failed record is logged, never turned into a failed reply.
      request.log.error({ err }, 'audit record failed');
    }
    return payload;
  });
});
