import type { Hsts, LbMode, OriginType, PolicyInput, RuleAction, RuleActionType, RuleFilter, RuleInput, RuleStatus, WebsiteOrigin } from '../rules/websites/index';

/** Wire shapes of website protection (/impapi/protection/application/*, issue #18). */

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

export interface Website {
  id: number;
  account: string;
  domain: string;
  protectionAddress: string;
  originType: OriginType;
  lbMode: LbMode;
  origins: WebsiteOrigin[];
  remark: string;
  certificateId: number | null;
  hsts: Hsts;
  enabled: boolean;
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

export interface Rule {
  id: number;
  websiteId: number;
  account: string;
  name: string;
  enabled: boolean;
  actionType: RuleActionType;
  action: RuleAction;
  filters: RuleFilter[];
  clientAppIds: string[];
  interval: number;
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

export interface CertificateOption {
  id: number;
  name: string;
  commonName: string;
  dnsNames: string[];
  expireTime: string;
}

export interface StatisticBody {
  websiteId?: number;
  /** seconds */
  startTime: number;
  endTime: number;
}

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
