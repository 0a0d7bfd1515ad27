import type { ConfigDb } from '../stores/config/db';
import type { TrafficEngine } from '../stores/traffic/engine';
import type { DemoSeeder } from './index';
import { demoInsertSql, planDomains, type DemoDomain } from './trafficSql';
import { seedDemoLines } from './trafficLines';
import { BASE_ROWS_PER_STATEMENT, fillRollups, whileRollupsStale } from '../stores/traffic/rollupStore';

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

/** The demo's rows are generated here first, then fill the rollups, then join access_log. */
const STAGE_NAME = 'demo_stage';
const STAGE = `traffic.${STAGE_NAME}`;

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
    const present = new Set(
      (await engine.query<{ domain: string }>('SELECT DISTINCT domain FROM traffic.access_log')).map((r) => r.domain),
    );
    const plans = planDomains(domains, total, start).filter((p) => !present.has(p.domain.name));
    const write = async (target: string, step: number, after: () => Promise<void>) => {
      for (let from = 0; plans.length && from < hours; from += step) {
        const insert = demoInsertSql(plans, start, hours, 7919, target, { from, to: Math.min(hours, from + step) });
        if (!insert.rows) continue;
        await engine.exec(insert.sql);
        await after();
        rows += insert.rows;
      }
    };
    if (opts.throughViews) await write('traffic.access_log', Math.max(1, Math.min(hours, opts.throughViews)), async () => undefined);
    else if (plans.length) {
      await engine.exec(`DROP TABLE IF EXISTS ${STAGE}`);
      await engine.exec(`CREATE TABLE ${STAGE} AS traffic.access_log`);
      try {
        // The generating statement holds its rows' blocks: bounded like the fill's sums.
        await write(STAGE, Math.max(1, Math.floor((BASE_ROWS_PER_STATEMENT * hours) / total)), () => engine.trimMemory());
        await whileRollupsStale(engine, async () => {
          await fillRollups(engine, STAGE);
          const parts = await engine.query<{ id: string }>(
            `SELECT DISTINCT partition_id AS id FROM system.parts WHERE database = 'traffic' AND table = '${STAGE_NAME}' AND active`,
          );
          for (const { id } of parts) await engine.exec(`ALTER TABLE traffic.access_log ATTACH PARTITION ID {id:String} FROM ${STAGE}`, { id });
        });
      } finally {
        await engine.exec(`DROP TABLE IF EXISTS ${STAGE}`);
      }
      // What the generation freed goes back now, not piece by piece: the server starts smaller.
      await engine.trimMemory(0);
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
