import type { ConfigDb } from '../stores/config/db';
import type { TrafficEngine } from '../stores/traffic/engine';
import type { DemoSeeder } from './index';
import { demoInsertSql, planDomains, type DemoDomain, type DomainPlan } from './trafficSql';
import { hourlyPlan } from './trafficPlan';
import { seedDemoLines } from './trafficLines';

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

export interface DemoTrafficResult {
  rows: number;
  domains: number;
  lineSamples: number;
  /** INSERT statements of access logs, and the hours each covers (the last ones of a day may be shorter) */
  statements: number;
  statementHours: number;
  ms: number;
}

/**
 * Memory of one INSERT of demo traffic with every rollup view, measured on single statements in a
 * fresh process (bench/demoTraffic.ts): about 1.1 MiB per domain-hour, whatever its rows (the sketch
 * views' top-K and distinct-count states, one per domain, hour and provider, are tens of kilobytes
 * each even when they hold a handful of rows), plus about 2.3 KiB per row.
 */
const STATEMENT_BYTES_PER_DOMAIN_HOUR = 1.1 * 2 ** 20;
const STATEMENT_BYTES_PER_ROW = 2.3 * 2 ** 10;
/**
 * Memory one statement may take on top of the engine's (about 0.4 GiB): the longest window of
 * STATEMENT_WINDOWS whose heaviest statement stays within it. 7 days of demo traffic at scale 1 get
 * 12 h windows (about 0.95 GiB), at the tests' scale 24 h windows (0.9 GiB: a domain-hour of 30 rows
 * costs nearly as much as one of 600). Each statement costs a fixed overhead (a part in each of about
 * 45 tables and day partitions, planning the views): fewer statements are faster.
 */
const STATEMENT_MEMORY = 1.1 * 2 ** 30;
/** Divisors of a day: windows aligned to UTC midnight never split a day partition between two statements. */
const STATEMENT_WINDOWS = [24, 12, 8, 6, 4, 3, 2, 1];

/** [from, to) hour windows of `step` hours over `hours` hours from `start`, aligned to UTC days when step divides a day. */
export function statementWindows(start: number, hours: number, step: number): Array<[number, number]> {
  // The first hour mark at or after UTC midnight; the windows begin there, modulo step.
  const midnight = Math.ceil(((86400 - (start % 86400)) % 86400) / 3600);
  let to = 24 % step === 0 ? midnight % step || step : step;
  const out: Array<[number, number]> = [];
  for (let from = 0; from < hours; from = to, to += step) out.push([from, Math.min(hours, to)]);
  return out;
}

/** The longest window (hours) whose heaviest statement fits STATEMENT_MEMORY by the estimate above. */
export function demoStatementHours(plans: DomainPlan[], start: number, hours: number): number {
  const counts = plans.map((p) => hourlyPlan(p, start, hours).counts);
  const bytes = ([from, to]: [number, number]) => {
    let sum = 0;
    for (const c of counts) {
      for (let h = from; h < to; h++) if (c[h] > 0) sum += STATEMENT_BYTES_PER_DOMAIN_HOUR + c[h] * STATEMENT_BYTES_PER_ROW;
    }
    return sum;
  };
  return STATEMENT_WINDOWS.find((w) => statementWindows(start, hours, w).every((win) => bytes(win) <= STATEMENT_MEMORY)) ?? 1;
}

/**
 * Seven days of access logs for `domains` and of line bandwidth, generated inside the engine in
 * windows of whole hours sized by their memory (demoStatementHours). Domains that already have rows
 * are skipped: a store that holds the demo is left as it is.
 */
export async function generateDemoTraffic(
  engine: TrafficEngine,
  domains: DemoDomain[],
  /** statementHours: hours per INSERT (default: demoStatementHours); the bench compares sizes. */
  opts: { scale?: number; now?: number; days?: number; statementHours?: number } = {},
): Promise<DemoTrafficResult> {
  const began = Date.now();
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const days = opts.days ?? DEMO_DAYS;
  const hours = days * 24;
  const start = now - hours * 3600;
  const total = Math.round(DEMO_ROWS * (opts.scale ?? 1) * (days / DEMO_DAYS));
  let rows = 0;
  let statements = 0;
  let step = 0;
  if (total > 0 && domains.length) {
    const present = new Set(
      (await engine.query<{ domain: string }>('SELECT DISTINCT domain FROM traffic.access_log')).map((r) => r.domain),
    );
    const plans = planDomains(domains, total, start).filter((p) => !present.has(p.domain.name));
    step = plans.length ? Math.max(1, Math.min(hours, opts.statementHours ?? demoStatementHours(plans, start, hours))) : 0;
    const windows = plans.length ? statementWindows(start, hours, step) : [];
    for (const [from, to] of windows) {
      const insert = demoInsertSql(plans, start, hours, 7919, 'traffic.access_log', { from, to });
      if (!insert.rows) continue;
      // The sketch states of the last statement are free but the allocator keeps their pages: give
      // them back, so that the next statement does not stack on them (7 days at the tests' scale in
      // 24 h windows peaked at 1.7-1.9 GiB without, 1.3-1.4 GiB with; about 5 % more CPU).
      if (statements > 0 && engine.kind === 'chdb') await engine.exec('SYSTEM JEMALLOC PURGE');
      await engine.exec(insert.sql);
      rows += insert.rows;
      statements++;
    }
  }
  const [lines] = await engine.query<{ n: string | number }>('SELECT count() AS n FROM traffic.lines');
  const lineSamples = Number(lines?.n ?? 0) > 0 ? 0 : await seedDemoLines(engine, now, days);
  return { rows, domains: domains.length, lineSamples, statements, statementHours: step, ms: Date.now() - began };
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
