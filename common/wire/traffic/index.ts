/**
 * Wire types of the traffic-analysis side of the api backend (spec traffic-and-shell §3, §7):
 * /api/es/*, /api/common/analysisOptions, /api/common/bandAndFlow, /api/overview, /api/serviceinfo*,
 * /api/sequential, /api/dosageSort, /api/bill/*. The server (server/routes/api/es*.ts, common.ts,
 * overview.ts, ranking.ts, bill.ts) answers exactly these shapes inside the {code, data, msg} envelope.
 *
 * Units: counts are plain numbers, flow in bytes, bandwidth in bits per second, percentages 0..100
 * with 2 decimals, timestamps (recordTime, timestamp, key) in SECONDS since the epoch.
 *
 * The request bodies are TypeBox schemas (the routes import them) and their types Static<> of them;
 * the browser imports types only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { literals } from '../shell/schemas';

export type AnalysisVariant = 'onLine' | 'offLine';
export type AnalysisInterval = '5m' | '1h' | '1d';
export type TimeSelect = 'today' | 'yesterday' | 'threeDays' | 'week' | 'month' | 'lastMonth' | 'userDefined';
/** What a ranking or distribution is measured by: request count or bytes sent. */
export type AnalysisMeasure = 'request' | 'flow';

const IntervalSchema = literals(['5m', '1h', '1d'] as const);
const Texts = Type.Array(Type.String());
const Time = Type.Union([Type.String(), Type.Number()]);

/**
 * The body of every analysis POST (spec §3 analysis search; also the decrypted payload of the
 * encrypted calls). Lists may also be comma-separated strings; other fields are let through.
 */
