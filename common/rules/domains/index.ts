/**
 * Accelerated-domain rules (configuration spec §3, §5, §9), pure and shared by the browser and the
 * server: constants, defaults, per-field validators and validateDomainInput. Validators return a
 * message key of DOMAIN_MESSAGES (common/rules/domainMessages.ts) or null; translate with domainRuleText.
 */
import type {
  CacheRule,
  CacheUnit,
  DomainAdvanced,
  DomainConfig,
  DomainFieldError,
  DomainInput,
  DomainOrigin,
  DomainType,
  HeaderRule,
  IgnoreParams,
  BackHost,
  DomainScope,
} from '../../wire/domains';
import type { DomainMessageKey } from './messages';
import {
  FORBIDDEN_HEADERS,
  HEADER_NAME,
  PARAM_NAME,
  SUFFIX,
  isDomainName,
  isIp,
  isIpOrCidr,
  isIcpNumber,
  isRefererEntry,
  isRewriteSource,
  isTargetUrl,
  splitList,
} from './formats';

export * from './formats';

/** Reply code of add/update when a bucket origin is bound to another domain (ask, resend with confirmBucket). */
export const BUCKET_CONFIRM_CODE = '2';

export const DOMAIN_TYPES: readonly DomainType[] = ['download', 'vod', 'static', 'live_push', 'live_pull'];
/** Adding offers only these. */
export const ADDABLE_DOMAIN_TYPES = ['download', 'vod', 'static'] as const satisfies readonly DomainType[];
/** Filter choices (plain live excluded, spec §3). */
export const FILTER_DOMAIN_TYPES: readonly DomainType[] = DOMAIN_TYPES;
export const DOMAIN_SCOPES = ['cn', 'abroad', 'all'] as const;
export const DOMAIN_PROTOCOLS = ['http', 'https'] as const;
export const BACK_PROTOCOLS = ['match', 'http', 'https'] as const;
export const DOMAIN_STATUSES = ['on', 'off', 'freeze'] as const;
export const OPERATION_STATES = ['configured', 'configuring', 'failed'] as const;
export const ORIGIN_ROLES = ['main', 'backup'] as const;
export const ORIGIN_TYPES = ['domain', 'ip', 'bucket', 'advanced'] as const;
export const CACHE_MATCHES = ['path', 'suffix'] as const;
export const CACHE_UNITS = ['s', 'min', 'h', 'd', 'm', 'y'] as const;
export const REWRITE_FLAGS = ['break', 'last', 'redirect', 'permanent'] as const;
export const LIST_MODES = ['off', 'allow', 'deny'] as const;
export const IGNORE_PARAMS_MODES = ['off', 'all', 'keep', 'remove'] as const;

export const MAX_SUFFIXES = 10;
export const MAX_CACHE_RULES = 50;
export const MAX_ORIGINS = 20;
export const MAX_LIST_ENTRIES = 200;
export const MAX_HEADERS = 20;
export const MAX_REWRITE_RULES = 50;
export const MAX_REMARK = 200;
/** Default global cache and per-type caching days (spec §9). */
export const DEFAULT_GLOBAL_CACHE_DAYS = 30;
export const DEFAULT_CACHE_DAYS: Record<DomainType, number> = { download: 30, static: 7, vod: 30, live_push: 30, live_pull: 30 };

const UNIT_SECONDS: Record<CacheUnit, number> = { s: 1, min: 60, h: 3600, d: 86400, m: 30 * 86400, y: 365 * 86400 };
const MAX_CACHE_SECONDS = 3 * 365 * 86400;

/** A cache time in seconds (m = 30 days, y = 365 days). */
export function cacheSeconds(time: number, unit: CacheUnit): number {
  return time * (UNIT_SECONDS[unit] ?? 0);
}

