/**
 * Analysis query benchmark: generates N synthetic access-log rows inside the engine (temp data dir)
 * and prints the median and p95 latency of every analysis query over a one-day and a seven-day
 * range, for one domain and for a whole account. One domain over a day is measured three ways: the
 * portal's 'yesterday' and 'today' presets, and the last 24 hours (a custom range, ending at the
 * current 5-minute mark: two partial hours, the worst case for the hour-level rollups).
 *
 *   npx tsx bench/analysis.ts                    # 10 M and 100 M rows
 *   npx tsx bench/analysis.ts --rows 10000000    # one size
 *   npx tsx bench/analysis.ts --rows 10000000 --data /tmp/bench10m   # keep / reuse the data dir
 *   --runs 15 (timed runs per query), --only urlTop,hitRate (queries whose name contains one of them)
 *   --scenario 'domain' (scenarios whose name contains it)
 *   --source rollups|base (force one source instead of the portal's choice, to find break-evens)
 *   --generate-only (with --data: generate and settle the store, print its time and memory, measure nothing)
 *
 * Each query is run interleaved with its plain-SQL twin (bench/analysisTwins.ts: the same question
 * as GROUP BY over the base table) and their median ratio is printed.
 *
 * Targets (issues 4 and 21, 2-core machine): <= 30 ms median at 10 M rows for one domain over a day,
 * <= 300 ms median at 100 M rows for a whole account over seven days; no query slower than its
 * plain-SQL twin (ratio <= 1.0), <= 0.25 for a whole account over seven days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTrafficEngine, type TrafficEngine } from '../server/stores/traffic/engine';
import { ensureTrafficSchema } from '../server/stores/traffic/schema';
import { compactRollups } from '../server/stores/traffic/compaction';
import { benchDomain, benchInsertSql, hourlyCounts } from './analysisData';
import { analysisQueries } from './analysisQueries';
import { topAccuracy } from './topAccuracy';
import { runTwin } from './analysisTwins';
import { estimateRows } from '../server/stores/traffic/analysis/estimate';
import type { Search } from '../server/stores/traffic/analysis/search';
import { pctile, runMain } from './benchKit';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** The whole account: acme and its sub-account acme_video (12 of the 20 domains, most of the traffic). */
const ACCOUNT_TREE = ['acme', 'acme_video'];

/** One INSERT per hour of the 7 days, in time order (the views aggregate each hour's block). */
async function generate(engine: TrafficEngine, rows: number, end: number): Promise<void> {
  const t0 = Date.now();
  const counts = hourlyCounts(rows, end);
  let first = 0;
  for (const [h, n] of counts.entries()) {
    // The views already aggregate each block; re-merging equal keys on insert would find nothing.
    await engine.exec(`${benchInsertSql(first, n, end - 7 * 86400 + h * 3600, 3600)} SETTINGS optimize_on_insert = 0`);
    first += n;
    const s = (Date.now() - t0) / 1000;
    if (h % 24 === 23 || h === counts.length - 1)
      process.stdout.write(
        `\r  generated ${(first / 1e6).toFixed(1)} M rows in ${s.toFixed(0)} s (${Math.round(first / s).toLocaleString('en')} rows/s)   `,
      );
  }
  process.stdout.write('\n');
}

/**
 * Brings fresh data to the state of a store that has been receiving logs for a while: background
 * merges done, and each rollup partition in one part as the tables' forced merges leave it
 * (FORCE_MERGE_AFTER_SECONDS; otherwise it would be measured with hundreds of small parts).
 */
