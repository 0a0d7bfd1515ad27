/**
 * Ingest benchmark: generates a file of N realistic access-log lines (JSON lines, as docs/ingest.md;
 * rows made inside the engine by the demo generator, then exported by it), and loads it with the
 * same code as `npm run ingest`, printing rows per second:
 *   1. plain file of 7 days of traffic, into access_log with the analysis rollups (what a real load costs),
 *   2. the same file gzip-compressed,
 *   3. a plain file of as many lines from one hour of traffic, with the rollups,
 *   4. the 7-day file with the rollup views removed (parse + check + move into the base table only),
 *   0. first, the peak memory of `npm run ingest` itself on half of the file and on all of it,
 *   5. the engine alone, without the loader, as the floor of any loader: reading the 7-day file
 *      (parse, nothing written), then `INSERT ... SELECT * FROM file()` of it with no checks and no
 *      rollups into access_log, and into an unsorted MergeTree without partitions.
 *
 *   npx tsx bench/ingest.ts                 # 1,000,000 lines
 *   npx tsx bench/ingest.ts --rows 200000 --batch-mb 48
 *   npx tsx bench/ingest.ts --peak-only     # only the peak memory of npm run ingest
 *
 * Target (issue 4, 2-core machine): 1 million rows per second or more.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { openTrafficEngine, type TrafficEngine } from '../server/stores/traffic/engine';
import { ensureTrafficSchema } from '../server/stores/traffic/schema';
import { allRollupTables } from '../server/stores/traffic/rollups';
import { ingestLogs, type IngestReport } from '../server/stores/traffic/ingest';
import { demoInsertSql, planDomains, type DemoDomain } from '../server/stores/traffic/trafficDemo';
import { runMain } from './benchKit';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const DOMAINS: DemoDomain[] = [
  { name: 'www.acme-media.example', account: 'acme', type: 'static' },
  { name: 'img.acme-media.example', account: 'acme', type: 'static' },
  { name: 'video.acme-video.com', account: 'acme_video', type: 'vod' },
  { name: 'dl.acme-media.example', account: 'acme', type: 'download' },
  { name: 'www.globex-corp.example', account: 'globex', type: 'static', scope: 'all' },
  { name: 'media.globex-corp.example', account: 'globex', type: 'vod', scope: 'all' },
];

/** `rows` lines spread over the last `hours` hours of the demo domains. */
async function makeFile(engine: TrafficEngine, rows: number, file: string, hours: number): Promise<void> {
  await engine.exec('CREATE TABLE traffic.bench_source AS traffic.access_log ENGINE = MergeTree ORDER BY ts');
  const now = Math.floor(Date.now() / 1000);
  const from = now - hours * 3600;
  const insert = demoInsertSql(planDomains(DOMAINS, rows, from), from, hours, 4242, 'traffic.bench_source');
  await engine.exec(insert.sql);
  await engine.exec("INSERT INTO FUNCTION file({f:String}, 'JSONEachRow') SELECT * FROM traffic.bench_source ORDER BY ts", { f: file });
  await engine.exec('DROP TABLE traffic.bench_source');
}

async function emptyStore(engine: TrafficEngine): Promise<void> {
  for (const t of ['traffic.access_log', ...allRollupTables()]) await engine.exec(`TRUNCATE TABLE IF EXISTS ${t}`);
}

type Load = Pick<IngestReport, 'rows' | 'ms' | 'rowsPerSecond' | 'rejected'>;