/** The default cache rules a new domain of the type starts with. */
export function defaultCacheRules(type: DomainType): CacheRule[] {
  const rules: CacheRule[] = [];
  // Static sites carry dynamic pages: never cache them.
  if (type === 'static') rules.push({ match: 'suffix', value: 'php,jsp,asp,aspx,do', time: 0, unit: 's' });
  rules.push({ match: 'path', value: '/', time: DEFAULT_CACHE_DAYS[type] ?? DEFAULT_GLOBAL_CACHE_DAYS, unit: 'd' });
  return rules;
}

export function defaultAdvanced(): DomainAdvanced {
  return {
    protocolRedirect: { enabled: false, target: 'https', code: 301 },
    compression: { enabled: false, fileTypes: ['text/html', 'text/css', 'application/javascript', 'application/json'], minSizeKb: 1 },
    brotli: { enabled: false },
    originRedirect: { enabled: false, maxHops: 3 },
    statusCodeCache: [],
    errorPages: [],
    urlAuth: { enabled: false, type: 'A', secret: '', time: 1800 },
    uaList: { mode: 'off', values: [] },
    rangeOrigin: false,
    referer: { mode: 'off', values: [], allowEmpty: true },
    ipList: { mode: 'off', values: [] },
    responseHeaders: [],
    requestHeaders: [],
    rewriteRules: [],
  };
}

/** A complete new-domain input with the defaults of the type (the add form's initial values). */
export function emptyDomainInput(type: DomainType = 'download'): DomainInput {
  return {
    name: '',
    type,
    scope: 'cn',
    protocol: 'http',
    backProtocol: 'match',
    icp: '',
    forceHTTPS: false,
    certificateId: null,
    certificateName: '',
    cloudStorage: '',
    context: '',
    backHost: { mode: 'follow', value: '' },
    backDir: '/',
    backIsEnable: false,
    testUrl: '/',
    origins: [{ role: 'main', type: 'domain', address: '', port: 80, weight: 10 }],
    cacheRules: defaultCacheRules(type),
    ignoreParams: { mode: 'off', params: [], paths: [] },
    ignoreExpires: false,
    ignoreNoCache: false,
    advanced: defaultAdvanced(),
    labels: [],
  };
}

/** The editable configuration of an input (what a version stores and a rollback restores). */
export function domainConfigOf(input: DomainInput): DomainConfig {
  const { name: _name, account: _account, ...config } = input;
  return config;
}

// ---------------------------------------------------------------- single fields

export function validateDomainName(name: string | null | undefined): DomainMessageKey | null {
  const v = (name ?? '').trim();
  if (!v) return 'domainNameEmpty';
  if (isIp(v) || !isDomainName(v, true)) return 'domainNameFormat';
  return null;
}

/** ICP is required where China delivery is involved (scope cn or all); when given it must be valid. */
export function validateIcp(icp: string | null | undefined, scope: DomainScope = 'cn'): DomainMessageKey | null {
  const v = (icp ?? '').trim();
  if (!v) return scope === 'abroad' ? null : 'domainIcpRequired';
  return isIcpNumber(v) ? null : 'domainIcpFormat';
}

export function validateBackHost(backHost: BackHost | null | undefined): DomainMessageKey | null {
  if (!backHost || backHost.mode === 'follow') return null;
  const v = (backHost.value ?? '').trim();
  if (!v) return 'domainBackHostRequired';
  if (isDomainName(v) || isIp(v)) return null;
  // a port is sent only when it is part of the back host ('origin.example:8080', '[2001:db8::1]:8080')
  const withPort = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(v);
  if (!withPort || Number(withPort[3]) < 1 || Number(withPort[3]) > 65535) return 'domainBackHostFormat';
  return withPort[1]
    ? isIp(withPort[1])
      ? null
      : 'domainBackHostFormat'
    : isDomainName(withPort[2]) || isIp(withPort[2])
      ? null
      : 'domainBackHostFormat';
}

export function validateBackDir(dir: string | null | undefined): DomainMessageKey | null {
  const v = dir ?? '';
  if (v === '') return null;
  return v.startsWith('/') && v.endsWith('/') && !/\s/.test(v) ? null : 'domainBackDirFormat';
}

