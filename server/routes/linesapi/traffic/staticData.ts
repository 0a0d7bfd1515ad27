import type { TypedRoutes } from '../../../lib/typeProvider';
import { lineSummaries } from '../../../stores/traffic/lines';
import { LINE_MAX_DAYS } from '../../../../common/wire/traffic/lines';
import { LineRangeBody, lineRange, type LineRangeInput } from '../../api/traffic/lineRequest';

/**
 * POST /linesapi/static_data: per-line statistics over a range (default the last 24 hours), sent raw
 * without the envelope as the contract says: [{code, name, capacity, peakIn, peakOut, avgIn, avgOut,
 * p95Out, peakUtilization}] in bit/s (utilisation in percent).
 */
export const lineStaticDataRoutes: TypedRoutes = async (app) => {
  app.post('/linesapi/static_data', { config: { module: 'linesinfo', access: 'view' }, schema: { body: LineRangeBody } }, async (request) => {
    const { start, end } = lineRange((request.body ?? {}) as LineRangeInput, LINE_MAX_DAYS.fiveMinutes);
    return lineSummaries(app.traffic, start, end);
  });
};
