/**
 * Cloud monitoring (issue #20; target ≤ 5 s, so a minute's tick never overlaps the next): one
 * evaluation tick with `--rules N` (1,000) enabled rules over the traffic store. The store is the demo
 * at `--scale S` (1 = about 3 M access-log rows over 7 days; no 10 M-row store is generated here, the
 * row counts are printed), plus its availability records. The rules are spread over acme's and
 * globex's domains (1–5 each), every metric (availability ones included), every period, thresholds
 * around the demo's figures so that some fire (with their outbox rows); each has exactly its latest
 * period due, as in a steady minute. Prints the tick's wall time, the periods evaluated, the alarms
 * raised, and the time of a second tick at the same clock (nothing due).
 * Run: npm run bench -- monitTick [--rules 1000] [--scale 1] [--runs 3]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { evaluateRules, monitTiming } from '../server/lib/monitEngine';
import { MONIT_METRICS, MONIT_PERIODS } from '../src/lib/monitRules';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RULES = arg('rules', 1000);
const SCALE = arg('scale', 1);
const RUNS = arg('runs', 3);

/** A threshold near the middle of what the demo shows, per metric (comparison 'gt'). */
const THRESHOLDS: Record<(typeof MONIT_METRICS)[number], number> = {
  bandwidth: 5, traffic: 20, requests: 500, qps: 2, rate4xx: 3, rate5xx: 1, hitRate: 80, byteHitRate: 80, responseTime: 80, probeFailRate: 1, probeTotalTime: 250,
};

async function main() {
  // The tick is driven here: the jobs stay off.
  process.env.PORTAL_MONIT_TICK_MS = '0';
  process.env.PORTAL_MONIT_PROBE_MS = '0';
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-monit-'));
  const config = configFromEnv({ ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_DEMO: '1', PORTAL_DEMO_TRAFFIC_SCALE: String(SCALE), PORTAL_DEMO_LIVE: '0' } as NodeJS.ProcessEnv);
  let t = performance.now();
  const app = await buildApp(config);
  console.log(`demo store at scale ${SCALE} ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  try {
    const [{ n: logRows }] = await app.traffic.query<{ n: string }>('SELECT count() AS n FROM traffic.access_log');
    const [{ n: probeRows }] = await app.traffic.query<{ n: string }>('SELECT count() AS n FROM traffic.monit_probe');
    console.log(`traffic store: ${Number(logRows).toLocaleString('en')} access-log rows, ${Number(probeRows).toLocaleString('en')} availability records`);
    const domains = await app.db.query<{ name: string; account: string }>(
      `SELECT name, account FROM domains WHERE account IN ('acme', 'globex') ORDER BY name`,
    );
    const groups = await app.db.query<{ id: number; account: string }>('SELECT id, account FROM monit_groups');
    const byAccount = (a: string) => domains.filter((d) => d.account === a).map((d) => d.name);
    const accounts = ['acme', 'globex'].filter((a) => byAccount(a).length);
    // The clock of the tick: the latest whole hour past the lag, so every period length has one period due.
    const timing = { ...monitTiming(), lagSeconds: 60 };
    const hour = 3_600_000;
    const now = new Date(Math.floor((Date.now() - 60_000) / hour) * hour + 60_000 + 5_000);
    await app.db.query(
      `INSERT INTO monit_rules (uuid, account, name, domains, metric, period_minutes, comparison, threshold, consecutive, group_ids, channels, evaluated_until)
       SELECT gen_random_uuid(), r.account, 'bench rule ' || r.i, r.domains, r.metric, r.period, 'gt', r.threshold, 1 + r.i % 3, r.groups, ARRAY['email', 'webhook'],
              to_timestamp(floor(($2::double precision - 60) / (r.period * 60)) * r.period * 60 - r.period * 60)
       FROM jsonb_to_recordset($1::jsonb) AS r(i int, account text, domains text[], metric text, period int, threshold float8, groups int[])`,
      [JSON.stringify(Array.from({ length: RULES }, (_, i) => {
        const account = accounts[i % accounts.length];
        const own = byAccount(account);
        const metric = MONIT_METRICS[i % MONIT_METRICS.length];
        return {
          i, account, metric, period: MONIT_PERIODS[Math.floor(i / MONIT_METRICS.length) % MONIT_PERIODS.length],
          domains: Array.from({ length: 1 + (i % 5) }, (_, k) => own[(i * 7 + k * 3) % own.length]).filter((d, k, all) => all.indexOf(d) === k),
          threshold: THRESHOLDS[metric] * (0.5 + (i % 7) / 6), groups: groups.filter((g) => g.account === account).map((g) => g.id),
        };
      })), now.getTime() / 1000],
    );
    const [{ n: enabled }] = await app.db.query<{ n: string }>('SELECT count(*) AS n FROM monit_rules WHERE enabled');
    const uuids = `SELECT uuid FROM monit_rules WHERE name LIKE 'bench rule %'`;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Put every bench rule back to its state before the tick, so each run evaluates the same periods.
      await app.db.query(`DELETE FROM monit_notifications WHERE rule_uuid IN (${uuids})`);
      await app.db.query(`DELETE FROM monit_alarms WHERE rule_uuid IN (${uuids})`);
      await app.db.query(
        `UPDATE monit_rules SET state = 'ok', breaches = 0, event_id = NULL, last_notified = NULL,
           evaluated_until = to_timestamp(floor(($1::double precision - 60) / (period_minutes * 60)) * period_minutes * 60 - period_minutes * 60)
         WHERE name LIKE 'bench rule %'`,
        [now.getTime() / 1000],
      );
      t = performance.now();
      const periods = await evaluateRules(app, now, timing);
      const ms = performance.now() - t;
      times.push(ms);
      const [{ n: alarms }] = await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM monit_alarms WHERE rule_uuid IN (${uuids})`);
      const [{ n: outbox }] = await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM monit_notifications WHERE rule_uuid IN (${uuids})`);
      console.log(`tick ${run + 1}: ${Number(enabled)} enabled rules, ${periods} periods evaluated, ${alarms} alarms, ${outbox} outbox rows: ${ms.toFixed(0)} ms`);
    }
    t = performance.now();
    const again = await evaluateRules(app, now, timing);
    console.log(`same clock again (nothing due): ${again} periods, ${(performance.now() - t).toFixed(0)} ms`);
    times.sort((a, b) => a - b);
    console.log(`one tick with ${RULES} rules: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times[times.length - 1].toFixed(0)} ms (target ≤ 5000 ms)`);
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

void main();
