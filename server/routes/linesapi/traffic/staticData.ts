import type { TypedRoutes } from '../../../lib/typeProvider';
import { lineSummaries } from '../../../stores/traffic/trafficLines';
import { LINE_MAX_DAYS } from '../../../../common/rules/traffic';
import { LineRangeQuerySchema, type LineRangeQuery } from '../../../../common/wire/traffic/lines';
import { lineRange } from '../../../services/traffic';

/**
 * POST /linesapi/static_data: per-line statistics over a range (default the last 24 hours), sent raw
 * without the envelope as the contract says: [{code, name, capacity, peakIn, peakOut, avgIn, avgOut,
 * p95Out, peakUtilization}] in bit/s (utilisation in percent).
 */
export const lineStaticDataRoutes: TypedRoutes = async (app) => {
  const config = { module: 'linesinfo', access: 'view' } as const;
  app.post('/linesapi/static_data', { config, schema: { body: LineRangeQuerySchema } }, async (request) => {
    const { start, end } = lineRange((request.body ?? {}) as LineRangeQuery, LINE_MAX_DAYS.fiveMinutes);
    return lineSummaries(app.traffic, start, end);
  });
};
