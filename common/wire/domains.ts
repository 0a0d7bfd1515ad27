import { Type, type Static } from '@sinclair/typebox';
import { literals, ReadAtFields } from './shell/schemas';

/**
 * Wire shapes of the accelerated-domain calls (/api/domain/*, /cloud/encryptDomainInfo, /api/liveDomain/*),
 * shared by the data provider, the domain screens and the server. The request bodies are TypeBox
 * schemas (the routes import them; their types are Static<> of them); the browser imports types only.
 * Constants and rules live in common/rules/domains/.
 */

/** Business types; adding offers only download, vod, static (ADDABLE_DOMAIN_TYPES). */
export type DomainType = 'download' | 'vod' | 'static' | 'live_push' | 'live_pull';
export type DomainScope = 'cn' | 'abroad' | 'all';
/** Accelerated protocol: 'https' means a certificate is deployed (http is still served unless forceHTTPS). */
export type DomainProtocol = 'http' | 'https';
/** Back-to-origin protocol: follow the client's protocol, or always http / https. */
export type BackProtocol = 'match' | 'http' | 'https';
export type DomainStatus = 'on' | 'off' | 'freeze';
/**
 * Shown as configured / configuring (spec: issued / issuing); 'failed' when a ready edge node could not
 * apply the current version (issue #33: operationError says which node and why).
 */
export type OperationState = 'configured' | 'configuring' | 'failed';
/** Why a domain is 'failed': the edge node and its message (nginx's, or the origin's name resolution). */
export interface OperationError {
  node: string;
  message: string;
}
/** GET /api/domain/edgeNodes (issue #33): registered edge nodes, and the offline ones (they hold nothing back). */
export interface DomainEdgeNodes {
  total: number;
  offline: string[];
}
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
  /** Set only while operationState is 'failed'. */
  operationError?: OperationError;
  deliveryType: DeliveryType;
  createdBy: string;
  /** ISO 8601. */
  createTime: string;
  updateTime: string;
  /** Current version number (0 before the first saved version). */
  version: number;
}

/** Validation failure detail: reply {code:"1", msg: first message, data: DomainFieldError[]}. */
export interface DomainFieldError {
  /** Field path, e.g. 'name', 'origins.1.port', 'cacheRules.0.value', 'advanced.rewriteRules.2.source'. */
  field: string;
  /** Message key of common/rules/domainRules.ts DOMAIN_MESSAGES. */
  message: string;
  args?: Record<string, string | number>;
}

export type DomainSortField = 'name' | 'type' | 'scope' | 'status' | 'account' | 'createTime' | 'updateTime' | 'operationState';

/**
 * A domain search as the client sends it and the store runs it (POST /api/domain/search, whose
 * DomainSearchBodySchema also takes lists as comma-separated text). Every filter is optional;
 * paging is server-side.
 */
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

/** A live-domain query as the client sends it and the store runs it (POST /api/liveDomain/query: LiveDomainQueryBodySchema). */
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

/*
 * Request bodies. The schemas check structure only; every value rule (with the spec's messages) is in
 * common/rules/domains/. Numbers a user types are accepted as number, text or null so that an empty
 * port reports 'port required' rather than a schema error.
 */

// Unknown, not a union: ajv's type coercion would turn null into 0 inside a union's number branch.
const NumLike = Type.Unknown();
const Text = (max = 2048) => Type.String({ maxLength: max });
const TextList = (max = 1000) => Type.Array(Text(1024), { maxItems: max });
const Unit = Type.String({ maxLength: 8 });
const Flag = Type.Boolean();
const OriginRoleSchema = literals(['main', 'backup'] as const);
const OriginTypeSchema = literals(['domain', 'ip', 'bucket', 'advanced'] as const);
const BackProtocolSchema = literals(['match', 'http', 'https'] as const);
const BackHostSchema = Type.Object({ mode: literals(['follow', 'custom'] as const), value: Type.Optional(Text(255)) });

