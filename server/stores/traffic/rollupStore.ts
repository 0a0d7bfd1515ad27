import type { TrafficEngine } from './engine';
import {
  DOMAIN_HOURS_PER_STATEMENT,
  ROLLUPS,
  ROLLUP_VERSION,
  rollupTable,
  rollupTableDdl,
  rollupViewDdl,
  selectFromBase,
  type RollupDef,
} from './rollups';

/**
 * Rows of access_log per statement that fills the summing rollups from a table (the refill, the
 * demo's staged rows), and per statement that generates demo rows: their groups and blocks grow
 * with the rows. At scale 1 of the demo (bench/demoTraffic.ts, 2026-11-27): 1 M rows peaked at
 * 1.96 GiB alone and 2.42 GiB in the server's first start; 500 k at 1.47-1.61 GiB but ×1.12 the
 * time of one statement; 750 k at 1.62-1.65 GiB (the server 1.95 GiB) and ×0.99-1.09.
 */
export const BASE_ROWS_PER_STATEMENT = 750_000;

/**
 * Filling the rollups from rows that are not inserted into access_log through its views: the rows
 * already in the base table when the definitions changed, and the demo's rows, generated into a
 * table of their own first. Each rollup fed by the base table gets a second view on one of two
 * feed tables (Null engine: they keep nothing); an INSERT into a feed fills those rollups' finest
 * levels, and the views of the coarser levels and of the rollups made of them follow as on any
 * insert. The summing rollups are fed in large windows (one part per table and window); the
 * sketches, whose states a statement holds until its end, in windows of at most
 * DOMAIN_HOURS_PER_STATEMENT; the views of one statement run on every core.
 *
 * Against inserting the same rows into access_log through its views in windows of that size, the
 * demo at the tests' scale takes half the CPU: most of the 40 rollup tables then get a part per
 * window of a few rows each, and every part costs its files and its view queries' planning.
 */
const FEEDS = {
  sums: { table: 'traffic.fill_sums', defs: (d: RollupDef) => !d.mergeOf && !d.states },
  sketches: { table: 'traffic.fill_sketches', defs: (d: RollupDef) => !d.mergeOf && !!d.states },
} as const;
type Feed = keyof typeof FEEDS;

const feedView = (def: RollupDef) => `traffic.fill_mv_${def.name}`;

async function dropFeeds(engine: TrafficEngine): Promise<void> {
  // Views first, so that no view points at a dropped table.
  for (const def of ROLLUPS) await engine.exec(`DROP TABLE IF EXISTS ${feedView(def)}`);
  for (const feed of Object.values(FEEDS)) await engine.exec(`DROP TABLE IF EXISTS ${feed.table}`);
}

/** Consecutive hours grouped so that each group's weight stays within `budget` (one hour at least). */
function windows(hours: Array<{ h: number; w: number }>, budget: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = -1;
  let to = 0;
  let weight = 0;
  for (const { h, w } of hours) {
    if (from >= 0 && weight + w > budget) {
      out.push([from, to]);
      from = -1;
    }
    if (from < 0) {
      from = h;
      weight = 0;
    }
    to = h + 3600;
    weight += w;
  }
  if (from >= 0) out.push([from, to]);
  return out;
}

/**
 * Fills every rollup from the rows of `source` (a table with access_log's columns), as inserting
 * them into access_log would. The rollups must be empty of those rows.
 */
