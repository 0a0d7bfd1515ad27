import type { TrafficEngine } from './engine';
import { allRollupTables } from './rollups';

/**
 * Merges every rollup partition that has more than one part into one part, at once (OPTIMIZE ...
 * FINAL). In service the tables do this themselves in the background (FORCE_MERGE_AFTER_SECONDS
 * in rollups.ts); the benchmark calls this to measure freshly generated data in that steady state
 * without waiting an hour.
 */
export interface CompactionReport {
  partitions: number;
  ms: number;
}

export async function compactRollups(engine: TrafficEngine): Promise<CompactionReport> {
  const started = Date.now();
  const known = new Set(allRollupTables().map((t) => t.replace('traffic.', '')));
  const rows = await engine.query<{ table: string; partition_id: string }>(
    `SELECT table, partition_id FROM system.parts
     WHERE active AND database = 'traffic' AND startsWith(table, 'r_')
     GROUP BY table, partition_id HAVING count() > 1 ORDER BY partition_id, table`,
  );
  let partitions = 0;
  for (const { table, partition_id: id } of rows) {
    // Identifiers cannot be bound as parameters: only the rollup tables pass.
    if (!known.has(table)) continue;
    await engine.exec(`OPTIMIZE TABLE traffic.${table} PARTITION ID {id:String} FINAL`, { id });
    partitions++;
  }
  return { partitions, ms: Date.now() - started };
}
