import { parseNet } from '../../src/lib/wafEngine';
import { CLIENT_APPS } from '../../src/lib/wafCatalogue';
import { isSafeRegex, splitList, type FilterField, type RuleFilter, type WafConfig } from '../../src/lib/websiteRules';

/**
 * The dry run of a protection rule or policy (issue #18): its filters compiled into a ClickHouse SQL
 * predicate over the columns of traffic.access_log, with the semantics of wafEngine's compileFilter
 * and compileWebsite (the property test in tests/server/wafDryRun.test.ts checks that they agree).
 * Every value is a query parameter ({pN:Type}); nothing the user typed is spliced into the SQL.
 *
 * - path and query come from `url` split at the first '?' (an empty url is '/'); method defaults to GET;
 *   fields other than path and query compare case-insensitively (lowerUTF8, the evaluator's toLowerCase);
 * - client IP (any operator but 'in' takes the value as one IP or CIDR, as the evaluator does):
 *   isIPAddressInRange on the IPv4 column; an IPv6 network never matches an IPv4 client, as in the evaluator;
 * - regex: ClickHouse match() (RE2) on the first 4096 characters, '(?i)' for case-insensitive fields.
 *   The source passed the project's restrictions (isSafeRegex) and is translated to RE2 where JavaScript
 *   differs ('.' and '\s'); escapes RE2 reads differently are refused as not evaluable;
 * - client apps: the catalogue's signatures, first match wins, on the first 1024 characters;
 * - what the log lacks (request headers) and the WAF categories (signatures on double-decoded text)
 *   are answered as not evaluable rather than guessed.
 */

export interface SqlPredicate {
  sql: string;
  params: Record<string, unknown>;
}

export type NotEvaluable = 'header' | 'regex' | 'waf';

export type DryRunCompiled = { evaluable: true; predicate: SqlPredicate } | { evaluable: false; reason: NotEvaluable };

class NotEvaluableError extends Error {
  constructor(readonly reason: NotEvaluable) {
    super(reason);
  }
}