export async function fillRollups(engine: TrafficEngine, source: string): Promise<void> {
  const hours = await engine.query<{ h: number | string; n: number | string; d: number | string }>(
    `SELECT toUInt32(toStartOfHour(ts)) AS h, count() AS n, uniqExact(domain) AS d FROM ${source} GROUP BY h ORDER BY h`,
  );
  if (!hours.length) return;
  await dropFeeds(engine);
  try {
    for (const feed of Object.values(FEEDS)) {
      await engine.exec(`CREATE TABLE ${feed.table} ENGINE = Null AS SELECT * FROM ${source} LIMIT 0`);
      for (const def of ROLLUPS.filter(feed.defs)) {
        await engine.exec(
          `CREATE MATERIALIZED VIEW ${feedView(def)} TO ${rollupTable(def, def.levels[0])} AS ${selectFromBase(def, feed.table)}`,
        );
      }
    }
    const fill = async (feed: Feed, [from, to]: [number, number]) => {
      // The views group by each table's key already: merging equal keys on insert finds nothing
      // and costs as much as the aggregation (the same setting as every other insert).
      await engine.exec(
        `INSERT INTO ${FEEDS[feed].table} SELECT * FROM ${source} WHERE ts >= toDateTime({from:UInt32}) AND ts < toDateTime({to:UInt32})
         SETTINGS parallel_view_processing = 1, optimize_on_insert = 0`,
        { from, to },
      );
      await engine.trimMemory();
    };
    for (const w of windows(
      hours.map((r) => ({ h: Number(r.h), w: Number(r.n) })),
      BASE_ROWS_PER_STATEMENT,
    ))
      await fill('sums', w);
    for (const w of windows(
      hours.map((r) => ({ h: Number(r.h), w: Number(r.d) })),
      DOMAIN_HOURS_PER_STATEMENT,
    ))
      await fill('sketches', w);
  } finally {
    await dropFeeds(engine);
  }
}

async function dropAll(engine: TrafficEngine): Promise<void> {
  const rows = await engine.query<{ name: string }>(
    "SELECT name FROM system.tables WHERE database = 'traffic' AND (startsWith(name, 'mv_') OR startsWith(name, 'r_'))",
  );
  // Views first, so that no view points at a dropped table.
  const names = rows.map((r) => r.name).sort((a, b) => Number(b.startsWith('mv_')) - Number(a.startsWith('mv_')));
  for (const n of names) await engine.exec(`DROP TABLE IF EXISTS traffic.${n}`);
}

/**
 * Creates the rollup tables and their views (idempotent). Call right after the base table and
 * before any insert. When the definitions changed (ROLLUP_VERSION), drops and rebuilds them and
 * refills them from the rows already in the base table.
 */
export async function ensureRollups(engine: TrafficEngine): Promise<void> {
  await engine.exec('CREATE DATABASE IF NOT EXISTS traffic');
  await engine.exec('CREATE TABLE IF NOT EXISTS traffic.rollup_meta (version UInt32) ENGINE = MergeTree ORDER BY tuple()');
  const [meta] = await engine.query<{ v: number | string | null }>('SELECT max(version) AS v FROM traffic.rollup_meta');
  const current = Number(meta?.v ?? 0);
  const existing = await engine.query<{ n: number | string }>(
    "SELECT count() AS n FROM system.tables WHERE database = 'traffic' AND startsWith(name, 'mv_')",
  );
  const complete = Number(existing[0]?.n ?? 0) === ROLLUPS.reduce((n, d) => n + d.levels.length, 0);
  if (current === ROLLUP_VERSION && complete) return;

  await whileRollupsStale(engine, async () => {
    await dropAll(engine);
    for (const def of ROLLUPS) {
      for (const level of def.levels) await engine.exec(rollupTableDdl(def, level));
      // Every view exists before the refill below, so that it cascades to the coarser levels.
      for (const level of def.levels) await engine.exec(rollupViewDdl(def, level));
    }
    const base = await engine.query<{ n: number | string }>(
      "SELECT count() AS n FROM system.tables WHERE database = 'traffic' AND name = 'access_log'",
    );
    if (Number(base[0]?.n ?? 0) > 0) await fillRollups(engine, 'traffic.access_log');
  });
}

/** The version the rollups were built for; none (0): out of date, rebuilt at the next start. */
async function markRollups(engine: TrafficEngine, version: number): Promise<void> {
  await engine.exec('TRUNCATE TABLE traffic.rollup_meta');
  if (version) await engine.exec('INSERT INTO traffic.rollup_meta VALUES ({v:UInt32})', { v: version });
}

/**
 * Runs `work`, which changes the rollups in more than one statement (their rebuild; the demo's
 * fill, then its rows joining access_log), with the rollups marked out of date meanwhile: if it
 * fails or the process ends halfway, the next start rebuilds them from the base table instead of
 * keeping half a refill, or sums of rows that never arrived.
 */
export async function whileRollupsStale(engine: TrafficEngine, work: () => Promise<void>): Promise<void> {
  await markRollups(engine, 0);
  await work();
  await markRollups(engine, ROLLUP_VERSION);
}