export function validateTestUrl(url: string | null | undefined): DomainMessageKey | null {
  const v = (url ?? '').trim();
  if (!v) return 'domainTestUrlRequired';
  return v.startsWith('/') && !v.startsWith('//') && !/\s/.test(v) ? null : 'domainTestUrlFormat';
}

export function validatePort(port: number | string | null | undefined): DomainMessageKey | null {
  // NaN is what a cleared number field becomes.
  if (port === null || port === undefined || port === '' || (typeof port === 'number' && Number.isNaN(port))) return 'domainPortRequired';
  const n = Number(port);
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? null : 'domainPortRange';
}

/** Format of one origin address for its type (no scheme, no port inside). */
export function validateOriginAddress(origin: Pick<DomainOrigin, 'type' | 'address'>): DomainMessageKey | null {
  const v = (origin.address ?? '').trim();
  if (!v) return 'domainOriginEmpty';
  switch (origin.type) {
    case 'ip':
      return isIp(v) ? null : 'domainOriginFormat';
    case 'domain':
    case 'bucket':
      return isDomainName(v) ? null : 'domainOriginFormat';
    default:
      return isDomainName(v) || isIp(v) ? null : 'domainOriginFormat';
  }
}

const err = (field: string, message: DomainMessageKey, args?: Record<string, string | number>): DomainFieldError =>
  args ? { field, message, args } : { field, message };

export function originKey(o: Pick<DomainOrigin, 'address' | 'port'>): string {
  return `${o.address.trim().toLowerCase()}:${Number(o.port)}`;
}

/** Origins: at least one (and one main), none empty, duplicated or equal to the domain; ports; weights. */
export function validateOrigins(origins: DomainOrigin[] | null | undefined, domainName = ''): DomainFieldError[] {
  const list = origins ?? [];
  if (!list.length) return [err('origins', 'domainOriginRequired')];
  const out: DomainFieldError[] = [];
  if (list.length > MAX_ORIGINS) out.push(err('origins', 'domainOriginTooMany', { max: MAX_ORIGINS }));
  const seen = new Set<string>();
  const name = domainName.trim().toLowerCase();
  list.forEach((o, i) => {
    const at = `origins.${i}`;
    const addressError = validateOriginAddress(o);
    if (addressError) out.push(err(`${at}.address`, addressError));
    else if (name && o.address.trim().toLowerCase() === name) out.push(err(`${at}.address`, 'domainOriginSameAsDomain'));
    else {
      const key = originKey(o);
      if (seen.has(key)) out.push(err(`${at}.address`, 'domainOriginRepeat'));
      seen.add(key);
    }
    const portError = validatePort(o.port);
    if (portError) out.push(err(`${at}.port`, portError));
    const w = Number(o.weight);
    if (!Number.isInteger(w) || w < 1 || w > 100) out.push(err(`${at}.weight`, 'domainWeightRange'));
  });
  if (!list.some((o) => o.role === 'main')) out.push(err('origins', 'domainOriginMainRequired'));
  return out;
}

/** A path value is a file path when it does not end in '/' and its last segment has a '.'. */
export function cachePathKind(path: string): 'directory' | 'file' {
  if (path.endsWith('/')) return 'directory';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? 'file' : 'directory';
}

/** The normalised entries of a rule (suffixes lower case without dot). */
export function cacheRuleValues(rule: Pick<CacheRule, 'match' | 'value'>): string[] {
  const values = splitList(rule.value ?? '');
  return rule.match === 'suffix' ? values.map((s) => s.replace(/^\*?\./, '').toLowerCase()) : values;
}

export function validateCacheTime(time: number | string | null | undefined, unit: CacheUnit): DomainMessageKey | null {
  if (time === null || time === undefined || time === '') return 'domainCacheTimeInteger';
  const n = Number(time);
  if (!Number.isInteger(n) || n < 0) return 'domainCacheTimeInteger';
  if (!(unit in UNIT_SECONDS)) return 'domainCacheUnitInvalid';
  return cacheSeconds(n, unit) > MAX_CACHE_SECONDS ? 'domainCacheTimeMax' : null;
}

