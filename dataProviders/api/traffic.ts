import { client, get, post, PortalApiError } from '../http';
import { aesEncrypt, decryptJson, desEncrypt, encryptJson } from '../cipher';
import { browserZone, withZone } from '../zone';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import type { BandwidthPoint, LineArea, LineDataQuery, LineInfo, LineRangeQuery, LineSummary } from '../../common/wire/traffic/lines';
import type { LogSearchQuery, LogSearchResult } from '../../common/wire/traffic/logs';
import type {
  AnalysisMeasure,
  AnalysisOptions,
  AnalysisOptionsData,
  AnalysisOptionsQuery,
  AnalysisSearch,
  AnalysisVariant,
  BandAndFlow,
  BillDetail,
  BillOverview,
  BillQuery,
  BillSum,
  CountDetail,
  CurveReply,
  CurveType,
  DosageEntry,
  DosageSortQuery,
  HitRateList,
  IpList,
  Overview,
  OverviewQuery,
  PullDownOptions,
  RankedList,
  Sequential,
  ServiceInfo,
  ServiceInfoInit,
  ServiceInfoQuery,
  SimpleAnalysisQuery,
  SimpleKind,
  SimpleReplies,
  StatusData,
  UrlTopList,
  UserListAll,
  UserListCn,
} from '../../common/wire/traffic/index';

export type * from '../../common/wire/traffic/lines';
export type * from '../../common/wire/traffic/logs';

const es = <T>(path: string, search: AnalysisSearch) => post<T>(`/api/es/${path}`, withZone(search));

/** Simple GET query from a search: lists become comma-separated. */
function simpleQuery(search: AnalysisSearch): SimpleAnalysisQuery {
  const accounts = [...(search.accounts ?? []), ...(search.account ? search.account.split(',') : [])];
  return {
    domains: search.domains?.length ? search.domains.join(',') : undefined,
    account: accounts.length ? accounts.join(',') : undefined,
    interval: search.interval,
    startTime: search.startTime,
    endTime: search.endTime,
    providers: search.providers?.length ? search.providers.join(',') : undefined,
    timeZone: search.timeZone ?? browserZone(),
  };
}

const CURVE_PATH: Record<CurveType, string> = {
  request: 'request/db',
  sourceRequest: 'sourceRequest/db',
  hitRate: 'hitRate/db',
  byteRate: 'byteRate/db',
  statusCode: 'statusCode/db',
  sourceStatusCode: 'sourceStatusCode/db',
};

/**
 * Traffic analysis, overview, service info, ranking and bill calls of the api backend
 * (contract rows /api/es/*, /api/common/*, /api/overview, /api/serviceinfo*, /api/sequential,
 * /api/dosageSort, /api/bill/*). `variant` is 'offLine' when timeSelect is 'userDefined'.
 */
