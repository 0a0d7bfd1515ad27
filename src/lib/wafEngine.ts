import { clientAppOf, decodeForInspection, detect } from './wafCatalogue';
import { isIPv4, isIPv6 } from './domainFormats';
import {
  splitList, WAF_CATEGORIES,
  type RuleAction, type RuleActionType, type RuleFilter, type WafCategory, type WafConfig, type WafResponse,
} from './websiteRules';

/**
 * The website protection engine (issue #18): a website's policies and rules compiled into an
 * evaluator, a pure function from a request to a decision. Order: allow list (bypasses everything),
 * access-control list, rules by priority (a terminal action decides; rewrites, rate limits and WAF
 * overrides are collected and evaluation goes on), then the WAF categories. Used by the 'test a
 * request' panel, the demo event generator and the tests; the edge runs the same semantics.
 */

export interface EngineRequest {
  method: string;
  /** path with query, e.g. /a/b?x=1 */
  url: string;
  clientIp: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  userAgent: string;
  referer: string;
  headers: Record<string, string>;
}

export interface EnginePolicy {
  id: number;
  name: string;
  type: 1 | 2 | 3;
  enabled: boolean;
  countries: string[];
  urls: string[];
  ips: string[];
  clientAppIds: string[];
  exceptions: string[];
  waf: WafConfig;
}

export interface EngineRule {
  id: number;
  name: string;
  enabled: boolean;
  priority: number;
  actionType: RuleActionType;
  action: RuleAction;
  filters: RuleFilter[];
  clientAppIds: string[];
}

export type DecisionAction =
  | 'allow' | 'pass' | 'block' | 'redirect' | 'rate_limit' | 'challenge' | 'rewrite_request' | 'forward' | 'rewrite_response'
  | 'override_waf' | 'alert' | 'block_request' | 'block_user' | 'block_ip';

export interface Match {
  kind: 'allowList' | 'acl' | 'rule' | 'waf';
  id: number;
  name: string;
  action: DecisionAction;
  reason: string;
  category?: WafCategory;
}

export interface Decision {
  action: DecisionAction;
  /** the policy or rule that decided (null: nothing matched, the request passes) */
  decidedBy: Match | null;
  reason: string;
  /** everything that matched, in evaluation order */
  matches: Match[];
}

const RULE_ACTIONS: Record<RuleActionType, DecisionAction> = {
  1: 'redirect', 2: 'rate_limit', 3: 'challenge', 4: 'rewrite_request', 5: 'forward', 6: 'rewrite_response', 7: 'override_waf',
};
const TERMINAL = new Set<DecisionAction>(['redirect', 'challenge', 'block', 'forward']);
const WAF_ACTIONS: Record<Exclude<WafResponse, 'ignore'>, DecisionAction> = {
  alert: 'alert', block_request: 'block_request', block_user: 'block_user', block_ip: 'block_ip',
};

// ---------------------------------------------------------------- IP networks

interface Net {
  v6: boolean;
  bytes: number[];
  bits: number;
}

function ipBytes(ip: string): { v6: boolean; bytes: number[] } | null {
  if (isIPv4(ip)) return { v6: false, bytes: ip.split('.').map(Number) };
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return { v6: false, bytes: mapped[1].split('.').map(Number) };
  if (!isIPv6(ip)) return null;
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, null];
  const parse = (s: string | null) => (s ? s.split(':') : []);
  const h = parse(head);
  const t = parse(tail);
  const groups = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  const bytes: number[] = [];
  for (const g of groups) {
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 255);
  }
  return { v6: true, bytes };
}

export function parseNet(cidr: string): Net | null {
  const [ip, bitsText] = cidr.trim().split('/');
  const parsed = ipBytes(ip);
  if (!parsed) return null;
  const max = parsed.v6 ? 128 : 32;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  return { ...parsed, bits };
}

export function inNet(ip: string, net: Net): boolean {
  const p = ipBytes(ip);
  if (!p || p.v6 !== net.v6) return false;
  let bits = net.bits;
  for (let i = 0; i < p.bytes.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 255 : (0xff << (8 - bits)) & 255;
    if ((p.bytes[i] & mask) !== (net.bytes[i] & mask)) return false;
  }
  return true;
}

// ---------------------------------------------------------------- URL patterns

