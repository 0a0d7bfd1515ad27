/**
 * Wire types of the accelerated-domain calls (/api/domain/*, /cloud/encryptDomainInfo, /api/liveDomain/*),
 * shared by the data provider, the domain screens and the server. Types only: constants and rules
 * live in common/rules/domainRules.ts.
 */

/** Business types; adding offers only download, vod, static (ADDABLE_DOMAIN_TYPES). */
export type DomainType = 'download' | 'vod' | 'static' | 'live_push' | 'live_pull';
export type DomainScope = 'cn' | 'abroad' | 'all';
/** Accelerated protocol: 'https' means a certificate is deployed (http is still served unless forceHTTPS). */
export type DomainProtocol = 'http' | 'https';
/** Back-to-origin protocol: follow the client's protocol, or always http / https. */
export type BackProtocol = 'match' | 'http' | 'https';
export type DomainStatus = 'on' | 'off' | 'freeze';
/** Shown as configured / configuring (spec: issued / issuing). */
export type OperationState = 'configured' | 'configuring';
/** Self-service (created in the portal) or ticket (created by provider staff). */
export type DeliveryType = 'self' | 'ticket';

export type OriginRole = 'main' | 'backup';
/** domain name, IP address, cloud-storage bucket (its endpoint host), advanced (host or IP with own host header). */
export type OriginType = 'domain' | 'ip' | 'bucket' | 'advanced';

export interface DomainOrigin {
  role: OriginRole;
  type: OriginType;
  /** Host name, IP or bucket endpoint, without scheme or port. */
  address: string;
  /** 1–65535. */
  port: number;
  /** Load-balancing weight, 1–100. */
  weight: number;
}

export type CacheMatch = 'path' | 'suffix';
/** s, min, h, d, m (month = 30 d), y (365 d). */
export type CacheUnit = 's' | 'min' | 'h' | 'd' | 'm' | 'y';

/**
 * One cache strategy; the list order is the priority (top first).
 * match 'path': value is one or more comma-separated paths; a path ending in '/' (or whose last
 * segment has no '.') is a directory path ('/images/'), otherwise a file path ('/index.html').
 * match 'suffix': value is comma-separated suffixes without dot ('jpg,png'), at most 10.
 * time 0 = do not cache.
 */
export interface CacheRule {
  match: CacheMatch;
  value: string;
  time: number;
  unit: CacheUnit;
}

/** Ignore query parameters for the cache key: off, all, keep only the listed, remove the listed. */
export type IgnoreParamsMode = 'off' | 'all' | 'keep' | 'remove';
export interface IgnoreParams {
  mode: IgnoreParamsMode;
  /** Parameter names for keep/remove. */
  params: string[];
  /** Paths the setting applies to (each starts with '/'); empty = every path. */
  paths: string[];
}

/** Allow list, deny list or off. */
export type ListMode = 'off' | 'allow' | 'deny';

export interface AccessList {
  mode: ListMode;
  values: string[];
}

export interface RefererList extends AccessList {
  /** Requests without a Referer header pass. */
  allowEmpty: boolean;
}

export interface HeaderRule {
  /** set = add or overwrite, delete = remove the header. */
  action: 'set' | 'delete';
  name: string;
  value: string;
}

/** nginx-style flag: break/last rewrite internally, redirect = 302, permanent = 301. */
export type RewriteFlag = 'break' | 'last' | 'redirect' | 'permanent';
export interface RewriteRule {
  /** Original URL: a path or a regular expression ('^/old/(.*)$'). */
  source: string;
  /** Rewritten URL: a path or an absolute http(s) URL, may use $1... */
  target: string;
  flag: RewriteFlag;
  /** The rule is applied (on) or kept but inactive (off). */
  status: 'on' | 'off';
}

export interface StatusCodeCache {
  /** 4xx or 5xx code. */
  code: number;
  time: number;
  unit: CacheUnit;
}

export interface ErrorPage {
  code: number;
  /** Path on the domain ('/404.html') or absolute http(s) URL. */
  url: string;
}

export interface DomainAdvanced {
  /** Redirect clients to another protocol (e.g. http → https) with 301 or 302. */
  protocolRedirect: { enabled: boolean; target: 'http' | 'https'; code: 301 | 302 };
  /** Intelligent (gzip) compression of the listed file types above a minimum size. */
  compression: { enabled: boolean; fileTypes: string[]; minSizeKb: number };
  brotli: { enabled: boolean };
  /** The edge follows 301/302 of the origin itself (up to maxHops). */
  originRedirect: { enabled: boolean; maxHops: number };
  statusCodeCache: StatusCodeCache[];
  errorPages: ErrorPage[];
  /** URL authentication: type A/B/C signatures, primary secret, validity in seconds. */
  urlAuth: { enabled: boolean; type: 'A' | 'B' | 'C'; secret: string; time: number };
  uaList: AccessList;
  /** Range requests to the origin (slice fetch). */
  rangeOrigin: boolean;
  referer: RefererList;
  ipList: AccessList;
  responseHeaders: HeaderRule[];
  requestHeaders: HeaderRule[];
  rewriteRules: RewriteRule[];
}

