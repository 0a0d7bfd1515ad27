import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { TrafficEngine } from './engine';
import { ACCESS_LOG_COLUMNS } from './schema';
import { DOMAIN_HOURS_PER_STATEMENT } from './rollups';

/**
 * Loading access logs (docs/ingest.md): JSON lines with the columns of traffic.access_log, plain or
 * gzip (detected by its magic bytes). The engine parses every byte; JavaScript only cuts the input
 * into batches at line ends. Each batch is parsed into its own staging table and checked there with
 * one query; checked batches are then moved into access_log whole, several at a time (one insert per
 * million rows or so), so a batch is never half loaded. When a batch holds malformed lines, it is
 * parsed again with every line tagged with its number, so that the report names each rejected line.
 */

export interface IngestProgress {
  batches: number;
  /** lines read (blank lines included) */
  lines: number;
  rows: number;
  rejected: number;
  /** uncompressed bytes read */
  bytes: number;
  ms: number;
}

export interface IngestReport extends IngestProgress {
  /** line numbers (1-based) of the rejected lines, the first `maxReportedLines` of them */
  rejectedLines: number[];
  rowsPerSecond: number;
  /** why the load stopped early (the batches before it stay loaded), or null */
  aborted: string | null;
}

export interface IngestOptions {
  /** where chDB reads each batch from (one temporary file per batch, removed once parsed) */
  tmpDir: string;
  /** uncompressed bytes per batch (default 48 MiB) */
  batchBytes?: number;
  /** stop when more lines than this are rejected (default 10,000); the batch at fault is not loaded */
  maxErrors?: number;
  /**
   * checked batches are moved into access_log together once they hold this many rows (default
   * 1,000,000) or 512 MB of input, and at the end: fewer, larger inserts cost the rollup views much less
   */
  moveRows?: number;
  maxReportedLines?: number;
  /** number of the first line (a client sending a file in parts continues the count) */
  firstLine?: number;
  onProgress?: (p: IngestProgress) => void;
}

/**
 * A kind of record the ingest path loads (docs/ingest.md): its target table and columns, how its
 * staging table types them (wider than the target, so that out-of-range values are seen, not
 * wrapped), which rows are valid, and how a staged row becomes a target row.
 */
export interface RecordKind {
  /** `?kind=` of POST /api/log/ingest and `--kind` of `npm run ingest` */
  name: string;
  /** target table, e.g. traffic.access_log */
  table: string;
  columns: readonly string[];
  /** staging type per column (String when not listed) */
  stageTypes: Readonly<Record<string, string>>;
  /** SQL condition a staged row must meet to be loaded */
  valid: string;
  /** SQL select list turning a staged row into the target columns, in `columns` order */
  moveColumns: string;
  /**
   * Aggregate over staged rows counting what the target's views hold state for until an insert
   * ends (access logs: domain-hours); batches are moved before their sum passes
   * DOMAIN_HOURS_PER_STATEMENT, so memory does not grow with the file.
   */
  span?: string;
}

/** Access logs: the columns of traffic.access_log. */
export const ACCESS_LOGS: RecordKind = {
  name: 'access',
  table: 'traffic.access_log',
  columns: ACCESS_LOG_COLUMNS,
  stageTypes: {
    ts: "DateTime('UTC')",
    status: 'UInt32',
    bytes: 'UInt64',
    request_time: 'UInt64',
    cache_hit: 'UInt64',
    client_ip: 'IPv4',
  },
  // A row is loaded only if it has a time, an owner, a domain, a URL and a real status.
  valid: `ts >= toDateTime('2000-01-01 00:00:00', 'UTC') AND ts <= now() + INTERVAL 1 DAY
  AND account != '' AND domain != '' AND url != '' AND status BETWEEN 100 AND 599
  AND cache_hit <= 1 AND request_time <= 4294967295`,
  moveColumns: ACCESS_LOG_COLUMNS.map((c) => {
    if (c === 'status') return 'toUInt16(status)';
    if (c === 'request_time') return 'toUInt32(request_time)';
    if (c === 'cache_hit') return 'toUInt8(cache_hit)';
    if (c === 'method') return "if(method = '', 'GET', upper(method))";
    return c;
  }).join(', '),
  span: 'uniqExact(domain, toStartOfHour(ts))',
};

