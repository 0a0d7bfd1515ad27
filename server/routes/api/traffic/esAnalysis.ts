import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { countDetail, hitRateList } from '../../../stores/traffic/analysis/curves';
import { rankedList, statusData } from '../../../stores/traffic/analysis/tops';
import { urlTop } from '../../../stores/traffic/analysis/heavy';
import { searchOf, VARIANTS } from '../../../services/traffic';
import { AnalysisSearchSchema } from '../../../../common/wire/traffic/index';

/**
 * Offline and online analysis (contract rows POST /api/es/{count,urlTop,hitRate,agent,source,
 * statusCode}/{variant}[/...]): one aggregation query each, limited to the caller's accounts.
 */
export const esAnalysisRoutes: TypedRoutes = async (app) => {
  const opts = (module: string) => ({ config: { module, access: 'view' as const }, schema: { body: AnalysisSearchSchema } });
  const engine = () => app.traffic;

  for (const v of VARIANTS) {
    app.post(`/api/es/count/${v}`, opts('log'), async (request) => ok(await countDetail(engine(), await searchOf(request, v))));

    app.post(`/api/es/urlTop/${v}`, opts('log:top'), async (request) =>
      ok(await urlTop(engine(), await searchOf(request, v, true), 'request')),
    );
    app.post(`/api/es/urlTop/${v}/flow`, opts('log:top'), async (request) =>
      ok(await urlTop(engine(), await searchOf(request, v, true), 'flow')),
    );

    app.post(`/api/es/hitRate/${v}`, opts('log:hit'), async (request) =>
      ok(await hitRateList(engine(), await searchOf(request, v), 'request')),
    );
    app.post(`/api/es/hitRate/${v}/BT`, opts('log:hit'), async (request) =>
      ok(await hitRateList(engine(), await searchOf(request, v, true), 'flow')),
    );

    app.post(`/api/es/agent/${v}`, opts('log:client'), async (request) =>
      ok(await rankedList(engine(), await searchOf(request, v), 'agent')),
    );
    app.post(`/api/es/source/${v}`, opts('log:source'), async (request) =>
      ok(await rankedList(engine(), await searchOf(request, v), 'referer')),
    );

    app.post(`/api/es/statusCode/${v}`, opts('log:status'), async (request) =>
      ok(await statusData(engine(), await searchOf(request, v), 'request')),
    );
  }
  // Status codes by bytes: TB online, BT offline (contract rows).
  app.post('/api/es/statusCode/onLine/TB', opts('log:status'), async (request) =>
    ok(await statusData(engine(), await searchOf(request, 'onLine'), 'flow')),
  );
  app.post('/api/es/statusCode/offLine/BT', opts('log:status'), async (request) =>
    ok(await statusData(engine(), await searchOf(request, 'offLine', true), 'flow')),
  );
};
