import type { TrafficEngine } from '../engine';
import type { KeyValue, SimpleKind, SimpleReplies, SimpleStats } from '../../../../common/wire/traffic/index';
import { curveQuery } from './curve';
import { CLASS_AGGS, statusOf, TOTALS_SOURCES } from './curves';
import { key } from './plan';
import { pct } from './numbers';
import { topUrls } from './heavy';
import { worldTopIps } from './ips';
import type { Search } from './search';
import { topQuery } from './tops';

const TOTAL_MEASURES = ['requests', 'hits', 's0', 's1', 's2', 's3', 's4', 's5'] as const;

/** Request statistics per interval bucket (the common fields of every simple GET). */
async function requestStats(engine: TrafficEngine, s: Search) {
  const { points, total } = await curveQuery(
    engine,
    s,
    { sources: TOTALS_SOURCES, keys: [], measures: [...TOTAL_MEASURES] },
    { request: 'sum(requests)', hit: 'sum(hits)', ...CLASS_AGGS },
  );
  const values = points.map((p) => p.request);
  const stats: SimpleStats = {
    total: total.request,
    avg: values.length ? Math.round((total.request / values.length) * 100) / 100 : 0,
    current: values.length ? values[values.length - 1] : 0,
    max: values.length ? Math.max(...values) : 0,
    min: values.length ? Math.min(...values) : 0,
    histogramList: points.map((p) => ({ key: p.t, value: p.request })),
  };
  return { stats, total };
}

const asKeyValues = (rows: { k: string; request: number }[]): KeyValue[] => rows.map((r) => ({ key: r.k, value: r.request }));

/** GET /api/es/{kind}/get: request statistics plus the list of the kind. */
export async function simpleAnalysis<K extends SimpleKind>(engine: TrafficEngine, s: Search, kind: K): Promise<SimpleReplies[K]> {
  const { stats, total } = await requestStats(engine, s);
  const reply = await (async (): Promise<SimpleReplies[SimpleKind]> => {
    switch (kind) {
      case 'urltop': {
        return { ...stats, urltermsList: await topUrls(engine, s) };
      }
      case 'hitrate':
        return { ...stats, HIT: total.hit, MISS: total.request - total.hit, hitPercent: pct(total.hit, total.request) };
      case 'clientside':
        return {
          ...stats,
          agentList: asKeyValues(await topQuery(engine, s, { sources: ['agent'], keys: [key('user_agent')] }, 'request')),
        };
      case 'source':
        return {
          ...stats,
          referrerList: asKeyValues(await topQuery(engine, s, { sources: ['referer'], keys: [key('referer')] }, 'request')),
        };
      case 'statuscode':
        return { ...stats, ...statusOf(total) };
      case 'independentip': {
        const ips = await worldTopIps(engine, s);
        return { ...stats, ipCount: ips.count, independentIPList: ips.list };
      }
      case 'userdistribution':
        return {
          ...stats,
          userDistributionList: asKeyValues(
            await topQuery(engine, s, { sources: ['geoc', 'geo'], keys: [key('country')] }, 'request', 300),
          ),
        };
    }
    throw new Error(`unknown simple analysis ${String(kind)}`);
  })();
  return reply as SimpleReplies[K];
}
