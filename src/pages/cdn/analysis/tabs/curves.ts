import { withinRange, type TimeRange } from '../../../../lib/time';
import type { TimePoint } from '../../../../charts';

/**
 * Turns wire curve points (recordTime in seconds) into chart points (time in ms), keeping the buckets
 * inside the range (the bucket starting at the inclusive end holds only its first instant).
 */
export function toTimePoints<P extends { recordTime: number }>(points: readonly P[], range: TimeRange, pick: (p: P) => Record<string, number>): TimePoint[] {
  return points
    .map((p) => ({ time: p.recordTime * 1000, ...pick(p) }))
    .filter((p) => withinRange(p.time, range))
    .sort((a, b) => a.time - b.time);
}
