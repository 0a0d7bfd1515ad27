import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { simpleAnalysis } from '../../../stores/traffic/analysis/simple';
import { SimpleAnalysisQuerySchema, type SimpleKind } from '../../../../common/wire/traffic/index';
import { toSearch } from '../../../services/traffic';

/** Each simple GET and the log tab it belongs to (contract rows GET /api/es/{kind}/get). */
const KINDS: Record<SimpleKind, string> = {
  urltop: 'log:top',
  hitrate: 'log:hit',
  clientside: 'log:client',
  source: 'log:source',
  statuscode: 'log:status',
  independentip: 'log:ip',
  userdistribution: 'log:distribution',
};

export const esSimpleRoutes: TypedRoutes = async (app) => {
  for (const [kind, module] of Object.entries(KINDS) as [SimpleKind, string][]) {
    const schema = { querystring: SimpleAnalysisQuerySchema };
    app.get(`/api/es/${kind}/get`, { config: { module, access: 'view' }, schema }, async (request) =>
      ok(await simpleAnalysis(app.traffic, await toSearch(request, request.query, 'auto'), kind)),
    );
  }
};
