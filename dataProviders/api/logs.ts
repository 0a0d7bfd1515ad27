import { client, post, PortalApiError } from '../http';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import { browserZone } from '../zone';

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

function withDefaults(query: LogSearchQuery): LogSearchQuery {
  return {
    ...query,
    accountAll: query.accountAll ?? readUserInfo()?.account_all,
    timeZone: query.timeZone ?? browserZone(),
  };
}

export const logsApi = {
  /** A page of raw log rows (POST /api/log/searchList). */
  logSearch: (query: LogSearchQuery) => post<LogSearchResult>('/api/log/searchList', withDefaults(query)),
  /**
   * Makes a gzip CSV of the selection (POST /api/log/downloadID) and returns its address
   * ('/api/log/download/<id>'), usable by users of the same account for LOG_DOWNLOAD_TTL_HOURS.
   */
  logDownloadId: (query: LogSearchQuery) => post<string>('/api/log/downloadID', withDefaults(query)),
  /**
   * Checks a download address before the browser navigates to it (spec §8): the HTTP status of a
   * HEAD request; 200 means the file is there. A failure to reach the server rejects.
   */
  logDownloadCheck: async (address: string): Promise<number> => {
    const res = await client.request({ method: 'HEAD', url: address, validateStatus: () => true });
    if (res.status === 401) throw new PortalApiError('portal.errors.sessionExpired', 401, 401, true);
    return res.status;
  },
};

export const logsProvider = { methods: logsApi } satisfies ProviderModule;