/** '/admin/*' → prefix match; '*' anywhere is a wildcard; otherwise an exact path. */
function urlPattern(p: string): (path: string) => boolean {
  if (!p.includes('*')) return (path) => path === p;
  const re = new RegExp(`^${p.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return (path) => re.test(path);
}

// ---------------------------------------------------------------- request parts

interface Parts {
  method: string;
  path: string;
  query: string;
  clientIp: string;
  country: string;
  userAgent: string;
  referer: string;
  headers: Record<string, string>;
  clientApp: string | null;
  /** decoded path + '?' + query, for the WAF signatures */
  inspected: string;
  inspectedReferer: string;
  /** lower-cased field values, computed once per request by the first filter that needs them */
  folded: Record<string, string>;
}

function partsOf(r: EngineRequest): Parts {
  const url = r.url || '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  return {
    method: (r.method || 'GET').toUpperCase(), path, query, clientIp: r.clientIp.trim(), country: r.country.trim().toUpperCase(),
    userAgent: r.userAgent ?? '', referer: r.referer ?? '', headers, clientApp: clientAppOf(r.userAgent ?? ''),
    inspected: decodeForInspection(q < 0 ? path : `${path}?${query}`), inspectedReferer: decodeForInspection(r.referer ?? ''), folded: {},
  };
}

const MAX_REGEX_INPUT = 4096;

/** A filter as a predicate (values compared case-insensitively except paths and queries). */
export function compileFilter(f: RuleFilter): (p: Parts) => boolean {
  const get = (p: Parts): string => {
    switch (f.field) {
      case 'path': return p.path;
      case 'query': return p.query;
      case 'method': return p.method;
      case 'clientIp': return p.clientIp;
      case 'country': return p.country;
      case 'userAgent': return p.userAgent;
      case 'referer': return p.referer;
      case 'header': return p.headers[(f.header ?? '').toLowerCase()] ?? '';
    }
  };
  const fold = !(f.field === 'path' || f.field === 'query');
  const norm = (s: string) => (fold ? s.toLowerCase() : s);
  if (f.field === 'clientIp') {
    const nets = (f.operator === 'in' ? splitList(f.value) : [f.value.trim()]).map(parseNet).filter((n): n is Net => n !== null);
    return (p) => nets.some((n) => inNet(p.clientIp, n));
  }
  const value = norm(f.value.trim());
  const key = f.field === 'header' ? `header:${(f.header ?? '').toLowerCase()}` : f.field;
  const folded = fold ? (p: Parts) => (p.folded[key] ??= get(p).toLowerCase()) : get;
  switch (f.operator) {
    case 'equals': return (p) => folded(p) === value;
    case 'contains': return (p) => folded(p).includes(value);
    case 'startsWith': return (p) => folded(p).startsWith(value);
    case 'in': {
      const set = new Set(splitList(f.value).map(norm));
      return (p) => set.has(folded(p));
    }
    case 'regex': {
      let re: RegExp;
      try {
        re = new RegExp(f.value, fold ? 'i' : '');
      } catch {
        return () => false;
      }
      return (p) => re.test(get(p).slice(0, MAX_REGEX_INPUT));
    }
  }
}

// ---------------------------------------------------------------- compile

export type Evaluator = (request: EngineRequest) => Decision;

/** Compiles a website's policies and rules (disabled ones are left out) into an evaluator. */
export function compileWebsite(policies: EnginePolicy[], rules: EngineRule[]): Evaluator {
  const enabled = policies.filter((p) => p.enabled);
  const allow = enabled.filter((p) => p.type === 2).map((p) => ({
    p, nets: p.ips.map(parseNet).filter((n): n is Net => n !== null), urls: p.urls.map(urlPattern),
  }));
  const acl = enabled.filter((p) => p.type === 1).map((p) => ({
    p,
    countries: new Set(p.countries.map((c) => c.toUpperCase())),
    nets: p.ips.map(parseNet).filter((n): n is Net => n !== null),
    urls: p.urls.map(urlPattern),
    apps: new Set(p.clientAppIds),
    exceptNets: p.exceptions.map(parseNet).filter((n): n is Net => n !== null),
    exceptUrls: p.exceptions.filter((e) => e.startsWith('/')).map(urlPattern),
  }));
  const waf = enabled.filter((p) => p.type === 3);
  const compiledRules = rules
    .filter((r) => r.enabled)
    .sort((a, b) => a.priority - b.priority || a.id - b.id)
    .map((r) => ({ r, filters: r.filters.map(compileFilter), apps: new Set(r.clientAppIds) }));

  return (request) => {
    const p = partsOf(request);
    const matches: Match[] = [];
    const decide = (m: Match): Decision => ({ action: m.action, decidedBy: m, reason: m.reason, matches });

    for (const a of allow) {
      const ip = a.nets.find((n) => inNet(p.clientIp, n));
      const url = a.urls.findIndex((u) => u(p.path));
      if (ip || url >= 0) {
        const m: Match = { kind: 'allowList', id: a.p.id, name: a.p.name, action: 'allow', reason: ip ? `client IP ${p.clientIp} in the allow list` : `URL ${p.path} in the allow list (${a.p.urls[url]})` };
        matches.push(m);
        return decide(m);
      }
    }

    for (const a of acl) {
      if (a.exceptNets.some((n) => inNet(p.clientIp, n)) || a.exceptUrls.some((u) => u(p.path))) continue;
      let reason = '';
      if (p.country && a.countries.has(p.country)) reason = `country ${p.country} is blocked`;
      else if (a.nets.some((n) => inNet(p.clientIp, n))) reason = `client IP ${p.clientIp} is blocked`;
      else if (a.urls.some((u) => u(p.path))) reason = `URL ${p.path} is blocked`;
      else if (p.clientApp && a.apps.has(p.clientApp)) reason = `client ${p.clientApp} is blocked`;
      if (reason) {
        const m: Match = { kind: 'acl', id: a.p.id, name: a.p.name, action: 'block', reason };
        matches.push(m);
        return decide(m);
      }
    }

    const overrides: Partial<WafConfig> = {};
    let firstNonTerminal: Match | null = null;
    let overrideMatch: Match | null = null;
    for (const c of compiledRules) {
      if (c.apps.size && !(p.clientApp && c.apps.has(p.clientApp))) continue;
      if (!c.filters.every((f) => f(p))) continue;
      let action = RULE_ACTIONS[c.r.actionType];
      if (c.r.actionType === 3 && c.r.action.mode === 'block') action = 'block';
      const m: Match = { kind: 'rule', id: c.r.id, name: c.r.name, action, reason: ruleReason(c.r) };
      matches.push(m);
      if (TERMINAL.has(action)) return decide(m);
      if (c.r.actionType === 7) Object.assign(overrides, c.r.action.overrides ?? {});
      if (c.r.actionType === 7) overrideMatch ??= m;
      else firstNonTerminal ??= m;
    }

    let strongest: Match | null = null;
    const rank: Partial<Record<DecisionAction, number>> = { alert: 1, block_request: 2, block_user: 3, block_ip: 4 };
    for (const w of waf) {
      for (const category of WAF_CATEGORIES) {
        const response = overrides[category] ?? w.waf[category];
        if (!response || response === 'ignore') continue;
        const text = category === 'xss' || category === 'sqli' ? `${p.inspected}\n${p.inspectedReferer}` : p.inspected;
        const hits = detect(category, text);
        if (!hits.length) continue;
        const m: Match = { kind: 'waf', id: w.id, name: w.name, action: WAF_ACTIONS[response], reason: `${category}: ${hits.join(', ')}`, category };
        matches.push(m);
        if (!strongest || (rank[m.action] ?? 0) > (rank[strongest.action] ?? 0)) strongest = m;
      }
    }
    if (strongest && strongest.action !== 'alert') return decide(strongest);
    if (firstNonTerminal) return decide(firstNonTerminal);
    if (strongest) return decide(strongest);
    if (overrideMatch) return decide(overrideMatch);
    return { action: 'pass', decidedBy: null, reason: '', matches };
  };
}

function ruleReason(r: EngineRule): string {
  const a = r.action;
  switch (r.actionType) {
    case 1: return `redirect ${a.statusCode ?? 302} to ${a.target ?? ''}`;
    case 2: return `rate limit ${a.requests ?? 0} requests per interval, block ${a.blockTime ?? 0} s`;
    case 3: return a.mode === 'block' ? 'security: block' : 'security: challenge';
    case 4: return `rewrite request${a.url ? ` to ${a.url}` : ''}`;
    case 5: return `forward to ${a.origin ?? ''}`;
    case 6: return 'rewrite response headers';
    case 7: return `override WAF ${Object.entries(a.overrides ?? {}).map(([k, v]) => `${k}=${v}`).join(', ')}`;
  }
}

/** Is the action one that stops the request (for counting blocked events)? */
export const isBlocking = (a: DecisionAction) => ['block', 'block_request', 'block_user', 'block_ip', 'challenge'].includes(a);
