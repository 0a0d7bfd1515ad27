import type { TrafficEngine } from './engine';
import type { LogRow } from '../../../common/wire/traffic/logs';
import { LOG_DOWNLOAD_MAX_ROWS } from '../../../common/rules/traffic';

/**
 * Raw access-log rows for the log screen: a filtered, paged list (newest first) and a gzip export.
 * Every query carries the caller's account list; a null list (super roles) reads every account.
 */

export interface LogFilters {
  /** accounts whose rows may be read; null = every account */
  accounts: string[] | null;
  domains: string[];
  /** [start, end) in epoch seconds */
  start: number;
  end: number;
  /** exact status codes and whole classes (4 = 4xx) */
  statusCodes: number[];
  statusClasses: number[];
  cacheHit: 0 | 1 | null;
  /** one IPv4 address or a CIDR range */
  clientIp: string | null;
  /** substring of the URL */
  url: string;
  country: string[];
  province: string[];
  isp: string[];
  providers: string[];
}

/** Most rows one download may hold (the figure the portal states too). */
export { LOG_DOWNLOAD_MAX_ROWS };
/** Rows a search can page through (offset + page size). */
export const LOG_PAGE_WINDOW = 100_000;

/** WHERE clause and its parameters; every value is bound, never spliced. */
export function logWhere(f: LogFilters): { sql: string; params: Record<string, unknown> } {
  const parts = ["ts >= toDateTime({start:UInt32}, 'UTC')", "ts < toDateTime({end:UInt32}, 'UTC')"];
  const params: Record<string, unknown> = { start: f.start, end: f.end };
  const list = (column: string, name: string, values: string[]) => {
    if (!values.length) return;
    parts.push(`${column} IN {${name}:Array(String)}`);
    params[name] = values;
  };
  if (f.accounts) list('account', 'accounts', f.accounts);
  list('domain', 'domains', f.domains);
  list('country', 'country', f.country);
  list('province', 'province', f.province);
  list('isp', 'isp', f.isp);
  list('provider', 'providers', f.providers);
  const status: string[] = [];
  if (f.statusCodes.length) {
    status.push('status IN {statusCodes:Array(UInt16)}');
    params.statusCodes = f.statusCodes;
  }
  if (f.statusClasses.length) {
    status.push('intDiv(status, 100) IN {statusClasses:Array(UInt8)}');
    params.statusClasses = f.statusClasses;
  }
  if (status.length) parts.push(`(${status.join(' OR ')})`);
  if (f.cacheHit !== null) {
    parts.push('cache_hit = {cacheHit:UInt8}');
    params.cacheHit = f.cacheHit;
  }
  if (f.clientIp) {
    const [ip, bits = '32'] = f.clientIp.split('/');
    const value = ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
    const size = 2 ** (32 - Number(bits));
    const low = value - (value % size);
    parts.push('client_ip BETWEEN toIPv4({ipLow:UInt32}) AND toIPv4({ipHigh:UInt32})');
    params.ipLow = low;
    params.ipHigh = low + size - 1;
  }
  if (f.url) {
    parts.push('position(url, {url:String}) > 0');
    params.url = f.url;
  }
  return { sql: parts.join(' AND '), params };
}

const ROW_COLUMNS = `formatDateTime(ts, '%Y-%m-%d %H:%i:%s', {tz:String}) AS time, toUInt32(ts) AS timestamp, toString(account) AS account,
  toString(domain) AS domain, url, toString(method) AS method, status, toFloat64(bytes) AS bytes, request_time AS requestTime,
  if(cache_hit = 1, 'HIT', 'MISS') AS cacheHit, IPv4NumToString(client_ip) AS clientIp, toString(continent) AS continent,
  toString(country) AS country, toString(province) AS province, toString(isp) AS isp, user_agent AS userAgent, referer,
  toString(provider) AS provider, toString(edge_node) AS edgeNode`;

export async function countLogs(engine: TrafficEngine, f: LogFilters): Promise<number> {
  if (f.accounts && !f.accounts.length) return 0;
  const w = logWhere(f);
  const [row] = await engine.query<{ n: number | string }>(`SELECT count() AS n FROM traffic.access_log WHERE ${w.sql}`, w.params);
  return Number(row?.n ?? 0);
}

/** One page of rows, newest first (pageNum from 1). */
export async function searchLogs(
  engine: TrafficEngine,
  f: LogFilters,
  page: { pageNum: number; pageSize: number },
  tz: string,
): Promise<{ list: LogRow[]; total: number }> {
  if (f.accounts && !f.accounts.length) return { list: [], total: 0 };
  const w = logWhere(f);
  const [list, total] = await Promise.all([
    engine.query<LogRow>(
      `SELECT ${ROW_COLUMNS} FROM traffic.access_log WHERE ${w.sql}
       ORDER BY ts DESC, domain, url, client_ip LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      { ...w.params, tz, limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize },
    ),
    countLogs(engine, f),
  ]);
  return {
    list: list.map((r) => ({
      ...r,
      timestamp: Number(r.timestamp),
      bytes: Number(r.bytes),
      status: Number(r.status),
      requestTime: Number(r.requestTime),
    })),
    total,
  };
}

/** Header of a downloaded file: the columns of the ingest format, time written in the requested zone. */
const EXPORT_COLUMNS = `formatDateTime(ts, '%Y-%m-%d %H:%i:%s', {tz:String}) AS time, account, domain, url, method, status, bytes,
  request_time, if(cache_hit = 1, 'HIT', 'MISS') AS cache_status, IPv4NumToString(client_ip) AS client_ip, continent, country, province,
  isp, user_agent, referer, provider, edge_node`;

/** Writes the selected rows (oldest first) as a gzip CSV file with a header line. */
export async function exportLogs(engine: TrafficEngine, f: LogFilters, tz: string, file: string): Promise<void> {
  const w = logWhere(f);
  const accountsGuard = f.accounts && !f.accounts.length ? ' AND 0' : '';
  await engine.exportGzip(
    `SELECT ${EXPORT_COLUMNS} FROM traffic.access_log WHERE ${w.sql}${accountsGuard} ORDER BY ts, domain LIMIT ${LOG_DOWNLOAD_MAX_ROWS}`,
    { ...w.params, tz },
    'CSVWithNames',
    file,
  );
}
