import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import type { Envelope } from './envelope';
import type { Certificate, CertificateSearchReply } from '../../common/wire/certificates';
import type { Host, HostCustomer, HostDetailReply, HostFulltextReply, HostListReply } from '../../common/wire/hosts';
import type { PurgeQuota, PurgeTask, PurgeTaskListReply, PurgeTaskUrl, PurgeUrlListReply } from '../../common/wire/purge';
import type { LogRow, LogSearchResult } from '../../common/wire/traffic/logs';
import type { AuditEntry, AuditSearchReply } from '../../common/wire/audit';
import type { SubUser } from '../../common/wire/users';
import type { IppAlarm, IppAlarmPage, IppEntry } from '../../common/wire/ipProtection';
import { HOST_STATUSES, HOST_TYPES } from '../../common/rules/hosts';
import { PURGE_STATUSES } from '../../common/rules/purge';
import { IPP_ALARM_STATES, IPP_ALARM_TYPES, IPP_PROTOCOLS, IPP_STATUSES, IPP_PRESETS, type IppPreset } from '../../common/rules/ipProtection';

/**
 * Response schemas of the high-traffic list and search replies: TypeBox mirrors of common/wire's
 * shapes. They document the reply and let Fastify serialise it with a compiled serialiser. That
 * serialiser keeps only the properties a schema names and coerces values to the declared types, so
 * each mirror is checked at compile time to be exactly its wire type (`mirrors<W>()`: a field added to
 * one but not the other fails tsc), and tests/server/responseSchemas.test.ts compares every annotated
 * route's sent reply with its handler's object.
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The schema, when its static type is exactly W; otherwise a type error (an argument of type never is missing). */
const mirrors =
  <W>() =>
  <S extends TSchema>(schema: S, ..._differs: Same<Static<S>, W> extends true ? [] : [never]): S =>
    schema;

const literals = <T extends string | number>(values: readonly T[]): TUnion<TLiteral<T>[]> => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Strings = Type.Array(Type.String());

/** The 200 reply of a route whose success data is `data`, in the envelope of the route's folder. */
export const replySchema = <T extends TSchema>(envelope: Envelope, data: T) => ({ 200: envelope.reply(data) });

/** Domain list and search replies are encrypted (spec §7): data is the cipher text. */
export const EncryptedSchema = Type.String();

export const CertificateSchema = mirrors<Certificate>()(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    account: Type.String(),
    username: Type.String(),
    commonName: Type.String(),
    dnsNames: Strings,
    brand: Type.String(),
    issuerOrganization: Type.String(),
    issuerDepartment: Type.String(),
    issuerCountry: Type.String(),
    issuerCommonName: Type.String(),
    serial: Type.String(),
    signatureAlgorithm: Type.String(),
    keyAlgorithm: Type.String(),
    awardedTime: Type.String(),
    expireTime: Type.String(),
    createTime: Type.String(),
    updateTime: Type.String(),
    share: Type.Boolean(),
    shareAccounts: Strings,
    bindDomains: Strings,
    configuredDomains: Strings,
    logicDelete: literals([0, 1, 2, 3] as const),
    deleteLog: Type.String(),
    owned: Type.Boolean(),
  }),
);
export const CertificateListSchema = Type.Array(CertificateSchema);
export const CertificateSearchReplySchema = mirrors<CertificateSearchReply>()(
  Type.Object({ list: CertificateListSchema, total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() }),
);

export const HostSchema = mirrors<Host>()(
  Type.Object({
    id: Type.Integer(),
    type: literals(HOST_TYPES),
    hostName: Type.String(),
    instanceId: Type.String(),
    publicIp: Type.String(),
    privateIp: Type.String(),
    area: Type.String(),
    account: Type.String(),
    cpuCores: Type.Number(),
    memoryGb: Type.Number(),
    diskGb: Type.Number(),
    bandwidthMbps: Type.Number(),
    os: Type.String(),
    status: literals(HOST_STATUSES),
    createTime: Type.String(),
    expireTime: Type.String(),
    expiringSoon: Type.Boolean(),
    cpuAvg: nullable(Type.Number()),
    cpuPeak: nullable(Type.Number()),
  }),
);
export const HostListReplySchema = mirrors<HostListReply>()(Type.Object({ list: Type.Array(HostSchema), total: Type.Integer() }));
export const HostFulltextReplySchema = mirrors<HostFulltextReply>()(Type.Object({ result: Type.Array(HostSchema), total: Type.Integer() }));
export const HostDetailReplySchema = mirrors<HostDetailReply>()(
  Type.Object({
    list: Type.Array(HostSchema),
    total: Type.Integer(),
    metrics: Type.Optional(
      Type.Array(Type.Object({ timestamp: Type.Number(), cpu: Type.Number(), mem: Type.Number(), inBps: Type.Number(), outBps: Type.Number() })),
    ),
  }),
);
export const HostCustomersSchema = mirrors<HostCustomer[]>()(
  Type.Array(Type.Object({ account: Type.String(), companyName: Type.String(), parent: nullable(Type.String()) })),
);

