import type { GetListParams } from 'react-admin';
import { post } from '../http';
import { crud, filterOf, seconds, text } from '../crud';
import type { ProviderModule } from '../types';
import type { AuditEntry, AuditQuery, AuditSearchReply } from '../../common/wire/audit';
import { AUDIT_SORT_FIELDS, type AuditSortField } from '../../common/rules/audit';

/** Audit log (issue #22): POST /api/audit/search, a project route outside the contract table. */

export const AUDIT_RESOURCE = 'page/audit';

export function auditQuery(params: GetListParams): AuditQuery {
  const f = filterOf(params);
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
    [AUDIT_RESOURCE]: crud<AuditEntry>({
      async getList(params) {
        const reply = await post<AuditSearchReply>('/api/audit/search', auditQuery(params));
        return { data: reply.list, total: reply.total };
      },
    }),
  },
};
