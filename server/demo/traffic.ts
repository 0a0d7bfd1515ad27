import type { ConfigDb } from '../stores/config/db';
import type { TrafficEngine } from '../stores/traffic/engine';
import type { DemoSeeder } from './index';
import { demoInsertSql, planDomains, type DemoDomain } from './trafficSql';
import { seedDemoLines } from './trafficLines';
import { DOMAIN_HOURS_PER_STATEMENT } from '../stores/traffic/rollups';

/** Rows of demo access logs at scale 1 (PORTAL_DEMO_TRAFFIC_SCALE multiplies it; tests use a small scale). */
export const DEMO_ROWS = 3_000_000;
export const DEMO_DAYS = 7;

/** Scale under the test runner when PORTAL_DEMO_TRAFFIC_SCALE is not set: keeps the suite fast. */
export const TEST_SCALE = 0.05;


export function demoScale(env: NodeJS.ProcessEnv = process.env): number {
  const fallback = env.VITEST ? TEST_SCALE : 1;
  const v = Number(env.PORTAL_DEMO_TRAFFIC_SCALE ?? fallback);
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

/** The accelerated domains of the config store; none while the domain table does not exist yet. */
export async function readDemoDomains(db: ConfigDb): Promise<DemoDomain[]> {
  const cols = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'domains' AND table_schema = current_schema()",
  );
  const have = new Set(cols.map((c) => c.column_name));
  if (!have.has('name') || !have.has('account') || !have.has('type')) return [];
  const extra = ['scope', 'status'].filter((c) => have.has(c)).map((c) => `, ${c}`).join('');
  return db.query<DemoDomain>(`SELECT name, account, type${extra} FROM domains ORDER BY name`);
}

/**
 * Below this many rows a domain-hour (the tests' scale: about 30), a statement's memory is nearly all
 * sketch states (tens of KB each, one per domain, hour and provider, whatever their rows), freed
 * together at its end; such statements take about a second, faster than the allocator's time-based
 * decay gives the pages back, so the process grew statement after statement (12 h statements at
 * the tests' scale peaked 1.1-1.64 GiB over 8 runs, target 1.5). Between sparse statements the
 * pages are given back at once (0.95-1.01 GiB), for about 15 % more CPU: every statement then
 * faults its memory in again, which at scale 1 (560 rows a domain-hour, 1.7 GiB without) would
 * cost more than it saves.
 */
const SPARSE_ROWS_PER_DOMAIN_HOUR = 100;

export interface DemoTrafficResult {
  rows: number;
  domains: number;
  lineSamples: number;
  ms: number;
}

/**
 * Seven days of access logs for `domains` and of line bandwidth, generated inside the engine with a
 * bounded number of domain-hours per statement (DOMAIN_HOURS_PER_STATEMENT). Domains that already
 * have rows are skipped: a store that holds the demo is left as it is.
 */
export async function generateDemoTraffic(
  engine: TrafficEngine,
  domains: DemoDomain[],
  /** statementHours: hours per INSERT (default: DOMAIN_HOURS_PER_STATEMENT spread over the domains); the bench compares sizes. */
  opts: { scale?: number; now?: number; days?: number; statementHours?: number } = {},
): Promise<DemoTrafficResult> {
  const began = Date.now();
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const days = opts.days ?? DEMO_DAYS;
  const hours = days * 24;
  const start = now - hours * 3600;
  const total = Math.round(DEMO_ROWS * (opts.scale ?? 1) * (days / DEMO_DAYS));
  let rows = 0;
  if (total > 0 && domains.length) {
    const present = new Set(
      (await engine.query<{ domain: string }>('SELECT DISTINCT domain FROM traffic.access_log')).map((r) => r.domain),
    );
    const plans = planDomains(domains, total, start).filter((p) => !present.has(p.domain.name));
    const step = Math.max(1, Math.min(hours, opts.statementHours ?? Math.floor(DOMAIN_HOURS_PER_STATEMENT / Math.max(1, plans.length))));
    const sparse = total / Math.max(1, domains.length * hours) < SPARSE_ROWS_PER_DOMAIN_HOUR;
    let statements = 0;
    for (let from = 0; plans.length && from < hours; from += step) {
      const insert = demoInsertSql(plans, start, hours, 7919, 'traffic.access_log', { from, to: Math.min(hours, from + step) });
      if (!insert.rows) continue;
      if (sparse && statements > 0 && engine.kind === 'chdb') await engine.exec('SYSTEM JEMALLOC PURGE');
      await engine.exec(insert.sql);
      rows += insert.rows;
      statements++;
    }
  }
  const [lines] = await engine.query<{ n: string | number }>('SELECT count() AS n FROM traffic.lines');
  const lineSamples = Number(lines?.n ?? 0) > 0 ? 0 : await seedDemoLines(engine, now, days);
  return { rows, domains: domains.length, lineSamples, ms: Date.now() - began };
}

/** Demo seeder: runs after the domains seeder (last in server/demo/index.ts). */
export const seedTraffic: DemoSeeder = {
  name: 'traffic',
  async run(app) {
    const domains = await readDemoDomains(app.db);
    const result = await generateDemoTraffic(app.traffic, domains, { scale: demoScale() });
    app.log.info(result, 'demo traffic generated');
  },
};
