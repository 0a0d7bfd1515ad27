import { isDomainName, isIp, isIpOrCidr } from '../domains/formats';
import type { Hsts, RuleFilter, WebsiteOrigin } from '../../wire/websites';

/**
 * Website protection (issue #18): the shapes and validation rules of protected websites, protection
 * policies and rules, shared by the forms and the server (pure). Messages are the spec's generic
 * ones ('Cannot be empty', 'Format error', 'Range Error') plus the remark and weight rules.
 */

export const LB_MODES = ['least_pending', 'random', 'least_connections', 'ip_hash', 'weighted'] as const;
export type LbMode = (typeof LB_MODES)[number];
export const ORIGIN_TYPES = ['single', 'multiple'] as const;
export type OriginType = (typeof ORIGIN_TYPES)[number];
export const ORIGIN_ROLES = ['active', 'standby'] as const;
export type OriginRole = (typeof ORIGIN_ROLES)[number];

export const WAF_CATEGORIES = ['xss', 'illegalResource', 'rfi', 'sqli'] as const;
export type WafCategory = (typeof WAF_CATEGORIES)[number];
export const WAF_RESPONSES = ['ignore', 'alert', 'block_request', 'block_user', 'block_ip'] as const;
export type WafResponse = (typeof WAF_RESPONSES)[number];

