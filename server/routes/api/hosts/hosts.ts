import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type, type Static } from '@sinclair/typebox';
import { fail, notFound, ok, portalEnvelope } from '../../../lib/envelope';
import { requestedAccounts } from '../../../plugins/guard';
import { countHosts, getHost, hostCustomers, listAreas, listHosts, renameHost, typeOverview, type HostListQuery } from '../../../stores/config/hosts';
import { hostCurves, lastHourCpu } from '../../../stores/traffic/hostMetrics';
import { HOST_STATUSES, HOST_TYPES, hostNameProblem, type HostType } from '../../../../common/rules/hosts';
import { HOST_SORT_FIELDS, type Host, type HostDetailReply, type HostFulltextReply, type HostListReply } from '../../../../common/wire/hosts';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';
import { HostCustomersSchema, HostDetailReplySchema, HostFulltextReplySchema, HostListReplySchema, replySchema } from '../../../lib/wireSchemas';

/**
 * Hosts (issue #17): the VPS and dedicated-server lists, full-text search, a host's details with its
 * last 24 hours, rename, the overview counts and views, areas and the customer selector (contract
 * rows /api/hostInfo/*, GET /api/area/all; module cloud). Staff (roles beginning with 'super') see
 * every account and narrow with `customs`; everyone else sees its account and sub-accounts only,
 * whatever customs it sends. Another tenant's host answers like a missing one.
 */

const cloudView = { module: 'cloud', access: 'view' } as const;
const cloudOperation = { module: 'cloud', access: 'operation' } as const;

const Customs = Type.Optional(Type.Union([Type.String({ maxLength: 8192 }), Type.Array(Type.String({ maxLength: 128 }), { maxItems: 500 })]));
const Filters = {
  type: Type.Optional(Type.Union(HOST_TYPES.map((t) => Type.Literal(t)))),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort: Type.Optional(Type.Union(HOST_SORT_FIELDS.map((f) => Type.Literal(f)))),
  order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  area: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Union(HOST_STATUSES.map((s) => Type.Literal(s)))),
  expiring: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 128 })),
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  customs: Customs,
};
const ListBody = Type.Object(Filters, { additionalProperties: false });
type ListBodyT = Static<typeof ListBody>;
const FulltextBody = Type.Object({ ...Filters, keyword: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
const CustomsBody = Type.Object({ customs: Customs }, { additionalProperties: false });
const RenameBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), hostName: Type.String({ maxLength: 1024 }), type: Type.Optional(Type.Union(HOST_TYPES.map((t) => Type.Literal(t)))) },
  { additionalProperties: false },
);

const RENAME_MESSAGES: Record<NonNullable<ReturnType<typeof hostNameProblem>>, ServerMessageKey> = {
  empty: 'hostNameEmpty', tooLong: 'hostNameTooLong', spaces: 'hostNameSpaces', control: 'hostNameControl',
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
    const cpu = await lastHourCpu(app.traffic, hosts.map((h) => h.instanceId));
    return hosts.map((h) => ({ ...h, cpuAvg: cpu.get(h.instanceId)?.avg ?? null, cpuPeak: cpu.get(h.instanceId)?.peak ?? null }));
  };

  const list = async (request: FastifyRequest, body: ListBodyT): Promise<HostListReply> => {
    const query: HostListQuery = {
      accounts: await hostAccounts(request, body.customs),
      type: body.type, area: clean(body.area), status: body.status, expiring: body.expiring, keyword: clean(body.keyword), id: body.id,
      pageNum: body.pageNum ?? 1, pageSize: body.pageSize ?? 20, sort: body.sort ?? 'createTime', order: body.order ?? 'DESC',
    };
    const page = await listHosts(app.db, query);
    return { list: await withCpu(page.list), total: page.total };
  };

  app.post('/api/hostInfo/list/details', { config: cloudView, schema: { body: ListBody, response: hostList } }, async (request) => ok(await list(request, request.body)));

  app.post('/api/hostInfo/search/fulltext', { config: cloudView, schema: { body: FulltextBody, response: replySchema(portalEnvelope, HostFulltextReplySchema) } }, async (request) => {
    const page = await list(request, request.body);
    const reply: HostFulltextReply = { result: page.list, total: page.total };
    return ok(reply);
  });

  // Search with details: the matching hosts; asked for one id, that host's last 24 hours as well.
  app.post('/api/hostInfo/list/details/search', { config: cloudView, schema: { body: ListBody, response: replySchema(portalEnvelope, HostDetailReplySchema) } }, async (request) => {
    const body = request.body as ListBodyT;
    const page = await list(request, body);
    if (body.id === undefined) return ok<HostDetailReply>(page);
    if (!page.list.length) throw notFound();
    return ok<HostDetailReply>({ ...page, metrics: await hostCurves(app.traffic, page.list[0].instanceId) });
  });

  // The overview's per-area search (type decides the list it fills).
  app.post('/api/hostInfo/search', { config: cloudView, schema: { body: ListBody, response: hostList } }, async (request) => ok(await list(request, request.body)));

  app.get('/api/area/all', { config: cloudView }, async () => ok(await listAreas(app.db)));

  app.get('/api/hostInfo/custom/list', { config: cloudView, schema: { response: replySchema(portalEnvelope, HostCustomersSchema) } }, async (request) => {
    const scope = await request.scope();
    return ok(await hostCustomers(app.db, scope.all ? null : scope.accounts));
  });

  app.post('/api/hostInfo/count', { config: cloudView, schema: { body: CustomsBody } }, async (request) => {
    const body = request.body;
    return ok(await countHosts(app.db, await hostAccounts(request, body.customs)));
  });

  const overview = (type: HostType) => async (request: FastifyRequest) => {
    const body = request.body as Static<typeof CustomsBody>;
    const view = await typeOverview(app.db, await hostAccounts(request, body.customs), type);
    return ok({ ...view, expiringHosts: await withCpu(view.expiringHosts) });
  };
  app.post('/api/hostInfo/vps', { config: cloudView, schema: { body: CustomsBody } }, overview('vps'));
  app.post('/api/hostInfo/server', { config: cloudView, schema: { body: CustomsBody } }, overview('server'));

  app.post('/api/hostInfo/modify/hostName', { config: cloudOperation, schema: { body: RenameBody } }, async (request) => {
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