async function settle(engine: TrafficEngine): Promise<void> {
  const t0 = Date.now();
  let quiet = 0;
  while (quiet < 3 && Date.now() - t0 < 600_000) {
    const [m] = await engine.query<{ n: number | string }>('SELECT count() AS n FROM system.merges');
    quiet = Number(m.n) === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
  // What the forced background merges do within the hour.
  const compacted = await compactRollups(engine);
  const [p] = await engine.query<{ n: number | string }>("SELECT count() AS n FROM system.parts WHERE active AND database = 'traffic'");
  console.log(
    `  merges settled, ${compacted.partitions} rollup partitions compacted (${(compacted.ms / 1000).toFixed(0)} s), in ` +
      `${((Date.now() - t0) / 1000).toFixed(0)} s (${p.n} active parts)`,
  );
}

async function prepare(rows: number, dataDir: string): Promise<{ engine: TrafficEngine; end: number }> {
  const marker = path.join(dataDir, 'bench-analysis.json');
  const reuse = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { rows: number; end: number }) : null;
  if (reuse && reuse.rows !== rows) fs.rmSync(dataDir, { recursive: true, force: true });
  const engine = await openTrafficEngine({ dataDir });
  if (reuse && reuse.rows === rows) {
    console.log(`  reusing ${dataDir} (${rows.toLocaleString('en')} rows)`);
    // Rollups of a changed definition (ROLLUP_VERSION) are rebuilt here: settle them as after generation.
    const t0 = Date.now();
    await ensureTrafficSchema(engine);
    console.log(`  schema checked in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    await settle(engine);
    return { engine, end: reuse.end };
  }
  await ensureTrafficSchema(engine);
  const end = Math.floor(Date.now() / 1000 / 300) * 300;
  // The engine runs in this process: its peak resident memory and CPU are the process's.
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await generate(engine, rows, end);
  const cpuGen = process.cpuUsage(cpu0);
  const wallGen = performance.now() - wall0;
  await settle(engine);
  const cpuAll = process.cpuUsage(cpu0);
  const gib = (process.resourceUsage().maxRSS * 1024) / 2 ** 30;
  const cpuS = (c: NodeJS.CpuUsage) => ((c.user + c.system) / 1e6).toFixed(0);
  console.log(
    `  generation: ${(wallGen / 1000).toFixed(0)} s wall, ${cpuS(cpuGen)} s CPU; with settling: ` +
      `${((performance.now() - wall0) / 1000).toFixed(0)} s wall, ${cpuS(cpuAll)} s CPU; peak RSS ${gib.toFixed(2)} GiB; ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  fs.writeFileSync(marker, JSON.stringify({ rows, end }));
  return { engine, end };
}

async function main() {
  const sizes = arg('rows') ? [Number(arg('rows'))] : [10_000_000, 100_000_000];
  const runs = Number(arg('runs') ?? 15);
  const only = arg('only');
  const source = arg('source') ?? 'auto';
  const generateOnly = process.argv.includes('--generate-only');
  if (generateOnly && !arg('data')) throw new Error('--generate-only needs --data DIR (the store is kept for later runs)');
  for (const rows of sizes) {
    const keep = arg('data');
    const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analysis-'));
    console.log(
      `\n== ${rows.toLocaleString('en')} rows (${dataDir}); load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const { engine, end } = await prepare(rows, dataDir);
    if (generateOnly) {
      await engine.close();
      continue;
    }
    const base = { providers: [], continent: [], country: [], province: [], isp: [], interval: '5m' as const, tz: 'Asia/Shanghai' };
    const top = benchDomain(0);
    // The portal's day presets start at midnight in the client's zone (Asia/Shanghai, UTC+8, no
    // daylight saving): 'yesterday' is a whole day, 'today' (the default range) runs to now.
    const today = Math.floor((end + 8 * 3600) / 86400) * 86400 - 8 * 3600;
    const domain = { ...base, accounts: [top.account], domains: [top.domain] };
    const account = { ...base, accounts: ACCOUNT_TREE, domains: [] };
    const scenarios: { name: string; search: Search }[] = [
      { name: '1 domain, yesterday', search: { ...domain, start: today - 86400, end: today } },
      { name: '1 domain, today', search: { ...domain, start: today, end } },
      { name: '1 domain, last 24 h', search: { ...domain, start: end - 86400, end } },
      { name: '1 domain, 7 days', search: { ...domain, start: end - 7 * 86400, end } },
      { name: 'account, 1 day', search: { ...account, start: end - 86400, end } },
      { name: 'account, 7 days', search: { ...account, start: end - 7 * 86400, end } },
    ];
    const picked = arg('scenario');
    if (picked) scenarios.splice(0, scenarios.length, ...scenarios.filter((sc) => sc.name.includes(picked)));
    for (const sc of scenarios)
      console.log(`  ${sc.name}: about ${(await estimateRows(engine, sc.search)).toLocaleString('en')} base rows`);
    const queries = analysisQueries().filter((q) => !only || only.split(',').some((o) => q.name.includes(o)));
    const table: string[][] = [['query', ...scenarios.map((s) => `${s.name}: portal / plain SQL median ms (ratio), portal p95`)]];
    const ratios: { scenario: string; ratio: number }[] = [];
    // Process CPU (chDB's threads included) beside the wall time of the whole table.
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    for (const q of queries) {
      const cells: string[] = [q.name];
      for (const sc of scenarios) {
        // As a route asks: the search carries the estimate of the rows it covers (cached a minute).
        // --source rollups / base forces one source (to find each shape's break-even).
        const portal = async () =>
          q.run(engine, {
            ...sc.search,
            rows: source === 'rollups' ? undefined : source === 'base' ? 0 : await estimateRows(engine, sc.search),
          });
        const plain = () => runTwin(engine, q.name, sc.search);
        const times: number[] = [];
        const twin: number[] = [];
        // Interleaved, so that the machine's state weighs on both alike.
        for (let i = 0; i < runs + 2; i++) {
          let t0 = performance.now();
          await portal();
          if (i >= 2) times.push(performance.now() - t0);
          t0 = performance.now();
          await plain();
          if (i >= 2) twin.push(performance.now() - t0);
        }
        const ratio = pctile(times, 50) / pctile(twin, 50);
        ratios.push({ scenario: sc.name, ratio });
        cells.push(
          `${pctile(times, 50).toFixed(1)} / ${pctile(twin, 50).toFixed(1)} (${ratio.toFixed(2)}), ${pctile(times, 95).toFixed(1)}`,
        );
      }
      table.push(cells);
      console.log(`  ${cells.join(' | ')}`);
    }
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    console.log(
      `\n${table.map((r, j) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |${j === 0 ? `\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|` : ''}`).join('\n')}`,
    );
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `queries and twins: ${((performance.now() - wall0) / 1000).toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU; ` +
        `load average at the end: ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    for (const sc of scenarios) {
      const rs = ratios.filter((r) => r.scenario === sc.name).map((r) => r.ratio);
      console.log(
        `portal / plain SQL, ${sc.name}: max ${Math.max(...rs).toFixed(2)}, median ${pctile(rs, 50).toFixed(2)} over ${rs.length} queries`,
      );
    }
    // The top-100 lists come from sketch candidates: how they compare with the exact lists.
    for (const sc of scenarios) console.log(`top-100 lists, ${sc.name}: ${await topAccuracy(engine, sc.search)}`);
    await engine.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