class Params {
  readonly values: Record<string, unknown> = {};
  private n = 0;
  constructor(private readonly prefix: string) {}
  add(value: string | string[], type: 'String' | 'Array(String)' = 'String'): string {
    const name = `${this.prefix}${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

const MAX_REGEX_INPUT = 4096;
const MAX_UA = 1024;

// Request parts as SQL over access_log (the evaluator's partsOf).
const URL = `if(url = '', '/', url)`;
const Q = `position(${URL}, '?')`;
export const SQL_PATH = `if(${Q} = 0, ${URL}, substring(${URL}, 1, ${Q} - 1))`;
export const SQL_QUERY = `if(${Q} = 0, '', substring(${URL}, ${Q} + 1))`;
const COLUMN: Record<Exclude<FilterField, 'clientIp' | 'header'>, string> = {
  path: SQL_PATH,
  query: SQL_QUERY,
  method: `upperUTF8(if(method = '', 'GET', method))`,
  country: `upperUTF8(trimBoth(country))`,
  userAgent: 'user_agent',
  referer: 'referer',
};
const CLIENT_IP = 'IPv4NumToString(client_ip)';

// JavaScript's \s (without the u flag) as an RE2 class body.
const JS_SPACE = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * A JavaScript regular expression source (already restricted by isSafeRegex) as RE2 with the same
 * meaning, or null when it uses an escape the two read differently.
 */
export function jsRegexToRe2(source: string): string | null {
  if (!isSafeRegex(source)) return null;
  // RE2 refuses repetition counts above 1000
  if ([...source.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].some((m) => Number(m[1]) > 1000 || Number(m[2] || 0) > 1000)) return null;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const e = source[i + 1];
      if (e === undefined) return null;
      i++;
      if (e === 's') {
        // a range from \s has no RE2 equivalent as written
        if (inClass && source[i + 1] === '-' && source[i + 2] !== ']') return null;
        out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      }
      else if (e === 'S') {
        if (inClass) return null;
        out += `[^${JS_SPACE}]`;
      } else if ('dDwWtnrfv'.includes(e)) out += e === 'v' ? '\\x{0B}' : `\\${e}`;
      else if (e === 'b' || e === 'B') {
        if (inClass) return null;
        out += `\\${e}`;
      } else if (e === 'x') {
        const hex = source.slice(i + 1, i + 3);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
        out += `\\x{${hex}}`;
        i += 2;
      } else if (/[A-Za-z0-9]/.test(e)) return null;
      else if (e.charCodeAt(0) < 128) out += `\\${e}`;
      else out += e;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      // [] and [^] have no RE2 equivalent as written
      if (source[i + 1] === ']' || (source[i + 1] === '^' && source[i + 2] === ']')) return null;
      inClass = true;
      out += c;
      if (source[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (source[i + 1] === ']') return null;
      continue;
    }
    if (c === '.') out += JS_DOT;
    else if (c === '{' && !/^\{\d+(,\d*)?\}/.test(source.slice(i))) out += '\\{';
    else if (c === '}' && !/\{\d+(,\d*)?$/.test(source.slice(0, i))) out += '\\}';
    else out += c;
  }
  return out;
}

/** '/admin/*' as an RE2 anchored pattern (the evaluator's urlPattern), or null for an exact path. */
function urlPatternRe2(p: string): string | null {
  if (!p.includes('*')) return null;
  return `^${p.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(`${JS_DOT}*`)}$`;
}

function urlPredicate(patterns: string[], b: Params): string[] {
  const exact = patterns.filter((p) => !p.includes('*'));
  const out: string[] = [];
  if (exact.length) out.push(`${SQL_PATH} IN ${b.add(exact, 'Array(String)')}`);
  for (const p of patterns) {
    const re = urlPatternRe2(p);
    if (re) out.push(`match(${SQL_PATH}, ${b.add(re)})`);
  }
  return out;
}

/** IPs and CIDRs as IPv4 networks (IPv6 ones never match the log's IPv4 clients, nor do they in the evaluator). */
function ipv4Nets(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const net = parseNet(item);
    if (!net || net.v6) continue;
    let bits = net.bits;
    const masked = net.bytes.map((byte) => {
      const keep = bits >= 8 ? 8 : Math.max(bits, 0);
      bits -= 8;
      return byte & ((0xff << (8 - keep)) & 255);
    });
    out.push(`${masked.join('.')}/${net.bits}`);
  }
  return out;
}

function netPredicate(items: string[], b: Params): string | null {
  const nets = ipv4Nets(items);
  if (!nets.length) return null;
  return `(${nets.map((n) => `isIPAddressInRange(${CLIENT_IP}, ${b.add(n)})`).join(' OR ')})`;
}

/** The known client of the row's user agent ('' when none), first signature first. */
function clientAppSql(b: Params): string {
  const ua = `substringUTF8(user_agent, 1, ${MAX_UA})`;
  const arms = CLIENT_APPS.map((c) => `match(${ua}, ${b.add(`(?i)${c.signature}`)}), ${b.add(c.id)}`);
  return `multiIf(${arms.join(', ')}, '')`;
}

function appsPredicate(apps: string[], b: Params): string {
  return `has(${b.add(apps, 'Array(String)')}, ${clientAppSql(b)})`;
}

/** One filter as SQL (compileFilter's semantics). */
export function filterSql(f: RuleFilter, b: Params): string {
  if (f.field === 'header') throw new NotEvaluableError('header');
  if (f.field === 'clientIp') return netPredicate(f.operator === 'in' ? splitList(f.value) : [f.value.trim()], b) ?? '0';
  const fold = !(f.field === 'path' || f.field === 'query');
  const column = fold ? `lowerUTF8(${COLUMN[f.field]})` : COLUMN[f.field];
  const norm = (s: string) => (fold ? s.toLowerCase() : s);
  const value = norm(f.value.trim());
  switch (f.operator) {
    case 'equals': return `${column} = ${b.add(value)}`;
    case 'contains': return `position(${column}, ${b.add(value)}) > 0`;
    case 'startsWith': return `startsWith(${column}, ${b.add(value)})`;
    case 'in': {
      const list = splitList(f.value).map(norm);
      return list.length ? `${column} IN ${b.add(list, 'Array(String)')}` : '0';
    }
    case 'regex': {
      const re = jsRegexToRe2(f.value);
      if (re === null) throw new NotEvaluableError('regex');
      return `match(substringUTF8(${COLUMN[f.field]}, 1, ${MAX_REGEX_INPUT}), ${b.add(fold ? `(?i)${re}` : re)})`;
    }
  }
}

export interface DryRunRule {
  filters: RuleFilter[];
  clientAppIds: string[];
}

export interface DryRunPolicy {
  type: 1 | 2 | 3;
  countries: string[];
  urls: string[];
  ips: string[];
  clientAppIds: string[];
  exceptions: string[];
  waf?: WafConfig;
}

const any = (parts: Array<string | null>) => {
  const xs = parts.filter((p): p is string => p !== null);
  return xs.length ? `(${xs.join(' OR ')})` : '0';
};

function compile(build: (b: Params) => string, prefix: string): DryRunCompiled {
  const b = new Params(prefix);
  try {
    return { evaluable: true, predicate: { sql: build(b), params: b.values } };
  } catch (e) {
    if (e instanceof NotEvaluableError) return { evaluable: false, reason: e.reason };
    throw e;
  }
}

/** A rule's match (every filter, and its client apps when it names any) as a predicate. */
export function compileRuleSql(rule: DryRunRule, prefix = 'w'): DryRunCompiled {
  return compile((b) => {
    const parts = rule.filters.map((f) => `(${filterSql(f, b)})`);
    if (rule.clientAppIds.length) parts.push(appsPredicate(rule.clientAppIds, b));
    return parts.length ? parts.join(' AND ') : '1';
  }, prefix);
}

/**
 * A policy's match as a predicate: an access-control list blocks (country, IP/CIDR, URL or client
 * app, unless an exception matches), an allow list allows (IP/CIDR or URL); WAF categories are not
 * evaluable in a dry run.
 */
export function compilePolicySql(policy: DryRunPolicy, prefix = 'w'): DryRunCompiled {
  return compile((b) => {
    if (policy.type === 3) throw new NotEvaluableError('waf');
    if (policy.type === 2) return any([netPredicate(policy.ips, b), ...urlPredicate(policy.urls, b)]);
    const countries = policy.countries.map((c) => c.toUpperCase());
    const hit = any([
      countries.length ? `(${COLUMN.country} != '' AND ${COLUMN.country} IN ${b.add(countries, 'Array(String)')})` : null,
      netPredicate(policy.ips, b),
      ...urlPredicate(policy.urls, b),
      policy.clientAppIds.length ? appsPredicate(policy.clientAppIds, b) : null,
    ]);
    const except = any([netPredicate(policy.exceptions, b), ...urlPredicate(policy.exceptions.filter((e) => e.startsWith('/')), b)]);
    return except === '0' ? hit : `(NOT ${except} AND ${hit})`;
  }, prefix);
}
