import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, notFound, ok, portalEnvelope } from '../../../lib/envelope';
import { moduleAccess, requestedAccounts } from '../../../plugins/guard';
import {
  countHosts,
  getHost,
  hostCustomers,
  listAreas,
  listHosts,
  renameHost,
  typeOverview,
  type HostListQuery,
} from '../../../stores/config/hosts';
import { hostCurves, lastHourCpu } from '../../../stores/traffic/hostsMetrics';
import { hostNameProblem, type HostType } from '../../../../common/rules/hosts';
import {
  HostCustomersSchema,
  HostCustomsSchema,
  HostDetailReplySchema,
  HostFulltextQuerySchema,
  HostFulltextReplySchema,
  HostListReplySchema,
  HostQuerySchema,
  HostRenameSchema,
  type Host,
  type HostCustoms,
  type HostDetailReply,
  type HostFulltextReply,
  type HostListReply,
  type HostQuery,
} from '../../../../common/wire/hosts';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';
import { replySchema } from '../../../lib/wireSchemas';

/**
 * Hosts (issue #17): the VPS and dedicated-server lists, full-text search, a host's details with its
 * last 24 hours, rename, the overview counts and views, areas and the customer selector (contract
 * rows /api/hostInfo/*, GET /api/area/all; module cloud). Staff (roles beginning with 'super') see
 * every account and narrow with `customs`; everyone else sees its account and sub-accounts only,
 * whatever customs it sends. Another tenant's host answers like a missing one.
 */

const { view: cloudView, operation: cloudOperation } = moduleAccess('cloud');

const RENAME_MESSAGES: Record<NonNullable<ReturnType<typeof hostNameProblem>>, ServerMessageKey> = {
  empty: 'hostNameEmpty',
  tooLong: 'hostNameTooLong',
  spaces: 'hostNameSpaces',
  control: 'hostNameControl',
};

const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

/** The accounts a host call covers: staff narrow with customs (null = all); others their scope. */
async function hostAccounts(request: FastifyRequest, customs: string | string[] | undefined): Promise<string[] | null> {
  const scope = await request.scope();
  if (!scope.all) return scope.accounts;
  return requestedAccounts(request, customs);
}

const hostList = replySchema(portalEnvelope, HostListReplySchema);

export const hostRoutes: TypedRoutes = async (app) => {
  /** Adds the last hour's CPU average and peak from the traffic store. */
  const withCpu = async (hosts: Host[]): Promise<Host[]> => {
    const cpu = await lastHourCpu(
      app.traffic,
      hosts.map((h) => h.instanceId),
    );
    return hosts.map((h) => ({ ...h, cpuAvg: cpu.get(h.instanceId)?.avg ?? null, cpuPeak: cpu.get(h.instanceId)?.peak ?? null }));
  };

  const list = async (request: FastifyRequest, body: HostQuery): Promise<HostListReply> => {
    const query: HostListQuery = {
      accounts: await hostAccounts(request, body.customs),
      type: body.type,
      area: clean(body.area),
      status: body.status,
      expiring: body.expiring,
      keyword: clean(body.keyword),
      id: body.id,
      pageNum: body.pageNum ?? 1,
      pageSize: body.pageSize ?? 20,
      sort: body.sort ?? 'createTime',
      order: body.order ?? 'DESC',
    };
    const page = await listHosts(app.db, query);
    return { list: await withCpu(page.list), total: page.total };
  };

  const listSchema = { body: HostQuerySchema, response: hostList };
  const listed = async (request: FastifyRequest<{ Body: HostQuery }>) => ok(await list(request, request.body));
  app.post('/api/hostInfo/list/details', { config: cloudView, schema: listSchema }, listed);

  const fulltext = { body: HostFulltextQuerySchema, response: replySchema(portalEnvelope, HostFulltextReplySchema) };
  app.post('/api/hostInfo/search/fulltext', { config: cloudView, schema: fulltext }, async (request) => {
    const page = await list(request, request.body);
    const reply: HostFulltextReply = { result: page.list, total: page.total };
    return ok(reply);
  });

  // Search with details: the matching hosts; asked for one id, that host's last 24 hours as well.
  const detail = { body: HostQuerySchema, response: replySchema(portalEnvelope, HostDetailReplySchema) };
  app.post('/api/hostInfo/list/details/search', { config: cloudView, schema: detail }, async (request) => {
    const body = request.body;
    const page = await list(request, body);
    if (body.id === undefined) return ok<HostDetailReply>(page);
    if (!page.list.length) throw notFound();
    return ok<HostDetailReply>({ ...page, metrics: await hostCurves(app.traffic, page.list[0].instanceId) });
  });

  // The overview's per-area search (type decides the list it fills).
  app.post('/api/hostInfo/search', { config: cloudView, schema: listSchema }, listed);

  app.get('/api/area/all', { config: cloudView }, async () => ok(await listAreas(app.db)));

  app.get(
    '/api/hostInfo/custom/list',
    { config: cloudView, schema: { response: replySchema(portalEnvelope, HostCustomersSchema) } },
    async (request) => {
      const scope = await request.scope();
      return ok(await hostCustomers(app.db, scope.all ? null : scope.accounts));
    },
  );

  app.post('/api/hostInfo/count', { config: cloudView, schema: { body: HostCustomsSchema } }, async (request) => {
    const body = request.body;
    return ok(await countHosts(app.db, await hostAccounts(request, body.customs)));
  });

  const overview = (type: HostType) => async (request: FastifyRequest) => {
    const body = request.body as HostCustoms;
    const view = await typeOverview(app.db, await hostAccounts(request, body.customs), type);
    return ok({ ...view, expiringHosts: await withCpu(view.expiringHosts) });
  };
  app.post('/api/hostInfo/vps', { config: cloudView, schema: { body: HostCustomsSchema } }, overview('vps'));
  app.post('/api/hostInfo/server', { config: cloudView, schema: { body: HostCustomsSchema } }, overview('server'));

  app.post('/api/hostInfo/modify/hostName', { config: cloudOperation, schema: { body: HostRenameSchema } }, async (request) => {
    const body = request.body;
    const problem = hostNameProblem(body.hostName);
    if (problem) throw fail(RENAME_MESSAGES[problem]);
    const host = await getHost(app.db, body.id);
    const scope = await request.scope();
    if (!host || !scope.has(host.account)) throw notFound();
    const renamed = await renameHost(app.db, body.id, body.hostName);
    if (!renamed) throw notFound();
    const [withMetrics] = await withCpu([renamed]);
    return ok(withMetrics, 'success');
  });
};