const OriginBody = Type.Object({
  role: OriginRoleSchema,
  type: OriginTypeSchema,
  address: Type.Optional(Text(255)),
  port: Type.Optional(NumLike),
  weight: Type.Optional(NumLike),
});
const CacheRuleBody = Type.Object({
  match: literals(['path', 'suffix'] as const),
  value: Type.Optional(Text(4096)),
  time: Type.Optional(NumLike),
  unit: Type.Optional(Unit),
});
const ListModeSchema = literals(['off', 'allow', 'deny'] as const);
const AccessListBody = Type.Object({ mode: ListModeSchema, values: TextList() });
const HeaderBody = Type.Object({ action: literals(['set', 'delete'] as const), name: Text(128), value: Type.Optional(Text(1024)) });
const AdvancedBody = Type.Partial(
  Type.Object({
    protocolRedirect: Type.Object({ enabled: Flag, target: literals(['http', 'https'] as const), code: literals([301, 302] as const) }),
    compression: Type.Object({ enabled: Flag, fileTypes: TextList(100), minSizeKb: NumLike }),
    brotli: Type.Object({ enabled: Flag }),
    originRedirect: Type.Object({ enabled: Flag, maxHops: NumLike }),
    statusCodeCache: Type.Array(Type.Object({ code: NumLike, time: NumLike, unit: Unit }), { maxItems: 100 }),
    errorPages: Type.Array(Type.Object({ code: NumLike, url: Text(1024) }), { maxItems: 100 }),
    urlAuth: Type.Object({ enabled: Flag, type: literals(['A', 'B', 'C'] as const), secret: Text(64), time: NumLike }),
    uaList: AccessListBody,
    rangeOrigin: Flag,
    referer: Type.Object({ mode: ListModeSchema, values: TextList(), allowEmpty: Flag }),
    ipList: AccessListBody,
    responseHeaders: Type.Array(HeaderBody, { maxItems: 100 }),
    requestHeaders: Type.Array(HeaderBody, { maxItems: 100 }),
    rewriteRules: Type.Array(
      Type.Object({
        source: Text(1024),
        target: Text(1024),
        flag: literals(['break', 'last', 'redirect', 'permanent'] as const),
        status: literals(['on', 'off'] as const),
      }),
      { maxItems: 200 },
    ),
  }),
);

/**
 * POST /api/domain/add body: a DomainInput as it may arrive (the server fills the missing parts with
 * defaults), plus confirmBucket: the user confirmed 'This bucket has been bound by another domain
 * name. Confirm binding?' (asked with reply code BUCKET_CONFIRM_CODE).
 */
export const DomainAddSchema = Type.Object({
  name: Type.Optional(Text(253 + 16)),
  type: Type.Optional(Text(16)),
  scope: Type.Optional(Text(16)),
  protocol: Type.Optional(literals(['http', 'https'] as const)),
  backProtocol: Type.Optional(BackProtocolSchema),
  icp: Type.Optional(Text(64)),
  forceHTTPS: Type.Optional(Flag),
  certificateId: Type.Optional(Type.Union([Text(64), Type.Number(), Type.Null()])),
  certificateName: Type.Optional(Text(255)),
  cloudStorage: Type.Optional(Text(1024)),
  context: Type.Optional(Text(1024)),
  backHost: Type.Optional(BackHostSchema),
  backDir: Type.Optional(Text(1024)),
  backIsEnable: Type.Optional(Flag),
  testUrl: Type.Optional(Text(2048)),
  origins: Type.Optional(Type.Array(OriginBody, { maxItems: 100 })),
  cacheRules: Type.Optional(Type.Array(CacheRuleBody, { maxItems: 200 })),
  ignoreParams: Type.Optional(
    Type.Object({
      mode: literals(['off', 'all', 'keep', 'remove'] as const),
      params: Type.Optional(TextList(100)),
      paths: Type.Optional(TextList(100)),
    }),
  ),
  ignoreExpires: Type.Optional(Flag),
  ignoreNoCache: Type.Optional(Flag),
  advanced: Type.Optional(AdvancedBody),
  labels: Type.Optional(TextList(50)),
  account: Type.Optional(Text(128)),
  belongDomainGroup: Type.Optional(Text(128)),
  confirmBucket: Type.Optional(Flag),
});
export type DomainAddRequest = Static<typeof DomainAddSchema>;

/** POST /api/domain/update body: the add body and the domain's id. */
export const DomainUpdateSchema = Type.Intersect([DomainAddSchema, Type.Object({ id: Type.Integer({ minimum: 1 }), ...ReadAtFields })]);
export type DomainUpdateRequest = Static<typeof DomainUpdateSchema>;

/** POST /api/domain/disable body: freeze (staff only) instead of switching off. */
export const DomainDisableSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), freeze: Type.Optional(Type.Boolean()) });

const StrList = Type.Union([Type.Array(Text(64), { maxItems: 50 }), Text(512)]);