/** One rule's own fields (field paths relative to the rule: 'value', 'time', 'unit'). */
export function validateCacheRule(rule: CacheRule): Array<{ field: 'value' | 'time' | 'unit'; message: DomainMessageKey }> {
  const out: Array<{ field: 'value' | 'time' | 'unit'; message: DomainMessageKey }> = [];
  const values = cacheRuleValues(rule);
  if (!values.length) out.push({ field: 'value', message: 'domainCacheValueRequired' });
  else if (rule.match === 'suffix') {
    if (values.length > MAX_SUFFIXES) out.push({ field: 'value', message: 'domainCacheSuffixMax' });
    else if (!values.every((s) => SUFFIX.test(s))) out.push({ field: 'value', message: 'domainCacheSuffixFormat' });
  } else {
    for (const p of values) {
      if (cachePathKind(p) === 'directory') {
        if (!(p.startsWith('/') && p.endsWith('/') && !p.includes('.'))) {
          out.push({ field: 'value', message: 'domainCacheDirFormat' });
          break;
        }
      } else if (!p.startsWith('/')) {
        out.push({ field: 'value', message: 'domainCacheFileFormat' });
        break;
      }
    }
  }
  const timeError = validateCacheTime(rule.time, rule.unit);
  if (timeError) out.push({ field: timeError === 'domainCacheUnitInvalid' ? 'unit' : 'time', message: timeError });
  return out;
}

/** All rules: each rule, then conflicts (the same path or suffix in two places). Order = priority. */
export function validateCacheRules(rules: CacheRule[] | null | undefined): DomainFieldError[] {
  const list = rules ?? [];
  const out: DomainFieldError[] = [];
  if (list.length > MAX_CACHE_RULES) out.push(err('cacheRules', 'domainCacheRulesMax', { max: MAX_CACHE_RULES }));
  list.forEach((r, i) => validateCacheRule(r).forEach((e) => out.push(err(`cacheRules.${i}.${e.field}`, e.message))));
  const conflict = findCacheConflict(list);
  if (conflict !== null) out.push(err(`cacheRules.${conflict}.value`, 'domainCacheConflict'));
  return out;
}

/** Index of the first rule that repeats a path or suffix of an earlier rule (or of itself); null if none. */
export function findCacheConflict(rules: CacheRule[]): number | null {
  const seen = new Set<string>();
  for (let i = 0; i < rules.length; i++) {
    for (const v of cacheRuleValues(rules[i])) {
      const key = `${rules[i].match}:${v}`;
      if (seen.has(key)) return i;
      seen.add(key);
    }
  }
  return null;
}

export function validateIgnoreParams(p: IgnoreParams | null | undefined): DomainFieldError[] {
  if (!p || p.mode === 'off') return [];
  const out: DomainFieldError[] = [];
  if (p.mode === 'keep' || p.mode === 'remove') {
    if (!p.params.length) out.push(err('ignoreParams.params', 'domainParamsRequired'));
    else if (!p.params.every((x) => PARAM_NAME.test(x))) out.push(err('ignoreParams.params', 'domainParamFormat'));
  }
  if (!p.paths.every((x) => x.startsWith('/'))) out.push(err('ignoreParams.paths', 'domainPathFormat'));
  return out;
}

export function validateHeaderName(name: string): DomainMessageKey | null {
  if (!HEADER_NAME.test(name ?? '')) return 'domainHeaderNameFormat';
  return FORBIDDEN_HEADERS.includes(name.toLowerCase()) ? 'domainHeaderNameForbidden' : null;
}

