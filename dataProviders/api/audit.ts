import type { GetListParams, RaRecord } from 'react-admin';
import { post } from '../http';
import type { ProviderModule } from '../types';
import { AUDIT_SORT_FIELDS, type AuditQuery, type AuditSearchReply, type AuditSortField } from '../../common/wire/audit';

/** Audit log (issue #22): POST /api/audit/search, a project route outside the contract table. */

export const AUDIT_RESOURCE = 'page/audit';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const seconds = (v: unknown) => (typeof v === 'string' && v ? Math.floor(new Date(v).getTime() / 1000) || undefined : undefined);

export function auditQuery(params: GetListParams): AuditQuery {
  const f = (params.filter ?? {}) as Record<string, unknown>;
  const sort = AUDIT_SORT_FIELDS.includes(params.sort?.field as AuditSortField) ? (params.sort!.field as AuditSortField) : 'time';
  return {
    pageNum: params.pagination?.page ?? 1,
    pageSize: params.pagination?.perPage ?? 20,
    sort,
    order: params.sort?.order === 'ASC' ? 'ASC' : 'DESC',
    username: text(f.username),
    objectType: text(f.objectType),
    object: text(f.object),
    route: text(f.route),
    outcome: f.outcome === 'ok' || f.outcome === 'failed' ? f.outcome : undefined,
    startTime: seconds(f.startTime),
    endTime: seconds(f.endTime),
  };
}

export const auditModule: ProviderModule = {
  resources: {
    [AUDIT_RESOURCE]: {
      async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
        const reply = await post<AuditSearchReply>('/api/audit/search', auditQuery(params));
        return { data: reply.list as unknown as R[], total: reply.total };
      },
    },
  },
};
