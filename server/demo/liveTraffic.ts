import type { TrafficEngine } from '../stores/traffic/engine';
import type { ConfigDb } from '../stores/config/db';
import { insertLiveRows, lastLineBandwidth, lastLoggedSecond, planDomains } from '../stores/traffic/trafficDemo';
import { DEMO_DAYS, DEMO_ROWS } from './traffic';
import { demoTrafficDomains } from './domains';
import { insertLineBandwidth } from './trafficLines';

/** At most this much is generated per top-up (a server that was off for days catches up step by step). */
const MAX_STEP_S = 6 * 3600;

/**
 * Extends the demo access logs and line bandwidth from where they end up to `now`, so a demo server
 * keeps showing live traffic. Rows are generated for whole hours into a staging table inside the
 * engine and only those up to `now` are moved, so nothing lies in the future.
 */
export async function topUpDemoTraffic(
  engine: TrafficEngine,
  db: ConfigDb,
  scale: number,
  nowMs = Date.now(),
): Promise<{ rows: number; lineSamples: number }> {
  const now = Math.floor(nowMs / 1000);
  let rows = 0;
  const from = (await lastLoggedSecond(engine)) + 1;
  if (from > 1 && now - from >= 60 && scale > 0) {
    const start = Math.max(from, now - MAX_STEP_S);
    const hours = Math.max(1, Math.ceil((now - start) / 3600));
    const domains = await demoTrafficDomains(db);
    const total = Math.round(DEMO_ROWS * scale * (hours / (DEMO_DAYS * 24)));
    if (domains.length && total > 0) {
      rows = await insertLiveRows(engine, planDomains(domains, total, start), start, hours, start % 100_003, now);
    }
  }
  let lineSamples = 0;
  const line = await lastLineBandwidth(engine);
  if (line.samples > 0) {
    const lineFrom = Math.max(line.last + 60, now - MAX_STEP_S);
    const lineEnd = Math.floor(now / 60) * 60;
    if (lineEnd > lineFrom) lineSamples = await insertLineBandwidth(engine, lineFrom, lineEnd);
  }
  return { rows, lineSamples };
}

/**
 * Extends a demo series that ends at `last` (epoch s; 0: nothing to extend) to the present minute, at
 * most a day back: `fill(end, minutes)` writes the minutes before `end`. Returns the minutes written.
 */
export async function topUpToNow(last: number, now: number, fill: (end: number, minutes: number) => Promise<void>): Promise<number> {
  if (!last) return 0;
  const end = Math.floor(now / 60_000) * 60;
  const minutes = Math.min(1440, Math.floor((end - last) / 60) - 1);
  await fill(end, minutes);
  return Math.max(0, minutes);
}