function validateHeaders(field: string, headers: HeaderRule[]): DomainFieldError[] {
  const out: DomainFieldError[] = [];
  if (headers.length > MAX_HEADERS) out.push(err(field, 'domainHeadersTooMany', { max: MAX_HEADERS }));
  headers.forEach((h, i) => {
    const nameError = validateHeaderName(h.name);
    if (nameError) out.push(err(`${field}.${i}.name`, nameError));
    if (h.action === 'set') {
      if (!(h.value ?? '').trim()) out.push(err(`${field}.${i}.value`, 'domainHeaderValueRequired'));
      else if (/[\r\n\0]/.test(h.value)) out.push(err(`${field}.${i}.value`, 'domainHeaderValueFormat'));
    }
  });
  return out;
}

export function validateAdvanced(a: DomainAdvanced, protocol: DomainInput['protocol']): DomainFieldError[] {
  const out: DomainFieldError[] = [];
  if (a.protocolRedirect.enabled && a.protocolRedirect.target === 'https' && protocol !== 'https') {
    out.push(err('advanced.protocolRedirect', 'domainCertificateRequired'));
  }
  if (a.compression.enabled && !a.compression.fileTypes.length) out.push(err('advanced.compression.fileTypes', 'domainCompressionTypes'));
  if (!Number.isInteger(a.compression.minSizeKb) || a.compression.minSizeKb < 0)
    out.push(err('advanced.compression.minSizeKb', 'domainRangeError'));
  if (
    a.originRedirect.enabled &&
    !(Number.isInteger(a.originRedirect.maxHops) && a.originRedirect.maxHops >= 1 && a.originRedirect.maxHops <= 5)
  ) {
    out.push(err('advanced.originRedirect.maxHops', 'domainHopsRange'));
  }
  const codes = new Set<number>();
  a.statusCodeCache.forEach((s, i) => {
    if (!Number.isInteger(s.code) || s.code < 400 || s.code > 599)
      out.push(err(`advanced.statusCodeCache.${i}.code`, 'domainStatusCodeRange'));
    else if (codes.has(s.code)) out.push(err(`advanced.statusCodeCache.${i}.code`, 'domainStatusCodeRepeat'));
    codes.add(s.code);
    const t = validateCacheTime(s.time, s.unit);
    if (t) out.push(err(`advanced.statusCodeCache.${i}.time`, t));
  });
  const pageCodes = new Set<number>();
  a.errorPages.forEach((p, i) => {
    if (!Number.isInteger(p.code) || p.code < 400 || p.code > 599) out.push(err(`advanced.errorPages.${i}.code`, 'domainStatusCodeRange'));
    else if (pageCodes.has(p.code)) out.push(err(`advanced.errorPages.${i}.code`, 'domainStatusCodeRepeat'));
    pageCodes.add(p.code);
    if (!isTargetUrl((p.url ?? '').trim())) out.push(err(`advanced.errorPages.${i}.url`, 'domainErrorPageUrl'));
  });
  if (a.urlAuth.enabled) {
    if (!/^[A-Za-z0-9]{6,32}$/.test(a.urlAuth.secret ?? '')) out.push(err('advanced.urlAuth.secret', 'domainAuthSecretFormat'));
    if (!Number.isInteger(a.urlAuth.time) || a.urlAuth.time < 1 || a.urlAuth.time > 31536000)
      out.push(err('advanced.urlAuth.time', 'domainAuthTimeRange'));
  }
  const lists: Array<[string, { mode: string; values: string[] }, (v: string) => boolean, DomainMessageKey]> = [
    ['advanced.uaList', a.uaList, (v) => v.length <= 512 && !/[\r\n]/.test(v), 'domainInvalidValue'],
    ['advanced.referer', a.referer, isRefererEntry, 'domainRefererFormat'],
    ['advanced.ipList', a.ipList, isIpOrCidr, 'domainIpFormat'],
  ];
  for (const [field, list, valid, formatKey] of lists) {
    if (list.mode === 'off') continue;
    if (!list.values.length) out.push(err(`${field}.values`, 'domainListValuesRequired'));
    else if (list.values.length > MAX_LIST_ENTRIES) out.push(err(`${field}.values`, 'domainListTooMany', { max: MAX_LIST_ENTRIES }));
    else if (!list.values.every((v) => valid(v.trim()))) out.push(err(`${field}.values`, formatKey));
  }
  out.push(...validateHeaders('advanced.responseHeaders', a.responseHeaders));
  out.push(...validateHeaders('advanced.requestHeaders', a.requestHeaders));
  if (a.rewriteRules.length > MAX_REWRITE_RULES) out.push(err('advanced.rewriteRules', 'domainRewriteTooMany', { max: MAX_REWRITE_RULES }));
  a.rewriteRules.forEach((r, i) => {
    const s = (r.source ?? '').trim();
    const t = (r.target ?? '').trim();
    if (!s) out.push(err(`advanced.rewriteRules.${i}.source`, 'domainRewriteSourceRequired'));
    else if (!isRewriteSource(s)) out.push(err(`advanced.rewriteRules.${i}.source`, 'domainRewriteSourceFormat'));
    if (!t) out.push(err(`advanced.rewriteRules.${i}.target`, 'domainRewriteTargetRequired'));
    else if (!isTargetUrl(t) || /\s/.test(t)) out.push(err(`advanced.rewriteRules.${i}.target`, 'domainRewriteTargetFormat'));
  });
  return out;
}

