import type { AuditEntry } from '../wire/audit';

/** Rules of the audit log (issue #22) both sides apply; the wire shapes are common/wire/audit.ts. */

export const AUDIT_SORT_FIELDS = ['time', 'username', 'account', 'route', 'objectType', 'code'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

/** Whether a recorded call succeeded: envelope code "0" (/impapi: 0), or "200" on /monit (its success envelope). */
export function auditSucceeded(e: Pick<AuditEntry, 'code' | 'route'>): boolean {
  return e.code === '0' || (e.route.startsWith('/monit/') && e.code === '200');
}
