import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, ok } from '../../../lib/envelope';
import { lineExists, lineFiveMinutes, lineMinutes, listLines } from '../../../stores/traffic/trafficLines';
import { LINE_MAX_DAYS } from '../../../../common/rules/traffic';
import { LineRangeQuerySchema, type LineRangeQuery } from '../../../../common/wire/traffic/lines';
import { lineRange } from '../../../services/traffic';

/**
 * Lines (contract rows /api/line/init, /api/line/data, /api/line/sdwandata): the provider's
 * infrastructure, the same for every user holding linesinfo. Bandwidth in bit/s, timestamps in seconds.
 */
export const lineRoutes: TypedRoutes = async (app) => {
  const config = { module: 'linesinfo', access: 'view' } as const;

  app.post('/api/line/init', { config }, async (request) => {
    const en = request.lang === 'en';
    const lines = await listLines(app.traffic);
    return ok(
      lines.map((l) => ({
        code: l.code,
        name: en ? l.name : l.name_zh,
        nameEn: l.name,
        nameZh: l.name_zh,
        coordinates: l.coordinates,
        address: en ? l.address : l.address_zh,
        addressEn: l.address,
        addressZh: l.address_zh,
        country: l.country,
        province: l.province,
        capacity: l.capacity,
      })),
    );
  });

  const series = (maxDays: number, read: typeof lineMinutes) => async (request: { body: unknown }) => {
    const body = (request.body ?? {}) as LineRangeQuery;
    const code = (body.code ?? '').trim();
    if (!code || !(await lineExists(app.traffic, code))) throw fail('lineUnknown');
    const { start, end } = lineRange(body, maxDays);
    return ok(await read(app.traffic, code, start, end));
  };

  app.post('/api/line/data', { config, schema: { body: LineRangeQuerySchema } }, series(LINE_MAX_DAYS.minute, lineMinutes));
  app.post('/api/line/sdwandata', { config, schema: { body: LineRangeQuerySchema } }, series(LINE_MAX_DAYS.fiveMinutes, lineFiveMinutes));
};
