import type { TrafficEngine } from './engine';
import { allRollupTables } from './rollups';

/**
 * Compaction of closed rollup partitions. Background merges leave a partition in several parts
 * when their sizes differ much, and every part costs each query an index analysis and a read per
 * column (docs/analysis.md has the figures). A partition is closed once its period (UTC day or month, as its id says) has
 * ended: no log for it arrives any more in the normal course, so merging it into one part is done
 * once. Late logs for a closed day make a new part, which the next pass merges again.
 */

const dayId = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

export interface CompactionReport {
  partitions: number;
  ms: number;
}

export async function compactClosedPartitions(engine: TrafficEngine, now = new Date()): Promise<CompactionReport> {
  const started = Date.now();
  const today = dayId(now);
  const month = today.slice(0, 6);
  const known = new Set(allRollupTables().map((t) => t.replace('traffic.', '')));
  const rows = await engine.query<{ table: string; partition_id: string }>(
    `SELECT table, partition_id FROM system.parts
     WHERE active AND database = 'traffic' AND startsWith(table, 'r_')
     GROUP BY table, partition_id HAVING count() > 1 ORDER BY partition_id, table`,
  );
  let partitions = 0;
  for (const { table, partition_id: id } of rows) {
    // Identifiers cannot be bound as parameters: only the rollup tables and day/month ids pass.
    if (!known.has(table)) continue;
    const closed = (/^\d{8}$/.test(id) && id < today) || (/^\d{6}$/.test(id) && id < month);
    if (!closed) continue;
    await engine.exec(`OPTIMIZE TABLE traffic.${table} PARTITION ID {id:String} FINAL`, { id });
    partitions++;
  }
  return { partitions, ms: Date.now() - started };
}