export const FILTER_FIELDS = ['path', 'query', 'method', 'clientIp', 'country', 'userAgent', 'referer', 'header'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export const FILTER_OPERATORS = ['equals', 'contains', 'startsWith', 'regex', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const RULE_ACTION_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];
export const RULE_STATUSES = ['configuring', 'configured', 'disabled'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export const REDIRECT_CODES = [301, 302, 307, 308] as const;

/** How a name's ownership is proven (issue #35): a DNS TXT record, or a file its origin serves. */
export const OWNERSHIP_METHODS = ['dns', 'file'] as const;
export type OwnershipMethod = (typeof OWNERSHIP_METHODS)[number];

/** Where a proof is looked for: the name itself, or for a wildcard `*.x` the name x. */
const proofHost = (domain: string) => domain.replace(/^\*\./, '');
/** The TXT record that holds the token for the DNS method. */
export const ownershipDnsName = (domain: string) => `_cdn-portal-challenge.${proofHost(domain)}`;
/** The path of the file the name's origin serves for the file method (its body: the token). */
export const ownershipFilePath = (token: string) => `/.well-known/cdn-portal-verification/${token}.txt`;
/** The address the file method reads (plain HTTP, port 80, no redirect followed). */
export const ownershipFileUrl = (domain: string, token: string) => `http://${proofHost(domain)}${ownershipFilePath(token)}`;

export const REMARK_MAX = 100;
export const MAX_ORIGINS = 20;
export const MAX_LIST = 500;

/** Shapes the wire defines (common/wire/websites.ts), with the request schemas that validate them. */
export type { Hsts, RuleFilter, WebsiteOrigin };

export interface WebsiteInput {
  domain: string;
  originType: OriginType;
  lbMode: LbMode;
  origins: WebsiteOrigin[];
  remark: string;
  certificateId: number | null;
  hsts: Hsts;
  enabled: boolean;
  protectionAddress?: string;
}

export interface AclConfig {
  countries: string[];
  urls: string[];
  ips: string[];
  clientAppIds: string[];
  exceptions: string[];
}
/** Lists all empty (fresh arrays each call): the base of demo and test policies. */
export const emptyAcl = (): AclConfig => ({ countries: [], urls: [], ips: [], clientAppIds: [], exceptions: [] });
export interface AllowConfig {
  ips: string[];
  urls: string[];
}
export type WafConfig = Record<WafCategory, WafResponse>;

export interface PolicyInput {
  websiteId: number;
  name: string;
  description: string;
  type: 1 | 2 | 3;
  enabled: boolean;
  countries: string[];
  urls: string[];
  ips: string[];
  clientAppIds: string[];
  exceptions: string[];
  waf: WafConfig;
}

export interface RuleAction {
  /** 1 Redirect */
  target?: string;
  statusCode?: number;
  /** 2 Rates */
  requests?: number;
  blockTime?: number;
  /** 3 Security */
  mode?: 'challenge' | 'block';
  /** 4 Request rewrite */
  url?: string;
  /** 4 and 6: headers set */
  headers?: Array<{ name: string; value: string }>;
  /** 5 Forward */
  origin?: string;
  /** 7 Override WAF */
  overrides?: Partial<WafConfig>;
}

export interface RuleInput {
  websiteId: number;
  name: string;
  enabled: boolean;
  actionType: RuleActionType;
  action: RuleAction;
  filters: RuleFilter[];
  clientAppIds: string[];
  interval: number;
}

export const WEBSITE_MESSAGES = {
  wafCannotBeEmpty: { zh: '不能为空', en: 'Cannot be empty' },
  wafFormatError: { zh: '格式错误', en: 'Format error' },
  wafRangeError: { zh: '范围错误', en: 'Range Error' },
  wafRemarkTooLong: { zh: '备注最多100个字符', en: 'The remark may have at most 100 characters' },
  wafWeightsSum: { zh: '权重之和必须为100', en: 'The weights must add up to 100' },
  wafOriginsSingle: { zh: '单源站只能有一个源站', en: 'A single origin type takes exactly one origin' },
  wafOriginRepeat: { zh: '源站重复，请重新填写', en: 'Source station repeat, please re-fill' },
  wafNoActiveOrigin: { zh: '至少需要一个主源站', en: 'At least one active origin is needed' },
  wafDomainExists: { zh: '该网站域名已存在', en: 'This website domain already exists' },
  wafCertificateNotCovering: { zh: '所选证书不覆盖该域名', en: 'The chosen certificate does not cover this domain' },
  wafRegexUnsafe: { zh: '正则表达式无效或可能耗时过长', en: 'The regular expression is invalid or may take too long' },
  wafConfiguring: { zh: '网站配置中，请稍后再试', en: 'The website is being configured, please try again later' },
  wafCheckDns: { zh: '域名 {domain} 无法解析', en: 'The domain {domain} does not resolve' },
} as const satisfies Record<string, { zh: string; en: string }>;
export type WebsiteMessageKey = keyof typeof WEBSITE_MESSAGES;

/** The catalogue in polyglot form (placeholders %{name}) for the client's i18n. */
export function websiteRuleMessages(lang: 'zh' | 'en'): Record<WebsiteMessageKey, string> {
  const out = {} as Record<WebsiteMessageKey, string>;
  for (const key of Object.keys(WEBSITE_MESSAGES) as WebsiteMessageKey[])
    out[key] = WEBSITE_MESSAGES[key][lang].replace(/\{(\w+)\}/g, '%{$1}');
  return out;
}

export interface FieldProblem {
  field: string;
  key: WebsiteMessageKey;
}

export interface ParsedOrigin {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

/** 'http(s)://ip(:port)' or 'domain(:port)' → protocol, host, port; null when the form is wrong. */
export function parseOrigin(address: string): ParsedOrigin | null {
  const v = address.trim();
  const withScheme = /^(https?):\/\/([^/:\s]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?\/?$/.exec(v);
  if (withScheme) {
    const host = withScheme[2].replace(/^\[|\]$/g, '');
    if (!isIp(host)) return null;
    const protocol = withScheme[1] as 'http' | 'https';
    const port = withScheme[3] ? Number(withScheme[3]) : protocol === 'https' ? 443 : 80;
    return port >= 1 && port <= 65535 ? { protocol, host, port } : null;
  }
  const plain = /^([^/:\s]+)(?::(\d{1,5}))?$/.exec(v);
  if (!plain || !isDomainName(plain[1])) return null;
  const port = plain[2] ? Number(plain[2]) : 80;
  return port >= 1 && port <= 65535 ? { protocol: port === 443 ? 'https' : 'http', host: plain[1].toLowerCase(), port } : null;
}

export function validateOriginAddress(address: string | null | undefined): WebsiteMessageKey | null {
  const v = (address ?? '').trim();
  if (!v) return 'wafCannotBeEmpty';
  return parseOrigin(v) ? null : 'wafFormatError';
}

export function validateRemark(remark: string | null | undefined): WebsiteMessageKey | null {
  return (remark ?? '').length > REMARK_MAX ? 'wafRemarkTooLong' : null;
}

export function validateWebsiteDomain(domain: string | null | undefined): WebsiteMessageKey | null {
  const v = (domain ?? '').trim();
  if (!v) return 'wafCannotBeEmpty';
  return isDomainName(v, true) ? null : 'wafFormatError';
}

/** Every problem of a website, field by field (empty when valid). */
export function validateWebsite(w: WebsiteInput): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, key: WebsiteMessageKey | null) => key && out.push({ field, key });
  add('domain', validateWebsiteDomain(w.domain));
  add('remark', validateRemark(w.remark));
  if (!w.origins.length) add('origins', 'wafCannotBeEmpty');
  if (w.originType === 'single' && w.origins.length > 1) add('origins', 'wafOriginsSingle');
  if (w.origins.length > MAX_ORIGINS) add('origins', 'wafRangeError');
  const seen = new Set<string>();
  w.origins.forEach((o, i) => {
    add(`origins.${i}.address`, validateOriginAddress(o.address));
    const k = o.address.trim().toLowerCase();
    if (k && seen.has(k)) add(`origins.${i}.address`, 'wafOriginRepeat');
    seen.add(k);
    if (!Number.isInteger(o.weight) || o.weight < 0 || o.weight > 100) add(`origins.${i}.weight`, 'wafRangeError');
  });
  if (w.origins.length && !w.origins.some((o) => o.role === 'active')) add('origins', 'wafNoActiveOrigin');
  if (w.originType === 'multiple' && w.lbMode === 'weighted' && w.origins.length) {
    const sum = w.origins.reduce((s, o) => s + (Number.isFinite(o.weight) ? o.weight : 0), 0);
    if (sum !== 100) add('origins', 'wafWeightsSum');
  }
  if (w.hsts.enabled && (!Number.isInteger(w.hsts.maxAge) || w.hsts.maxAge < 0 || w.hsts.maxAge > 63_072_000))
    add('hsts.maxAge', 'wafRangeError');
  return out;
}

const COUNTRY = /^[A-Z]{2}$/;

/** Every problem of a policy. */
export function validatePolicy(p: PolicyInput): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, key: WebsiteMessageKey | null) => key && out.push({ field, key });
  if (!p.name.trim()) add('name', 'wafCannotBeEmpty');
  if (p.name.length > 64) add('name', 'wafRangeError');
  if (p.description.length > REMARK_MAX) add('description', 'wafRemarkTooLong');
  for (const [field, list] of [
    ['countries', p.countries],
    ['urls', p.urls],
    ['ips', p.ips],
    ['clientAppIds', p.clientAppIds],
    ['exceptions', p.exceptions],
  ] as const) {
    if (list.length > MAX_LIST) add(field, 'wafRangeError');
  }
  p.countries.forEach((c, i) => !COUNTRY.test(c) && add(`countries.${i}`, 'wafFormatError'));
  p.ips.forEach((ip, i) => !isIpOrCidr(ip) && add(`ips.${i}`, 'wafFormatError'));
  p.urls.forEach((u, i) => !isUrlPattern(u) && add(`urls.${i}`, 'wafFormatError'));
  p.exceptions.forEach((e, i) => !isIpOrCidr(e) && !isUrlPattern(e) && add(`exceptions.${i}`, 'wafFormatError'));
  if (p.type === 1 && !p.countries.length && !p.urls.length && !p.ips.length && !p.clientAppIds.length)
    add('countries', 'wafCannotBeEmpty');
  if (p.type === 2 && !p.urls.length && !p.ips.length) add('ips', 'wafCannotBeEmpty');
  return out;
}

