import { Type, type Static } from '@sinclair/typebox';
import {
  IPP_ALARM_STATES,
  IPP_ALARM_TYPES,
  IPP_GRANULARITIES,
  IPP_PRESETS,
  IPP_PROTOCOLS,
  IPP_STATUSES,
  type IppGranularity,
  type IppPreset,
} from '../rules/ipProtection';
import { EpochSeconds, Id32, literals, nullable, pageFields, PageNum, ReadAtFields } from './shell/schemas';

/**
 * Wire shapes of IP protection (/impapi/protection/network/*, /impapi/monitor/alarm/record/page; docs/ipProtection.md):
 * TypeBox schemas, their types Static<> of them. The browser imports the types only.
 */

const IppPresetSchema = literals<IppPreset | ''>(['', ...(Object.keys(IPP_PRESETS) as IppPreset[])]);

export const IppRangeSchema = Type.Object({ start: Type.Integer(), end: Type.Integer() });
export type IppRange = Static<typeof IppRangeSchema>;

/** A protected IP entry as /impapi/protection/network/manager/* sends it. */
export const IppEntrySchema = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  originIp: Type.String(),
  protocol: literals(IPP_PROTOCOLS),
  ports: Type.Array(Type.Integer()),
  ranges: Type.Array(IppRangeSchema),
  preset: IppPresetSchema,
  cnamePrefix: Type.String(),
  /** the protection address: cname prefix under the provider's zone */
  cname: Type.String(),
  remark: Type.String(),
  status: literals(IPP_STATUSES),
  /** ports whose last check failed (getPortErrorData has the reasons) */
  errorPorts: Type.Array(Type.Integer()),
  checkTime: nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type IppEntry = Static<typeof IppEntrySchema>;
/** GET manager/list. */
export const IppEntryListSchema = Type.Array(IppEntrySchema);

export const IppPortErrorSchema = Type.Object({
  port: Type.Integer(),
  reason: literals(['refused', 'timeout', 'unreachable', 'private', 'error'] as const),
  /** the system's error code when there is one (ECONNREFUSED, ...) */
  detail: Type.String(),
});
export type IppPortError = Static<typeof IppPortErrorSchema>;
export type IppPortFailure = IppPortError['reason'];

/** GET manager/getPortErrorData/{id}. */
export const IppPortErrorDataSchema = Type.Object({
  id: Type.Integer(),
  originIp: Type.String(),
  checkTime: nullable(Type.String()),
  checkedPorts: Type.Integer(),
  errors: Type.Array(IppPortErrorSchema),
});
export type IppPortErrorData = Static<typeof IppPortErrorDataSchema>;

export const IppStatPointSchema = Type.Object({
  /** ms since the epoch (seconds × 1000, spec §9) */
  time: Type.Number(),
  ingressBandwidth: Type.Number(),
  ingressFlow: Type.Number(),
  egressBandwidth: Type.Number(),
  egressFlow: Type.Number(),
});
export type IppStatPoint = Static<typeof IppStatPointSchema>;

const BytesByRegion = Type.Record(Type.String(), Type.Number());
/** POST statistic/data. */
export const IppStatisticSchema = Type.Object({
  points: Type.Array(IppStatPointSchema),
  granularity: Type.String(),
  peakIngressBandwidth: Type.Number(),
  peakEgressBandwidth: Type.Number(),
  totalIngressFlow: Type.Number(),
  totalEgressFlow: Type.Number(),
  /** bytes per region, top 9 plus 'Other' */
  areaIngressFlow: BytesByRegion,
  areaEgressFlow: BytesByRegion,
});
export type IppStatistic = Static<typeof IppStatisticSchema>;

/** GET statistic/list/{account}: one row per entry. */
export const IppStatListRowSchema = Type.Object({
  id: Type.Integer(),
  originIp: Type.String(),
  cname: Type.String(),
  status: literals(IPP_STATUSES),
  ingressFlow: Type.Number(),
  egressFlow: Type.Number(),
  peakIngressBandwidth: Type.Number(),
  alarms: Type.Integer(),
});
export type IppStatListRow = Static<typeof IppStatListRowSchema>;

