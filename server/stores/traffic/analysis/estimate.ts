import type { TrafficEngine } from '../engine';
import { ROLLUPS, rollupTable } from '../rollups';
import { activeFilters, filterParams } from './plan';
import { FILTER_COLUMNS, type Search } from './search';

/**
 * How many base rows a search would read: the requests of its accounts and domains per hour, from
 * the totals rollup's hour rows (one row per domain, provider and hour), cached for a minute per
 * scope and range of days so that a screen's dozen calls pay for one look-up. Area and provider
 * filters are left out: the estimate is an upper bound of what the base table reads, which is
 * what the choice between the base table and a rollup needs (analysis/plan.ts).
 */

const TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;
const HOUR = 3600;
const DAY = 86_400;

interface Entry {
  at: number;
  /** hour start (epoch s) → rows */
  hours: Map<number, number>;
}

const caches = new WeakMap<TrafficEngine, Map<string, Entry>>();

function scopeKey(s: Search, from: number, to: number): string {
  return JSON.stringify([s.accounts === null ? null : [...s.accounts].sort(), [...s.domains].sort(), from, to]);
}

async function hourlyRows(engine: TrafficEngine, s: Search, from: number, to: number): Promise<Map<number, number>> {
  const totals = ROLLUPS.find((r) => r.name === 'totals')!;
  const scope = activeFilters(s).filter((k) => k === 'accounts' || k === 'domains');
  const where = [
    `r.bucket >= toDateTime(${from}, 'UTC')`,
    `r.bucket < toDateTime(${to}, 'UTC')`,
    ...scope.map((k) => `r.${FILTER_COLUMNS[k]} IN {f_${k}:Array(String)}`),
  ];
  const params = Object.fromEntries(Object.entries(filterParams(s)).filter(([k]) => scope.some((f) => k === `f_${f}`)));
  const rows = await engine.query<{ h: number | string; n: number | string }>(
    `SELECT toUnixTimestamp(r.bucket) AS h, sum(r.requests) AS n FROM ${rollupTable(totals, '1h')} AS r
     WHERE ${where.join(' AND ')} GROUP BY h`,
    params,
  );
  return new Map(rows.map((r) => [Number(r.h), Number(r.n)]));
}

/** Estimated base rows of `s` (see above); a partial hour counts its share of the hour's rows. */
export async function estimateRows(engine: TrafficEngine, s: Search): Promise<number> {
  const from = Math.floor(s.start / DAY) * DAY;
  const to = Math.ceil(s.end / DAY) * DAY;
  let cache = caches.get(engine);
  if (!cache) caches.set(engine, (cache = new Map()));
  const key = scopeKey(s, from, to);
  let entry = cache.get(key);
  if (!entry || Date.now() - entry.at > TTL_MS) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    entry = { at: Date.now(), hours: await hourlyRows(engine, s, from, to) };
    cache.set(key, entry);
  }
  let rows = 0;
  for (const [h, n] of entry.hours) {
    const overlap = Math.min(h + HOUR, s.end) - Math.max(h, s.start);
    if (overlap > 0) rows += (n * overlap) / HOUR;
  }
  return Math.round(rows);
}
