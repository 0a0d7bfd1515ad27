import type { GetListParams } from 'react-admin';
import { post } from '../http';
import { crud, filterOf, seconds, text } from '../crud';
import type { ProviderModule } from '../types';
import type { PurgeKind, PurgeStatus } from '../../common/rules/purge';
import type { PurgeQuota, PurgeSubmitReply, PurgeTask, PurgeTaskListReply, PurgeUrlListReply } from '../../common/wire/purge';

/** Purge and prefetch calls (contract rows /api/refresh, /api/refresh/query, /api/prefetch, /api/prefetch/status, /api/prefetch/search). */

export const PURGE_TASK_RESOURCE = 'cdn/newsearchTask';
export const PREFETCH_TASK_RESOURCE = 'cdn/prefetchTask';

function searchBody(params: GetListParams) {
  const f = filterOf(params);
  return {
    pageNum: params.pagination?.page ?? 1,
    pageSize: params.pagination?.perPage ?? 20,
    status: text(f.status) as PurgeStatus | undefined,
    type: f.type === 'url' || f.type === 'dir' ? f.type : undefined,
    url: text(f.url),
    submittedBy: text(f.submittedBy),
    startTime: seconds(f.startTime),
    endTime: seconds(f.endTime),
  };
}

const taskList = (url: string, prefetch: boolean) =>
  crud<PurgeTask>({
    async getList(params) {
      const body = searchBody(params);
      const reply = await post<PurgeTaskListReply>(url, prefetch ? { ...body, type: undefined } : body);
      return { data: reply.list, total: reply.total };
    },
  });

export const purgeMethods = {
  /** Submits one batch of at most 100 lines (text as pasted; line numbers refer to it). */
  purgeSubmit: (kind: PurgeKind, urls: string) =>
    kind === 'prefetch' ? post<PurgeSubmitReply>('/api/prefetch', { urls }) : post<PurgeSubmitReply>('/api/refresh', { type: kind, urls }),
  /** Today's used and remaining quota of a kind. */
  async purgeQuota(kind: PurgeKind): Promise<PurgeQuota | undefined> {
    const reply =
      kind === 'prefetch'
        ? await post<PurgeTaskListReply>('/api/prefetch/search', { pageSize: 1 })
        : await post<PurgeTaskListReply>('/api/refresh/query', { pageSize: 1, type: kind });
    return reply.quotas.find((q) => q.kind === kind);
  },
  /** Every URL of a task with its status (a page). */
  purgeTaskUrls: (taskId: number, prefetch: boolean, pageNum = 1, pageSize = 100, status?: PurgeStatus) =>
    post<PurgeUrlListReply>(prefetch ? '/api/prefetch/status' : '/api/refresh/query', { taskId, pageNum, pageSize, status }),
};

export const purgeModule: ProviderModule<typeof purgeMethods> = {
  resources: {
    [PURGE_TASK_RESOURCE]: taskList('/api/refresh/query', false),
    [PREFETCH_TASK_RESOURCE]: taskList('/api/prefetch/search', true),
  },
  methods: purgeMethods,
};
