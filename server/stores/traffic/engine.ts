import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The one interface over ClickHouse SQL: chDB in-process by default, a ClickHouse server when
 * CLICKHOUSE_URL is set. Parameters use ClickHouse's {name:Type} placeholders, bound by the engine.
 */
export interface TrafficEngine {
  query<T = Record<string, unknown>>(sql: string, params?: Record<string, unknown>): Promise<T[]>;
  exec(sql: string, params?: Record<string, unknown>): Promise<void>;
  /**
   * Inserts raw bytes in a ClickHouse input format (the engine parses them). `settings` are
   * per-insert ClickHouse settings (e.g. input_format_allow_errors_num).
   */
  insertRaw(
    table: string,
    data: Buffer | string,
    format: 'JSONEachRow' | 'TSV' | 'CSV',
    columns?: string[],
    settings?: Record<string, string | number>,
  ): Promise<void>;
  /**
   * Writes the rows of a SELECT to a gzip file on this machine in a ClickHouse output format
   * (chDB writes it itself; a ClickHouse server streams the rows here).
   */
  exportGzip(sql: string, params: Record<string, unknown>, format: 'CSVWithNames' | 'JSONEachRow', file: string): Promise<void>;
  /**
   * After a large statement: hands the memory the engine has freed back to the system when this
   * process holds more than `above` bytes (chDB, in this process); nothing for a server.
   */
  trimMemory(above?: number): Promise<void>;
  readonly kind: 'chdb' | 'clickhouse';
  close(): Promise<void>;
}

/**
 * chDB's allocator keeps the pages a statement freed, per thread, for later statements, so a run
 * of statements that each build many aggregate states (the sketch rollups) grows the process by
 * about 70 MB a statement although its live memory stays flat. Giving them back after every
 * statement costs the next one its page faults (about 15 % more CPU); past this size only,
 * a few times per generation of the demo.
 */
export const TRIM_ABOVE_BYTES = 1.2 * 1024 ** 3;

/** Rows of a JSONColumns reply ({"col": [values...], ...}), in the reply's column order. */
export function rowsOfColumns<T>(text: string): T[] {
  if (!text.trim()) return [];
  const columns = JSON.parse(text) as Record<string, unknown[]>;
  const names = Object.keys(columns);
  const n = names.length ? columns[names[0]].length : 0;
  const rows = new Array<T>(n);
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {};
    for (const name of names) row[name] = columns[name][i];
    rows[i] = row as T;
  }
  return rows;
}

async function openChdb(dir: string, maxThreads: number): Promise<TrafficEngine> {
  await fs.mkdir(dir, { recursive: true });
  const { Session } = await import('chdb');
  const session = new Session(dir, maxThreads > 0 ? { connectionArgs: [`--max_threads=${maxThreads}`] } : {});
  const run = async (sql: string, params: Record<string, unknown> | undefined, format: string) =>
    params && Object.keys(params).length ? session.queryBindAsync(sql, params, { format }) : session.queryAsync(sql, { format });
  return {
    kind: 'chdb',
    async query<T>(sql: string, params?: Record<string, unknown>) {
      // Column-wise JSON, turned into rows here: one JSON.parse instead of one per row, and less
      // for the engine to write (a week's 5-minute curve, 2,017 rows: 1.5-2 ms less per query).
      const r = await run(sql, params, 'JSONColumns');
      return rowsOfColumns<T>(r.text());
    },
    async exec(sql: string, params?: Record<string, unknown>) {
      await run(sql, params, 'CSV');
    },
    async insertRaw(table, data, format, columns, settings) {
      await session.insert({ table, values: data, format, columns, settings });
    },
    async trimMemory(above = TRIM_ABOVE_BYTES) {
      if (process.memoryUsage.rss() > above) await run('SYSTEM JEMALLOC PURGE', undefined, 'CSV');
    },
    async exportGzip(sql, params, format, file) {
      await run(`INSERT INTO FUNCTION file({__file:String}, '${format}', 'auto', 'gzip') ${sql}`, { ...params, __file: file }, 'CSV');
    },
    async close() {
      // Let background merges finish first: closing under a running merge can leave files being
      // written into a data directory that the caller is about to remove.
      try {
        await session.queryAsync('SYSTEM STOP MERGES', { format: 'CSV' });
        for (let i = 0; i < 100; i++) {
          const r = await session.queryAsync('SELECT count() FROM system.merges', { format: 'CSV' });
          if (r.text().trim() === '0') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } catch {
        // Closing anyway.
      }
      session.close();
    },
  };
}

async function openClickhouse(url: string, maxThreads: number): Promise<TrafficEngine> {
  const { createClient, ClickHouseLogLevel } = await import('@clickhouse/client');
  const client = createClient({
    url,
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0, ...(maxThreads > 0 ? { max_threads: maxThreads } : {}) },
    // Errors reach the caller, which handles them (a batch with a malformed line is expected to
    // fail its strict parse); the client would also print each one.
    log: { level: ClickHouseLogLevel.OFF },
  });
  return {
    kind: 'clickhouse',
    async query<T>(sql: string, params?: Record<string, unknown>) {
      const rs = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return (await rs.json()) as T[];
    },
    async exec(sql: string, params?: Record<string, unknown>) {
      await client.command({ query: sql, query_params: params });
    },
    async insertRaw(table, data, format, columns, settings) {
      const { Readable } = await import('node:stream');
      // The bytes go to the server as they are: exec sends the statement in the URL and the body
      // raw (client.insert would serialise a stream's chunks as JSON objects).
      const cols = columns?.length ? ` (${columns.join(', ')})` : '';
      const { stream } = await client.exec({
        query: `INSERT INTO ${table}${cols} FORMAT ${format === 'TSV' ? 'TabSeparated' : format}`,
        values: Readable.from([typeof data === 'string' ? Buffer.from(data) : data], { objectMode: false }),
        clickhouse_settings: settings,
      });
      for await (const _ of stream) {
        // The reply of an insert is empty; read to the end to free the connection.
      }
    },
    async trimMemory() {
      // The server manages its own memory.
    },
    async exportGzip(sql, params, format, file) {
      const { pipeline } = await import('node:stream/promises');
      const zlib = await import('node:zlib');
      const { createWriteStream } = await import('node:fs');
      const rs = await client.exec({ query: `${sql} FORMAT ${format}`, query_params: params });
      await pipeline(rs.stream, zlib.createGzip(), createWriteStream(file));
    },
    async close() {
      await client.close();
    },
  };
}

/** `maxThreads`: threads one statement may use (0 or absent: the engine's default, all cores). */
export async function openTrafficEngine(opts: { dataDir: string; clickhouseUrl?: string; maxThreads?: number }): Promise<TrafficEngine> {
  const threads = opts.maxThreads ?? 0;
  const engine = opts.clickhouseUrl
    ? await openClickhouse(opts.clickhouseUrl, threads)
    : await openChdb(path.join(opts.dataDir, 'traffic'), threads);
  // Health query: fail at start, not on the first request.
  const [row] = await engine.query<{ ok: number }>('SELECT 1 AS ok');
  if (!row || Number(row.ok) !== 1) throw new Error('traffic engine health query failed');
  return engine;
}
