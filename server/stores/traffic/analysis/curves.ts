import type { TrafficEngine } from '../engine';
import type {
  AnalysisMeasure,
  BandAndFlow,
  ByteRateCurvePoint,
  CountDetail,
  HitRateCurvePoint,
  HitRateList,
  RequestCurvePoint,
  SourceRequestPoint,
  StatusClasses,
  StatusCurvePoint,
} from '../../../../common/wire/traffic/index';
import { curveQuery, intervalSeconds } from './curve';
import { bps, pct } from './numbers';
import type { UnionSpec } from './plan';
import { ORIGIN_CLASSES } from '../rollups';
import type { Search } from './search';

/**
 * Where totals per 5 minutes are read: one row per account without a domain or provider filter,
 * else per domain and provider; with an area filter the country rollup, or the full area rollup
 * for a province or ISP filter (or a provider filter with an area).
 */
export const TOTALS_SOURCES: UnionSpec['sources'] = ['totalsa', 'totals', 'geoc', 'geo'];
const TOTALS: Omit<UnionSpec, 'levels'> = {
  sources: TOTALS_SOURCES,
  keys: [],
  measures: ['requests', 'bytes', 'hits', 'hit_bytes', 's0', 's1', 's2', 's3', 's4', 's5'],
};
const FLOW_AGGS = { request: 'sum(requests)', flow: 'sum(bytes)', hit: 'sum(hits)', hitFlow: 'sum(hit_bytes)' };
/** Requests by status class, named as on the wire (statusCode0..5). */
export const CLASS_AGGS = {
  statusCode0: 'sum(s0)',
  statusCode1: 'sum(s1)',
  statusCode2: 'sum(s2)',
  statusCode3: 'sum(s3)',
  statusCode4: 'sum(s4)',
  statusCode5: 'sum(s5)',
};

/** The status classes of a curve point or total that selected CLASS_AGGS. */
export const statusOf = (p: StatusClasses): StatusClasses => ({
  statusCode0: p.statusCode0,
  statusCode1: p.statusCode1,
  statusCode2: p.statusCode2,
  statusCode3: p.statusCode3,
  statusCode4: p.statusCode4,
  statusCode5: p.statusCode5,
});

/** POST /api/es/count/{variant}: summary, request curve (listTC), flow/bandwidth curve (listBT). */
export async function countDetail(engine: TrafficEngine, s: Search): Promise<CountDetail> {
  const { points, total } = await curveQuery(engine, s, TOTALS, { ...FLOW_AGGS, ...CLASS_AGGS }, 'bytes');
  const step = intervalSeconds(s);
  return {
    count: {
      request: total.request,
      flow: total.flow,
      hit: total.hit,
      miss: total.request - total.hit,
      hitFlow: total.hitFlow,
      missFlow: total.flow - total.hitFlow,
      hitPercent: pct(total.hit, total.request),
      byteHitPercent: pct(total.hitFlow, total.flow),
      peakBandwidth: bps(total.peak, 300),
      peakTime: total.peakTime,
    },
    listTC: points.map((p) => ({ recordTime: p.t, request: p.request, hit: p.hit, miss: p.request - p.hit, status: statusOf(p) })),
    listBT: points.map((p) => ({ recordTime: p.t, flow: p.flow, bandwidth: bps(p.flow, step) })),
  };
}

