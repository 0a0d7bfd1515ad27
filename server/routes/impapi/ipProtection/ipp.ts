import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { moduleAccess } from '../../../plugins/guard';
import type { Static } from '@sinclair/typebox';
import { fail, impapiEnvelope, impapiOk, notFound } from '../../../lib/envelope';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import { issueDue } from '../../../services/domains';
import { checkEntryPorts, entryFields, ownershipChallenge, ownershipVerify } from '../../../services/ipProtection';
import { accountSubtree } from '../../../stores/config/usersAccounts';
import {
  deleteIppEntry,
  getIppEntry,
  insertIppEntry,
  ippAlarmCounts,
  ippIpMap,
  listIppEntries,
  moveIppEntry,
  pageIppAlarms,
  updateIppEntry,
  type StoredEntry,
} from '../../../stores/config/ipProtection';
import { ippStatistic, ippTotalsByIp } from '../../../stores/traffic/ipProtection';
import { IPP_ACTIONS, type IppAction, type IppStatus } from '../../../../common/rules/ipProtection';
import {
  IppAlarmPageSchema,
  IppAlarmQuerySchema,
  IppCreateSchema,
  IppEntryListSchema,
  IppListQuerySchema,
  IppOwnershipBodySchema,
  IppProofSchema,
  IppStatisticQuerySchema,
  IppStatListParams,
  IppStatListQuerySchema,
  IppUpdateSchema,
  type IppEntry,
  type IppPortErrorData,
  type IppStatListRow,
} from '../../../../common/wire/ipProtection';
import { Id32Body, Id32Params } from '../../../../common/wire/shell/schemas';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';
import { replySchema } from '../../../lib/wireSchemas';

/**
 * IP protection (issue #19): protected origin IPs (/impapi/protection/network/manager/*), their
 * traffic statistics (statistic/data, statistic/list/{account}) and attack alarms
 * (/impapi/monitor/alarm/record/page); module ipP. Entries move through their states by the
 * restart-safe job server/jobs/ippJobs.ts; a forbidden transition is refused with ippStateBlocked.
 * Another tenant's entry answers like a missing one. Ownership of origin IPs (their proofs under
 * ownership/*), the port check's limits and audit: server/services/ipProtection.ts. Wire values in
 * docs/ipProtection.md.
 */

const { view: ippView, operation: ippOperation } = moduleAccess('ipP');

/** The longest statistics range: 31 days. */
const MAX_RANGE_SECONDS = 31 * 86_400;

/** The public view of an entry (the stored check details stay behind getPortErrorData). */
const publicEntry = (e: StoredEntry): IppEntry => {
  const { portErrors: _e, checkedPorts: _c, ...rest } = e;
  return rest;
};

