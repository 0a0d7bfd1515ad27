/**
 * npm run ingest -- <file|-> [--kind access] [--batch-mb 48] [--max-errors 10000] [--server http://host:port]
 *
 * Loads records of one kind (default CDN access logs; kinds in server/stores/traffic/recordKinds.ts;
 * JSON lines, plain or gzip; formats in docs/ingest.md) into the traffic
 * store of PORTAL_DATA_DIR (or CLICKHOUSE_URL), the same store the server uses; `host_inventory`
 * into its config store (PGlite of PORTAL_DATA_DIR, or DATABASE_URL). chDB keeps its data
 * directory to one process: while the server runs on it, pass --server and the file is sent to the
 * server's POST /api/log/ingest in parts instead (token from PORTAL_INGEST_TOKEN).
 * Exit code: 0 all lines loaded, 2 some lines rejected, 1 stopped or failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../config';
import { openTrafficEngine } from '../stores/traffic/engine';
import { ensureTrafficSchema } from '../stores/traffic/schema';
import { decoded, ingestRecords, lineBatches, type IngestProgress, type IngestReport } from '../stores/traffic/ingest';
import { RECORD_KINDS, recordKind } from '../stores/traffic/recordKinds';
import { openConfigDb } from '../stores/config/db';
import { HOST_INVENTORY_KIND, ingestHostInventory } from '../services/hosts';

interface Args {
  input: string;
  kind: string;
  batchMb: number;
  maxErrors: number;
  server?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { batchMb: 48, maxErrors: 10_000, kind: 'access' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--batch-mb') args.batchMb = Number(argv[++i]);
    else if (a === '--max-errors') args.maxErrors = Number(argv[++i]);
    else if (a === '--server') args.server = argv[++i];
    else if (a === '--kind') args.kind = argv[++i];
    else if (a === '-h' || a === '--help') usage(0);
    else if (!args.input) args.input = a;
    else usage(1);
  }
  if (!args.input || !(args.batchMb! > 0) || !(args.maxErrors! >= 0) || (!recordKind(args.kind) && args.kind !== HOST_INVENTORY_KIND))
    usage(1);
  return args as Args;
}

function usage(code: number): never {
  process.stderr.write(
    `usage: npm run ingest -- <file|-> [--kind ${[...Object.keys(RECORD_KINDS), HOST_INVENTORY_KIND].join('|')}] ` +
      '[--batch-mb 48] [--max-errors 10000] [--server http://host:port]\n',
  );
  process.exit(code);
}

const fmt = (n: number) => n.toLocaleString('en-US');

function progress(p: IngestProgress) {
  const rate = p.ms > 0 ? Math.round((p.rows * 1000) / p.ms) : 0;
  process.stderr.write(
    `[ingest] batch ${p.batches} · lines ${fmt(p.lines)} · accepted ${fmt(p.rows)} · rejected ${fmt(p.rejected)} · ${fmt(rate)} rows/s\n`,
  );
}

function summary(r: IngestReport): number {
  process.stdout.write(
    `loaded ${fmt(r.rows)} rows from ${fmt(r.lines)} lines in ${(r.ms / 1000).toFixed(2)} s ` +
      `(${fmt(r.rowsPerSecond)} rows/s); rejected ${fmt(r.rejected)}\n`,
  );
  if (r.rejectedLines.length) {
    const more = r.rejected > r.rejectedLines.length ? ` (first ${r.rejectedLines.length} of ${fmt(r.rejected)})` : '';
    process.stdout.write(`rejected lines${more}: ${r.rejectedLines.join(', ')}\n`);
  }
  if (r.aborted) process.stdout.write(`stopped: ${r.aborted}\n`);
  return r.aborted ? 1 : r.rejected ? 2 : 0;
}

function source(input: string): AsyncIterable<Buffer> {
  return input === '-' ? process.stdin : fs.createReadStream(input, { highWaterMark: 4 << 20 });
}

/** Sends the file to a running server in parts; line numbers continue across parts. */
async function viaServer(args: Args): Promise<IngestReport> {
  const token = process.env.PORTAL_INGEST_TOKEN;
  if (!token) throw new Error('PORTAL_INGEST_TOKEN is not set');
  const total: IngestReport = {
    batches: 0,
    lines: 0,
    rows: 0,
    rejected: 0,
    bytes: 0,
    ms: 0,
    rejectedLines: [],
    rowsPerSecond: 0,
    aborted: null,
  };
  const began = Date.now();
  for await (const part of lineBatches(decoded(source(args.input)), args.batchMb * 1024 * 1024)) {
    const url =
      `${args.server!.replace(/\/$/, '')}/api/log/ingest?kind=${encodeURIComponent(args.kind)}` +
      `&firstLine=${total.lines + 1}&maxErrors=${Math.max(0, args.maxErrors - total.rejected)}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      body: new Uint8Array(part),
    });
    const body = (await res.json()) as { code: string; data: IngestReport | null; msg: string };
    if (body.code !== '0' || !body.data)
      throw new Error(`server refused the part at line ${total.lines + 1}: HTTP ${res.status} ${body.msg}`);
    const r = body.data;
    total.batches++;
    total.lines += r.lines;
    total.rows += r.rows;
    total.rejected += r.rejected;
    total.bytes += r.bytes;
    total.rejectedLines.push(...r.rejectedLines.slice(0, Math.max(0, 1000 - total.rejectedLines.length)));
    total.ms = Date.now() - began;
    progress(total);
    if (r.aborted) {
      total.aborted = r.aborted;
      break;
    }
  }
  total.ms = Date.now() - began;
  total.rowsPerSecond = total.ms > 0 ? Math.round((total.rows * 1000) / total.ms) : total.rows;
  return total;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.input !== '-' && !fs.existsSync(args.input)) {
    process.stderr.write(`no such file: ${args.input}\n`);
    process.exit(1);
  }
  if (args.server) process.exit(summary(await viaServer(args)));
  const config = configFromEnv();
  if (args.kind === HOST_INVENTORY_KIND) {
    // The inventory lives in the config store (PGlite of PORTAL_DATA_DIR, or DATABASE_URL).
    const db = await openConfigDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      process.exitCode = summary(await ingestHostInventory(db, source(args.input), { maxErrors: args.maxErrors, onProgress: progress }));
    } finally {
      await db.close();
    }
    return;
  }
  const engine = await openTrafficEngine({ dataDir: config.dataDir, clickhouseUrl: config.clickhouseUrl });
  try {
    await ensureTrafficSchema(engine);
    const report = await ingestRecords(engine, recordKind(args.kind)!, source(args.input), {
      tmpDir: path.join(os.tmpdir(), 'portal-ingest'),
      batchBytes: args.batchMb * 1024 * 1024,
      maxErrors: args.maxErrors,
      onProgress: progress,
    });
    process.exitCode = summary(report);
  } finally {
    await engine.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`ingest failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