/** POST /api/es/hitRate/{variant} (requests) and /BT (bytes): hit and miss curves with shares. */
export async function hitRateList(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<HitRateList> {
  const { points, total } = await curveQuery(
    engine,
    s,
    { ...TOTALS, measures: ['requests', 'bytes', 'hits', 'hit_bytes'] },
    FLOW_AGGS,
    'bytes',
  );
  const all = (p: { request: number; flow: number }) => (by === 'flow' ? p.flow : p.request);
  const hits = (p: { hit: number; hitFlow: number }) => (by === 'flow' ? p.hitFlow : p.hit);
  const hit = hits(total);
  const miss = all(total) - hit;
  return {
    hitList: points.map((p) => ({ recordTime: p.t, value: hits(p), percent: pct(hits(p), all(p)) })),
    missList: points.map((p) => ({
      recordTime: p.t,
      value: all(p) - hits(p),
      percent: all(p) > 0 ? Math.round((100 - pct(hits(p), all(p))) * 100) / 100 : 0,
    })),
    hit,
    miss,
    hitPercent: pct(hit, all(total)),
    missPercent: all(total) > 0 ? Math.round((100 - pct(hit, all(total))) * 100) / 100 : 0,
  };
}

/** POST /api/es/request/db */
export async function requestCurve(engine: TrafficEngine, s: Search): Promise<RequestCurvePoint[]> {
  const { points } = await curveQuery(engine, s, TOTALS, { request: 'sum(requests)', hit: 'sum(hits)', flow: 'sum(bytes)', ...CLASS_AGGS });
  return points.map((p) => ({
    recordTime: p.t,
    request: p.request,
    hit: p.hit,
    miss: p.request - p.hit,
    status: statusOf(p),
    flow: p.flow,
  }));
}

/** POST /api/es/sourceRequest/db: back-to-origin requests are the misses. */
export async function sourceRequestCurve(engine: TrafficEngine, s: Search): Promise<SourceRequestPoint[]> {
  const { points } = await curveQuery(
    engine,
    s,
    { ...TOTALS, measures: ['requests', 'hits', 'bytes', 'hit_bytes'] },
    { request: 'sum(requests) - sum(hits)', flow: 'sum(bytes) - sum(hit_bytes)' },
  );
  return points.map((p) => ({ recordTime: p.t, request: p.request, flow: p.flow }));
}

/** POST /api/es/hitRate/db */
export async function hitRateCurve(engine: TrafficEngine, s: Search): Promise<HitRateCurvePoint[]> {
  const { points } = await curveQuery(
    engine,
    s,
    { ...TOTALS, measures: ['requests', 'hits'] },
    { request: 'sum(requests)', hit: 'sum(hits)' },
  );
  return points.map((p) => {
    const hitPercent = pct(p.hit, p.request);
    return {
      recordTime: p.t,
      request: p.request,
      hit: p.hit,
      miss: p.request - p.hit,
      hitPercent,
      missPercent: p.request > 0 ? Math.round((100 - hitPercent) * 100) / 100 : 0,
    };
  });
}

/** POST /api/es/byteRate/db */
export async function byteRateCurve(engine: TrafficEngine, s: Search): Promise<ByteRateCurvePoint[]> {
  const { points } = await curveQuery(
    engine,
    s,
    { ...TOTALS, measures: ['bytes', 'hit_bytes'] },
    { flow: 'sum(bytes)', hitFlow: 'sum(hit_bytes)' },
  );
  return points.map((p) => ({
    recordTime: p.t,
    flow: p.flow,
    hitFlow: p.hitFlow,
    missFlow: p.flow - p.hitFlow,
    byteHitPercent: pct(p.hitFlow, p.flow),
  }));
}

/** POST /api/es/statusCode/db (all requests) and /api/es/sourceStatusCode/db (origin = miss requests). */
export async function statusCurve(engine: TrafficEngine, s: Search, origin: boolean): Promise<StatusCurvePoint[]> {
  // The origin classes are kept beside the classes of all requests (no area: the base table
  // answers an area-filtered origin curve).
  const { points } = origin
    ? await curveQuery(
        engine,
        s,
        { sources: ['totalsa', 'totals'], keys: [], measures: [...ORIGIN_CLASSES] },
        {
          statusCode0: 'sum(o0)',
          statusCode1: 'sum(o1)',
          statusCode2: 'sum(o2)',
          statusCode3: 'sum(o3)',
          statusCode4: 'sum(o4)',
          statusCode5: 'sum(o5)',
        },
      )
    : await curveQuery(engine, s, { ...TOTALS, measures: ['s0', 's1', 's2', 's3', 's4', 's5'] }, CLASS_AGGS);
  return points.map(({ t, ...classes }) => ({ recordTime: t, ...classes }));
}

/** POST /api/common/bandAndFlow: flow and bandwidth per interval, total flow. */
export async function bandAndFlow(engine: TrafficEngine, s: Search): Promise<BandAndFlow> {
  const { points, total } = await curveQuery(engine, s, { ...TOTALS, measures: ['bytes'] }, { flow: 'sum(bytes)' });
  const step = intervalSeconds(s);
  return { bandAndFlowList: points.map((p) => ({ timestamp: p.t, flow: p.flow, bandwidth: bps(p.flow, step) })), totalFlow: total.flow };
}
