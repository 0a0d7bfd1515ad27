import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, ok } from '../../../lib/envelope';
import { billDetail, billOverview, billSum, monthRange, type BillRange } from '../../../stores/traffic/analysis/bill';
import { listParam } from '../../../stores/traffic/analysis/search';
import { accountFilters, requestZone, scopedAccounts, type RawSearch } from '../../../services/traffic';
import { BillQuerySchema } from '../../../../common/wire/traffic/index';

async function billRange(request: FastifyRequest): Promise<BillRange> {
  const raw = request.body as RawSearch & { startMonth: string; endMonth: string };
  const tz = requestZone(raw.timeZone);
  const range = monthRange(raw.startMonth, raw.endMonth, tz);
  if (!range) throw fail('analysisMonthFormat');
  return { ...accountFilters(await scopedAccounts(request, raw), listParam(raw.domains)), ...range, tz };
}

/** Bills from measured usage (contract rows POST /api/bill/billDetail, billSum, overview); docs/billing.md. */
export const billRoutes: TypedRoutes = async (app) => {
  const opts = { config: { module: 'bill', access: 'view' as const }, schema: { body: BillQuerySchema } };
  app.post('/api/bill/billDetail', opts, async (request) => ok(await billDetail(app.traffic, await billRange(request))));
  app.post('/api/bill/billSum', opts, async (request) => ok(await billSum(app.traffic, await billRange(request))));
  app.post('/api/bill/overview', opts, async (request) => ok(await billOverview(app.traffic, await billRange(request))));
};
