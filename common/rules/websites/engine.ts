import { clientAppOf, decodeForInspection, detect } from './catalogue';
import { isIPv6 } from '../domains/formats';
import {
  splitList,
  WAF_CATEGORIES,
  type PolicyInput,
  type RuleAction,
  type RuleActionType,
  type RuleFilter,
  type WafCategory,
  type WafConfig,
  type WafResponse,
} from './index';

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

export interface EnginePolicy extends Omit<PolicyInput, 'websiteId' | 'description'> {
  id: number;
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
  | 'allow'
  | 'pass'
  | 'block'
  | 'redirect'
  | 'rate_limit'
  | 'challenge'
  | 'rewrite_request'
  | 'forward'
  | 'rewrite_response'
  | 'override_waf'
  | 'alert'
  | 'block_request'
  | 'block_user'
  | 'block_ip';

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
  1: 'redirect',
  2: 'rate_limit',
  3: 'challenge',
  4: 'rewrite_request',
  5: 'forward',
  6: 'rewrite_response',
  7: 'override_waf',
};
const TERMINAL = new Set<DecisionAction>(['redirect', 'challenge', 'block', 'forward']);
const WAF_ACTIONS: Record<Exclude<WafResponse, 'ignore'>, DecisionAction> = {
  alert: 'alert',
  block_request: 'block_request',
  block_user: 'block_user',
  block_ip: 'block_ip',
};

// ---------------------------------------------------------------- IP networks

/**
 * An IPv4 network is a base and a mask on the 32-bit number (an IP is parsed once per request and
 * compared with one AND per network); an IPv6 network keeps its 16 bytes.
 */
export interface Net {
  v6: boolean;
  bytes: number[];
  bits: number;
  /** IPv4 only: the masked base and the mask, as unsigned 32-bit numbers */
  base: number;
  mask: number;
}

/** A parsed client IP: an IPv4 (or IPv4-mapped IPv6) address as its 32-bit number, an IPv6 one as bytes. */
export type ParsedIp = { v6: false; v4: number } | { v6: true; bytes: number[] };

/**
 * A dotted IPv4 address as its unsigned 32-bit number, or -1. The syntax of domainFormats' isIPv4
 * (four decimal parts 0–255 without leading zeros), without splitting or regular expressions:
 * it runs for every request.
 */
export function ipv4Number(s: string, from = 0): number {
  let n = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      n = n * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else if (c >= 48 && c <= 57) {
      if (digits === 3 || (digits === 1 && part === 0)) return -1;
      part = part * 10 + (c - 48);
      if (part > 255) return -1;
      digits++;
    } else return -1;
  }
  if (dots !== 3 || digits === 0) return -1;
  return n * 256 + part;
}

export function parseIp(ip: string): ParsedIp | null {
  const v4 = ipv4Number(ip);
  if (v4 >= 0) return { v6: false, v4 };
  if (!ip.includes(':')) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) {
    const m = ipv4Number(mapped[1]);
    if (m >= 0) return { v6: false, v4: m };
  }
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

const v4Bytes = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

export function parseNet(cidr: string): Net | null {
  const [ip, bitsText] = cidr.trim().split('/');
  const parsed = parseIp(ip);
  if (!parsed) return null;
  const max = parsed.v6 ? 128 : 32;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  if (parsed.v6) return { v6: true, bytes: parsed.bytes, bits, base: 0, mask: 0 };
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { v6: false, bytes: v4Bytes(parsed.v4), bits, base: (parsed.v4 & mask) >>> 0, mask };
}

/** Is the parsed IP in the network? (An IPv4 address is never in an IPv6 network, nor the reverse.) */
export function ipInNet(p: ParsedIp | null, net: Net): boolean {
  if (!p || p.v6 !== net.v6) return false;
  if (!p.v6) return (p.v4 & net.mask) >>> 0 === net.base;
  let bits = net.bits;
  for (let i = 0; i < p.bytes.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 255 : (0xff << (8 - bits)) & 255;
    if ((p.bytes[i] & mask) !== (net.bytes[i] & mask)) return false;
  }
  return true;
}

export function inNet(ip: string, net: Net): boolean {
  return ipInNet(parseIp(ip), net);
}

const netsOf = (items: string[]) => items.map(parseNet).filter((n): n is Net => n !== null);

