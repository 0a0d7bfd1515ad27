import { parseNet } from '../../../common/rules/websites/engine';
import { CLIENT_APPS } from '../../../common/rules/websites/catalogue';
import { isSafeRegex, splitList, type FilterField, type RuleFilter, type WafConfig } from '../../../common/rules/websites/index';

/**
 * The dry run of a protection rule or policy (issue #18): its filters compiled into a ClickHouse SQL
 * predicate over the columns of traffic.access_log, with the semantics of wafEngine's compileFilter
 * and compileWebsite (the property test in tests/server/websitesDryRun.test.ts checks that they agree).
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
  private aliases = 0;
  constructor(
    private readonly prefix: string,
    readonly clientAppColumn: boolean,
  ) {}
  /** a name for an expression alias, unique in the predicate (aliases are query-wide in ClickHouse) */
  alias(): string {
    return `${this.prefix}_a${this.aliases++}`;
  }
  add(value: string | string[] | number | number[], type: 'String' | 'Array(String)' | 'UInt32' | 'Array(UInt32)' = 'String'): string {
    const name = `${this.prefix}${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

const MAX_REGEX_INPUT = 4096;
const MAX_UA = 1024;
/** access_log's client-app column (clientAppSql, computed at ingest) */
export const CLIENT_APP_COLUMN = 'client_app';

/*
 * Laziness is chosen per operator: AND / OR evaluate their later arguments only on the rows the
 * earlier ones leave undecided (ClickHouse short-circuit evaluation), which copies those arguments'
 * columns for those rows; over whole url and user-agent columns that copying costs more than the
 * tests. So cheap tests are combined with least / greatest (every row, no copies) and AND is kept
 * where a cheap test spares an expensive one most rows (a prefix before a regular expression).
 */
const all = (xs: string[]) => (xs.length === 1 ? xs[0] : `least(${xs.join(', ')})`);
const some = (xs: string[]) => (xs.length === 1 ? xs[0] : `greatest(${xs.join(', ')})`);

// Request parts as SQL over access_log (the evaluator's Parts). An empty url is '/' (no query).
const Q = `position(url, '?')`;
export const SQL_PATH = `if(url = '', '/', if(${Q} = 0, url, substring(url, 1, ${Q} - 1)))`;
export const SQL_QUERY = `if(${Q} = 0, '', substring(url, ${Q} + 1))`;
const COLUMN: Record<Exclude<FilterField, 'clientIp' | 'header'>, string> = {
  path: SQL_PATH,
  query: SQL_QUERY,
  method: `upperUTF8(if(method = '', 'GET', method))`,
  country: `upperUTF8(trimBoth(country))`,
  userAgent: 'user_agent',
  referer: 'referer',
};
const CLIENT_IP_NUM = 'toUInt32(client_ip)';

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
      } else if (e === 'S') {
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

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// JavaScript's '.' inside a path: any character but a line terminator, and never '?' (a path holds none)
const PATH_CHAR = '[^?\\n\\r\\x{2028}\\x{2029}]';

/**
 * A wildcard pattern ('/admin/*', the evaluator's urlPattern: anchored, '*' any characters but line
 * terminators, on the path) as RE2 over the whole url: the path is the url up to its first '?' or
 * its end. Null when a literal part holds '?' (no path does).
 */
function urlPatternOnUrl(p: string): string | null {
  const parts = p.split('*');
  if (parts.some((s) => s.includes('?'))) return null;
  return `^${parts.map(reEscape).join(`${PATH_CHAR}*`)}(?:\\?|$)`;
}

/*
 * Path tests read the url column directly instead of cutting the path out of every row (which costs
 * more than the test): the path is the url up to its first '?', so a value without '?' starts,
 * equals or contains the path exactly as the url tells below; a value with '?' never matches a path.
 * The empty url is the path '/': `emptyUrl` wraps a test written for a non-empty url with what the
 * evaluator answers for '/' when the test would answer differently on ''.
 */
function emptyUrl(test: string, onEmpty: boolean, onSlash: boolean): string {
  if (onEmpty === onSlash) return test;
  return onSlash ? some([`url = ''`, test]) : all([`url != ''`, test]);
}

const pathEquals = (v: string, b: Params) => pathIn([v], b);

const pathStartsWith = (v: string, b: Params) =>
  v.includes('?') ? '0' : emptyUrl(`startsWith(url, ${b.add(v)})`, v === '', '/'.startsWith(v));

function pathContains(v: string, b: Params): string {
  if (v.includes('?')) return '0';
  const p = b.add(v);
  // the first occurrence in the url lies in the path when it ends before the first '?'
  const contained = all([`position(url, ${p}) > 0`, some([`${Q} = 0`, `position(url, ${p}) + length(${p}) <= ${Q}`])]);
  return emptyUrl(contained, v === '', '/'.includes(v));
}

// up to this many paths are tested one by one (equality, prefix) rather than as a set
const SMALL_PATH_LIST = 8;

function pathIn(list: string[], b: Params): string {
  const values = list.filter((v) => !v.includes('?'));
  if (!values.length) return '0';
  if (values.length <= SMALL_PATH_LIST) {
    // the url is the path, or starts with the path and '?': comparisons of the url's bytes, no
    // hashing of every url and no path cut out of any
    const tests = values.flatMap((v) => [`url = ${b.add(v)}`, `startsWith(url, ${b.add(`${v}?`)})`]);
    return emptyUrl(some(tests), values.includes(''), values.includes('/'));
  }
  const set = b.add(values, 'Array(String)');
  // the path is cut out (lazily, AND) only from the urls with a query
  const listed = some([`url IN ${set}`, `(${Q} > 0 AND substring(url, 1, ${Q} - 1) IN ${set})`]);
  return emptyUrl(listed, values.includes(''), values.includes('/'));
}

/**
 * A wildcard pattern: one RE2 match over the url (urlPatternOnUrl; RE2 rejects most urls at their
 * first characters, cheaper than a prefix test then a lazy match on the path cut out of the rest).
 */
function pathPattern(pattern: string, b: Params): string {
  const re = urlPatternOnUrl(pattern);
  if (re === null) return '0';
  // the evaluator's urlPattern on '/' (the empty url's path); the url pattern matches '' when the pattern is only '*'s
  const matchesSlash = new RegExp(`^${pattern.split('*').map(reEscape).join('.*')}$`).test('/');
  return emptyUrl(`match(url, ${b.add(re)})`, /^\**$/.test(pattern), matchesSlash);
}

function urlPredicate(patterns: string[], b: Params): string[] {
  const exact = patterns.filter((p) => !p.includes('*'));
  const out: string[] = [];
  if (exact.length) out.push(pathIn(exact, b));
  for (const p of patterns) if (p.includes('*')) out.push(pathPattern(p, b));
  return out;
}

/**
 * IPs and CIDRs as IPv4 address ranges [first, last] (IPv6 networks never match the log's IPv4
 * clients, nor do they in the evaluator).
 */
function ipv4Ranges(items: string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const item of items) {
    const net = parseNet(item);
    if (!net || net.v6) continue;
    out.push([net.base, (net.base | (~net.mask >>> 0)) >>> 0]);
  }
  return out;
}

/** A comparison of the client IP's number with each range: no conversion of the column to text. */
function netPredicate(items: string[], b: Params): string | null {
  const ranges = ipv4Ranges(items);
  if (!ranges.length) return null;
  return some(
    ranges.map(([lo, hi]) =>
      lo === hi
        ? `${CLIENT_IP_NUM} = ${b.add(lo, 'UInt32')}`
        : all([`${CLIENT_IP_NUM} >= ${b.add(lo, 'UInt32')}`, `${CLIENT_IP_NUM} <= ${b.add(hi, 'UInt32')}`]),
    ),
  );
}

/**
 * A catalogue signature as what SQL needs: literal alternatives (each maybe anchored at the start)
 * found with one multi-needle search, or a regular expression left to match().
 */
type Signature = { needles: Array<{ text: string; anchored: boolean }> } | { regex: string };

export function signatureParts(signature: string): Signature {
  const alternatives = signature.split('|');
  if (alternatives.every((a) => /^\^?[A-Za-z0-9/_ -]+$/.test(a))) {
    return { needles: alternatives.map((a) => ({ text: a.replace(/^\^/, '').toLowerCase(), anchored: a.startsWith('^') })) };
  }
  return { regex: signature };
}

/**
 * The row's client is one of `apps` (clientAppOf: the catalogue's signatures in order, first match
 * wins, on the first 1024 characters of the user agent), as a boolean over one multi-needle search:
 * the positions of every literal signature up to the last app asked for, found in one pass by
 * multiSearchAllPositionsCaseInsensitive (ASCII case folding, what the JavaScript 'i' flag does for
 * these ASCII needles). App k matches when its signature is found and no earlier one is. A needle
 * counts when it ends within the first 1024 characters: their byte length, computed only for the
 * rare user agents longer than that. The regular-expression signature runs on the rows that reach it.
 */
function appsPredicate(apps: string[], b: Params): string {
  const wanted = CLIENT_APPS.flatMap((c, i) => (apps.includes(c.id) ? [i] : []));
  if (!wanted.length) return '0';
  if (b.clientAppColumn)
    return `${CLIENT_APP_COLUMN} IN ${b.add(
      wanted.map((i) => CLIENT_APPS[i].id),
      'Array(String)',
    )}`;
  const parts = CLIENT_APPS.slice(0, Math.max(...wanted) + 1).map((c) => signatureParts(c.signature));
  const needles = parts.flatMap((p) => ('needles' in p ? p.needles.map((n) => n.text) : []));
  // the positions and the limit, computed once per row under aliases (the first test only names them)
  const pos = b.alias();
  const lim = b.alias();
  const define = all([
    `notEmpty(multiSearchAllPositionsCaseInsensitive(user_agent, ${b.add(needles, 'Array(String)')}) AS ${pos})`,
    `(if(length(user_agent) <= ${MAX_UA}, ${MAX_UA}, length(substringUTF8(user_agent, 1, ${MAX_UA}))) AS ${lim}) > 0`,
  ]);
  const ua = `substringUTF8(user_agent, 1, ${MAX_UA})`;
  let k = 0;
  const found = parts.map((p) => {
    if ('regex' in p) return `match(${ua}, ${b.add(`(?i)${p.regex}`)})`;
    return some(
      p.needles.map((n) => {
        const at = `${pos}[${++k}]`;
        return n.anchored ? `${at} = 1` : all([`${at} > 0`, `${at} + ${Buffer.byteLength(n.text) - 1} <= ${lim}`]);
      }),
    );
  });
  // the regular expression runs (lazily, AND) only on the rows no earlier signature claimed
  const arms = wanted.map((i) => {
    const before = found.slice(0, i).map((f) => `NOT ${f}`);
    return 'regex' in parts[i] ? `(${all(before)} AND ${found[i]})` : all([found[i], ...before]);
  });
  return all([define, some(arms)]);
}

/** A catalogue constant as an SQL string literal (a column's DDL takes no query parameters). */
const literal = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * clientAppOf in SQL over the user agent: the id of the first catalogue entry whose signature
 * matches within the first 1024 characters, '' for none. Traffic ingest computes it once per row
 * into access_log's MATERIALIZED column client_app (server/stores/traffic/clientAppColumn.ts), so
 * that a dry run compares ids instead of searching strings. One multi-needle search gives every
 * literal needle's first position; a needle counts when found (at the start for an anchored one)
 * and ending within the first 1024 characters; the smallest catalogue index counted wins; a
 * regular-expression signature (Safari's) runs only on rows no earlier signature claimed.
 */
export function clientAppSql(ua = 'user_agent'): string {
  const parts = CLIENT_APPS.map((c) => signatureParts(c.signature));
  const needles = parts.flatMap((p, app) => ('needles' in p ? p.needles.map((n) => ({ ...n, app: app + 1 })) : []));
  const none = CLIENT_APPS.length + 1;
  const lim = `if(length(${ua}) <= ${MAX_UA}, ${MAX_UA}, length(substringUTF8(${ua}, 1, ${MAX_UA})))`;
  // per needle: its position, the offset of its last byte (0: anchored) and its app's index
  let index =
    `arrayMin(arrayMap((p, e, a) -> if(p > 0 AND if(e = 0, p = 1, p + e <= ${lim}), a, ${none}), ` +
    `multiSearchAllPositionsCaseInsensitive(${ua}, [${needles.map((n) => literal(n.text)).join(', ')}]), ` +
    `[${needles.map((n) => (n.anchored ? 0 : Buffer.byteLength(n.text) - 1)).join(', ')}], [${needles.map((n) => n.app).join(', ')}]))`;
  parts.forEach((p, i) => {
    if ('regex' in p) {
      const matches = `match(substringUTF8(${ua}, 1, ${MAX_UA}), ${literal(`(?i)${p.regex}`)})`;
      index = `least(${index}, if(${index} <= ${i + 1}, ${none}, if(${matches}, ${i + 1}, ${none})))`;
    }
  });
  // index `none` is past the array's end: arrayElement gives ''
  return `arrayElement([${CLIENT_APPS.map((c) => literal(c.id)).join(', ')}], ${index})`;
}

/** One filter as SQL (compileFilter's semantics). */
export function filterSql(f: RuleFilter, b: Params): string {
  if (f.field === 'header') throw new NotEvaluableError('header');
  if (f.field === 'clientIp') return netPredicate(f.operator === 'in' ? splitList(f.value) : [f.value.trim()], b) ?? '0';
  if (f.field === 'path' && f.operator !== 'regex') {
    const v = f.value.trim();
    switch (f.operator) {
      case 'equals':
        return pathEquals(v, b);
      case 'contains':
        return pathContains(v, b);
      case 'startsWith':
        return pathStartsWith(v, b);
      case 'in':
        return pathIn(splitList(f.value), b);
    }
  }
  const fold = !(f.field === 'path' || f.field === 'query');
  const column = fold ? `lowerUTF8(${COLUMN[f.field]})` : COLUMN[f.field];
  const norm = (s: string) => (fold ? s.toLowerCase() : s);
  const value = norm(f.value.trim());
  switch (f.operator) {
    case 'equals':
      return `${column} = ${b.add(value)}`;
    case 'contains':
      return `position(${column}, ${b.add(value)}) > 0`;
    case 'startsWith':
      return `startsWith(${column}, ${b.add(value)})`;
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
  return xs.length ? some(xs) : '0';
};

export interface CompileOptions {
  /** parameter names' prefix (default 'w') */
  prefix?: string;
  /**
   * Client apps from access_log's client_app column (clientAppSql computed at ingest) instead of the
   * search over the user agent: only when the column holds the current catalogue's ids in every part
   * (server/stores/traffic/clientAppColumn.ts clientAppColumnReady).
   */
  clientAppColumn?: boolean;
}

function compile(build: (b: Params) => string, options: CompileOptions): DryRunCompiled {
  const b = new Params(options.prefix ?? 'w', options.clientAppColumn ?? false);
  try {
    return { evaluable: true, predicate: { sql: build(b), params: b.values } };
  } catch (e) {
    if (e instanceof NotEvaluableError) return { evaluable: false, reason: e.reason };
    throw e;
  }
}

/** A rule's match (every filter, and its client apps when it names any) as a predicate. */
export function compileRuleSql(rule: DryRunRule, options: CompileOptions = {}): DryRunCompiled {
  return compile((b) => {
    // the filters and client apps on every row; regular expressions after them, lazily (AND), on
    // the rows the others leave
    const cheap = rule.filters.filter((f) => f.operator !== 'regex').map((f) => filterSql(f, b));
    if (rule.clientAppIds.length) cheap.push(appsPredicate(rule.clientAppIds, b));
    const rest = rule.filters.filter((f) => f.operator === 'regex').map((f) => filterSql(f, b));
    const parts = [...(cheap.length ? [all(cheap)] : []), ...rest];
    return parts.length ? parts.map((x) => `(${x})`).join(' AND ') : '1';
  }, options);
}

/**
 * A policy's match as a predicate: an access-control list blocks (country, IP/CIDR, URL or client
 * app, unless an exception matches), an allow list allows (IP/CIDR or URL); WAF categories are not
 * evaluable in a dry run.
 */
export function compilePolicySql(policy: DryRunPolicy, options: CompileOptions = {}): DryRunCompiled {
  return compile((b) => {
    if (policy.type === 3) throw new NotEvaluableError('waf');
    if (policy.type === 2) return any([netPredicate(policy.ips, b), ...urlPredicate(policy.urls, b)]);
    const countries = policy.countries.map((c) => c.toUpperCase());
    const hit = any([
      countries.length ? all([`${COLUMN.country} != ''`, `${COLUMN.country} IN ${b.add(countries, 'Array(String)')}`]) : null,
      netPredicate(policy.ips, b),
      ...urlPredicate(policy.urls, b),
      policy.clientAppIds.length ? appsPredicate(policy.clientAppIds, b) : null,
    ]);
    const except = any([
      netPredicate(policy.exceptions, b),
      ...urlPredicate(
        policy.exceptions.filter((e) => e.startsWith('/')),
        b,
      ),
    ]);
    return except === '0' ? hit : all([`NOT ${except}`, hit]);
  }, options);
}
