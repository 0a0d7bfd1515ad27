import { Type, type Static } from '@sinclair/typebox';
import type {
  CacheUnit, DomainAdvanced, DomainInput, DomainOrigin, HeaderRule, DomainSearchParams,
} from '../../../../common/wire/domains';
import { defaultAdvanced, emptyDomainInput } from '../../../../common/rules/domains/index';

/**
 * Request shapes of the domain routes. The schema checks structure only; every value rule (with the
 * spec's messages) is common/rules/domainRules.ts. Numbers a user types are accepted as number, text or
 * null so that an empty port reports 'port required' rather than a schema error.
 */
// Unknown, not a union: ajv's type coercion would turn null into 0 inside a union's number branch.
const NumLike = Type.Unknown();
const Text = (max = 2048) => Type.String({ maxLength: max });
const TextList = (max = 1000) => Type.Array(Text(1024), { maxItems: max });
const Unit = Type.String({ maxLength: 8 });
const Flag = Type.Boolean();

const Origin = Type.Object({
  role: Type.Union([Type.Literal('main'), Type.Literal('backup')]),
  type: Type.Union([Type.Literal('domain'), Type.Literal('ip'), Type.Literal('bucket'), Type.Literal('advanced')]),
  address: Type.Optional(Text(255)),
  port: Type.Optional(NumLike),
  weight: Type.Optional(NumLike),
});
const CacheRuleSchema = Type.Object({
  match: Type.Union([Type.Literal('path'), Type.Literal('suffix')]),
  value: Type.Optional(Text(4096)),
  time: Type.Optional(NumLike),
  unit: Type.Optional(Unit),
});
const AccessListSchema = Type.Object({ mode: Type.Union([Type.Literal('off'), Type.Literal('allow'), Type.Literal('deny')]), values: TextList() });
const Header = Type.Object({ action: Type.Union([Type.Literal('set'), Type.Literal('delete')]), name: Text(128), value: Type.Optional(Text(1024)) });
const Advanced = Type.Partial(
  Type.Object({
    protocolRedirect: Type.Object({ enabled: Flag, target: Type.Union([Type.Literal('http'), Type.Literal('https')]), code: Type.Union([Type.Literal(301), Type.Literal(302)]) }),
    compression: Type.Object({ enabled: Flag, fileTypes: TextList(100), minSizeKb: NumLike }),
    brotli: Type.Object({ enabled: Flag }),
    originRedirect: Type.Object({ enabled: Flag, maxHops: NumLike }),
    statusCodeCache: Type.Array(Type.Object({ code: NumLike, time: NumLike, unit: Unit }), { maxItems: 100 }),
    errorPages: Type.Array(Type.Object({ code: NumLike, url: Text(1024) }), { maxItems: 100 }),
    urlAuth: Type.Object({ enabled: Flag, type: Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C')]), secret: Text(64), time: NumLike }),
    uaList: AccessListSchema,
    rangeOrigin: Flag,
    referer: Type.Object({ mode: AccessListSchema.properties.mode, values: TextList(), allowEmpty: Flag }),
    ipList: AccessListSchema,
    responseHeaders: Type.Array(Header, { maxItems: 100 }),
    requestHeaders: Type.Array(Header, { maxItems: 100 }),
    rewriteRules: Type.Array(
      Type.Object({
        source: Text(1024),
        target: Text(1024),
        flag: Type.Union([Type.Literal('break'), Type.Literal('last'), Type.Literal('redirect'), Type.Literal('permanent')]),
        status: Type.Union([Type.Literal('on'), Type.Literal('off')]),
      }),
      { maxItems: 200 },
    ),
  }),
);

/** DomainInput as it may arrive (optional parts filled with defaults by toDomainInput). */
export const DomainInputSchema = Type.Object({
  name: Type.Optional(Text(253 + 16)),
  type: Type.Optional(Text(16)),
  scope: Type.Optional(Text(16)),
  protocol: Type.Optional(Type.Union([Type.Literal('http'), Type.Literal('https')])),
  backProtocol: Type.Optional(Type.Union([Type.Literal('match'), Type.Literal('http'), Type.Literal('https')])),
  icp: Type.Optional(Text(64)),
  forceHTTPS: Type.Optional(Flag),
  certificateId: Type.Optional(Type.Union([Text(64), Type.Number(), Type.Null()])),
  certificateName: Type.Optional(Text(255)),
  cloudStorage: Type.Optional(Text(1024)),
  context: Type.Optional(Text(1024)),
  backHost: Type.Optional(Type.Object({ mode: Type.Union([Type.Literal('follow'), Type.Literal('custom')]), value: Type.Optional(Text(255)) })),
  backDir: Type.Optional(Text(1024)),
  backIsEnable: Type.Optional(Flag),
  testUrl: Type.Optional(Text(2048)),
  origins: Type.Optional(Type.Array(Origin, { maxItems: 100 })),
  cacheRules: Type.Optional(Type.Array(CacheRuleSchema, { maxItems: 200 })),
  ignoreParams: Type.Optional(
    Type.Object({
      mode: Type.Union([Type.Literal('off'), Type.Literal('all'), Type.Literal('keep'), Type.Literal('remove')]),
      params: Type.Optional(TextList(100)),
      paths: Type.Optional(TextList(100)),
    }),
  ),
  ignoreExpires: Type.Optional(Flag),
  ignoreNoCache: Type.Optional(Flag),
  advanced: Type.Optional(Advanced),
  labels: Type.Optional(TextList(50)),
  account: Type.Optional(Text(128)),
  belongDomainGroup: Type.Optional(Text(128)),
  confirmBucket: Type.Optional(Flag),
});
export type DomainInputBody = Static<typeof DomainInputSchema>;

export const DomainUpdateSchema = Type.Intersect([DomainInputSchema, Type.Object({ id: Type.Integer({ minimum: 1 }) })]);
export type DomainUpdateBody = Static<typeof DomainUpdateSchema>;

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
export function toDomainInput(body: DomainInputBody): DomainInput {
  const type = (body.type ?? 'download') as DomainInput['type'];
  const base = emptyDomainInput(type);
  const d = defaultAdvanced();
  const a = body.advanced ?? {};
  const advanced: DomainAdvanced = {
    protocolRedirect: a.protocolRedirect ?? d.protocolRedirect,
    compression: a.compression ? { ...a.compression, fileTypes: a.compression.fileTypes.map((t) => t.trim()).filter(Boolean), minSizeKb: num(a.compression.minSizeKb) } : d.compression,
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
    role: o.role, type: o.type, address: (o.address ?? '').trim(), port: num(o.port), weight: o.weight === undefined ? 10 : num(o.weight),
  }));
  return {
    name: body.name ?? '',
    type,
    scope: (body.scope ?? base.scope) as DomainInput['scope'],
    protocol: body.protocol ?? base.protocol,
    backProtocol: body.backProtocol ?? base.backProtocol,
    icp: body.icp ?? '',
    forceHTTPS: body.forceHTTPS ?? false,
    certificateId: body.certificateId === undefined || body.certificateId === null || body.certificateId === '' ? null : String(body.certificateId),
    certificateName: body.certificateName ?? '',
    cloudStorage: body.cloudStorage ?? '',
    context: body.context ?? '',
    backHost: { mode: body.backHost?.mode ?? 'follow', value: body.backHost?.value ?? '' },
    backDir: body.backDir ?? '/',
    backIsEnable: body.backIsEnable ?? false,
    testUrl: body.testUrl ?? '',
    origins,
    cacheRules: body.cacheRules ? body.cacheRules.map((r) => ({ match: r.match, value: r.value ?? '', time: num(r.time), unit: (r.unit ?? 'd') as CacheUnit })) : base.cacheRules,
    ignoreParams: body.ignoreParams
      ? { mode: body.ignoreParams.mode, params: (body.ignoreParams.params ?? []).map((p) => p.trim()).filter(Boolean), paths: (body.ignoreParams.paths ?? []).map((p) => p.trim()).filter(Boolean) }
      : base.ignoreParams,
    ignoreExpires: body.ignoreExpires ?? false,
    ignoreNoCache: body.ignoreNoCache ?? false,
    advanced,
    labels: body.labels ?? [],
    account: body.belongDomainGroup || body.account || undefined,
  };
}

const StrList = Type.Union([Type.Array(Text(64), { maxItems: 50 }), Text(512)]);

export const DomainSearchSchema = Type.Object({
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
  sortOrder: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC'), Type.Literal('asc'), Type.Literal('desc')])),
});
export type DomainSearchBody = Static<typeof DomainSearchSchema>;

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
