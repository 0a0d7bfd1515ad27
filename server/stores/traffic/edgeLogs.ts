import type { TrafficEngine } from './engine';

/**
 * The exactly-once check of edge log parts (issue #33, docs/edge.md): rows of one node within a time
 * range. Log parts of one node are loaded one at a time, so the count before a part's insert plus its
 * rows is what the count is once that insert happened.
 */
export async function nodeRowCount(engine: TrafficEngine, node: string, from: Date, to: Date): Promise<number> {
  const [row] = await engine.query<{ n: number | string }>(
    `SELECT count() AS n FROM traffic.access_log
     WHERE edge_node = {node:String} AND ts >= toDateTime({from:UInt32}, 'UTC') AND ts <= toDateTime({to:UInt32}, 'UTC')`,
    { node, from: Math.floor(from.getTime() / 1000), to: Math.ceil(to.getTime() / 1000) },
  );
  return Number(row?.n ?? 0);
}