function stageShape(kind: RecordKind) {
  const cols = kind.columns.map((c) => `${c} ${kind.stageTypes[c] ?? 'String'}`);
  return { structure: [...cols, '__ln UInt64'].join(', '), ddl: [...cols, '__ln UInt64 DEFAULT 0'].join(', ') };
}

const PARSE_SETTINGS = {
  input_format_skip_unknown_fields: 1,
  input_format_null_as_default: 1,
  date_time_input_format: 'best_effort',
};

/** Plain bytes of a possibly gzip-compressed stream (gzip starts with 1f 8b). */
export async function* decoded(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  const it = source[Symbol.asyncIterator]();
  let first = await it.next();
  while (!first.done && first.value.length === 0) first = await it.next();
  if (first.done) return;
  const head = Buffer.isBuffer(first.value) ? first.value : Buffer.from(first.value);
  async function* rest(): AsyncGenerator<Buffer> {
    yield head;
    for (let n = await it.next(); !n.done; n = await it.next()) yield Buffer.isBuffer(n.value) ? n.value : Buffer.from(n.value);
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    yield* Readable.from(rest()).pipe(zlib.createGunzip({ chunkSize: 1 << 20 })) as AsyncIterable<Buffer>;
  } else {
    yield* rest();
  }
}

/** Cuts a byte stream into batches of about `size` bytes that end at a line end. */
export async function* lineBatches(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    parts.push(chunk);
    total += chunk.length;
    if (total < size) continue;
    const buf = Buffer.concat(parts, total);
    const cut = buf.lastIndexOf(10);
    if (cut < 0) {
      parts = [buf];
      continue;
    }
    yield buf.subarray(0, cut + 1);
    const rest = buf.subarray(cut + 1);
    parts = rest.length ? [rest] : [];
    total = rest.length;
  }
  if (total) yield Buffer.concat(parts, total);
}

function countLines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return buf.length && buf[buf.length - 1] !== 10 ? n + 1 : n;
}

/**
 * Splits a bad batch into lines: blank ones are skipped, lines that cannot be a JSON object are
 * rejected at once, the others are tagged with their number ({"__ln":N, ...}).
 */
function tagLines(buf: Buffer, firstLine: number): { tagged: Buffer; candidates: number[]; rejected: number[] } {
  const pieces: Buffer[] = [];
  const candidates: number[] = [];
  const rejected: number[] = [];
  let ln = firstLine;
  for (let s = 0; s < buf.length; ln++) {
    let e = buf.indexOf(10, s);
    if (e === -1) e = buf.length;
    let a = s;
    let b = e;
    while (a < b && (buf[a] === 32 || buf[a] === 9 || buf[a] === 13)) a++;
    while (b > a && (buf[b - 1] === 32 || buf[b - 1] === 9 || buf[b - 1] === 13)) b--;
    if (b > a) {
      if (buf[a] === 0x7b && buf[b - 1] === 0x7d) {
        candidates.push(ln);
        pieces.push(Buffer.from(`{"__ln":${ln},`), buf.subarray(a + 1, b), Buffer.from('\n'));
      } else {
        rejected.push(ln);
      }
    }
    s = e + 1;
  }
  return { tagged: Buffer.concat(pieces), candidates, rejected };
}

/** Staging tables of a load are named traffic.ingest_<load id>_<first line of the batch>. */
const STAGE_PREFIX = 'ingest_';

/**
 * Removes what a load cut short (the process stopped mid-load) left behind: its batch files and
 * its staging tables. The embedded store is this process's alone, so every staging table there is
 * a leftover. On a ClickHouse server another process may be loading right now; a batch's staging
 * table lives only until the next move into access_log (minutes), so the ones older than
 * `serverStaleSeconds` (an hour) are leftovers.
 */
export async function clearIngestLeftovers(engine: TrafficEngine, tmpDir: string, serverStaleSeconds = 3600): Promise<void> {
  await fs.rm(tmpDir, { recursive: true, force: true });
  const rows = await engine.query<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = 'traffic' AND startsWith(name, {p:String})${
      engine.kind === 'chdb' ? '' : ' AND metadata_modification_time <= now() - {stale:UInt32}'
    }`,
    { p: STAGE_PREFIX, stale: serverStaleSeconds },
  );
  for (const { name } of rows) await engine.exec(`DROP TABLE IF EXISTS traffic.\`${name.replace(/`/g, '')}\``);
}