/** A URL pattern: a path starting with '/', '*' as a wildcard. */
export function isUrlPattern(v: string): boolean {
  return /^\/[^\s]*$/.test(v) && v.length <= 1024;
}

/**
 * Regular expressions of rule filters must be linear-time enough: at most 256 characters, no
 * back-references or look-arounds, and no quantified group that itself holds a quantifier
 * (the nested-quantifier shape of catastrophic backtracking). Matching reads at most 4096
 * characters of the value.
 */
export function isSafeRegex(source: string): boolean {
  if (!source || source.length > 256) return false;
  if (/\\[1-9]|\\k<|\(\?[=!<]/.test(source)) return false;
  try {
    new RegExp(source);
  } catch {
    return false;
  }
  // A group containing a quantifier, followed by a quantifier: (a+)+, (a*b)*, (x{2,})+ …
  const stack: boolean[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      // skip a character class
      i++;
      while (i < source.length && source[i] !== ']') {
        if (source[i] === '\\') i++;
        i++;
      }
      continue;
    }
    if (c === '(') stack.push(false);
    else if (c === ')') {
      const inner = stack.pop() ?? false;
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || next === '{' || next === '?';
      if (inner && quantified && next !== '?') return false;
      if (stack.length && (inner || quantified)) stack[stack.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{') && stack.length) stack[stack.length - 1] = true;
  }
  return true;
}

export function validateFilter(f: RuleFilter): WebsiteMessageKey | null {
  if (!f.value.trim()) return 'wafCannotBeEmpty';
  if (f.value.length > 1024) return 'wafRangeError';
  if (f.field === 'header' && !/^[A-Za-z0-9-]{1,64}$/.test(f.header ?? '')) return 'wafFormatError';
  if (f.operator === 'regex' && !isSafeRegex(f.value)) return 'wafRegexUnsafe';
  if (f.field === 'clientIp' && (f.operator === 'equals' || f.operator === 'in')) {
    const items = f.operator === 'in' ? splitList(f.value) : [f.value.trim()];
    if (!items.every(isIpOrCidr)) return 'wafFormatError';
  }
  if (f.field === 'method' && f.operator === 'equals' && !/^[A-Za-z]{3,10}$/.test(f.value.trim())) return 'wafFormatError';
  return null;
}

/** 'a, b\nc' → ['a', 'b', 'c'] */
export function splitList(v: string): string[] {
  return v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every problem of a rule. */
export function validateRule(r: RuleInput): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, key: WebsiteMessageKey | null) => key && out.push({ field, key });
  if (!r.name.trim()) add('name', 'wafCannotBeEmpty');
  if (r.name.length > 64) add('name', 'wafRangeError');
  if (!Number.isInteger(r.interval) || r.interval < 1 || r.interval > 86_400) add('interval', 'wafRangeError');
  if (r.filters.length > 20) add('filters', 'wafRangeError');
  r.filters.forEach((f, i) => add(`filters.${i}.value`, validateFilter(f)));
  const a = r.action;
  switch (r.actionType) {
    case 1:
      if (!a.target?.trim()) add('action.target', 'wafCannotBeEmpty');
      else if (!/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(a.target.trim())) add('action.target', 'wafFormatError');
      if (!REDIRECT_CODES.includes((a.statusCode ?? 0) as (typeof REDIRECT_CODES)[number])) add('action.statusCode', 'wafRangeError');
      break;
    case 2:
      if (!Number.isInteger(a.requests) || (a.requests ?? 0) < 1 || (a.requests ?? 0) > 1_000_000) add('action.requests', 'wafRangeError');
      if (!Number.isInteger(a.blockTime) || (a.blockTime ?? -1) < 0 || (a.blockTime ?? 0) > 86_400)
        add('action.blockTime', 'wafRangeError');
      break;
    case 3:
      if (a.mode !== 'challenge' && a.mode !== 'block') add('action.mode', 'wafCannotBeEmpty');
      break;
    case 4:
      if (a.url && !/^\/[^\s]*$/.test(a.url)) add('action.url', 'wafFormatError');
      if (!a.url && !a.headers?.length) add('action.url', 'wafCannotBeEmpty');
      break;
    case 5:
      if (validateOriginAddress(a.origin)) add('action.origin', validateOriginAddress(a.origin));
      break;
    case 6:
      if (!a.headers?.length) add('action.headers', 'wafCannotBeEmpty');
      break;
    case 7:
      if (!a.overrides || !Object.keys(a.overrides).length) add('action.overrides', 'wafCannotBeEmpty');
      break;
  }
  (a.headers ?? []).forEach((h, i) => !/^[A-Za-z0-9-]{1,64}$/.test(h.name) && add(`action.headers.${i}.name`, 'wafFormatError'));
  return out;
}
