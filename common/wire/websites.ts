import { Type, type Static } from '@sinclair/typebox';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  LB_MODES,
  ORIGIN_ROLES,
  OWNERSHIP_METHODS,
  ORIGIN_TYPES,
  REDIRECT_CODES,
  RULE_ACTION_TYPES,
  WAF_CATEGORIES,
  WAF_RESPONSES,
  type OwnershipMethod,
  type PolicyInput,
  type RuleInput,
  type RuleStatus,
  type WebsiteInput,
} from '../rules/websites/index';
import { EpochSeconds, Id32, literals, PageNum, PageSize, ReadAtFields } from './shell/schemas';

/**
 * Wire shapes of website protection (/impapi/protection/application/*, issue #18). The request
 * schemas are TypeBox (the routes validate with them); the browser imports the types only.
 */

/** An origin of a website. */
export const WebsiteOriginSchema = Type.Object(
  {
    /** http(s)://ip(:port) or domain(:port) */
    address: Type.String({ maxLength: 300 }),
    /** percent */
    weight: Type.Integer({ minimum: 0, maximum: 100 }),
    role: literals(ORIGIN_ROLES),
  },
  { additionalProperties: false },
);
export type WebsiteOrigin = Static<typeof WebsiteOriginSchema>;

export const HstsSchema = Type.Object(
  { enabled: Type.Boolean(), maxAge: Type.Integer({ minimum: 0, maximum: 100_000_000 }), includeSubdomains: Type.Boolean() },
  { additionalProperties: false },
);
export type Hsts = Static<typeof HstsSchema>;