/**
 * Every rule of spec §5 over a whole input (uniqueness, ICP registry check and bucket binding need
 * the store and are the server's). Returns [] when valid; the first entry is the one to show.
 */
export function validateDomainInput(input: DomainInput): DomainFieldError[] {
  const out: DomainFieldError[] = [];
  const nameError = validateDomainName(input.name);
  if (nameError) out.push(err('name', nameError));
  if (!(ADDABLE_DOMAIN_TYPES as readonly string[]).includes(input.type)) out.push(err('type', 'domainTypeInvalid'));
  if (!(DOMAIN_SCOPES as readonly string[]).includes(input.scope)) out.push(err('scope', 'domainScopeInvalid'));
  const icpError = validateIcp(input.icp, input.scope);
  if (icpError) out.push(err('icp', icpError));
  if ((input.context ?? '').length > MAX_REMARK) out.push(err('context', 'domainRemarkTooLong', { max: MAX_REMARK }));
  if (input.labels.length > 10 || input.labels.some((l) => !l.trim() || l.length > 20)) out.push(err('labels', 'domainLabelFormat'));
  out.push(...validateOrigins(input.origins, input.name));
  const backHostError = validateBackHost(input.backHost);
  if (backHostError) out.push(err('backHost.value', backHostError));
  const backDirError = validateBackDir(input.backDir);
  if (backDirError) out.push(err('backDir', backDirError));
  const testUrlError = validateTestUrl(input.testUrl);
  if (testUrlError) out.push(err('testUrl', testUrlError));
  out.push(...validateCacheRules(input.cacheRules));
  out.push(...validateIgnoreParams(input.ignoreParams));
  if (input.protocol === 'https' && !input.certificateId) out.push(err('certificateId', 'domainCertificateRequired'));
  if (input.forceHTTPS && input.protocol !== 'https') out.push(err('forceHTTPS', 'domainForceHttpsNeedsHttps'));
  out.push(...validateAdvanced(input.advanced, input.protocol));
  return out;
}

/** Trims and lower-cases what the rules compare, so stored values are canonical. */
export function normalizeDomainInput(input: DomainInput): DomainInput {
  return {
    ...input,
    name: input.name.trim().toLowerCase(),
    icp: input.icp.trim(),
    backHost: { mode: input.backHost.mode, value: input.backHost.mode === 'custom' ? input.backHost.value.trim().toLowerCase() : '' },
    backDir: input.backDir.trim() || '/',
    testUrl: input.testUrl.trim(),
    origins: input.origins.map((o) => ({ ...o, address: o.address.trim().toLowerCase(), port: Number(o.port), weight: Number(o.weight) })),
    cacheRules: input.cacheRules.map((r) => ({ ...r, value: cacheRuleValues(r).join(','), time: Number(r.time) })),
    labels: [...new Set(input.labels.map((l) => l.trim()).filter(Boolean))],
  };
}