export const ippRoutes: TypedRoutes = async (app) => {
  const t = (request: FastifyRequest, key: ServerMessageKey, args: Record<string, string | number> = {}) =>
    request.t(key).replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));

  const accountsOf = async (request: FastifyRequest): Promise<string[] | null> => {
    const scope = await request.scope();
    return scope.all ? null : scope.accounts;
  };

  /** An entry of the caller's scope; another tenant's looks missing. */
  const load = async (request: FastifyRequest, id: number): Promise<StoredEntry> => {
    const entry = await getIppEntry(app.db, id);
    if (!entry || !(await request.scope()).has(entry.account)) throw notFound();
    return entry;
  };

  const blocked = (request: FastifyRequest, status: IppStatus) =>
    fail({ text: t(request, 'ippStateBlocked', { status: request.t(`ippStatus_${status}` as ServerMessageKey) }) });

  const due = () => issueDue(app.config);

  app.get(
    '/impapi/protection/network/manager/list',
    { config: ippView, schema: { querystring: IppListQuerySchema, response: replySchema(impapiEnvelope, IppEntryListSchema) } },
    async (request) => {
      const q = request.query;
      const list = await listIppEntries(app.db, await accountsOf(request), { status: q.status, keyword: q.keyword?.trim() || undefined });
      return impapiOk(list.map(publicEntry));
    },
  );

  app.post('/impapi/protection/network/manager/create', { config: ippOperation, schema: { body: IppCreateSchema } }, async (request) => {
    const body = request.body;
    const account = body.account ?? request.user!.account;
    if (!(await request.scope()).has(account)) throw notFound();
    const f = await entryFields(request, body, account);
    try {
      return impapiOk(publicEntry(await insertIppEntry(app.db, account, f, 'toBeConfirmed', due())));
    } catch (e) {
      // a concurrent create of the same prefix or origin
      if ((e as { code?: string }).code === '23505') throw fail('ippCnameTaken');
      throw e;
    }
  });

  app.post('/impapi/protection/network/manager/update', { config: ippOperation, schema: { body: IppUpdateSchema } }, async (request) => {
    const body = request.body;
    const entry = await load(request, body.id);
    if (!(IPP_ACTIONS.update as readonly IppStatus[]).includes(entry.status)) throw blocked(request, entry.status);
    const f = await entryFields(request, body, entry.account, entry.id);
    // a disabled entry stays disabled with its new settings; any other goes through confirmation again
    const next: IppStatus = entry.status === 'disabled' ? 'disabled' : 'toBeConfirmed';
    const saved = await writeIfUnchanged(request, 'ipp_entries', entry.id, body.updateTime, (db) =>
      updateIppEntry(db, entry.id, f, IPP_ACTIONS.update, next, next === 'disabled' ? null : due()),
    );
    if (!saved) throw blocked(request, (await load(request, body.id)).status);
    return impapiOk(publicEntry(saved));
  });

  app.post('/impapi/protection/network/manager/delete', { config: ippOperation, schema: { body: Id32Body } }, async (request) => {
    const { id } = request.body;
    const entry = await load(request, id);
    if (!(await deleteIppEntry(app.db, id, IPP_ACTIONS.delete))) throw blocked(request, (await load(request, id)).status ?? entry.status);
    return impapiOk(null);
  });

  const move = (action: Extract<IppAction, 'enable' | 'disable'>, to: IppStatus) => async (request: FastifyRequest) => {
    const { id } = request.body as Static<typeof Id32Body>;
    const entry = await load(request, id);
    if (!(IPP_ACTIONS[action] as readonly IppStatus[]).includes(entry.status)) throw blocked(request, entry.status);
    const moved = await moveIppEntry(app.db, id, IPP_ACTIONS[action], to, due());
    if (!moved) throw blocked(request, (await load(request, id)).status);
    return impapiOk(publicEntry(moved));
  };
  app.post(
    '/impapi/protection/network/manager/enable',
    { config: ippOperation, schema: { body: Id32Body } },
    move('enable', 'toBeConfirmed'),
  );
  app.post(
    '/impapi/protection/network/manager/disable',
    { config: ippOperation, schema: { body: Id32Body } },
    move('disable', 'disabling'),
  );

  app.post('/impapi/protection/network/manager/checkConfig', { config: ippOperation, schema: { body: Id32Body } }, async (request) => {
    const { id } = request.body;
    const entry = await load(request, id);
    if (!(IPP_ACTIONS.checkConfig as readonly IppStatus[]).includes(entry.status)) throw blocked(request, entry.status);
    if (entry.protocol === 'UDP') throw fail('ippUdpNotProbed');
    return impapiOk(publicEntry(await checkEntryPorts(request, entry)));
  });

  // Ownership proofs of origin IPs (issue #35; not in the shared contract: docs/ipProtection.md).
  const proofRoute = {
    config: ippOperation,
    schema: { body: IppOwnershipBodySchema, response: replySchema(impapiEnvelope, IppProofSchema) },
  };
  app.post('/impapi/protection/network/ownership/challenge', proofRoute, async (request) =>
    impapiOk(await ownershipChallenge(request, request.body)),
  );
  app.post('/impapi/protection/network/ownership/verify', proofRoute, async (request) =>
    impapiOk(await ownershipVerify(request, request.body)),
  );

  app.get(
    '/impapi/protection/network/manager/getPortErrorData/:id',
    { config: ippView, schema: { params: Id32Params } },
    async (request) => {
      const { id } = request.params;
      const entry = await load(request, id);
      const data: IppPortErrorData = {
        id: entry.id,
        originIp: entry.originIp,
        checkTime: entry.checkTime,
        checkedPorts: entry.checkedPorts,
        errors: entry.portErrors,
      };
      return impapiOk(data);
    },
  );

  /** A checked time range [start, end) in seconds. */
  const range = (startTime: number | undefined, endTime: number | undefined) => {
    const end = endTime ?? Math.floor(Date.now() / 1000);
    const start = startTime ?? end - 86_400;
    if (start >= end || end - start > MAX_RANGE_SECONDS) throw fail('ippRangeError');
    return { start, end };
  };

  app.post('/impapi/protection/network/statistic/data', { config: ippView, schema: { body: IppStatisticQuerySchema } }, async (request) => {
    const body = request.body;
    const ip = body.ip.trim().toLowerCase();
    if (!ip) throw fail('ippIpEmpty');
    const { start, end } = range(body.startTime, body.endTime);
    // the IPs only: the full entries (ports, ranges, states) are not needed here
    const entries = await ippIpMap(app.db, await accountsOf(request));
    let ips: string[];
    if (ip === 'all') ips = entries.map((e) => e.originIp);
    else {
      if (!entries.some((e) => e.originIp === ip)) throw notFound();
      ips = [ip];
    }
    const granularity = body.granularity ?? (end - start > 7 * 86_400 ? '1d' : end - start > 86_400 ? '1h' : '5m');
    return impapiOk(await ippStatistic(app.traffic, ips, start, end, granularity));
  });

  app.get(
    '/impapi/protection/network/statistic/list/:account',
    { config: ippView, schema: { params: IppStatListParams, querystring: IppStatListQuerySchema } },
    async (request) => {
      const { account } = request.params;
      const q = request.query;
      const scope = await request.scope();
      if (!scope.has(account)) throw notFound();
      const tree = (await accountSubtree(app.db, account)).map((a) => a.identity).filter((a) => scope.has(a));
      if (!tree.length) throw notFound();
      const { start, end } = range(q.startTime, q.endTime);
      const entries = await listIppEntries(app.db, tree);
      const totals = await ippTotalsByIp(
        app.traffic,
        entries.map((e) => e.originIp),
        start,
        end,
      );
      const alarms = await ippAlarmCounts(
        app.db,
        entries.map((e) => e.id),
        new Date(start * 1000),
        new Date(end * 1000),
      );
      const rows: IppStatListRow[] = entries.map((e) => ({
        id: e.id,
        originIp: e.originIp,
        cname: e.cname,
        status: e.status,
        ingressFlow: totals.get(e.originIp)?.i ?? 0,
        egressFlow: totals.get(e.originIp)?.o ?? 0,
        peakIngressBandwidth: totals.get(e.originIp)?.peak ?? 0,
        alarms: alarms.get(e.id) ?? 0,
      }));
      return impapiOk(rows);
    },
  );

  app.post(
    '/impapi/monitor/alarm/record/page',
    { config: ippView, schema: { body: IppAlarmQuerySchema, response: replySchema(impapiEnvelope, IppAlarmPageSchema) } },
    async (request) => {
      const body = request.body;
      const pageNum = body.pageNum ?? 1;
      const pageSize = body.pageSize ?? 20;
      if (body.startTime !== undefined && body.endTime !== undefined && body.startTime >= body.endTime) throw fail('ippRangeError');
      const page = await pageIppAlarms(app.db, {
        accounts: await accountsOf(request),
        originIp: body.ip?.trim().toLowerCase() || undefined,
        type: body.type,
        state: body.state,
        start: body.startTime !== undefined ? new Date(body.startTime * 1000) : undefined,
        end: body.endTime !== undefined ? new Date(body.endTime * 1000) : undefined,
        pageNum,
        pageSize,
      });
      return impapiOk({ ...page, pageNum });
    },
  );
};