/** POST /api/domain/search body: DomainSearchParams, lists also as comma-separated text, sortOrder in either case. */
export const DomainSearchBodySchema = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  current: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  name: Type.Optional(Text(255)),
  textSearch: Type.Optional(Text(255)),
  domainLabel: Type.Optional(Text(64)),
  type: Type.Optional(StrList),
  scope: Type.Optional(StrList),
  protocol: Type.Optional(Text(16)),
  status: Type.Optional(StrList),
  operationState: Type.Optional(Text(16)),
  certificateName: Type.Optional(Text(255)),
  account: Type.Optional(StrList),
  ids: Type.Optional(Type.Array(Type.Integer(), { maxItems: 1000 })),
  sortField: Type.Optional(Text(32)),
  sortOrder: Type.Optional(literals(['ASC', 'DESC', 'asc', 'desc'] as const)),
});
export type DomainSearchBody = Static<typeof DomainSearchBodySchema>;

/** A domain named in a query or body (history, rollback). */
const DomainName = Type.String({ minLength: 1, maxLength: 270 });
/** GET /api/domain/history/version?domain=… */
export const DomainHistoryQuerySchema = Type.Object({ domain: DomainName });
/** POST /api/domain/history/rollback body. */
export const DomainRollbackSchema = Type.Object({ domain: DomainName, version: Type.Integer({ minimum: 1 }) });

/** GET /api/domain/schedulinPpolicy/{domain}/{type}/{scope}/{protocol} path. */
export const DomainSchedulingParamsSchema = Type.Object({
  domain: DomainName,
  type: Type.String({ maxLength: 16 }),
  scope: Type.String({ maxLength: 16 }),
  protocol: Type.String({ maxLength: 16 }),
});

/** POST /api/domain/validation/testUrl body. */
export const DomainTestUrlSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 270 })),
  testUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  backProtocol: Type.Optional(BackProtocolSchema),
  backHost: Type.Optional(BackHostSchema),
  origins: Type.Optional(
    Type.Array(
      Type.Object({
        role: Type.Optional(OriginRoleSchema),
        type: Type.Optional(OriginTypeSchema),
        address: Type.Optional(Type.String({ maxLength: 255 })),
        port: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 8 }), Type.Null()])),
        weight: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 8 }), Type.Null()])),
      }),
      { maxItems: 20 },
    ),
  ),
});
export type DomainTestUrlRequest = Static<typeof DomainTestUrlSchema>;

/** POST /api/domain/validation/icp body. */
export const DomainIcpSchema = Type.Object({
  icp: Type.Optional(Type.String({ maxLength: 64 })),
  domain: Type.Optional(Type.String({ maxLength: 270 })),
  scope: Type.Optional(Type.String({ maxLength: 16 })),
});
export type DomainIcpRequest = Static<typeof DomainIcpSchema>;

const LiveList = Type.Union([Type.Array(Type.String({ maxLength: 32 }), { maxItems: 20 }), Type.String({ maxLength: 256 })]);
/** POST /api/liveDomain/query body: LiveDomainQuery, lists also as comma-separated text; any sort text (unknown: the default). */
export const LiveDomainQueryBodySchema = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  current: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  type: Type.Optional(LiveList),
  status: Type.Optional(LiveList),
  customer: Type.Optional(Type.String({ maxLength: 128 })),
  sortField: Type.Optional(Type.String({ maxLength: 32 })),
  sortOrder: Type.Optional(Type.String({ maxLength: 4 })),
});

/** GET /api/domain/list?account= and GET /cloud/encryptDomainInfo?account=: accounts, comma separated ('all' on /cloud). */
export const DomainAccountQuerySchema = Type.Object({ account: Type.Optional(Type.String({ maxLength: 2048 })) });

/*
 * Domain groups (sub-accounts, /cloud/customer/*). Strings are optional in the schemas so that a
 * missing field gets the rule's own message (common/rules/users/subAccounts.ts).
 */

/** GET /cloud/customer/showDomainGroup?customer= (default the caller's own account). */
export const DomainGroupListQuerySchema = Type.Object({ customer: Type.Optional(Type.String({ maxLength: 200 })) });
/** POST /cloud/customer/portalAddDomainGroup body. */
export const DomainGroupAddSchema = Type.Object({
  identity: Type.Optional(Type.String({ maxLength: 200 })),
  companyName: Type.Optional(Type.String({ maxLength: 500 })),
  email: Type.Optional(Type.String({ maxLength: 500 })),
  /** Parent account; default the caller's own account. */
  customer: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DomainGroupAddRequest = Static<typeof DomainGroupAddSchema>;
/** POST /cloud/customer/editDomainGroup body. */
export const DomainGroupEditSchema = Type.Object({
  identity: Type.String({ maxLength: 200 }),
  companyName: Type.Optional(Type.String({ maxLength: 500 })),
  email: Type.Optional(Type.String({ maxLength: 500 })),
});
/** GET /cloud/customer/delDomainGroup?domainGroup= */
export const DomainGroupDeleteQuerySchema = Type.Object({ domainGroup: Type.String({ maxLength: 200 }) });