export const trafficMethods = {
  /** POST /api/es/count/{variant} → countDetail */
  analysisCount: (variant: AnalysisVariant, search: AnalysisSearch) => es<CountDetail>(`count/${variant}`, search),
  /** POST /api/es/urlTop/{variant}[/flow] → urlTopListRe / urlTopListFlow */
  analysisUrlTop: (variant: AnalysisVariant, search: AnalysisSearch, by: AnalysisMeasure = 'request') =>
    es<UrlTopList>(`urlTop/${variant}${by === 'flow' ? '/flow' : ''}`, search),
  /** POST /api/es/hitRate/{variant}[/BT] → hitRateList (requests, or bytes with 'flow') */
  analysisHitRate: (variant: AnalysisVariant, search: AnalysisSearch, by: AnalysisMeasure = 'request') =>
    es<HitRateList>(`hitRate/${variant}${by === 'flow' ? '/BT' : ''}`, search),
  /** POST /api/es/agent/{variant} → clientlist */
  analysisAgent: (variant: AnalysisVariant, search: AnalysisSearch) => es<RankedList>(`agent/${variant}`, search),
  /** POST /api/es/source/{variant} → sourcelist (referers) */
  analysisSource: (variant: AnalysisVariant, search: AnalysisSearch) => es<RankedList>(`source/${variant}`, search),
  /** POST /api/es/statusCode/{variant} (requests), /statusCode/onLine/TB or /statusCode/offLine/BT (bytes) */
  analysisStatusCode: (variant: AnalysisVariant, search: AnalysisSearch, by: AnalysisMeasure = 'request') =>
    es<StatusData>(`statusCode/${variant}${by === 'flow' ? (variant === 'onLine' ? '/TB' : '/BT') : ''}`, search),
  /** POST /api/es/independentIp/{variant}[/all/flow] → ipListRed / ipListFlow (top 100) */
  analysisIndependentIp: (variant: AnalysisVariant, search: AnalysisSearch, by: AnalysisMeasure = 'request') =>
    es<IpList>(`independentIp/${variant}${by === 'flow' ? '/all/flow' : ''}`, search),
  /** POST /api/es/userDistribution/{variant}[/cn/flow] → userListCnReq / userListCnFlow */
  analysisUserCn: (variant: AnalysisVariant, search: AnalysisSearch, by: AnalysisMeasure = 'request') =>
    es<UserListCn>(`userDistribution/${variant}${by === 'flow' ? '/cn/flow' : ''}`, search),
  /** POST /api/es/userDistribution/{variant}/all/{request|flow} → userListAllReq / userListAllFlow */
  analysisUserAll: (variant: AnalysisVariant, search: AnalysisSearch, by: AnalysisMeasure = 'request') =>
    es<UserListAll>(`userDistribution/${variant}/all/${by}`, search),
  /** Online curves: POST /api/es/{request|sourceRequest|hitRate|byteRate|statusCode|sourceStatusCode}/db */
  analysisCurve: <K extends CurveType>(type: K, search: AnalysisSearch) => es<CurveReply[K]>(CURVE_PATH[type], search),
  /** GET /api/es/pullDown/offLine → area options {all, cn} */
  pullDownOffline: () => get<PullDownOptions>('/api/es/pullDown/offLine'),
  /** GET /api/es/{kind}/get with query domains, account, interval, startTime, endTime, providers */
  analysisSimple: <K extends SimpleKind>(kind: K, search: AnalysisSearch) =>
    get<SimpleReplies[K]>(`/api/es/${kind}/get`, { ...simpleQuery(search) }),

  /** POST /api/common/analysisOptions: payload AES(JSON string), reply AES(JSON {domainMap, providerMap}). */
  analysisOptions: async (query: AnalysisOptionsQuery = {}): Promise<AnalysisOptions> => {
    const encrypted = await post<string>('/api/common/analysisOptions', { data: aesEncrypt(JSON.stringify(query)) });
    const data = decryptJson<AnalysisOptionsData>(encrypted);
    const domains = [...new Set(Object.values(data.domainMap).flat())].sort();
    return {
      ...data,
      domainList: domains.map((d) => ({ name: d, value: d })),
      providerList: Object.entries(data.providerMap).map(([value, name]) => ({ name, value })),
    };
  },
  /** POST /api/common/bandAndFlow: search sent as {data: AES(JSON)}; reply {bandAndFlowList, totalFlow}. */
  bandAndFlow: (search: AnalysisSearch) => post<BandAndFlow>('/api/common/bandAndFlow', { data: encryptJson(withZone(search)) }),

  /** POST /api/overview, payload DES-ECB encrypted as {data}. */
  overview: (query: OverviewQuery) => post<Overview>('/api/overview', { data: desEncrypt(JSON.stringify(withZone(query))) }),
  /** POST /api/serviceinfo, payload DES-ECB encrypted as {data}. */
  serviceInfo: (query: ServiceInfoQuery = {}) =>
    post<ServiceInfo>('/api/serviceinfo', { data: desEncrypt(JSON.stringify(withZone(query))) }),
  /** GET /api/serviceinfo/init?account */
  serviceInfoInit: (account?: string) => get<ServiceInfoInit>('/api/serviceinfo/init', account ? { account } : {}),
  /** POST /api/sequential: period-over-period comparison. */
  sequential: (query: OverviewQuery) => post<Sequential>('/api/sequential', withZone(query)),

  /** POST /api/dosageSort: domain usage ranking. */
  dosageSort: (query: DosageSortQuery) => post<DosageEntry[]>('/api/dosageSort', withZone(query)),

  /** POST /api/bill/billDetail: daily rows per domain. */
  billDetail: (query: BillQuery) => post<BillDetail>('/api/bill/billDetail', withZone(query)),
  /** POST /api/bill/billSum: monthly rows per domain (traffic tiers and 95th percentile). */
  billSum: (query: BillQuery) => post<BillSum>('/api/bill/billSum', withZone(query)),
  /** POST /api/bill/overview: monthly totals. */
  billOverview: (query: BillQuery) => post<BillOverview>('/api/bill/overview', withZone(query)),
};

/** Lines (contract rows /api/line/*, GET /cloud/line/area/query, POST /linesapi/static_data). */
export const lineMethods = {
  lineInit: () => post<LineInfo[]>('/api/line/init'),
  /** 1-minute points. */
  lineData: (query: LineDataQuery) => post<BandwidthPoint[]>('/api/line/data', withZone(query)),
  /** 5-minute points (averages of the minutes). */
  lineSdwanData: (query: LineDataQuery) => post<BandwidthPoint[]>('/api/line/sdwandata', withZone(query)),
  lineAreas: () => get<LineArea[]>('/cloud/line/area/query'),
  /** Raw reply (no envelope); failures still arrive as an envelope or an HTTP status. */
  lineStaticData: async (query: LineRangeQuery = {}): Promise<LineSummary[]> => {
    const res = await client.request<LineSummary[] | { code?: string | number; msg?: string } | null>({
      method: 'POST',
      url: '/linesapi/static_data',
      data: withZone(query),
      validateStatus: () => true,
    });
    if (res.status === 401) throw new PortalApiError('portal.errors.sessionExpired', 401, 401, true);
    const body = res.data;
    if (Array.isArray(body)) return body;
    if (body && String(body.code) === '403') throw new PortalApiError(body.msg || 'portal.errors.forbidden', '403', res.status, true);
    throw new PortalApiError(body?.msg || 'portal.errors.unknown', body?.code ?? res.status, res.status);
  },
};

function withDefaults(query: LogSearchQuery): LogSearchQuery {
  return {
    ...query,
    accountAll: query.accountAll ?? readUserInfo()?.account_all,
    timeZone: query.timeZone ?? browserZone(),
  };
}

/** Log search and download (contract rows /api/log/*). */
export const logMethods = {
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

/** The traffic area's verbs on the api backend: analysis, overview, ranking, bills, lines and logs. */
export const trafficProvider = {
  methods: { ...trafficMethods, ...lineMethods, ...logMethods },
} satisfies ProviderModule<typeof trafficMethods & typeof lineMethods & typeof logMethods>;
