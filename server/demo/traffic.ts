import type { TrafficEngine } from '../stores/traffic/engine';
import type { DemoSeeder } from './index';
import {
  attachDemoStage,
  countLines,
  createDemoStage,
  DEMO_STAGE,
  dropDemoStage,
  insertDemoRows,
  loggedDomains,
  planDomains,
  type DemoDomain,
} from '../stores/traffic/trafficDemo';
import { demoTrafficDomains } from './domains';
import { seedDemoLines } from './trafficLines';
import { BASE_ROWS_PER_STATEMENT, fillRollups, whileRollupsStale } from '../stores/traffic/rollupStore';

/** Rows of demo access logs at scale 1 (PORTAL_DEMO_TRAFFIC_SCALE multiplies it; tests use a small scale). */
export const DEMO_ROWS = 3_000_000;
export const DEMO_DAYS = 7;

export interface DemoTrafficResult {
  rows: number;
  domains: number;
  lineSamples: number;
  ms: number;
}

/**
 * Seven days of access logs for `domains` and of line bandwidth, generated inside the engine.
 * The rows go to a table of their own (no views: a statement costs only its rows), fill every
 * rollup from there (fillRollups: the summing rollups in a few large statements, the sketches in
 * windows of bounded domain-hours), and then join access_log as its parts (ATTACH PARTITION: no
 * view runs again). Domains that already have rows are skipped: a store that holds the demo is
 * left as it is.
 */
export async function generateDemoTraffic(
  engine: TrafficEngine,
  domains: DemoDomain[],
  /**
   * throughViews: insert into access_log through its views instead, this many hours per statement
   * (the way before the staged fill; the bench compares with it).
   */
  opts: { scale?: number; now?: number; days?: number; throughViews?: number } = {},
): Promise<DemoTrafficResult> {
  const began = Date.now();
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const days = opts.days ?? DEMO_DAYS;
  const hours = days * 24;
  const start = now - hours * 3600;
  const total = Math.round(DEMO_ROWS * (opts.scale ?? 1) * (days / DEMO_DAYS));
  let rows = 0;
  if (total > 0 && domains.length) {
    const present = await loggedDomains(engine);
    const plans = planDomains(domains, total, start).filter((p) => !present.has(p.domain.name));
    const write = async (target: string, step: number, after: () => Promise<void>) => {
      for (let from = 0; plans.length && from < hours; from += step) {
        const written = await insertDemoRows(engine, plans, start, hours, 7919, target, { from, to: Math.min(hours, from + step) });
        if (!written) continue;
        await after();
        rows += written;
      }
    };
    if (opts.throughViews) await write('traffic.access_log', Math.max(1, Math.min(hours, opts.throughViews)), async () => undefined);
    else if (plans.length) {
      await createDemoStage(engine);
      try {
        // The generating statement holds its rows' blocks: bounded like the fill's sums.
        await write(DEMO_STAGE, Math.max(1, Math.floor((BASE_ROWS_PER_STATEMENT * hours) / total)), () => engine.trimMemory());
        await whileRollupsStale(engine, async () => {
          await fillRollups(engine, DEMO_STAGE);
          await attachDemoStage(engine);
        });
      } finally {
        await dropDemoStage(engine);
      }
      // What the generation freed goes back now, not piece by piece: the server starts smaller.
      await engine.trimMemory(0);
    }
  }
  const lineSamples = (await countLines(engine)) > 0 ? 0 : await seedDemoLines(engine, now, days);
  return { rows, domains: domains.length, lineSamples, ms: Date.now() - began };
}

/** Demo seeder: runs after the domains seeder (last in server/demo/index.ts). */
export const seedTraffic: DemoSeeder = {
  name: 'traffic',
  async run(app) {
    const domains = await demoTrafficDomains(app.db);
    const result = await generateDemoTraffic(app.traffic, domains, { scale: app.config.demoTrafficScale });
    app.log.info(result, 'demo traffic generated');
  },
};
