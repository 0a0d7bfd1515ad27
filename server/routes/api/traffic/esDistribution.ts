import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { userListAll, userListCn } from '../../../stores/traffic/analysis/geo';
import { ipList } from '../../../stores/traffic/analysis/ips';
import { pullDown } from '../../../stores/traffic/analysis/options';
import { scopedAccounts, searchOf, VARIANTS } from '../../../services/traffic';
import { AnalysisSearchSchema } from '../../../../common/wire/traffic/index';

/**
 * Independent IPs (top 100) and user distribution (contract rows POST /api/es/independentIp/...,
 * /api/es/userDistribution/...), and the area options GET /api/es/pullDown/offLine.
 * Offline, these need a domain ('domains is required').
 */
export const esDistributionRoutes: TypedRoutes = async (app) => {
  const opts = (module: string) => ({ config: { module, access: 'view' as const }, schema: { body: AnalysisSearchSchema } });
  const engine = () => app.traffic;

  for (const v of VARIANTS) {
    app.post(`/api/es/independentIp/${v}`, opts('log:ip'), async (request) =>
      ok(await ipList(engine(), await searchOf(request, v, true), 'request')),
    );
    app.post(`/api/es/independentIp/${v}/all/flow`, opts('log:ip'), async (request) =>
      ok(await ipList(engine(), await searchOf(request, v, true), 'flow')),
    );

    app.post(`/api/es/userDistribution/${v}`, opts('log:distribution'), async (request) =>
      ok(await userListCn(engine(), await searchOf(request, v, true), 'request')),
    );
    app.post(`/api/es/userDistribution/${v}/cn/flow`, opts('log:distribution'), async (request) =>
      ok(await userListCn(engine(), await searchOf(request, v, true), 'flow')),
    );
    app.post(`/api/es/userDistribution/${v}/all/request`, opts('log:distribution'), async (request) =>
      ok(await userListAll(engine(), await searchOf(request, v, true), 'request')),
    );
    app.post(`/api/es/userDistribution/${v}/all/flow`, opts('log:distribution'), async (request) =>
      ok(await userListAll(engine(), await searchOf(request, v, true), 'flow')),
    );
  }

  app.get('/api/es/pullDown/offLine', { config: { module: 'log', access: 'view' } }, async (request) =>
    ok(await pullDown(engine(), await scopedAccounts(request, {}))),
  );
};
