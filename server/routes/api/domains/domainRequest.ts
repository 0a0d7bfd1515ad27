import type {
  CacheUnit,
  DomainAddRequest,
  DomainAdvanced,
  DomainInput,
  DomainOrigin,
  DomainSearchBody,
  DomainSearchParams,
  HeaderRule,
} from '../../../../common/wire/domains';
import { defaultAdvanced, emptyDomainInput } from '../../../../common/rules/domains/index';

/** The domain request bodies (schemas in common/wire/domains.ts) in the wire types' shapes. */

/** Numbers typed by a user; '' / null / text become NaN, which the rules report as required or invalid. */
function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

function headers(list: Array<{ action: 'set' | 'delete'; name: string; value?: string }> | undefined): HeaderRule[] {
  return (list ?? []).map((h) => ({ action: h.action, name: h.name.trim(), value: h.value ?? '' }));
}

/** The body with every missing part at its default: a complete DomainInput for the rules. */
export function toDomainInput(body: DomainAddRequest): DomainInput {
  const type = (body.type ?? 'download') as DomainInput['type'];
  const base = emptyDomainInput(type);
  const d = defaultAdvanced();
  const a = body.advanced ?? {};
  const advanced: DomainAdvanced = {
    protocolRedirect: a.protocolRedirect ?? d.protocolRedirect,
    compression: a.compression
      ? {
          ...a.compression,
          fileTypes: a.compression.fileTypes.map((t) => t.trim()).filter(Boolean),
          minSizeKb: num(a.compression.minSizeKb),
        }
      : d.compression,
    brotli: a.brotli ?? d.brotli,
    originRedirect: a.originRedirect ? { enabled: a.originRedirect.enabled, maxHops: num(a.originRedirect.maxHops) } : d.originRedirect,
    statusCodeCache: (a.statusCodeCache ?? []).map((s) => ({ code: num(s.code), time: num(s.time), unit: s.unit as CacheUnit })),
    errorPages: (a.errorPages ?? []).map((p) => ({ code: num(p.code), url: p.url.trim() })),
    urlAuth: a.urlAuth ? { ...a.urlAuth, time: num(a.urlAuth.time) } : d.urlAuth,
    uaList: a.uaList ? { mode: a.uaList.mode, values: a.uaList.values.map((v) => v.trim()).filter(Boolean) } : d.uaList,
    rangeOrigin: a.rangeOrigin ?? d.rangeOrigin,
    referer: a.referer ? { ...a.referer, values: a.referer.values.map((v) => v.trim().toLowerCase()).filter(Boolean) } : d.referer,
    ipList: a.ipList ? { mode: a.ipList.mode, values: a.ipList.values.map((v) => v.trim()).filter(Boolean) } : d.ipList,
    responseHeaders: headers(a.responseHeaders),
    requestHeaders: headers(a.requestHeaders),
    rewriteRules: (a.rewriteRules ?? []).map((r) => ({ ...r, source: r.source.trim(), target: r.target.trim() })),
  };
  const origins: DomainOrigin[] = (body.origins ?? []).map((o) => ({
    role: o.role,
    type: o.type,
    address: (o.address ?? '').trim(),
    port: num(o.port),
    weight: o.weight === undefined ? 10 : num(o.weight),
  }));
  return {
    name: body.name ?? '',
    type,
    scope: (body.scope ?? base.scope) as DomainInput['scope'],
    protocol: body.protocol ?? base.protocol,
    backProtocol: body.backProtocol ?? base.backProtocol,
    icp: body.icp ?? '',
    forceHTTPS: body.forceHTTPS ?? false,
    certificateId:
      body.certificateId === undefined || body.certificateId === null || body.certificateId === '' ? null : String(body.certificateId),
    certificateName: body.certificateName ?? '',
    cloudStorage: body.cloudStorage ?? '',
    context: body.context ?? '',
    backHost: { mode: body.backHost?.mode ?? 'follow', value: body.backHost?.value ?? '' },
    backDir: body.backDir ?? '/',
    backIsEnable: body.backIsEnable ?? false,
    testUrl: body.testUrl ?? '',
    origins,
    cacheRules: body.cacheRules
      ? body.cacheRules.map((r) => ({ match: r.match, value: r.value ?? '', time: num(r.time), unit: (r.unit ?? 'd') as CacheUnit }))
      : base.cacheRules,
    ignoreParams: body.ignoreParams
      ? {
          mode: body.ignoreParams.mode,
          params: (body.ignoreParams.params ?? []).map((p) => p.trim()).filter(Boolean),
          paths: (body.ignoreParams.paths ?? []).map((p) => p.trim()).filter(Boolean),
        }
      : base.ignoreParams,
    ignoreExpires: body.ignoreExpires ?? false,
    ignoreNoCache: body.ignoreNoCache ?? false,
    advanced,
    labels: body.labels ?? [],
    account: body.belongDomainGroup || body.account || undefined,
  };
}

/** A list filter given as an array or a comma-separated string. */
export function listParam(v: string | string[] | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const list = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
  return list.length ? list : undefined;
}

/** The search body in the wire type's shape. */
export function toSearchParams(b: DomainSearchBody): DomainSearchParams {
  return {
    pageNum: b.pageNum ?? b.current ?? 1,
    pageSize: b.pageSize ?? 20,
    name: b.name?.trim() || undefined,
    textSearch: b.textSearch?.trim() || undefined,
    domainLabel: b.domainLabel?.trim() || undefined,
    type: listParam(b.type) as DomainSearchParams['type'],
    scope: listParam(b.scope) as DomainSearchParams['scope'],
    protocol: (b.protocol?.trim() || undefined) as DomainSearchParams['protocol'],
    status: listParam(b.status) as DomainSearchParams['status'],
    operationState: (b.operationState?.trim() || undefined) as DomainSearchParams['operationState'],
    certificateName: b.certificateName?.trim() || undefined,
    account: listParam(b.account),
    ids: b.ids,
    sortField: b.sortField as DomainSearchParams['sortField'],
    sortOrder: b.sortOrder?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
  };
}
