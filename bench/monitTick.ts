/**
 * Cloud monitoring (issue #20; target ≤ 5 s, so a minute's tick never overlaps the next): one
 * evaluation tick with `--rules N` (1,000) enabled rules over the 10 M-row store of the analysis
 * benchmark (`--rows`, 7 days of the 20 synthetic domains of bench/analysisData.ts, generated inside
 * the engine) plus two days of availability records of those domains. The config store is the demo's
 * (tenants, contacts, groups). The rules are spread over acme's (with acme_video's) and globex's
 * domains (1–5 each), every metric (availability ones included), every period, thresholds around the
 * data's figures so that some fire (with their outbox rows); each has exactly its latest period due,
 * as in a steady minute. Prints, per tick, wall and CPU time (process CPU: chDB's engine threads are
 * in process) and where the wall time went (traffic queries, config store), the periods evaluated,
 * the alarms raised; then a second tick at the same clock (nothing due), and the load average.
 * Run: npm run bench -- monitTick [--rules 1000] [--rows 10000000] [--runs 5] [--data /tmp/benchmonit (keep / reuse)]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { evaluateRules } from '../server/services/monitoring';
import { seedDemoProbes } from '../server/stores/traffic/monitoringProbe';
import type { TrafficEngine } from '../server/stores/traffic/engine';
import { MONIT_METRICS, MONIT_PERIODS } from '../common/rules/monitoring';
import { BENCH_DOMAIN_COUNT, benchDomain, benchInsertSql, hourlyCounts } from './analysisData';
import { demoConfig } from './benchKit';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RULES = Number(arg('rules', '1000'));
const ROWS = Number(arg('rows', '10000000'));
const RUNS = Number(arg('runs', '5'));
const KEEP = arg('data', '');

/** A threshold near the middle of what the data shows, per metric (comparison 'gt'). */
const THRESHOLDS: Record<(typeof MONIT_METRICS)[number], number> = {
  bandwidth: 5,
  traffic: 20,
  requests: 500,
  qps: 2,
  rate4xx: 3,
  rate5xx: 1,
  hitRate: 80,
  byteHitRate: 80,
  responseTime: 80,
  probeFailRate: 1,
  probeTotalTime: 250,
  // the security metrics count the bench accounts' attacks and events (none here): their rules cost their reads only
  ippAttack: 1,
  wafEvents: 10,
};

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The analysis benchmark's store: one INSERT … SELECT per hour of the 7 days ending at `end`, in time order. */
async function generate(traffic: TrafficEngine, rows: number, end: number): Promise<void> {
  const t0 = Date.now();
  let first = 0;
  for (const [h, n] of hourlyCounts(rows, end).entries()) {
    await traffic.exec(`${benchInsertSql(first, n, end - 7 * 86400 + h * 3600, 3600)} SETTINGS optimize_on_insert = 0`);
    first += n;
  }
  // Background merges done, as in a store that has been receiving logs for a while.
  for (let quiet = 0; quiet < 3 && Date.now() - t0 < 900_000; await new Promise((r) => setTimeout(r, 1000))) {
    const [m] = await traffic.query<{ n: string }>('SELECT count() AS n FROM system.merges');
    quiet = Number(m.n) === 0 ? quiet + 1 : 0;
  }
  console.log(`generated ${rows.toLocaleString('en')} rows in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  // The tick is driven here: the jobs stay off.
  process.env.PORTAL_MONIT_TICK_MS = '0';
  process.env.PORTAL_MONIT_PROBE_MS = '0';
  // The demo's config store without its traffic (the seeder reads the scale from the environment): the access logs are the analysis
  // benchmark's.
  process.env.PORTAL_DEMO_TRAFFIC_SCALE = '0';
  const dataDir = KEEP || fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-monit-'));
  const marker = path.join(dataDir, 'bench-monit.json');
  const reuse = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { rows: number; end: number }) : null;
  if (reuse && reuse.rows !== ROWS) fs.rmSync(dataDir, { recursive: true, force: true });
  const fresh = !(reuse && reuse.rows === ROWS);
  console.log(`load average ${loadavg()}`);
  const config = demoConfig(dataDir, '0');
  const app = await buildApp(config);
  const domains = Array.from({ length: BENCH_DOMAIN_COUNT }, (_, i) => benchDomain(i));
  let end = reuse?.end ?? Math.floor(Date.now() / 1000 / 300) * 300;
  try {
    if (fresh) {
      await generate(app.traffic, ROWS, end);
      await seedDemoProbes(
        app.traffic,
        domains.map((d) => ({ name: d.domain, account: d.account })),
        new Date(end * 1000),
      );
      fs.writeFileSync(marker, JSON.stringify({ rows: ROWS, end }));
    } else console.log(`reusing ${dataDir}`);
    end = Math.floor(end / 3600) * 3600;
    const [{ n: logRows }] = await app.traffic.query<{ n: string }>('SELECT count() AS n FROM traffic.access_log');
    const [{ n: probeRows }] = await app.traffic.query<{ n: string }>('SELECT count() AS n FROM traffic.monit_probe');
    console.log(
      `traffic store: ${Number(logRows).toLocaleString('en')} access-log rows, ${Number(probeRows).toLocaleString('en')} availability records`,
    );
    const groups = await app.db.query<{ id: number; account: string }>('SELECT id, account FROM monit_groups');
    // acme's rules take the domains of acme and its sub-account acme_video, globex's its own.
    const own = (account: string) =>
      domains.filter((d) => (account === 'acme' ? d.account !== 'globex' : d.account === 'globex')).map((d) => d.domain);
    const accounts = ['acme', 'globex'];
    // The clock of the tick: a whole hour of the data plus the lag, so every period length has one period due.
    const timing = { ...app.config.monit.timing, lagSeconds: 60 };
    const now = new Date(end * 1000 + 65_000);
    await app.db.query(`DELETE FROM monit_rules WHERE name LIKE 'bench rule %'`);
    await app.db.query(
      `INSERT INTO monit_rules (uuid, account, name, domains, metric, period_minutes, comparison, threshold, consecutive, group_ids, channels, evaluated_until)
       SELECT gen_random_uuid(), r.account, 'bench rule ' || r.i, r.domains, r.metric, r.period, 'gt', r.threshold, 1 + r.i % 3, r.groups, ARRAY['email', 'webhook'],
              to_timestamp(floor(($2::double precision - 60) / (r.period * 60)) * r.period * 60 - r.period * 60)
       FROM jsonb_to_recordset($1::jsonb) AS r(i int, account text, domains text[], metric text, period int, threshold float8, groups int[])`,
      [
        JSON.stringify(
          Array.from({ length: RULES }, (_, i) => {
            const account = accounts[i % accounts.length];
            const names = own(account);
            const metric = MONIT_METRICS[i % MONIT_METRICS.length];
            return {
              i,
              account,
              metric,
              period: MONIT_PERIODS[Math.floor(i / MONIT_METRICS.length) % MONIT_PERIODS.length],
              domains: Array.from({ length: 1 + (i % 5) }, (_, k) => names[(i * 7 + k * 3) % names.length]).filter(
                (d, k, all) => all.indexOf(d) === k,
              ),
              threshold: THRESHOLDS[metric] * (0.5 + (i % 7) / 6),
              groups: groups.filter((g) => g.account === account).map((g) => g.id),
            };
          }),
        ),
        now.getTime() / 1000,
      ],
    );
    const [{ n: enabled }] = await app.db.query<{ n: string }>('SELECT count(*) AS n FROM monit_rules WHERE enabled');
    const uuids = `SELECT uuid FROM monit_rules WHERE name LIKE 'bench rule %'`;

    // Where the wall time goes: the traffic queries are timed; the rest of the tick is the config store and the engine's own work.
    let trafficMs = 0;
    const query = app.traffic.query.bind(app.traffic);
    app.traffic.query = async <T>(sql: string, params?: Record<string, unknown>) => {
      const t = performance.now();
      try {
        return await query<T>(sql, params);
      } finally {
        trafficMs += performance.now() - t;
      }
    };
    const walls: number[] = [];
    const cpus: number[] = [];
    const traffics: number[] = [];
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
      trafficMs = 0;
      const cpu0 = process.cpuUsage();
      const t = performance.now();
      const periods = await evaluateRules(app, now, timing);
      const ms = performance.now() - t;
      const cpu = process.cpuUsage(cpu0);
      walls.push(ms);
      cpus.push((cpu.user + cpu.system) / 1000);
      traffics.push(trafficMs);
      const [{ n: alarms }] = await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM monit_alarms WHERE rule_uuid IN (${uuids})`);
      const [{ n: outbox }] = await app.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM monit_notifications WHERE rule_uuid IN (${uuids})`,
      );
      console.log(
        `tick ${run + 1}: ${Number(enabled)} enabled rules, ${periods} periods evaluated, ${alarms} alarms, ${outbox} outbox rows: ` +
          `wall ${ms.toFixed(0)} ms (traffic queries ${trafficMs.toFixed(0)}, config store and engine ${(ms - trafficMs).toFixed(0)}), CPU ${cpus.at(-1)!.toFixed(0)} ms; load ${loadavg()}`,
      );
    }
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const again = await evaluateRules(app, now, timing);
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `same clock again (nothing due): ${again} periods, wall ${(performance.now() - t).toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
    );
    console.log(
      `one tick with ${RULES} rules over ${Number(logRows).toLocaleString('en')} rows, median of ${RUNS}: wall ${median(walls).toFixed(0)} ms ` +
        `(${Math.min(...walls).toFixed(0)}–${Math.max(...walls).toFixed(0)}; traffic queries ${median(traffics).toFixed(0)}), CPU ${median(cpus).toFixed(0)} ms (target ≤ 5000 ms wall); load average ${loadavg()}`,
    );
  } finally {
    await app.close();
    if (!KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
