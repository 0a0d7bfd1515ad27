import { withinRange, type TimeRange } from '../../../../src/lib/time';
import type { TimePoint } from '../../../../src/charts';
import type { BandAndFlow, CountDetail, RequestCurvePoint } from '../../../../common/wire/traffic/index';

/**
 * Turns wire curve points (recordTime in seconds) into chart points (time in ms), keeping the buckets
 * inside the range (the bucket starting at the inclusive end holds only its first instant).
 */
export function toTimePoints<P extends { recordTime: number }>(
  points: readonly P[],
  range: TimeRange,
  pick: (p: P) => Record<string, number>,
): TimePoint[] {
  return points
    .map((p) => ({ time: p.recordTime * 1000, ...pick(p) }))
    .filter((p) => withinRange(p.time, range))
    .sort((a, b) => a.time - b.time);
}

/** Requests and bandwidth series ([time, value]) merged by bucket; a bucket missing in one is 0 there. */
export function mergeByTime(requests: Array<[number, number]>, bandwidth: Array<[number, number]>) {
  const req = new Map(requests);
  const bw = new Map(bandwidth);
  return [...new Set([...req.keys(), ...bw.keys()])].map((t) => ({ recordTime: t, request: req.get(t) ?? 0, bandwidth: bw.get(t) ?? 0 }));
}

/** Offline: requests (listTC) and bandwidth (listBT) of the count call. */
export const offlineCurve = (d: CountDetail) =>
  mergeByTime(
    d.listTC.map((p) => [p.recordTime, p.request]),
    d.listBT.map((p) => [p.recordTime, p.bandwidth]),
  );

/** Online: requests from the request database curve, bandwidth from the bandwidth/flow search. */
export const onlineCurve = (points: RequestCurvePoint[], band: BandAndFlow | undefined) =>
  mergeByTime(
    points.map((p) => [p.recordTime, p.request]),
    (band?.bandAndFlowList ?? []).map((p) => [p.timestamp, p.bandwidth]),
  );