const PurgeStatusSchema = literals(PURGE_STATUSES);
const PurgeKindSchema = literals(['url', 'dir', 'prefetch'] as const);
const PurgeQuotaSchema = mirrors<PurgeQuota>()(
  Type.Object({ kind: PurgeKindSchema, limit: Type.Integer(), used: Type.Integer(), remaining: Type.Integer(), enabled: Type.Boolean() }),
);
const PurgeTaskSchema = mirrors<PurgeTask>()(
  Type.Object({
    id: Type.Integer(),
    kind: PurgeKindSchema,
    account: Type.String(),
    submittedBy: Type.String(),
    urlCount: Type.Integer(),
    status: PurgeStatusSchema,
    counts: Type.Object(Object.fromEntries(PURGE_STATUSES.map((s) => [s, Type.Integer()])) as Record<(typeof PURGE_STATUSES)[number], ReturnType<typeof Type.Integer>>),
    createTime: Type.String(),
    finishTime: nullable(Type.String()),
    durationSeconds: Type.Number(),
    firstUrl: Type.String(),
  }),
);
const PurgeTaskUrlSchema = mirrors<PurgeTaskUrl>()(
  Type.Object({
    id: Type.Integer(),
    taskId: Type.Integer(),
    line: Type.Integer(),
    url: Type.String(),
    status: PurgeStatusSchema,
    linesDone: Type.Integer(),
    linesTotal: Type.Integer(),
    reason: Type.String(),
    httpStatus: nullable(Type.Integer()),
    bytes: nullable(Type.Number()),
    elapsedMs: nullable(Type.Number()),
    updateTime: Type.String(),
  }),
);
export const PurgeTaskListReplySchema = mirrors<PurgeTaskListReply>()(
  Type.Object({ list: Type.Array(PurgeTaskSchema), total: Type.Integer(), quotas: Type.Array(PurgeQuotaSchema) }),
);
export const PurgeUrlListReplySchema = mirrors<PurgeUrlListReply>()(Type.Object({ list: Type.Array(PurgeTaskUrlSchema), total: Type.Integer() }));

export const LogSearchResultSchema = mirrors<LogSearchResult>()(
  Type.Object({
    list: Type.Array(
      mirrors<LogRow>()(
        Type.Object({
          time: Type.String(),
          timestamp: Type.Number(),
          account: Type.String(),
          domain: Type.String(),
          url: Type.String(),
          method: Type.String(),
          status: Type.Number(),
          bytes: Type.Number(),
          requestTime: Type.Number(),
          cacheHit: literals(['HIT', 'MISS'] as const),
          clientIp: Type.String(),
          continent: Type.String(),
          country: Type.String(),
          province: Type.String(),
          isp: Type.String(),
          userAgent: Type.String(),
          referer: Type.String(),
          provider: Type.String(),
          edgeNode: Type.String(),
        }),
      ),
    ),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  }),
);

export const AuditSearchReplySchema = mirrors<AuditSearchReply>()(
  Type.Object({
    list: Type.Array(
      mirrors<AuditEntry>()(
        Type.Object({
          id: Type.Integer(),
          time: Type.String(),
          username: Type.String(),
          account: nullable(Type.String()),
          ip: Type.String(),
          method: Type.String(),
          route: Type.String(),
          module: Type.String(),
          objectType: Type.String(),
          objectId: Type.String(),
          objectName: Type.String(),
          httpStatus: Type.Integer(),
          code: Type.String(),
          message: Type.String(),
          // Any JSON (a configuration object before and after): serialised as is.
          before: Type.Unknown(),
          after: Type.Unknown(),
        }),
      ),
    ),
    total: Type.Integer(),
  }),
);

const SubUserSchema = mirrors<SubUser>()(
  Type.Object({
    uid: Type.String(),
    username: Type.String(),
    email: Type.String(),
    account: Type.String(),
    accountName: Type.String(),
    creator: nullable(Type.String()),
    createTime: Type.String(),
    updateTime: Type.String(),
    permissions: Strings,
    accounts: Strings,
    enabled: Type.Boolean(),
  }),
);
/** POST /shiro/self/search. */
export const SubUserPageSchema = Type.Object({ list: Type.Array(SubUserSchema), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() });

const IppEntrySchema = mirrors<IppEntry>()(
  Type.Object({
    id: Type.Integer(),
    account: Type.String(),
    originIp: Type.String(),
    protocol: literals(IPP_PROTOCOLS),
    ports: Type.Array(Type.Integer()),
    ranges: Type.Array(Type.Object({ start: Type.Integer(), end: Type.Integer() })),
    preset: literals<IppPreset | ''>(['', ...(Object.keys(IPP_PRESETS) as IppPreset[])]),
    cnamePrefix: Type.String(),
    cname: Type.String(),
    remark: Type.String(),
    status: literals(IPP_STATUSES),
    errorPorts: Type.Array(Type.Integer()),
    checkTime: nullable(Type.String()),
    createTime: Type.String(),
    updateTime: Type.String(),
  }),
);
export const IppEntryListSchema = Type.Array(IppEntrySchema);
export const IppAlarmPageSchema = mirrors<IppAlarmPage>()(
  Type.Object({
    list: Type.Array(
      mirrors<IppAlarm>()(
        Type.Object({
          id: Type.Integer(),
          entryId: Type.Integer(),
          account: Type.String(),
          originIp: Type.String(),
          type: literals(IPP_ALARM_TYPES),
          state: literals(IPP_ALARM_STATES),
          startTime: Type.Number(),
          endTime: Type.Number(),
          durationSeconds: Type.Number(),
          peakBps: Type.Number(),
          peakPps: Type.Number(),
        }),
      ),
    ),
    total: Type.Integer(),
    pageNum: Type.Integer(),
  }),
);
