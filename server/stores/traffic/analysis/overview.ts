import type { TrafficEngine } from '../engine';
import type { Overview, OverviewDomain, Sequential, SequentialFigures, ServiceDomain } from '../../../../common/wire/traffic/index';
import { BUCKET_KEY, buildUnion, key } from './plan';
import { curveQuery, intervalSeconds } from './curve';
import { TOTALS_SOURCES } from './curves';
import { bps, change, num, pct } from './numbers';
import type { Search } from './search';

const MEASURES = ['requests', 'bytes', 'hits', 'hit_bytes'] as const;
const AGGS = { request: 'sum(requests)', flow: 'sum(bytes)', hit: 'sum(hits)', hitFlow: 'sum(hit_bytes)' };

/**
 * Per-domain figures of a range: requests, flow, hits and the highest 5-minute bandwidth
 * (5-minute rows per domain, then per domain). Sorted by flow, largest first.
 */
export async function domainFigures(
  engine: TrafficEngine,
  s: Search,
  limit?: number,
): Promise<(OverviewDomain & { providers: string[]; lastSeen: number | null })[]> {
  const union = buildUnion(
    {
      sources: ['totals', 'geo'],
      keys: [key('account'), key('domain'), key('provider'), BUCKET_KEY],
      measures: [...MEASURES],
      levels: ['5m'],
    },
    s,
    s,
  );
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT y.account AS account, y.domain AS domain, sum(y.request) AS request, sum(y.flow) AS flow, sum(y.hit) AS hit,
       max(y.flow5) AS peak, arraySort(groupUniqArrayArray(y.provs)) AS providers, toUnixTimestamp(max(y.last)) AS lastSeen
     FROM (
       SELECT x.account AS account, x.domain AS domain, x.b AS b5, sum(x.requests) AS request, sum(x.bytes) AS flow, sum(x.hits) AS hit,
         sum(x.bytes) AS flow5, groupUniqArrayIf(x.provider, x.requests > 0) AS provs,
         if(sum(x.requests) > 0, x.b, toDateTime(0, 'UTC')) AS last
       FROM (${union.sql}) AS x GROUP BY x.account, x.domain, x.b
     ) AS y
     GROUP BY y.account, y.domain
     ORDER BY flow DESC, domain ASC ${limit ? `LIMIT ${limit}` : ''}`,
    union.params,
  );
  return rows.map((r) => ({
    domain: String(r.domain),
    account: String(r.account),
    flow: num(r.flow),
    request: num(r.request),
    hitPercent: pct(num(r.hit), num(r.request)),
    peakBandwidth: bps(num(r.peak), 300),
    providers: (r.providers as string[]) ?? [],
    lastSeen: num(r.lastSeen) > 0 ? num(r.lastSeen) : null,
  }));
}

/** POST /api/overview */
export async function overview(engine: TrafficEngine, s: Search, now = Math.floor(Date.now() / 1000)): Promise<Overview> {
  const { points, total } = await curveQuery(engine, s, { sources: TOTALS_SOURCES, keys: [], measures: [...MEASURES] }, AGGS, 'bytes');
  const domains = await domainFigures(engine, s);
  // The latest complete 5-minute bucket inside the range.
  const lastComplete = Math.floor(Math.min(s.end, now) / 300) * 300 - 300;
  let current = 0;
  if (lastComplete >= s.start) {
    const union = buildUnion({ sources: TOTALS_SOURCES, keys: [], measures: ['bytes'], levels: ['5m'] }, s, {
      start: lastComplete,
      end: lastComplete + 300,
    });
    const [row] = await engine.query<Record<string, unknown>>(`SELECT sum(bytes) AS flow FROM (${union.sql})`, union.params);
    current = bps(num(row?.flow), 300);
  }
  const step = intervalSeconds(s);
  return {
    flow: total.flow,
    request: total.request,
    hitPercent: pct(total.hit, total.request),
    byteHitPercent: pct(total.hitFlow, total.flow),
    peakBandwidth: bps(total.peak, 300),
    peakTime: total.peakTime,
    currentBandwidth: current,
    curve: points.map((p) => ({ timestamp: p.t, flow: p.flow, bandwidth: bps(p.flow, step) })),
    topDomains: domains.slice(0, 10).map(({ providers: _p, lastSeen: _l, ...d }) => d),
    domainCount: domains.filter((d) => d.request > 0).length,
  };
}

/** Flow, requests, peak bandwidth and hit percent of a range (one query). */
async function figures(engine: TrafficEngine, s: Search): Promise<SequentialFigures> {
  const union = buildUnion({ sources: TOTALS_SOURCES, keys: [BUCKET_KEY], measures: ['requests', 'bytes', 'hits'], levels: ['5m'] }, s, s);
  const [row] = await engine.query<Record<string, unknown>>(
    `SELECT sum(y.request) AS request, sum(y.flow) AS flow, sum(y.hit) AS hit, max(y.flow) AS peak FROM (
       SELECT x.b, sum(x.requests) AS request, sum(x.bytes) AS flow, sum(x.hits) AS hit FROM (${union.sql}) AS x GROUP BY x.b) AS y`,
    union.params,
  );
  return {
    flow: num(row?.flow),
    request: num(row?.request),
    peakBandwidth: bps(num(row?.peak), 300),
    hitPercent: pct(num(row?.hit), num(row?.request)),
  };
}

/** POST /api/sequential: the range against the range of the same length right before it. */
export async function sequential(engine: TrafficEngine, s: Search): Promise<Sequential> {
  const length = s.end - s.start;
  const prev: Search = { ...s, start: s.start - length, end: s.start };
  const current = await figures(engine, s);
  const previous = await figures(engine, prev);
  return {
    current: { ...current, startTime: s.start, endTime: s.end },
    previous: { ...previous, startTime: prev.start, endTime: prev.end },
    change: {
      flow: change(current.flow, previous.flow),
      request: change(current.request, previous.request),
      peakBandwidth: change(current.peakBandwidth, previous.peakBandwidth),
      hitPercent: change(current.hitPercent, previous.hitPercent),
    },
  };
}

/** Service-info rows: every domain with traffic in the range, with its providers and last activity. */
export async function serviceDomains(engine: TrafficEngine, s: Search): Promise<Omit<ServiceDomain, 'type'>[]> {
  const rows = await domainFigures(engine, s);
  return rows.map((r) => ({
    domain: r.domain,
    account: r.account,
    flow: r.flow,
    request: r.request,
    peakBandwidth: r.peakBandwidth,
    providers: r.providers,
    lastSeen: r.lastSeen,
  }));
}
