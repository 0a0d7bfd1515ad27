import type { TrafficEngine } from '../stores/traffic/engine';
import type { ConfigDb } from '../stores/config/db';
import { demoInsertSql, planDomains } from './trafficSql';
import { DEMO_DAYS, DEMO_ROWS, readDemoDomains } from './traffic';
import { insertLineBandwidth } from './trafficLines';

/** At most this much is generated per top-up (a server that was off for days catches up step by step). */
const MAX_STEP_S = 6 * 3600;

/**
 * Extends the demo access logs and line bandwidth from where they end up to `now`, so a demo server
 * keeps showing live traffic. Rows are generated for whole hours into a staging table inside the
 * engine and only those up to `now` are moved, so nothing lies in the future.
 */
export async function topUpDemoTraffic(engine: TrafficEngine, db: ConfigDb, scale: number, nowMs = Date.now()): Promise<{ rows: number; lineSamples: number }> {
  const now = Math.floor(nowMs / 1000);
  let rows = 0;
  const [last] = await engine.query<{ t: number | string }>('SELECT toUnixTimestamp(max(ts)) AS t FROM traffic.access_log');
  const from = Number(last?.t ?? 0) + 1;
  if (from > 1 && now - from >= 60 && scale > 0) {
    const start = Math.max(from, now - MAX_STEP_S);
    const hours = Math.max(1, Math.ceil((now - start) / 3600));
    const domains = await readDemoDomains(db);
    const total = Math.round(DEMO_ROWS * scale * (hours / (DEMO_DAYS * 24)));
    if (domains.length && total > 0) {
      await engine.exec('CREATE TABLE IF NOT EXISTS traffic.demo_staging AS traffic.access_log ENGINE = Memory');
      await engine.exec('TRUNCATE TABLE traffic.demo_staging');
      const insert = demoInsertSql(planDomains(domains, total, start), start, hours, start % 100_003, 'traffic.demo_staging');
      await engine.exec(insert.sql);
      const [moved] = await engine.query<{ n: number | string }>(
        'SELECT count() AS n FROM traffic.demo_staging WHERE ts <= toDateTime({now:UInt32})',
        { now },
      );
      await engine.exec('INSERT INTO traffic.access_log SELECT * FROM traffic.demo_staging WHERE ts <= toDateTime({now:UInt32})', { now });
      await engine.exec('TRUNCATE TABLE traffic.demo_staging');
      rows = Number(moved?.n ?? 0);
    }
  }
  let lineSamples = 0;
  const [line] = await engine.query<{ t: number | string; n: number | string }>(
    'SELECT toUnixTimestamp(max(ts)) AS t, count() AS n FROM traffic.line_bandwidth_1m',
  );
  if (Number(line?.n ?? 0) > 0) {
    const lineFrom = Math.max(Number(line.t) + 60, now - MAX_STEP_S);
    const lineEnd = Math.floor(now / 60) * 60;
    if (lineEnd > lineFrom) lineSamples = await insertLineBandwidth(engine, lineFrom, lineEnd);
  }
  return { rows, lineSamples };
}