/** Loads a stream of access-log lines into traffic.access_log. */
export function ingestLogs(engine: TrafficEngine, source: AsyncIterable<Buffer | string>, opts: IngestOptions): Promise<IngestReport> {
  return ingestRecords(engine, ACCESS_LOGS, source, opts);
}

/** Loads a stream of JSON lines of one record kind into its table. */
export async function ingestRecords(
  engine: TrafficEngine,
  kind: RecordKind,
  source: AsyncIterable<Buffer | string>,
  opts: IngestOptions,
): Promise<IngestReport> {
  const began = Date.now();
  const { structure: STAGE_STRUCTURE, ddl: STAGE_DDL } = stageShape(kind);
  const VALID = kind.valid;
  const maxErrors = opts.maxErrors ?? 10_000;
  const maxReported = opts.maxReportedLines ?? 1000;
  const moveRows = opts.moveRows ?? 1_000_000;
  const id = crypto.randomBytes(6).toString('hex');
  const p: IngestProgress = { batches: 0, lines: 0, rows: 0, rejected: 0, bytes: 0, ms: 0 };
  const rejectedLines: number[] = [];
  let aborted: string | null = null;
  const reject = (lines: number[]) => {
    p.rejected += lines.length;
    for (const l of lines) if (rejectedLines.length < maxReported) rejectedLines.push(l);
  };
  /** Staging tables of checked batches not yet moved, and every staging table made (for cleanup). */
  let ready: Array<{ table: string; rows: number; bytes: number; span: number }> = [];
  const made: string[] = [];

  /**
   * Moves the checked batches into the kind's table with one insert: the rollup views then aggregate
   * large blocks, and every insert into access_log has a fixed cost in them.
   */
  const flush = async () => {
    const tables = ready;
    ready = [];
    if (!tables.length) return;
    const from = tables.map((t) => `SELECT * FROM ${t.table}`).join(' UNION ALL ');
    await engine.exec(
      `INSERT INTO ${kind.table} (${kind.columns.join(', ')}) SELECT ${kind.moveColumns} FROM (${from}) WHERE ${VALID}
       SETTINGS optimize_on_insert = 0, parallel_view_processing = 1, max_insert_threads = 2`,
    );
    for (const t of tables) await engine.exec(`DROP TABLE IF EXISTS ${t.table}`);
  };

  /** chDB reads a batch from a temporary file (see parseInto); other engines get the bytes. */
  const writeBatchFile = async (stage: string, data: Buffer): Promise<string> => {
    const file = path.join(opts.tmpDir, `${stage.replace('traffic.', '')}.jsonl`);
    await fs.mkdir(opts.tmpDir, { recursive: true });
    await fs.writeFile(file, data);
    return file;
  };

  /**
   * Parses JSON lines into a staging table. chDB reads them from a temporary file: its file reader
   * parses in parallel and skips bad rows reliably, its inline insert does neither. A ClickHouse
   * server gets the bytes over HTTP. `written` is the batch's file when it was written already.
   */
  const parseInto = async (stage: string, data: Buffer, settings: Record<string, string | number>, written?: string) => {
    if (engine.kind !== 'chdb') {
      await engine.insertRaw(stage, data, 'JSONEachRow', undefined, settings);
      return;
    }
    const file = written ?? (await writeBatchFile(`${stage}_tagged`, data));
    try {
      const list = Object.entries(settings)
        .map(([k, v]) => `${k} = ${typeof v === 'string' ? `'${v}'` : v}`)
        .join(', ');
      await engine.exec(`INSERT INTO ${stage} SELECT * FROM file({file:String}, 'JSONEachRow', {structure:String}) SETTINGS ${list}`, {
        file,
        structure: STAGE_STRUCTURE,
      });
    } finally {
      if (!written) await fs.rm(file, { force: true });
    }
  };

  /** The slow path: every line tagged with its number, errors skipped by the engine and counted. */
  const tagged = async (stage: string, batch: Buffer, firstLine: number): Promise<{ good: number; bad: number[] }> => {
    await engine.exec(`TRUNCATE TABLE ${stage}`);
    const t = tagLines(batch, firstLine);
    if (t.candidates.length) {
      await parseInto(stage, t.tagged, {
        ...PARSE_SETTINGS,
        input_format_allow_errors_num: 1_000_000_000,
        input_format_allow_errors_ratio: 1,
      });
    }
    const [row] = await engine.query<{ ok: Array<number | string> }>(
      `SELECT groupArray(__ln) AS ok FROM (SELECT DISTINCT __ln FROM ${stage} WHERE ${VALID})`,
    );
    const ok = new Set((row?.ok ?? []).map(Number));
    const bad = [...t.rejected, ...t.candidates.filter((l) => !ok.has(l))].sort((a, b) => a - b);
    return { good: ok.size, bad };
  };

  const stageOf = (firstLine: number) => `traffic.${STAGE_PREFIX}${id}_${firstLine}`;

  const processBatch = async (batch: Buffer, firstLine: number, written: string | undefined) => {
    const stage = stageOf(firstLine);
    made.push(stage);
    await engine.exec(`CREATE TABLE ${stage} (${STAGE_DDL}) ENGINE = Memory`);
    let good = -1;
    let bad: number[] = [];
    try {
      await parseInto(stage, batch, { ...PARSE_SETTINGS, input_format_allow_errors_num: 0 }, written);
      const [c] = await engine.query<{ n: number | string; bad: number | string }>(
        `SELECT count() AS n, countIf(NOT (${VALID})) AS bad FROM ${stage}`,
      );
      if (Number(c.bad) === 0) good = Number(c.n);
    } catch {
      // A parse error somewhere in the batch: find the lines below.
    } finally {
      if (written) await fs.rm(written, { force: true });
    }
    if (good < 0) ({ good, bad } = await tagged(stage, batch, firstLine));
    if (p.rejected + bad.length > maxErrors) {
      reject(bad);
      aborted = `more than ${maxErrors} malformed lines; stopped before the batch starting at line ${firstLine}`;
      await engine.exec(`DROP TABLE IF EXISTS ${stage}`);
      return;
    }
    reject(bad);
    const span = kind.span
      ? Number((await engine.query<{ n: number | string }>(`SELECT ${kind.span} AS n FROM ${stage} WHERE ${VALID}`))[0]?.n ?? 0)
      : 0;
    // A batch that would take the staged ones past the span moves them first.
    if (ready.length && ready.reduce((a, t) => a + t.span, 0) + span > DOMAIN_HOURS_PER_STATEMENT) await flush();
    ready.push({ table: stage, rows: good, bytes: batch.length, span });
    if (ready.reduce((a, t) => a + t.rows, 0) >= moveRows || ready.reduce((a, t) => a + t.bytes, 0) >= 512 * 1024 * 1024) await flush();
    p.rows += good;
    p.batches++;
    p.ms = Date.now() - began;
    opts.onProgress?.({ ...p });
  };

  try {
    let nextLine = opts.firstLine ?? 1;
    let pending: Promise<void> | null = null;
    // While the engine works on one batch, the next one is read (and decompressed) and, for
    // chDB, written to its file: writing 48 MB takes about a twentieth of a second.
    for await (const batch of lineBatches(decoded(source), opts.batchBytes ?? 48 * 1024 * 1024)) {
      const firstLine = nextLine;
      const lines = countLines(batch);
      nextLine += lines;
      const writing = engine.kind === 'chdb' ? writeBatchFile(stageOf(firstLine), batch) : Promise.resolve(undefined);
      writing.catch(() => undefined);
      if (pending) await pending;
      const written = await writing;
      if (aborted) {
        if (written) await fs.rm(written, { force: true });
        break;
      }
      p.lines += lines;
      p.bytes += batch.length;
      pending = processBatch(batch, firstLine, written);
      pending.catch(() => undefined);
    }
    if (pending) await pending;
    // The checked batches before a stop stay loaded.
    await flush();
  } finally {
    for (const t of made) await engine.exec(`DROP TABLE IF EXISTS ${t}`);
  }
  p.ms = Date.now() - began;
  return { ...p, rejectedLines, rowsPerSecond: p.ms > 0 ? Math.round((p.rows * 1000) / p.ms) : p.rows, aborted };
}
