import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { dosageSort } from '../../../stores/traffic/analysis/ranking';
import { toSearch } from '../../../services/traffic';
import { DosageSortQuerySchema } from '../../../../common/wire/traffic/index';

/** Domain usage ranking (contract row POST /api/dosageSort, module analysis). */
export const rankingRoutes: TypedRoutes = async (app) => {
  const config = { module: 'analysis', access: 'view' } as const;
  app.post('/api/dosageSort', { config, schema: { body: DosageSortQuerySchema } }, async (request) => {
    const raw = request.body;
    return ok(await dosageSort(app.traffic, await toSearch(request, raw, 'auto'), raw.sortBy ?? 'flow'));
  });
};
