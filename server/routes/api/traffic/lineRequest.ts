import { Type } from '@sinclair/typebox';
import { fail } from '../../../lib/envelope';
import { parseRange } from '../../../stores/traffic/analysis/search';
import { requestZone } from './analysisRequest';

/** Body of the line bandwidth calls: a line and a range (wall clock in timeZone, or epoch s/ms). */
export const LineRangeBody = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 64 })),
    startTime: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    endTime: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export interface LineRangeInput {
  code?: string;
  startTime?: string | number;
  endTime?: string | number;
  timeZone?: string;
}

/** [start, end) in epoch seconds; the last 24 hours when no range is given. */
export function lineRange(body: LineRangeInput, maxDays: number, now = Date.now()): { start: number; end: number } {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(body.startTime) && empty(body.endTime)) {
    const end = Math.floor(now / 60_000) * 60;
    return { start: end - 86400, end };
  }
  const range = parseRange(body.startTime, body.endTime, requestZone(body.timeZone), 'auto');
  if (range === 'format') throw fail('logTimeFormat');
  if (range === 'range') throw fail('logTimeRange');
  if (range.end - range.start > maxDays * 86400) throw fail('lineRangeTooLong');
  return range;
}
