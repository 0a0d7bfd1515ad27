import http from 'node:http';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { Session } from 'chdb';

/**
 * A stand-in ClickHouse server for the 'server-ch' tests: the ClickHouse HTTP interface (the part
 * @clickhouse/client speaks) in front of a chDB store, run as its own process:
 *   node --import tsx tests/server/fakeClickhouse.ts <data dir>   → prints "PORT <n>"
 * No ClickHouse server is installable here (Debian ships 18.16, far too old for this SQL), so this
 * is how the CLICKHOUSE_URL path of the portal (client, parameters over HTTP, inserts, streamed
 * exports, errors) runs against the engine. Parameters reach the engine as the raw text of their
 * `param_<name>` URL values, as on a server; requests run one at a time.
 */

interface NativeResult {
  bytes?: Buffer;
}
interface ChdbNative {
  QueryAsyncConnection(conn: unknown, sql: string, format: string, params?: Record<string, string>): Promise<NativeResult>;
  InsertRawAsyncConnection(conn: unknown, prefix: string, data: Buffer, countLines: boolean): Promise<unknown>;
}

const require = createRequire(import.meta.url);
// The binding's raw calls: chDB's JavaScript wrapper would re-escape parameter text.
const native = (require(require.resolve('chdb').replace(/index\.js$/, 'dist/loader.js')) as { loadNative(): ChdbNative }).loadNative();
const session = new Session(process.argv[2] ?? '/tmp/fake-clickhouse');
const connection = (session as unknown as { connection: unknown }).connection;

/** URL parameters that are not ClickHouse settings. */
const NOT_SETTINGS = new Set(['query', 'database', 'query_id', 'session_id', 'role', 'default_format', 'user', 'password']);
/** HTTP-interface settings the engine itself does not take. */
const HTTP_ONLY = new Set([
  'enable_http_compression',
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
]);
const applied = new Map<string, string>();

const literal = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? v : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`);

async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/ping') {
    res.end('Ok.\n');
    return;
  }
  const params: Record<string, string> = {};
  const settings: [string, string][] = [];
  for (const [k, v] of url.searchParams) {
    if (k.startsWith('param_')) params[k.slice('param_'.length)] = v;
    else if (!NOT_SETTINGS.has(k) && !HTTP_ONLY.has(k)) settings.push([k, v]);
  }
  const body = await bodyOf(req);
  const insert = url.searchParams.get('query');
  let out: Buffer;
  if (insert) {
    // An insert: the statement in the URL, the data in the body; its settings go into the statement.
    const withSettings = settings.length
      ? insert.replace(/\s+FORMAT\s+(\w+)\s*$/i, ` SETTINGS ${settings.map(([k, v]) => `${k} = ${literal(v)}`).join(', ')} FORMAT $1`)
      : insert;
    await native.InsertRawAsyncConnection(connection, withSettings, body, true);
    out = Buffer.alloc(0);
  } else {
    for (const [k, v] of settings) {
      if (applied.get(k) === v) continue;
      await session.queryAsync(`SET ${k} = ${literal(v)}`);
      applied.set(k, v);
    }
    const r = await native.QueryAsyncConnection(connection, body.toString('utf8'), 'TabSeparated', params);
    out = r.bytes ?? Buffer.alloc(0);
  }
  const gzip = url.searchParams.get('enable_http_compression') === '1' && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, { 'X-ClickHouse-Summary': '{}', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  res.end(gzip ? zlib.gzipSync(out) : out);
}

let queue: Promise<void> = Promise.resolve();
const server = http.createServer((req, res) => {
  queue = queue.then(() =>
    handle(req, res).catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      const code = /^Code: (\d+)/.exec(message)?.[1] ?? '1000';
      res.writeHead(500, { 'X-ClickHouse-Exception-Code': code });
      res.end(message.startsWith('Code:') ? message : `Code: ${code}. DB::Exception: ${message}`);
    }),
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
});
const stop = () => {
  server.close();
  session.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