export interface BackHost {
  /** follow = the accelerated domain is the Host header; custom = value. */
  mode: 'follow' | 'custom';
  value: string;
}

/** What the client sends on add / update (everything a user edits). */
export interface DomainInput {
  name: string;
  type: DomainType;
  scope: DomainScope;
  protocol: DomainProtocol;
  backProtocol: BackProtocol;
  icp: string;
  forceHTTPS: boolean;
  certificateId: string | null;
  /** Name of the chosen certificate (for display and the certificateName filter). */
  certificateName: string;
  /** Note about the cloud-storage bucket origin. */
  cloudStorage: string;
  /** Remark. */
  context: string;
  backHost: BackHost;
  backDir: string;
  /** Back directory rewriting enabled. */
  backIsEnable: boolean;
  testUrl: string;
  origins: DomainOrigin[];
  cacheRules: CacheRule[];
  ignoreParams: IgnoreParams;
  ignoreExpires: boolean;
  ignoreNoCache: boolean;
  advanced: DomainAdvanced;
  /** Free labels (the domainLabel filter). */
  labels: string[];
  /**
   * Owning account: the user's account or one of its sub-accounts (domain groups). Optional on add
   * (default: the signed-in user's account); ignored on update.
   */
  account?: string;
}

/** A stored domain as the server returns it. */
export interface Domain extends Omit<DomainInput, 'account'> {
  id: number;
  /** Owning account (a main account or a sub-account). */
  account: string;
  /** The sub-account (domain group) the domain is in; '' for a main account's own domains. */
  belongDomainGroup: string;
  /** CNAME the customer points the domain to. */
  cname: string;
  status: DomainStatus;
  operationState: OperationState;
  deliveryType: DeliveryType;
  createdBy: string;
  /** ISO 8601. */
  createTime: string;
  updateTime: string;
  /** Current version number (0 before the first saved version). */
  version: number;
}

/** POST /api/domain/add body: the input, plus confirmation of binding a bucket bound elsewhere. */
export interface DomainAddRequest extends DomainInput {
  /** The user confirmed 'This bucket has been bound by another domain name. Confirm binding?'. */
  confirmBucket?: boolean;
}
export interface DomainUpdateRequest extends DomainInput {
  id: number;
  confirmBucket?: boolean;
}
/** Reply code of add/update when a bucket origin is bound to another domain (ask, resend with confirmBucket). */
export const BUCKET_CONFIRM_CODE = '2';

/** Validation failure detail: reply {code:"1", msg: first message, data: DomainFieldError[]}. */
export interface DomainFieldError {
  /** Field path, e.g. 'name', 'origins.1.port', 'cacheRules.0.value', 'advanced.rewriteRules.2.source'. */
  field: string;
  /** Message key of common/rules/domainRules.ts DOMAIN_MESSAGES. */
  message: string;
  args?: Record<string, string | number>;
}

export type DomainSortField = 'name' | 'type' | 'scope' | 'status' | 'account' | 'createTime' | 'updateTime' | 'operationState';

/** POST /api/domain/search body. Every filter is optional; paging is server-side. */
export interface DomainSearchParams {
  /** Page number, from 1 (current is accepted as an alias). */
  pageNum?: number;
  current?: number;
  /** Rows per page (1–1000, default 20). */
  pageSize?: number;
  /** Name contains (case-insensitive). */
  name?: string;
  /** Free text over name, remark, cname, origins, labels, certificate name, ICP. */
  textSearch?: string;
  /** Has this label. */
  domainLabel?: string;
  type?: DomainType[];
  scope?: DomainScope[];
  protocol?: DomainProtocol;
  status?: DomainStatus[];
  operationState?: OperationState;
  /** Certificate name contains. */
  certificateName?: string;
  /** Narrow to these accounts ('acme@+@' = acme's own domains); default the whole scope. */
  account?: string[];
  /** Exact ids (react-admin getOne / getMany). */
  ids?: number[];
  sortField?: DomainSortField;
  sortOrder?: 'ASC' | 'DESC';
}

/** Decrypted reply of /api/domain/search (on the wire: data = AES base64 of this JSON). */
export interface DomainSearchReply {
  list: Domain[];
  /** The page returned (same as current). */
  pageNum: number;
  current: number;
  pageSize: number;
  total: number;
}

/** Decrypted item of GET /api/domain/list (every domain in scope, summary only). */
export interface DomainSummary {
  id: number;
  name: string;
  account: string;
  belongDomainGroup: string;
  type: DomainType;
  scope: DomainScope;
  protocol: DomainProtocol;
  status: DomainStatus;
  operationState: OperationState;
  cname: string;
}

/** Decrypted item of GET /cloud/encryptDomainInfo?account=all. */
export interface DomainNameInfo {
  name: string;
  account: string;
  belongDomainGroup: string;
  type: DomainType;
  status: DomainStatus;
}

