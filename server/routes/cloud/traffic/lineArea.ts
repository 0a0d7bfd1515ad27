import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { listLines } from '../../../stores/traffic/trafficLines';

/** GET /cloud/line/area/query: where the lines are, for the map ([{code, coordinates:'lng,lat', address}]). */
export const lineAreaRoutes: TypedRoutes = async (app) => {
  app.get('/cloud/line/area/query', { config: { module: 'linesinfo', access: 'view' } }, async (request) => {
    const en = request.lang === 'en';
    const lines = await listLines(app.traffic);
    return ok(lines.map((l) => ({ code: l.code, coordinates: l.coordinates, address: en ? l.address : l.address_zh })));
  });
};
