import type { FastifyRequest } from 'fastify';

/**
 * Audit log helpers (issue #22). The audit plugin (server/plugins/audit.ts) records every write by
 * itself; a route that knows more calls `auditObject` to name the object it acted on and
 * `auditChange` to give a configuration object's state before and after. Nothing here reads the
 * store: the plugin writes one row when the reply leaves.
 */

export interface AuditObject {
  /** e.g. 'domain', 'certificate', 'user', 'account', 'purgeTask' */
  type?: string;
  id?: string | number;
  name?: string;
}

export interface AuditDetails extends AuditObject {
  before?: unknown;
  after?: unknown;
}

const details = new WeakMap<FastifyRequest, AuditDetails>();

/** Names the object a write acts on (later calls fill in what earlier ones left out or override it). */
export function auditObject(request: FastifyRequest, object: AuditObject): void {
  const current = details.get(request) ?? {};
  details.set(request, { ...current, ...dropUndefined(object) });
}

/** A configuration object's state before and after the write (secrets are redacted when recorded). */
export function auditChange(request: FastifyRequest, before: unknown, after: unknown): void {
  const current = details.get(request) ?? {};
  details.set(request, { ...current, before, after });
}

export function auditDetailsOf(request: FastifyRequest): AuditDetails | undefined {
  return details.get(request);
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Field names whose values never reach the audit log (compared lower case, without '_' or '-'):
 * passwords, secrets, tokens, private keys, API and access keys, cookies, session ids.
 */
const SECRET_NAME = new RegExp(
  [
    'password|passwd|pwd|passphrase|secret|token|privatekey|keypem|apikey|accesskey|credential|cookie|session',
    '^key$|^keys$|^sid$|hash$|^salt$|^authorization$|keyencrypted',
  ].join('|'),
);

export const REDACTED = '[redacted]';

export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/** A deep copy with every secret-named field's value replaced; depth and size are bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return clip(value, 4000);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.slice(0, 500).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'function') continue;
      out[clip(k, 200)] = isSecretField(k) ? REDACTED : redact(v, depth + 1);
    }
    return out;
  }
  return null;
}

/** Text the store takes: no NUL, no lone surrogate, at most `max` characters. */
export function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/\u0000/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
