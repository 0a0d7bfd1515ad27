import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { byteRateCurve, hitRateCurve, requestCurve, sourceRequestCurve, statusCurve } from '../../../stores/traffic/analysis/curves';
import { AnalysisSearchSchema } from '../../../../common/wire/traffic/index';
import { searchOf } from '../../../services/traffic';

/** Online curves (contract rows POST /api/es/{request,sourceRequest,hitRate,byteRate,statusCode,sourceStatusCode}/db). */
export const esCurveRoutes: TypedRoutes = async (app) => {
  const opts = (module: string) => ({ config: { module, access: 'view' as const }, schema: { body: AnalysisSearchSchema } });
  const engine = () => app.traffic;

  app.post('/api/es/request/db', opts('log'), async (request) => ok(await requestCurve(engine(), await searchOf(request, 'onLine'))));
  app.post('/api/es/sourceRequest/db', opts('log:source'), async (request) =>
    ok(await sourceRequestCurve(engine(), await searchOf(request, 'onLine'))),
  );
  app.post('/api/es/hitRate/db', opts('log:hit'), async (request) => ok(await hitRateCurve(engine(), await searchOf(request, 'onLine'))));
  app.post('/api/es/byteRate/db', opts('log:hit'), async (request) => ok(await byteRateCurve(engine(), await searchOf(request, 'onLine'))));
  app.post('/api/es/statusCode/db', opts('log:status'), async (request) =>
    ok(await statusCurve(engine(), await searchOf(request, 'onLine'), false)),
  );
  app.post('/api/es/sourceStatusCode/db', opts('log:source'), async (request) =>
    ok(await statusCurve(engine(), await searchOf(request, 'onLine'), true)),
  );
};