export const AnalysisSearchSchema = Type.Object(
  {
    /** Accounts to cover (the account tree; '@+@' entries = the account's direct domains). */
    accounts: Type.Optional(Texts),
    /** Offline form of the same: one account or a comma-separated list (merged with accounts). */
    account: Type.Optional(Type.String()),
    domains: Type.Optional(Texts),
    startTime: Time,
    endTime: Time,
    /** Curve granularity; default '5m'. */
    interval: Type.Optional(IntervalSchema),
    /** Provider / line codes (values of analysisOptions().providerList). */
    providers: Type.Optional(Texts),
    continent: Type.Optional(Texts),
    /** ISO-2 country codes. */
    country: Type.Optional(Texts),
    province: Type.Optional(Texts),
    isp: Type.Optional(Texts),
    timeSelect: Type.Optional(Type.String()),
    pullDown: Type.Optional(Type.Boolean()),
    /** IANA zone of the wall-clock times and of day buckets; the provider fills the browser's zone. */
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/**
 * The search of every analysis call (online and offline, JSON body) as the client writes it.
 * Times are wall-clock strings in `timeZone`: offline 'YYYY-MM-DD HH:mm:ss' (second precision),
 * online 'YYYY-MM-DD HH:mm' (minute precision); both ends are inclusive at that precision.
 * Empty or missing filters mean "all" (within the caller's account scope).
 */
export type AnalysisSearch = Omit<Static<typeof AnalysisSearchSchema>, 'startTime' | 'endTime' | 'timeSelect'> & {
  startTime: string;
  endTime: string;
  timeSelect?: TimeSelect;
};

/** Query of the simple GET calls /api/es/{kind}/get (lists comma-separated). */
export const SimpleAnalysisQuerySchema = Type.Object(
  {
    domains: Type.Optional(Type.String()),
    account: Type.Optional(Type.String()),
    interval: Type.Optional(IntervalSchema),
    startTime: Type.String(),
    endTime: Type.String(),
    providers: Type.Optional(Type.String()),
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type SimpleAnalysisQuery = Static<typeof SimpleAnalysisQuerySchema>;

/** An encrypted call's body: {data: cipher text of the JSON payload}. */
export const EncryptedBodySchema = Type.Object({ data: Type.String() }, { additionalProperties: true });

// ---------------------------------------------------------------- shared pieces

/** A named share of a total (ranked tables, maps). */
export interface ShareItem {
  name: string;
  value: number;
  /** value / total * 100, 2 decimals */
  percent: number;
}

/** Options of selects: provider list, area lists. */
export interface NameValue {
  name: string;
  value: string;
}

// ---------------------------------------------------------------- POST /api/es/count/{variant}

export interface CountSummary {
  request: number;
  flow: number;
  hit: number;
  miss: number;
  hitFlow: number;
  missFlow: number;
  /** hit / request * 100, 2 decimals */
  hitPercent: number;
  /** hitFlow / flow * 100, 2 decimals */
  byteHitPercent: number;
  /** highest bucket bandwidth in bps (bucket flow * 8 / bucket seconds) */
  peakBandwidth: number;
  /** recordTime of the peak (seconds) */
  peakTime: number | null;
}

/** Request-count curve point (listTC); `status`: the point's requests by status class (spec §3). */
export interface RequestCountPoint {
  recordTime: number;
  request: number;
  hit: number;
  miss: number;
  status: StatusClasses;
}

/** Flow / bandwidth curve point (listBT). */
export interface FlowPoint {
  recordTime: number;
  flow: number;
  /** bps over the bucket */
  bandwidth: number;
}

export interface CountDetail {
  count: CountSummary;
  listTC: RequestCountPoint[];
  listBT: FlowPoint[];
}

// ---------------------------------------------------------------- urlTop

export interface UrlTopItem {
  url: string;
  request: number;
  flow: number;
  /** share of the measure (request or flow) in the total */
  percent: number;
}

/** urlTopListRe (measure request) and urlTopListFlow (measure flow): top 100 URLs. */
export interface UrlTopList {
  list: UrlTopItem[];
  /** total of the measure over the selection */
  count: number;
}

// ---------------------------------------------------------------- hitRate

export interface HitRatePoint {
  recordTime: number;
  /** hit requests (measure request) or hit bytes (measure flow) */
  value: number;
  /** share of the bucket total, 2 decimals */
  percent: number;
}

/** hitRateList: request hit rate (/hitRate) or byte hit rate (/hitRate/.../BT). */
export interface HitRateList {
  hitList: HitRatePoint[];
  missList: HitRatePoint[];
  hit: number;
  miss: number;
  hitPercent: number;
  missPercent: number;
}

// ---------------------------------------------------------------- agent / source

export interface RankedItem {
  /** user agent or referer ('' = none given) */
  name: string;
  request: number;
  flow: number;
  percent: number;
}

/** clientlist (agents) and sourcelist (referers): top 100 by requests. */
export interface RankedList {
  /** total requests of the selection */
  count: number;
  list: RankedItem[];
}

// ---------------------------------------------------------------- statusCode

export interface StatusCodeItem {
  code: number;
  value: number;
  percent: number;
}

/** Status-class totals: 1xx..5xx into statusCode1..5, anything else statusCode0. */
export interface StatusClasses {
  statusCode0: number;
  statusCode1: number;
  statusCode2: number;
  statusCode3: number;
  statusCode4: number;
  statusCode5: number;
}

/** statusdata: per code (requests; bytes for /statusCode/onLine/TB and /statusCode/offLine/BT). */
export interface StatusData extends StatusClasses {
  list: StatusCodeItem[];
}

// ---------------------------------------------------------------- independentIp

export interface IpItem {
  ip: string;
  request: number;
  flow: number;
  country: string;
  province: string;
  isp: string;
}

/** ipListRed (ranked by requests) and ipListFlow (ranked by bytes, /all/flow): top 100 IPs. */
export interface IpList {
  /** top 100 IPs located in China */
  listCN: IpItem[];
  /** number of independent client IPs of the selection */
  count: number;
  /** top 100 IPs worldwide */
  listAll: IpItem[];
}

// ---------------------------------------------------------------- userDistribution

/** userListCnReq (/userDistribution/{v}) and userListCnFlow (/cn/flow). */
export interface UserListCn {
  /** total of the measure, whole selection */
  count: number;
  /** total of the measure, China only */
  countCN: number;
  /** percent relative to countCN */
  ispList: ShareItem[];
  provinceList: ShareItem[];
}

/** userListAllReq (/all/request) and userListAllFlow (/all/flow). */
export interface UserListAll {
  count: number;
  continentList: ShareItem[];
  /** name = ISO-2 country code */
  countryList: ShareItem[];
}

// ---------------------------------------------------------------- GET /api/es/pullDown/offLine

export interface PullDownOptions {
  all: { continent: NameValue[]; country: NameValue[] };
  cn: { province: NameValue[]; isp: NameValue[] };
}

// ---------------------------------------------------------------- db curves (online)

/** POST /api/es/request/db */
export interface RequestCurvePoint {
  recordTime: number;
  request: number;
  hit: number;
  miss: number;
  /** requests by status class, as statusdata */
  status: StatusClasses;
  flow: number;
}

/** POST /api/es/sourceRequest/db: back-to-origin (miss) requests and their bytes. */
export interface SourceRequestPoint {
  recordTime: number;
  request: number;
  flow: number;
}

/** POST /api/es/hitRate/db */
export interface HitRateCurvePoint {
  recordTime: number;
  request: number;
  hit: number;
  miss: number;
  hitPercent: number;
  missPercent: number;
}

/** POST /api/es/byteRate/db */
export interface ByteRateCurvePoint {
  recordTime: number;
  flow: number;
  hitFlow: number;
  missFlow: number;
  byteHitPercent: number;
}

/** POST /api/es/statusCode/db and /api/es/sourceStatusCode/db (origin = miss requests). */
export interface StatusCurvePoint extends StatusClasses {
  recordTime: number;
}

export type CurveType = 'request' | 'sourceRequest' | 'hitRate' | 'byteRate' | 'statusCode' | 'sourceStatusCode';
export interface CurveReply {
  request: RequestCurvePoint[];
  sourceRequest: SourceRequestPoint[];
  hitRate: HitRateCurvePoint[];
  byteRate: ByteRateCurvePoint[];
  statusCode: StatusCurvePoint[];
  sourceStatusCode: StatusCurvePoint[];
}

// ---------------------------------------------------------------- simple GETs

/** key = bucket start in seconds, value = requests of the bucket */
export interface KeyValue<K = string> {
  key: K;
  value: number;
}

/** Fields every simple GET carries: statistics of requests per interval bucket. */
export interface SimpleStats {
  total: number;
  avg: number;
  current: number;
  max: number;
  min: number;
  histogramList: KeyValue<number>[];
}

export interface SimpleReplies {
  urltop: SimpleStats & { urltermsList: KeyValue[] };
  hitrate: SimpleStats & { HIT: number; MISS: number; hitPercent: number };
  clientside: SimpleStats & { agentList: KeyValue[] };
  source: SimpleStats & { referrerList: KeyValue[] };
  statuscode: SimpleStats & StatusClasses;
  independentip: SimpleStats & { independentIPList: KeyValue[]; ipCount: number };
  /** key = ISO-2 country code */
  userdistribution: SimpleStats & { userDistributionList: KeyValue[] };
}
export type SimpleKind = keyof SimpleReplies;

// ---------------------------------------------------------------- /api/common/*

/** Decrypted data of POST /api/common/analysisOptions. */
export interface AnalysisOptionsData {
  /** account → its domains */
  domainMap: Record<string, string[]>;
  /** provider code → display name */
  providerMap: Record<string, string>;
}
/** What the provider method returns: the decrypted maps and the select options built from them. */
export interface AnalysisOptions extends AnalysisOptionsData {
  domainList: NameValue[];
  providerList: NameValue[];
}
/** Plain payload of analysisOptions (sent as AES(JSON string)). */
export interface AnalysisOptionsQuery {
  accounts?: string[];
}

export interface BandAndFlowPoint {
  timestamp: number;
  flow: number;
  /** bps */
  bandwidth: number;
}
export interface BandAndFlow {
  bandAndFlowList: BandAndFlowPoint[];
  totalFlow: number;
}

// ---------------------------------------------------------------- overview / service info

/** Plain payload of POST /api/overview (sent DES-encrypted as {data}; checked as an analysis search). */
export type OverviewQuery = Pick<AnalysisSearch, 'accounts' | 'domains' | 'startTime' | 'endTime' | 'interval' | 'providers' | 'timeZone'>;

export interface OverviewDomain {
  domain: string;
  account: string;
  flow: number;
  request: number;
  hitPercent: number;
  peakBandwidth: number;
}

export interface Overview {
  flow: number;
  request: number;
  hitPercent: number;
  byteHitPercent: number;
  peakBandwidth: number;
  peakTime: number | null;
  /** bandwidth of the latest complete 5-minute bucket in range (bps) */
  currentBandwidth: number;
  curve: BandAndFlowPoint[];
  /** top 10 domains by flow */
  topDomains: OverviewDomain[];
  domainCount: number;
}

/** GET /api/serviceinfo/init?account= (default the caller's own account). */
export const ServiceInfoInitQuerySchema = Type.Object({ account: Type.Optional(Type.String()) });

/** Plain payload of POST /api/serviceinfo (DES-encrypted as {data}). */
export interface ServiceInfoQuery {
  account?: string;
  /** month 'YYYY-MM' whose usage is shown; default the current month */
  month?: string;
  timeZone?: string;
}

export interface ServiceDomain {
  domain: string;
  account: string;
  /** domain type from the domain configuration ('' when only seen in logs) */
  type: string;
  flow: number;
  request: number;
  peakBandwidth: number;
  providers: string[];
  lastSeen: number | null;
}

export interface ServiceInfo {
  account: string;
  companyName: string;
  month: string;
  services: { name: string; domainCount: number; flow: number; request: number; peakBandwidth: number }[];
  domains: ServiceDomain[];
}

/** GET /api/serviceinfo/init?account */
export interface ServiceInfoInit {
  account: string;
  companyName: string;
  /** the account and its descendants the caller may see */
  accounts: { identity: string; companyName: string; parent: string | null }[];
  domains: string[];
  providers: NameValue[];
  /** first and last day with traffic (seconds), null without data */
  firstTime: number | null;
  lastTime: number | null;
}

/** POST /api/sequential: this range versus the range of the same length just before it. */
export interface SequentialFigures {
  flow: number;
  request: number;
  peakBandwidth: number;
  hitPercent: number;
}
export interface Sequential {
  current: SequentialFigures & { startTime: number; endTime: number };
  previous: SequentialFigures & { startTime: number; endTime: number };
  /** (current - previous) / previous * 100, 2 decimals; null when previous is 0 */
  change: { flow: number | null; request: number | null; peakBandwidth: number | null; hitPercent: number | null };
}

// ---------------------------------------------------------------- ranking

/** POST /api/dosageSort body: an analysis search and what the ranking is by (default flow). */
export const DosageSortQuerySchema = Type.Intersect([
  AnalysisSearchSchema,
  Type.Object({ sortBy: Type.Optional(literals(['flow', 'request'] as const satisfies readonly AnalysisMeasure[])) }),
]);
export type DosageSortQuery = Omit<AnalysisSearch, 'interval' | 'timeSelect' | 'pullDown'> &
  Pick<Static<typeof DosageSortQuerySchema>, 'sortBy'>;
export interface DosageEntry {
  /** domain name */
  custom: string;
  account: string;
  /** share of the total of the measure, 2 decimals */
  ratio: number;
  /** flow in bytes (sortBy flow) or request count (sortBy request) */
  amount: number;
  flow: number;
  request: number;
  providers: string[];
}

// ---------------------------------------------------------------- bills (yuan)

/** Body of the bill calls (POST /api/bill/billDetail, billSum, overview). */
export const BillQuerySchema = Type.Object(
  {
    accounts: Type.Optional(Texts),
    domains: Type.Optional(Texts),
    /** 'YYYY-MM', inclusive */
    startMonth: Type.String(),
    endMonth: Type.String(),
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type BillQuery = Static<typeof BillQuerySchema>;

export interface PriceTier {
  /** upper bound of the tier in GB of the month (null = no bound) */
  uptoGB: number | null;
  yuanPerGB: number;
}
export interface PriceModel {
  currency: 'yuan';
  /** monthly traffic tiers per domain, GB = 10^9 bytes */
  trafficTiers: PriceTier[];
  /** price of one Mbps (10^6 bps) of the monthly 95th-percentile bandwidth */
  yuanPerMbps95: number;
}

/** The usage of one domain over a day or a month. */
interface BillUsage {
  month: string;
  domain: string;
  account: string;
  flow: number;
  request: number;
  /** highest 5-minute bandwidth of the day or month (bps) */
  peakBandwidth: number;
}

/** The totals of a bill over all its rows (or of one month of all domains). */
interface BillTotal {
  flow: number;
  request: number;
  trafficFee: number;
  bandwidthFee: number;
}

/** One day of one domain. Fees of the days of a month add up to the month's fees. */
export interface BillDetailRow extends BillUsage {
  date: string;
  /** this day's part of the month's tiered traffic fee (yuan, 2 decimals) */
  trafficFee: number;
}
export interface BillDetail {
  list: BillDetailRow[];
  priceModel: PriceModel;
}

/** One month of one domain. */
export interface BillSumRow extends BillUsage {
  /** 95th percentile of the month's 5-minute samples (bps) */
  p95Bandwidth: number;
  trafficFee: number;
  bandwidthFee: number;
}
export interface BillSum {
  list: BillSumRow[];
  total: BillTotal;
  priceModel: PriceModel;
}

export interface BillOverviewMonth extends BillTotal {
  month: string;
  domainCount: number;
}
export interface BillOverview {
  months: BillOverviewMonth[];
  total: BillTotal;
  priceModel: PriceModel;
}
