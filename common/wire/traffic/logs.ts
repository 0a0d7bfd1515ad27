/** Wire types of the log calls (contract rows /api/log/searchList, /api/log/downloadID). */

/** Filters of a log search or download. Lists may be arrays or comma-separated strings. */
export interface LogSearchQuery {
  /** the user's account and all descendants; filled from the stored user info when absent */
  accountAll?: string;
  /** narrows to these accounts (within the user's scope) */
  accounts?: string[];
  domains?: string[];
  /** 'YYYY-MM-DD HH:mm:ss' (in timeZone) or epoch seconds; both absent = start of today to now */
  startTime?: string | number;
  endTime?: string | number;
  /** IANA zone of the times above and of the times in the reply; the browser's by default */
  timeZone?: string;
  /** '404', '5xx', '200,304' */
  status?: string;
  cacheHit?: 'hit' | 'miss' | '';
  /** one IPv4 address or a range such as 1.2.3.0/24 */
  clientIp?: string;
  /** part of the URL (path and query) */
  url?: string;
  country?: string[];
  province?: string[];
  isp?: string[];
  providers?: string[];
  /** from 1; at most 100,000 rows can be paged through */
  pageNum?: number;
  /** 1..500, default 20 */
  pageSize?: number;
}

/** One access-log row as the server lists it (newest first). */
export interface LogRow {
  /** 'YYYY-MM-DD HH:mm:ss' in the requested zone */
  time: string;
  /** epoch seconds */
  timestamp: number;
  account: string;
  domain: string;
  url: string;
  method: string;
  status: number;
  /** bytes sent to the client */
  bytes: number;
  /** milliseconds */
  requestTime: number;
  cacheHit: 'HIT' | 'MISS';
  clientIp: string;
  continent: string;
  /** ISO 3166 code, e.g. CN */
  country: string;
  /** mainland province in pinyin ('' abroad) */
  province: string;
  isp: string;
  userAgent: string;
  referer: string;
  provider: string;
  edgeNode: string;
}

export interface LogSearchResult {
  list: LogRow[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Rows one download may hold (a larger selection is refused with a message). */
export const LOG_DOWNLOAD_MAX_ROWS = 1_000_000;
/** Hours a download address stays valid. */
export const LOG_DOWNLOAD_TTL_HOURS = 6;