/** Is the parsed IP in any of the networks? */
function inAnyNet(p: ParsedIp | null, nets: Net[]): boolean {
  for (let i = 0; i < nets.length; i++) if (ipInNet(p, nets[i])) return true;
  return false;
}

// ---------------------------------------------------------------- URL patterns

/** '/admin/*' → prefix match; '*' anywhere is a wildcard; otherwise an exact path. */
function urlPattern(p: string): (path: string) => boolean {
  if (!p.includes('*')) return (path) => path === p;
  const re = new RegExp(
    `^${p
      .split('*')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (path) => re.test(path);
}

/**
 * A list of URL patterns as one test: exact paths in a set, wildcard patterns as one regular
 * expression (an alternation of anchored patterns). Returns the index of a pattern that matches
 * (for the reason), or -1.
 */
function urlPatterns(patterns: string[]): (path: string) => number {
  const exact = new Map<string, number>();
  const wild: Array<{ i: number; test: (path: string) => boolean }> = [];
  patterns.forEach((p, i) => {
    if (!p.includes('*')) {
      if (!exact.has(p)) exact.set(p, i);
    } else wild.push({ i, test: urlPattern(p) });
  });
  if (!wild.length) return (path) => exact.get(path) ?? -1;
  return (path) => {
    const e = exact.get(path);
    const best = e ?? -1;
    for (const w of wild) {
      if (best >= 0 && w.i > best) break;
      if (w.test(path)) return w.i;
    }
    return best;
  };
}

// ---------------------------------------------------------------- request parts

/**
 * A request as the filters read it. The cheap parts are split at once; what only some policies or
 * rules need (the parsed client IP, the client app, lower-cased values, the decoded text for the WAF
 * signatures, the lower-cased headers) is computed on first use, once per request.
 */
class Parts {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly clientIp: string;
  readonly country: string;
  readonly userAgent: string;
  readonly referer: string;
  private readonly url: string;
  private readonly rawHeaders: Record<string, string> | undefined;
  private headerMap: Record<string, string> | undefined;
  private parsedIp: ParsedIp | null | undefined;
  private app: string | null | undefined;
  private decoded: string | undefined;
  private decodedReferer: string | undefined;
  private lowerUa: string | undefined;
  private lowerReferer: string | undefined;

  constructor(r: EngineRequest) {
    const url = r.url || '/';
    const q = url.indexOf('?');
    this.url = url;
    this.path = q < 0 ? url : url.slice(0, q);
    this.query = q < 0 ? '' : url.slice(q + 1);
    this.method = (r.method || 'GET').toUpperCase();
    this.clientIp = r.clientIp.trim();
    this.country = r.country.trim().toUpperCase();
    this.userAgent = r.userAgent ?? '';
    this.referer = r.referer ?? '';
    this.rawHeaders = r.headers;
  }

  get ip(): ParsedIp | null {
    if (this.parsedIp === undefined) this.parsedIp = parseIp(this.clientIp);
    return this.parsedIp;
  }

  get clientApp(): string | null {
    if (this.app === undefined) this.app = clientAppOf(this.userAgent);
    return this.app;
  }

  /** decoded path + '?' + query, for the WAF signatures */
  get inspected(): string {
    if (this.decoded === undefined) this.decoded = decodeForInspection(this.url);
    return this.decoded;
  }

  get inspectedReferer(): string {
    if (this.decodedReferer === undefined) this.decodedReferer = decodeForInspection(this.referer);
    return this.decodedReferer;
  }

  header(name: string): string {
    if (this.headerMap === undefined) {
      this.headerMap = {};
      for (const [k, v] of Object.entries(this.rawHeaders ?? {})) this.headerMap[k.toLowerCase()] = String(v);
    }
    return this.headerMap[name] ?? '';
  }

  get userAgentLower(): string {
    if (this.lowerUa === undefined) this.lowerUa = this.userAgent.toLowerCase();
    return this.lowerUa;
  }

  get refererLower(): string {
    if (this.lowerReferer === undefined) this.lowerReferer = this.referer.toLowerCase();
    return this.lowerReferer;
  }
}

const MAX_REGEX_INPUT = 4096;

/** The value a filter reads, as written (`raw`) and as compared (`cmp`: lower-cased but for path and query). */
function fieldReaders(f: RuleFilter): { raw: (p: Parts) => string; cmp: (p: Parts) => string } {
  switch (f.field) {
    case 'path':
      return { raw: (p) => p.path, cmp: (p) => p.path };
    case 'query':
      return { raw: (p) => p.query, cmp: (p) => p.query };
    // method and country are already upper-cased: lower-casing them again is one cheap call
    case 'method':
      return { raw: (p) => p.method, cmp: (p) => p.method.toLowerCase() };
    case 'country':
      return { raw: (p) => p.country, cmp: (p) => p.country.toLowerCase() };
    case 'clientIp':
      return { raw: (p) => p.clientIp, cmp: (p) => p.clientIp.toLowerCase() };
    case 'userAgent':
      return { raw: (p) => p.userAgent, cmp: (p) => p.userAgentLower };
    case 'referer':
      return { raw: (p) => p.referer, cmp: (p) => p.refererLower };
    case 'header': {
      const name = (f.header ?? '').toLowerCase();
      return { raw: (p) => p.header(name), cmp: (p) => p.header(name).toLowerCase() };
    }
  }
}

/** A filter as a predicate (values compared case-insensitively except paths and queries). */
export function compileFilter(f: RuleFilter): (p: Parts) => boolean {
  if (f.field === 'clientIp') {
    const nets = netsOf(f.operator === 'in' ? splitList(f.value) : [f.value.trim()]);
    return (p) => inAnyNet(p.ip, nets);
  }
  const fold = !(f.field === 'path' || f.field === 'query');
  const norm = (s: string) => (fold ? s.toLowerCase() : s);
  const value = norm(f.value.trim());
  const { raw, cmp } = fieldReaders(f);
  switch (f.operator) {
    case 'equals':
      return (p) => cmp(p) === value;
    case 'contains':
      return (p) => cmp(p).includes(value);
    case 'startsWith':
      return (p) => cmp(p).startsWith(value);
    case 'in': {
      const set = new Set(splitList(f.value).map(norm));
      return (p) => set.has(cmp(p));
    }
    case 'regex': {
      let re: RegExp;
      try {
        re = new RegExp(f.value, fold ? 'i' : '');
      } catch {
        return () => false;
      }
      return (p) => {
        const v = raw(p);
        return re.test(v.length > MAX_REGEX_INPUT ? v.slice(0, MAX_REGEX_INPUT) : v);
      };
    }
  }
}

// ---------------------------------------------------------------- compile

export type Evaluator = (request: EngineRequest) => Decision;

/** Compiles a website's policies and rules (disabled ones are left out) into an evaluator. */
export function compileWebsite(policies: EnginePolicy[], rules: EngineRule[]): Evaluator {
  const enabled = policies.filter((p) => p.enabled);
  const allow = enabled.filter((p) => p.type === 2).map((p) => ({ p, nets: netsOf(p.ips), urls: urlPatterns(p.urls) }));
  const acl = enabled
    .filter((p) => p.type === 1)
    .map((p) => ({
      p,
      countries: new Set(p.countries.map((c) => c.toUpperCase())),
      nets: netsOf(p.ips),
      urls: urlPatterns(p.urls),
      apps: new Set(p.clientAppIds),
      exceptNets: netsOf(p.exceptions),
      exceptUrls: urlPatterns(p.exceptions.filter((e) => e.startsWith('/'))),
    }));
  const waf = enabled.filter((p) => p.type === 3);
  // Each rule as one closure: its client apps (when it names any), then its filters, all compiled once.
  const compiledRules = rules
    .filter((r) => r.enabled)
    .sort((a, b) => a.priority - b.priority || a.id - b.id)
    .map((r) => {
      const filters = r.filters.map(compileFilter);
      const apps = new Set(r.clientAppIds);
      const action: DecisionAction = r.actionType === 3 && r.action.mode === 'block' ? 'block' : RULE_ACTIONS[r.actionType];
      const matches = (p: Parts): boolean => {
        if (apps.size) {
          const app = p.clientApp;
          if (!app || !apps.has(app)) return false;
        }
        for (let i = 0; i < filters.length; i++) if (!filters[i](p)) return false;
        return true;
      };
      return { r, matches, action, reason: ruleReason(r) };
    });

  return (request) => {
    const p = new Parts(request);
    const matches: Match[] = [];

    for (const a of allow) {
      const ip = inAnyNet(p.ip, a.nets);
      const url = ip ? -1 : a.urls(p.path);
      if (ip || url >= 0) {
        const m: Match = {
          kind: 'allowList',
          id: a.p.id,
          name: a.p.name,
          action: 'allow',
          reason: ip ? `client IP ${p.clientIp} in the allow list` : `URL ${p.path} in the allow list (${a.p.urls[url]})`,
        };
        matches.push(m);
        return decide(m, matches);
      }
    }

    for (const a of acl) {
      if (inAnyNet(p.ip, a.exceptNets) || a.exceptUrls(p.path) >= 0) continue;
      let reason = '';
      if (p.country && a.countries.has(p.country)) reason = `country ${p.country} is blocked`;
      else if (inAnyNet(p.ip, a.nets)) reason = `client IP ${p.clientIp} is blocked`;
      else if (a.urls(p.path) >= 0) reason = `URL ${p.path} is blocked`;
      else if (a.apps.size && p.clientApp && a.apps.has(p.clientApp)) reason = `client ${p.clientApp} is blocked`;
      if (reason) {
        const m: Match = { kind: 'acl', id: a.p.id, name: a.p.name, action: 'block', reason };
        matches.push(m);
        return decide(m, matches);
      }
    }

    let overrides: Partial<WafConfig> | null = null;
    let firstNonTerminal: Match | null = null;
    let overrideMatch: Match | null = null;
    for (const c of compiledRules) {
      if (!c.matches(p)) continue;
      const m: Match = { kind: 'rule', id: c.r.id, name: c.r.name, action: c.action, reason: c.reason };
      matches.push(m);
      if (TERMINAL.has(c.action)) return decide(m, matches);
      if (c.r.actionType === 7) {
        overrides = Object.assign(overrides ?? {}, c.r.action.overrides ?? {});
        overrideMatch ??= m;
      } else firstNonTerminal ??= m;
    }

    let strongest: Match | null = null;
    for (const w of waf) {
      for (const category of WAF_CATEGORIES) {
        const response = overrides?.[category] ?? w.waf[category];
        if (!response || response === 'ignore') continue;
        const text = category === 'xss' || category === 'sqli' ? `${p.inspected}\n${p.inspectedReferer}` : p.inspected;
        const hits = detect(category, text);
        if (!hits.length) continue;
        const m: Match = {
          kind: 'waf',
          id: w.id,
          name: w.name,
          action: WAF_ACTIONS[response],
          reason: `${category}: ${hits.join(', ')}`,
          category,
        };
        matches.push(m);
        if (!strongest || (WAF_RANK[m.action] ?? 0) > (WAF_RANK[strongest.action] ?? 0)) strongest = m;
      }
    }
    if (strongest && strongest.action !== 'alert') return decide(strongest, matches);
    if (firstNonTerminal) return decide(firstNonTerminal, matches);
    if (strongest) return decide(strongest, matches);
    if (overrideMatch) return decide(overrideMatch, matches);
    return { action: 'pass', decidedBy: null, reason: '', matches };
  };
}

const decide = (m: Match, matches: Match[]): Decision => ({ action: m.action, decidedBy: m, reason: m.reason, matches });

const WAF_RANK: Partial<Record<DecisionAction, number>> = { alert: 1, block_request: 2, block_user: 3, block_ip: 4 };

function ruleReason(r: EngineRule): string {
  const a = r.action;
  switch (r.actionType) {
    case 1:
      return `redirect ${a.statusCode ?? 302} to ${a.target ?? ''}`;
    case 2:
      return `rate limit ${a.requests ?? 0} requests per interval, block ${a.blockTime ?? 0} s`;
    case 3:
      return a.mode === 'block' ? 'security: block' : 'security: challenge';
    case 4:
      return `rewrite request${a.url ? ` to ${a.url}` : ''}`;
    case 5:
      return `forward to ${a.origin ?? ''}`;
    case 6:
      return 'rewrite response headers';
    case 7:
      return `override WAF ${Object.entries(a.overrides ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`;
  }
}

/** Is the action one that stops the request (for counting blocked events)? */
export const isBlocking = (a: DecisionAction) => ['block', 'block_request', 'block_user', 'block_ip', 'challenge'].includes(a);
