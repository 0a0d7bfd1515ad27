import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, DosageEntry } from '../../../../common/wire/traffic/index';
import { buildUnion, key } from './plan';
import { num, pct } from './numbers';
import type { Search } from './search';

/**
 * POST /api/dosageSort: every domain of the selection ranked by flow (or requests), with its share
 * of the total and the providers that served it. Whole days and hours come from the coarse levels.
 */
export async function dosageSort(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<DosageEntry[]> {
  const union = buildUnion(
    { sources: ['totals', 'geo'], keys: [key('account'), key('domain'), key('provider')], measures: ['requests', 'bytes'] },
    s,
    s,
  );
  const m = by === 'request' ? 'request' : 'flow';
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT x.account AS account, x.domain AS domain, sum(x.requests) AS request, sum(x.bytes) AS flow,
       arraySort(groupUniqArrayIf(x.provider, x.requests > 0)) AS providers,
       sum(sum(x.${by === 'request' ? 'requests' : 'bytes'})) OVER () AS total
     FROM (${union.sql}) AS x
     GROUP BY x.account, x.domain
     HAVING request > 0
     ORDER BY ${m} DESC, domain ASC`,
    union.params,
  );
  return rows.map((r) => {
    const amount = num(r[m]);
    return {
      custom: String(r.domain),
      account: String(r.account),
      ratio: pct(amount, num(r.total)),
      amount,
      flow: num(r.flow),
      request: num(r.request),
      providers: (r.providers as string[]) ?? [],
    };
  });
}
