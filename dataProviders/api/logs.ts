import { client, post, PortalApiError } from '../http';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import { browserZone } from '../zone';

export * from '../../common/wire/traffic/logs';
import type { LogSearchQuery, LogSearchResult } from '../../common/wire/traffic/logs';

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