/** One changed field between two configurations. */
export interface DomainChange {
  /** Field path ('origins', 'cacheRules', 'advanced.referer', 'scope', ...). */
  field: string;
  /** Readable values (short JSON or text); '' when absent. */
  before: string;
  after: string;
}

/** Configuration snapshot kept per version (what a rollback restores). */
export type DomainConfig = Omit<DomainInput, 'account' | 'name'>;

/** An item of GET /api/domain/history/version?domain=… (newest first). */
export interface DomainVersion {
  id: number;
  domainId: number;
  domain: string;
  version: number;
  author: string;
  /** ISO 8601. */
  time: string;
  /** 'create', 'update', 'rollback', 'enable', 'disable'. */
  action: 'create' | 'update' | 'rollback' | 'enable' | 'disable';
  /** Readable summary of what changed, e.g. "origins: 2 → 3; scope: cn → all". */
  summary: string;
  changes: DomainChange[];
  config: DomainConfig;
  /** This version is the current configuration. */
  current: boolean;
}

/** GET /api/domain/strategy/{id}: the effective cache strategy, in priority order. */
export interface DomainStrategy {
  id: number;
  domain: string;
  type: DomainType;
  rules: Array<CacheRule & { priority: number; seconds: number; cache: boolean; values: string[]; kind: 'directory' | 'file' | 'suffix' }>;
  /** The fallback when no rule matches: per type (download 30 d, static 7 d, vod 30 d). */
  defaultRule: { time: number; unit: CacheUnit; seconds: number };
  ignoreParams: IgnoreParams;
  ignoreExpires: boolean;
  ignoreNoCache: boolean;
  statusCodeCache: StatusCodeCache[];
}

/** GET /api/domain/retrieval/{id}: how the edge goes back to the origins. */
export interface DomainRetrieval {
  id: number;
  domain: string;
  backProtocol: BackProtocol;
  /** Host header sent to the origin. */
  host: string;
  backDir: string;
  backIsEnable: boolean;
  rangeOrigin: boolean;
  originRedirect: { enabled: boolean; maxHops: number };
  origins: Array<DomainOrigin & { protocol: 'http' | 'https' | 'match'; host: string; url: string }>;
  requestHeaders: HeaderRule[];
}

export interface DomainBucket {
  bucket: string;
  /** Bucket endpoint host, as in the origin. */
  endpoint: string;
  provider: string;
  region: string;
  role: OriginRole;
  port: number;
  /** Other domains of the caller's scope bound to the same bucket. */
  boundDomains: string[];
}

/** GET /api/domain/cloudStorage/get/{id}. */
export interface DomainCloudStorage {
  id: number;
  domain: string;
  note: string;
  buckets: DomainBucket[];
}

/** GET /api/domain/schedulinPpolicy/{domain}/{type}/{scope}/{protocol}: edge regions and lines serving the domain. */
export interface DomainSchedulingPolicy {
  domain: string;
  cname: string;
  type: DomainType;
  scope: DomainScope;
  protocol: DomainProtocol;
  regions: Array<{
    /** Region code ('cn-north', 'ap-southeast', ...). */
    region: string;
    name: { zh: string; en: string };
    /** ISP lines / carriers served there. */
    lines: string[];
    /** Edge node count and a sample of edge IPs. */
    nodes: number;
    sampleIps: string[];
    /** Scheduling weight of the region in percent. */
    weight: number;
  }>;
  /** Answer for resolvers outside every listed region. */
  defaultRegion: string;
}

/** POST /api/domain/validation/testUrl body. */
export interface DomainTestUrlRequest {
  name: string;
  origins: DomainOrigin[];
  testUrl: string;
  backProtocol: BackProtocol;
  backHost: BackHost;
}

/** POST /api/domain/validation/icp body. */
export interface DomainIcpRequest {
  icp: string;
  domain?: string;
}

/** Outcome of testUrl / icp checks as the provider hands it to screens: 200 on success, else 0. */
export interface DomainCheckResult {
  result: 200 | 0;
  msg: string;
}

/** Live-domain list entry (GET /api/liveDomain/find, POST /api/liveDomain/query). */
export interface LiveDomain {
  id: number;
  name: string;
  /** Customer (main) account. */
  customer: string;
  /** Sub-account (domain group); '' when none. */
  belongDomainGroup: string;
  type: 'live_push' | 'live_pull';
  status: DomainStatus;
  operationState: OperationState;
  scope: DomainScope;
  protocol: 'rtmp' | 'flv' | 'hls';
  /** Push or pull source. */
  source: string;
  cname: string;
  createTime: string;
  updateTime: string;
}

/** POST /api/liveDomain/query body. */
export interface LiveDomainQuery {
  pageNum?: number;
  current?: number;
  pageSize?: number;
  name?: string;
  type?: Array<'live_push' | 'live_pull'>;
  status?: DomainStatus[];
  customer?: string;
  sortField?: 'name' | 'customer' | 'type' | 'status' | 'createTime';
  sortOrder?: 'ASC' | 'DESC';
}

export interface LiveDomainReply {
  list: LiveDomain[];
  pageNum: number;
  current: number;
  pageSize: number;
  total: number;
}
