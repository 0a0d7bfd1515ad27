import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { notFound, ok, portalEnvelope } from '../../../lib/envelope';
import { moduleAccess, requestedAccounts } from '../../../plugins/guard';
import { LineRefusal, quotaOf, submit } from '../../../services/purge';
import { getTaskHead, listTaskUrls, listTasks } from '../../../stores/config/purgeTasks';
import type { PurgeKind } from '../../../../common/rules/purge';
import {
  PurgePrefetchRequestSchema,
  PurgeRefreshRequestSchema,
  PurgeSearchSchema,
  PurgeTaskListReplySchema,
  PurgeUrlListReplySchema,
  PurgeUrlQuerySchema,
  type PurgeSearch,
  type PurgeTaskListReply,
  type PurgeUrlQuery,
} from '../../../../common/wire/purge';
import { serverMessages, type ServerMessageKey } from '../../../../i18n/serverMessages';
import { formatDomainMessage } from '../../../../common/rules/domains/messages';
import { replySchema } from '../../../lib/wireSchemas';
import { failureHandler } from '../../../plugins/envelope';

/** Purge and prefetch: submit, task lists, URL status (contract rows /api/refresh*, /api/prefetch*). */

const { view: purgeView, operation: purgeOperation } = moduleAccess('purge');
const { view: prefetchView, operation: prefetchOperation } = moduleAccess('prefetch');

/** A stored failure reason (message key, arguments after '|') in the caller's language. */
function reasonText(request: FastifyRequest, stored: string): string {
  if (!stored) return '';
  const [key, args] = stored.split(/\|(.*)/s);
  if (!(key in serverMessages)) return stored;
  let parsed: Record<string, string | number>;
  try {
    parsed = args ? (JSON.parse(args) as Record<string, string | number>) : {};
  } catch {
    parsed = {};
  }
  return formatDomainMessage(request.t(key as ServerMessageKey), parsed);
}

/**
 * /api/refresh/query answers a task list, or a task's URLs when asked for one. The serialiser picks
 * the first alternative the reply validates against: the task list first, since only it has quotas
 * (an empty task list would also pass as a URL list and lose its quotas).
 */
const refreshQueryReply = replySchema(portalEnvelope, Type.Union([PurgeTaskListReplySchema, PurgeUrlListReplySchema]));

const prefetchFailure = failureHandler(portalEnvelope, 'prefetchFailed');

const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

export const purgeRoutes: TypedRoutes = async (app) => {
  // A refused line list keeps the spec's message in msg and names every line in data.
  const submitReply = async (request: FastifyRequest, kind: PurgeKind, text: string) => {
    try {
      return ok(await submit(request, kind, text), request.t('purgeSuccess'));
    } catch (e) {
      const lead = kind === 'prefetch' ? request.t('prefetchFailed') : '';
      if (e instanceof LineRefusal) return { code: '1', data: { lines: e.lines }, msg: lead + e.msg };
      throw e;
    }
  };

  /** A task's URLs when it is of these kinds and in the caller's scope; another tenant's is missing. */
  const taskUrls = async (request: FastifyRequest, kinds: PurgeKind[], body: PurgeUrlQuery) => {
    const head = await getTaskHead(app.db, body.taskId);
    const scope = await request.scope();
    if (!head || !kinds.includes(head.kind) || !scope.has(head.account)) throw notFound();
    const page = await listTaskUrls(app.db, head.id, { pageNum: body.pageNum ?? 1, pageSize: body.pageSize ?? 20, status: body.status });
    return { ...page, list: page.list.map((u) => ({ ...u, reason: reasonText(request, u.reason) })) };
  };

  const taskList = async (request: FastifyRequest, kinds: PurgeKind[], body: PurgeSearch): Promise<PurgeTaskListReply> => {
    const accounts = await requestedAccounts(request, clean(body.account));
    const { list, total } = await listTasks(app.db, {
      kinds,
      accounts,
      pageNum: body.pageNum ?? 1,
      pageSize: body.pageSize ?? 20,
      startTime: body.startTime,
      endTime: body.endTime,
      status: body.status,
      urlContains: clean(body.url),
      submittedBy: clean(body.submittedBy),
    });
    const quotaKinds: PurgeKind[] = kinds.includes('prefetch') ? ['prefetch'] : ['url', 'dir'];
    return { list, total, quotas: await Promise.all(quotaKinds.map((k) => quotaOf(request, k))) };
  };

  app.post('/api/refresh', { config: purgeOperation, schema: { body: PurgeRefreshRequestSchema } }, async (request) => {
    const body = request.body;
    return submitReply(request, body.type, body.urls);
  });

  const refreshQuery = { body: PurgeSearchSchema, response: refreshQueryReply };
  app.post('/api/refresh/query', { config: purgeView, schema: refreshQuery }, async (request) => {
    const body = request.body;
    if (body.taskId !== undefined) return ok(await taskUrls(request, ['url', 'dir'], { ...body, taskId: body.taskId }));
    return ok(await taskList(request, body.type ? [body.type] : ['url', 'dir'], body));
  });

  // Every refusal of a prefetch, the guard's and the schema's included, starts 'Prefetch failed: ' (issue #35).
  const prefetchRoute = { config: prefetchOperation, schema: { body: PurgePrefetchRequestSchema }, errorHandler: prefetchFailure };
  app.post('/api/prefetch', prefetchRoute, async (request) => {
    return submitReply(request, 'prefetch', request.body.urls);
  });

  const status = { body: PurgeUrlQuerySchema, response: replySchema(portalEnvelope, PurgeUrlListReplySchema) };
  app.post('/api/prefetch/status', { config: prefetchView, schema: status }, async (request) => {
    return ok(await taskUrls(request, ['prefetch'], request.body));
  });

  const search = { body: PurgeSearchSchema, response: replySchema(portalEnvelope, PurgeTaskListReplySchema) };
  app.post('/api/prefetch/search', { config: prefetchView, schema: search }, async (request) => {
    const body = request.body;
    return ok(await taskList(request, ['prefetch'], { ...body, type: undefined }));
  });
};