/** A condition of a rule. */
export const RuleFilterSchema = Type.Object(
  {
    field: literals(FILTER_FIELDS),
    operator: literals(FILTER_OPERATORS),
    value: Type.String({ maxLength: 1024 }),
    /** header name when field is 'header' */
    header: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type RuleFilter = Static<typeof RuleFilterSchema>;

/** One origin's result of the last check. */
export interface OriginCheck {
  address: string;
  host: string;
  port: number;
  ok: boolean;
  /** HTTP status of the HEAD when answered */
  status?: number;
  /** why it failed, in the language of the check's caller */
  reason?: string;
}

/** A protected website: its settings (WebsiteInput) as stored, its address and its state. */
export interface Website extends Omit<WebsiteInput, 'protectionAddress'> {
  id: number;
  account: string;
  protectionAddress: string;
  status: 'configuring' | 'configured';
  checkStatus: 'unchecked' | 'ok' | 'error';
  checkResult: OriginCheck[];
  checkTime: string | null;
  createTime: string;
  updateTime: string;
}

export interface Policy extends Omit<PolicyInput, 'websiteId'> {
  id: number;
  websiteId: number;
  account: string;
  createTime: string;
  updateTime: string;
}

export interface Rule extends Omit<RuleInput, 'websiteId'> {
  id: number;
  websiteId: number;
  account: string;
  priority: number;
  status: RuleStatus;
  createTime: string;
  updateTime: string;
}

/** GET getPortErrorData/{id}: the origins and ports that failed the last check. */
export interface PortErrorData {
  checkTime: string | null;
  errors: Array<{ address: string; host: string; port: number; reason: string }>;
}

/** An account's proof of a name as stored (server/stores/config/websitesOwnership.ts). */
export interface OwnershipProof {
  id: number;
  account: string;
  domain: string;
  token: string;
  method: OwnershipMethod | null;
  verifiedAt: string | null;
}
export type { OwnershipMethod };

/**
 * The reply of ownership/challenge and ownership/verify: whether the caller may protect the name
 * (an accelerated domain of its account tree, or proven), and what to publish to prove it.
 */
export interface OwnershipChallenge {
  domain: string;
  owned: boolean;
  token: string;
  /** TXT record name (its value: the token) */
  dnsName: string;
  /** the URL whose body must be the token */
  fileUrl: string;
  method: OwnershipMethod | null;
  verifiedAt: string | null;
}

export interface CertificateOption {
  id: number;
  name: string;
  commonName: string;
  dnsNames: string[];
  expireTime: string;
}

/** POST statistic/data: one website or all the caller's (times in seconds). */
export const StatisticQuerySchema = Type.Object(
  { websiteId: Type.Optional(Id32), startTime: EpochSeconds, endTime: EpochSeconds },
  { additionalProperties: false },
);
export type StatisticBody = Static<typeof StatisticQuerySchema>;

/** POST statistic/data (times in ms, spec §9). */
/** What a security event is filed under: a WAF category, or an access-control list, a Rates rule, a Security rule. */
export type SecurityEventCategory = 'xss' | 'illegalResource' | 'rfi' | 'sqli' | 'acl' | 'rate' | 'security';
/** The action taken on the request (`rate_limit`: the client was over the rule's limit). */
export type SecurityEventAction = 'block' | 'challenge' | 'rate_limit' | 'alert' | 'block_request' | 'block_user' | 'block_ip';

/** Security-event figures of the dashboard (traffic.security_events), over the same buckets as the requests. */
export interface SecurityEventStats {
  /** events per bucket (time in ms); buckets without events are left out */
  eventCountList: Array<{ time: number; count: number }>;
  totalEvents: number;
  /** the ten largest of each, largest first */
  topCategories: Array<{ category: SecurityEventCategory; count: number }>;
  topIps: Array<{ ip: string; country: string; count: number }>;
  topCountries: Array<{ country: string; count: number }>;
  /** every action taken, largest first */
  actions: Array<{ action: SecurityEventAction; count: number }>;
}

export interface StatisticData extends SecurityEventStats {
  byteList: Array<{ time: number; flow: number; bandwidth: number }>;
  /** requests per bucket, from the access logs */
  countList: Array<{ time: number; count: number }>;
  /** bucket length in seconds */
  interval: number;
  domains: string[];
}

/**
 * POST rule/dryRun (a documented extra outside the contract): a stored rule or policy (by id) or an
 * unsaved one (the create body without websiteId) run over the website's access logs of the last 24 hours.
 */
export interface DryRunBody {
  websiteId: number;
  ruleId?: number;
  policyId?: number;
  rule?: Omit<RuleInput, 'websiteId'>;
  policy?: Omit<PolicyInput, 'websiteId'>;
}

export interface DryRunSample {
  /** ms */
  time: number;
  method: string;
  url: string;
  status: number;
  clientIp: string;
  country: string;
  userAgent: string;
  referer: string;
}

export interface DryRunResult {
  /** false: the rule or policy uses what the access log lacks (notEvaluable says what) */
  evaluable: boolean;
  notEvaluable?: 'header' | 'regex' | 'waf';
  domain: string;
  /** seconds; the window is [startTime, endTime) */
  startTime: number;
  endTime: number;
  /** one entry per hour, oldest first (time in ms) */
  hours: Array<{ time: number; matched: number; total: number }>;
  matched: number;
  total: number;
  /** up to 20 matching requests, newest first */
  samples: DryRunSample[];
  /** query time in ms */
  elapsedMs: number;
}

// ------------------------------------------------------------ requests

/** POST ownership/challenge: a name the caller wants to protect. */
export const OwnershipChallengeSchema = Type.Object({ domain: Type.String({ maxLength: 253 }) }, { additionalProperties: false });
export type OwnershipChallengeBody = Static<typeof OwnershipChallengeSchema>;
/** POST ownership/verify: look for the challenge's token by one method. */
export const OwnershipVerifySchema = Type.Object(
  { domain: Type.String({ maxLength: 253 }), method: literals(OWNERSHIP_METHODS) },
  { additionalProperties: false },
);
export type OwnershipVerifyBody = Static<typeof OwnershipVerifySchema>;

/** The `{websiteId}` of a path. */
export const WebsiteIdParams = Type.Object({ websiteId: Id32 });

const WebsiteFields = {
  domain: Type.String({ maxLength: 253 }),
  originType: literals(ORIGIN_TYPES),
  lbMode: literals(LB_MODES),
  origins: Type.Array(WebsiteOriginSchema, { maxItems: 50 }),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
  certificateId: Type.Optional(Type.Union([Id32, Type.Null()])),
  hsts: Type.Optional(HstsSchema),
  enabled: Type.Optional(Type.Boolean()),
  protectionAddress: Type.Optional(Type.String({ maxLength: 253 })),
};
/** POST manager/create. */
export const WebsiteCreateSchema = Type.Object(WebsiteFields, { additionalProperties: false });
export type WebsiteCreate = Static<typeof WebsiteCreateSchema>;
/** POST manager/update. */
export const WebsiteUpdateSchema = Type.Object({ id: Id32, ...WebsiteFields, ...ReadAtFields }, { additionalProperties: false });
/** GET manager/list. */
export const WebsiteListQuerySchema = Type.Object({
  domain: Type.Optional(Type.String({ maxLength: 253 })),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
/** GET /impapi/certificate/search: the usable certificates covering the domain. */
export const CertificateSearchQuerySchema = Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) });

/** A response per WAF category (those left out keep their default). */
const WafResponses = Type.Object(Object.fromEntries(WAF_CATEGORIES.map((c) => [c, Type.Optional(literals(WAF_RESPONSES))])), {
  additionalProperties: false,
});

const PolicyList = Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 500 }));
const PolicyFields = {
  websiteId: Id32,
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  type: literals([1, 2, 3] as const),
  enabled: Type.Optional(Type.Boolean()),
  countries: PolicyList,
  urls: PolicyList,
  ips: PolicyList,
  clientAppIds: PolicyList,
  exceptions: PolicyList,
  waf: Type.Optional(WafResponses),
};
/** POST policy/create. */
export const PolicyCreateSchema = Type.Object(PolicyFields, { additionalProperties: false });
export type PolicyCreate = Static<typeof PolicyCreateSchema>;
/** POST policy/update (websiteId: the policy's own, whatever is sent). */
export const PolicyUpdateSchema = Type.Object(
  { id: Id32, ...PolicyFields, websiteId: Type.Optional(Id32), ...ReadAtFields },
  { additionalProperties: false },
);

