/** Audit log wire types (POST /api/audit/search, issue #22), shared by the server and the page. */

export interface AuditEntry {
  id: number;
  /** ISO time of the call */
  time: string;
  username: string;
  account: string | null;
  ip: string;
  method: string;
  /** the route pattern, e.g. /api/certificate/delete/:id */
  route: string;
  module: string;
  objectType: string;
  objectId: string;
  objectName: string;
  httpStatus: number;
  /** the reply envelope's code ("0" = success) */
  code: string;
  message: string;
  /** configuration objects: state before and after (secrets redacted); null when not known */
  before: unknown;
  after: unknown;
}

export const AUDIT_SORT_FIELDS = ['time', 'username', 'account', 'route', 'objectType', 'code'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

export interface AuditQuery {
  pageNum?: number;
  pageSize?: number;
  sort?: AuditSortField;
  order?: 'ASC' | 'DESC';
  /** username contains */
  username?: string;
  objectType?: string;
  /** object id or name contains */
  object?: string;
  /** route contains (e.g. /api/domain) */
  route?: string;
  /** 'ok': code "0" only, 'failed': the others */
  outcome?: 'ok' | 'failed';
  /** seconds since the epoch */
  startTime?: number;
  endTime?: number;
}

export interface AuditSearchReply {
  list: AuditEntry[];
  total: number;
}

/** Whether a recorded call succeeded: envelope code "0" (/impapi: 0), or "200" on /monit (its success envelope). */
export function auditSucceeded(e: Pick<AuditEntry, 'code' | 'route'>): boolean {
  return e.code === '0' || (e.route.startsWith('/monit/') && e.code === '200');
}