/** Runs one load and prints its rate; CPU seconds too, since other work on the machine skews wall time. */
async function timed(label: string, run: () => Promise<Load>, bytes: number): Promise<void> {
  const cpu = process.cpuUsage();
  const r = await run();
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  console.log(
    `${label.padEnd(40)} ${r.rows.toLocaleString('en-US').padStart(10)} rows ${(r.ms / 1000).toFixed(2).padStart(6)} s ` +
      `${r.rowsPerSecond.toLocaleString('en-US').padStart(9)} rows/s ${(bytes / 1e6 / (r.ms / 1000)).toFixed(0).padStart(4)} MB/s ` +
      `${cpuS.toFixed(1).padStart(5)} CPU-s (${((cpuS * 1e6) / r.rows).toFixed(1)} µs/row)  rejected ${r.rejected}`,
  );
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `npm run ingest` of `file` into a fresh data directory, in a process of its own: its peak resident
 * memory (the engine is in the same process), which must not grow with the file.
 */
function ingestPeak(label: string, file: string, dir: string): void {
  const dataDir = fs.mkdtempSync(path.join(dir, 'peak-'));
  const began = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', path.join(here, 'peakOnExit.ts'), path.join(here, '../server/cli/ingest.ts'), file],
    { encoding: 'utf8', env: { ...process.env, PORTAL_DATA_DIR: dataDir }, maxBuffer: 64 * 1024 * 1024 },
  );
  const peak = Number(/peakBytes=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
  const loaded = r.stdout.trim().split('\n')[0] ?? '';
  console.log(
    `${label.padEnd(40)} peak ${(peak / 1024 ** 3).toFixed(2)} GiB in ${((Date.now() - began) / 1000).toFixed(1)} s (exit ${r.status}; ${loaded})`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** One statement of the engine alone over the file (no loader), reported as a load of `rows` rows. */
async function statement(engine: TrafficEngine, sql: string, params: Record<string, unknown>, rows: number): Promise<Load> {
  const t = performance.now();
  await engine.exec(sql, params);
  const ms = performance.now() - t;
  return { rows, ms, rowsPerSecond: Math.round(rows / (ms / 1000)), rejected: 0 };
}

async function main() {
  const rows = Number(arg('rows') ?? 1_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  const engine = await openTrafficEngine({ dataDir: path.join(dir, 'data') });
  try {
    await ensureTrafficSchema(engine);
    const file = path.join(dir, 'access.jsonl');
    let t = Date.now();
    await makeFile(engine, rows, file, 168);
    const size = fs.statSync(file).size;
    console.log(
      `generated ${rows.toLocaleString('en-US')} lines, ${(size / 1e6).toFixed(0)} MB, in ${((Date.now() - t) / 1000).toFixed(1)} s (${os.cpus().length} CPUs)`,
    );
    t = Date.now();
    await pipeline(fs.createReadStream(file), zlib.createGzip({ level: 6 }), fs.createWriteStream(`${file}.gz`));
    console.log(`gzip: ${(fs.statSync(`${file}.gz`).size / 1e6).toFixed(0)} MB in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    // Memory of the CLI itself: half of the file, then all of it (the engine and the loader in one process):
    // beyond one insert's worth of domain-hours (DOMAIN_HOURS_PER_STATEMENT) the peak must stay flat.
    const half = path.join(dir, 'access-half.jsonl');
    fs.writeFileSync(half, spawnSync('head', ['-n', String(Math.ceil(rows / 2)), file], { maxBuffer: 1 << 30 }).stdout);
    ingestPeak(`npm run ingest, ${Math.ceil(rows / 2).toLocaleString('en-US')} lines`, half, dir);
    fs.rmSync(half, { force: true });
    ingestPeak(`npm run ingest, ${rows.toLocaleString('en-US')} lines`, file, dir);
    console.log('');
    if (process.argv.includes('--peak-only')) return;
    const batchMb = Number(arg('batch-mb') ?? 0);
    const opts = { tmpDir: path.join(dir, 'tmp'), ...(batchMb > 0 ? { batchBytes: batchMb * 1024 * 1024 } : {}) };
    const read = (f: string) => fs.createReadStream(f, { highWaterMark: 4 << 20 });

    await emptyStore(engine);
    await timed('plain JSON lines, base table + rollups', () => ingestLogs(engine, read(file), opts), size);
    await emptyStore(engine);
    await timed('gzip JSON lines, base table + rollups', () => ingestLogs(engine, read(`${file}.gz`), opts), size);
    // The same number of lines from one hour of traffic (a busier CDN's hourly file): the rollups
    // fold more lines into each row, so they write far fewer rows per line than over 7 days.
    const hourFile = path.join(dir, 'access-1h.jsonl');
    await makeFile(engine, rows, hourFile, 1);
    await emptyStore(engine);
    await timed('plain JSON lines, 1 hour, base + rollups', () => ingestLogs(engine, read(hourFile), opts), fs.statSync(hourFile).size);
    fs.rmSync(hourFile, { force: true });
    const views = await engine.query<{ name: string }>(
      "SELECT name FROM system.tables WHERE database = 'traffic' AND startsWith(name, 'mv_')",
    );
    for (const v of views) await engine.exec(`DROP TABLE traffic.${v.name}`);
    await emptyStore(engine);
    await timed('plain JSON lines, base table only', () => ingestLogs(engine, read(file), opts), size);

    // The engine alone, with the fastest settings tried (two insert threads): what no loader of
    // this file can beat on this machine.
    const columns = await engine.query<{ name: string; type: string }>(
      // the written columns (client_app is computed by the engine on insert)
      "SELECT name, type FROM system.columns WHERE database = 'traffic' AND table = 'access_log' AND default_kind = '' ORDER BY position",
    );
    const params = { f: file, s: columns.map((c) => `${c.name} ${c.type}`).join(', ') };
    const source = "file({f:String}, 'JSONEachRow', {s:String})";
    const settings = 'SETTINGS max_insert_threads = 2, max_threads = 2, min_insert_block_size_rows = 262144';
    console.log('\nthe engine alone (no checks, no rollups):');
    await timed(
      'parse only (nothing written)',
      () => statement(engine, `SELECT count(), sum(bytes), sum(length(url)) FROM ${source}`, params, rows),
      size,
    );
    await emptyStore(engine);
    await timed(
      'INSERT ... FROM file() into access_log',
      () => statement(engine, `INSERT INTO traffic.access_log SELECT * FROM ${source} ${settings}`, params, rows),
      size,
    );
    await engine.exec('CREATE TABLE traffic.bench_flat AS traffic.access_log ENGINE = MergeTree ORDER BY tuple()');
    await timed(
      'the same into an unsorted table',
      () => statement(engine, `INSERT INTO traffic.bench_flat SELECT * FROM ${source} ${settings}`, params, rows),
      size,
    );
    await engine.exec('DROP TABLE traffic.bench_flat');
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