const RuleHeaderSchema = Type.Object(
  { name: Type.String({ maxLength: 64 }), value: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);
const RuleActionSchema = Type.Object(
  {
    target: Type.Optional(Type.String({ maxLength: 2048 })),
    statusCode: Type.Optional(literals(REDIRECT_CODES)),
    requests: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    blockTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
    mode: Type.Optional(literals(['challenge', 'block'] as const)),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    headers: Type.Optional(Type.Array(RuleHeaderSchema, { maxItems: 20 })),
    origin: Type.Optional(Type.String({ maxLength: 300 })),
    overrides: Type.Optional(WafResponses),
  },
  { additionalProperties: false },
);
const RuleFields = {
  websiteId: Id32,
  name: Type.String({ maxLength: 200 }),
  enabled: Type.Optional(Type.Boolean()),
  actionType: literals(RULE_ACTION_TYPES),
  action: Type.Optional(RuleActionSchema),
  filters: Type.Optional(Type.Array(RuleFilterSchema, { maxItems: 20 })),
  clientAppIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
  interval: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
};
/** POST rule/create. */
export const RuleCreateSchema = Type.Object(RuleFields, { additionalProperties: false });
export type RuleCreate = Static<typeof RuleCreateSchema>;
/** POST rule/update (websiteId: the rule's own, whatever is sent). */
export const RuleUpdateSchema = Type.Object(
  { id: Id32, ...RuleFields, websiteId: Type.Optional(Id32), ...ReadAtFields },
  { additionalProperties: false },
);
/** POST rule/priority: the new order of all the website's rules, first = priority 1. */
export const RulePrioritySchema = Type.Object(
  { websiteId: Id32, ids: Type.Array(Id32, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

/** POST rule/dryRun: the request DryRunBody describes, as the server validates it. */
export const DryRunQuerySchema = Type.Object(
  {
    websiteId: Id32,
    ruleId: Type.Optional(Id32),
    policyId: Type.Optional(Id32),
    rule: Type.Optional(Type.Omit(RuleCreateSchema, ['websiteId'], { additionalProperties: false })),
    policy: Type.Optional(Type.Omit(PolicyCreateSchema, ['websiteId'], { additionalProperties: false })),
  },
  { additionalProperties: false },
);