export const IppAlarmSchema = Type.Object({
  id: Type.Integer(),
  entryId: Type.Integer(),
  account: Type.String(),
  originIp: Type.String(),
  type: literals(IPP_ALARM_TYPES),
  state: literals(IPP_ALARM_STATES),
  /** ms since the epoch */
  startTime: Type.Number(),
  endTime: Type.Number(),
  durationSeconds: Type.Number(),
  peakBps: Type.Number(),
  peakPps: Type.Number(),
});
export type IppAlarm = Static<typeof IppAlarmSchema>;

/** POST /impapi/monitor/alarm/record/page. */
export const IppAlarmPageSchema = Type.Object(pageFields(IppAlarmSchema));
export type IppAlarmPage = Static<typeof IppAlarmPageSchema>;

// ------------------------------------------------------------ requests

const Port = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });
const NullablePort = Type.Optional(Type.Union([Port, Type.Null()]));
const IppEntryFields = {
  originIp: Type.String({ maxLength: 64 }),
  protocol: literals(IPP_PROTOCOLS),
  ports: Type.Optional(Type.Array(Port, { maxItems: 200 })),
  ranges: Type.Optional(
    Type.Array(Type.Object({ start: NullablePort, end: NullablePort }, { additionalProperties: false }), { maxItems: 50 }),
  ),
  preset: Type.Optional(IppPresetSchema),
  cnamePrefix: Type.String({ maxLength: 128 }),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
};
/** POST manager/create (account: one of the caller's scope, else its own). */
export const IppCreateSchema = Type.Object(
  { ...IppEntryFields, account: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) },
  { additionalProperties: false },
);
export type IppCreate = Static<typeof IppCreateSchema>;
/** POST manager/update. */
export const IppUpdateSchema = Type.Object({ id: Id32, ...IppEntryFields, ...ReadAtFields }, { additionalProperties: false });

/** GET manager/list. */
export const IppListQuerySchema = Type.Object(
  { status: Type.Optional(literals(IPP_STATUSES)), keyword: Type.Optional(Type.String({ maxLength: 128 })) },
  { additionalProperties: false },
);

/** POST statistic/data (ip 'all': every entry of the caller's scope; times in seconds). */
export const IppStatisticQuerySchema = Type.Object(
  {
    ip: Type.String({ maxLength: 64 }),
    startTime: EpochSeconds,
    endTime: EpochSeconds,
    granularity: Type.Optional(literals(Object.keys(IPP_GRANULARITIES) as IppGranularity[])),
  },
  { additionalProperties: false },
);
export type IppStatisticQuery = Static<typeof IppStatisticQuerySchema>;

/** GET statistic/list/{account}. */
export const IppStatListParams = Type.Object({ account: Type.String({ minLength: 1, maxLength: 128 }) });
export const IppStatListQuerySchema = Type.Object(
  { startTime: Type.Optional(EpochSeconds), endTime: Type.Optional(EpochSeconds) },
  { additionalProperties: false },
);

/** POST /impapi/monitor/alarm/record/page: filters and paging (times in seconds). */
export const IppAlarmQuerySchema = Type.Object(
  {
    pageNum: Type.Optional(PageNum),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    ip: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(literals(IPP_ALARM_TYPES)),
    state: Type.Optional(literals(IPP_ALARM_STATES)),
    startTime: Type.Optional(EpochSeconds),
    endTime: Type.Optional(EpochSeconds),
  },
  { additionalProperties: false },
);
export type IppAlarmQuery = Static<typeof IppAlarmQuerySchema>;

// ------------------------------------------------------------ ownership proofs (issue #35)

/**
 * POST ownership/challenge and ownership/verify: an origin IP of the caller's account (or of `account`,
 * one of its scope). The challenge answers the token to serve; verify fetches it from the IP.
 */
export const IppOwnershipBodySchema = Type.Object(
  { originIp: Type.String({ maxLength: 64 }), account: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) },
  { additionalProperties: false },
);
export type IppOwnershipBody = Static<typeof IppOwnershipBodySchema>;

/** The proof of an IP: the token, where it must be served (path on the IP, and the whole URL), whether it was found. */
export const IppProofSchema = Type.Object({
  originIp: Type.String(),
  account: Type.String(),
  token: Type.String(),
  path: Type.String(),
  url: Type.String(),
  verified: Type.Boolean(),
  verifyTime: nullable(Type.String()),
});
export type IppProofReply = Static<typeof IppProofSchema>;
