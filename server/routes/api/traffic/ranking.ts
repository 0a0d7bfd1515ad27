import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { ok } from '../../../lib/envelope';
import { dosageSort } from '../../../stores/traffic/analysis/ranking';
import { SearchBody, toSearch, type RawSearch } from './analysisRequest';

const DosageBody = Type.Intersect([SearchBody, Type.Object({ sortBy: Type.Optional(Type.Union([Type.Literal('flow'), Type.Literal('request')])) })]);

/** Domain usage ranking (contract row POST /api/dosageSort, module analysis). */
export const rankingRoutes: TypedRoutes = async (app) => {
  app.post('/api/dosageSort', { config: { module: 'analysis', access: 'view' }, schema: { body: DosageBody } }, async (request) => {
    const raw = request.body;
    return ok(await dosageSort(app.traffic, await toSearch(request, raw, 'auto'), raw.sortBy ?? 'flow'));
  });
};
