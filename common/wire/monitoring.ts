import { Type, type Static } from '@sinclair/typebox';
import {
  ALARM_EVENTS,
  MONIT_CHANNELS,
  MONIT_COMPARISONS,
  MONIT_LANGUAGES,
  MONIT_METRICS,
  MONIT_PERIODS,
  MONIT_REPEATS,
  NOTIFY_STATUSES,
} from '../rules/monitoring';
import { EpochSeconds, Id32, literals, nullable, pageFields, PageNum, PageSize, ReadAtFields, Strings } from './shell/schemas';

/**
 * Wire shapes of the /monit calls, shared by server and client (issue #20): TypeBox schemas, their
 * types Static<> of them. The browser imports the types only.
 */

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
}

const Channel = literals(MONIT_CHANNELS);
const Metric = literals(MONIT_METRICS);
const Comparison = literals(MONIT_COMPARISONS);
const NotifyStatus = literals(NOTIFY_STATUSES);
const AlarmEvent = literals(ALARM_EVENTS);

export const ContactSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  webhook: Type.String(),
  language: literals(MONIT_LANGUAGES),
  remark: Type.String(),
  /** names of the groups it belongs to */
  groups: Strings,
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type Contact = Static<typeof ContactSchema>;

export const GroupMemberSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type GroupMember = Static<typeof GroupMemberSchema>;

export const ContactGroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  members: Type.Array(GroupMemberSchema),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type ContactGroup = Static<typeof ContactGroupSchema>;

/** A daily window "HH:mm"-"HH:mm" in the rule's time zone when notices are held back. */
export const MuteWindowSchema = Type.Object(
  { start: Type.String({ maxLength: 5 }), end: Type.String({ maxLength: 5 }) },
  { additionalProperties: false },
);
export type MuteWindow = Static<typeof MuteWindowSchema>;

/**
 * A member of a rule's groups who cannot be reached on some of the rule's channels (no address for
 * them): said once on the rule instead of a history row per notice (issue #35).
 */
export const UnreachableSchema = Type.Object({ id: Type.Integer(), name: Type.String(), channels: Type.Array(Channel) });
export type Unreachable = Static<typeof UnreachableSchema>;

export const AlertRuleSchema = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  /** accelerated domains; for ippAttack protected origin IPs, for wafEvents website domains (none: all of the account's) */
  domains: Strings,
  metric: Metric,
  period: Type.Integer(),
  comparison: Comparison,
  threshold: Type.Number(),
  consecutive: Type.Integer(),
  /** healthy periods in a row before a firing rule restores */
  restoreAfter: Type.Integer(),
  groupIds: Type.Array(Type.Integer()),
  channels: Type.Array(Channel),
  /** members of its groups without an address for some of its channels (they are skipped) */
  unreachable: Type.Array(UnreachableSchema),
  repeatMinutes: Type.Integer(),
  muteWindows: Type.Array(MuteWindowSchema),
  timeZone: Type.String(),
  enabled: Type.Boolean(),
  state: literals(['ok', 'firing'] as const),
  breaches: Type.Integer(),
  lastValue: nullable(Type.Number()),
  evaluatedUntil: nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type AlertRule = Static<typeof AlertRuleSchema>;

/**
 * POST /monit/query/ruleDetail: the rule without its domains, the rule's domains and the selectable
 * domains, both AES-encrypted JSON string arrays (spec §7); also encrypted, the targets of the
 * security metrics: the caller's protected origin IPs (ippAttack) and website domains (wafEvents).
 */
export const RuleDetailReplySchema = Type.Object({
  rule: nullable(Type.Omit(AlertRuleSchema, ['domains'])),
  domains: Type.String(),
  options: Type.String(),
  ipOptions: Type.String(),
  websiteOptions: Type.String(),
});
export type RuleDetailReply = Static<typeof RuleDetailReplySchema>;

export const ChannelResultSchema = Type.Object({ channel: Channel, target: Type.String(), status: NotifyStatus, reason: Type.String() });
export type ChannelResult = Static<typeof ChannelResultSchema>;

/** POST /monit/contacts/sendMsg: one result per channel the contact has. */
export const SendMsgReplySchema = Type.Object({ results: Type.Array(ChannelResultSchema) });
export type SendMsgReply = Static<typeof SendMsgReplySchema>;

export const NotifyRecordSchema = Type.Object({
  id: Type.Integer(),
  time: Type.String(),
  ruleUuid: nullable(Type.String()),
  ruleName: Type.String(),
  contactName: Type.String(),
  channel: Channel,
  target: Type.String(),
  status: NotifyStatus,
  reason: Type.String(),
  subject: Type.String(),
  content: Type.String(),
  attempts: Type.Integer(),
  event: Type.Union([AlarmEvent, Type.Literal('test')]),
});
export type NotifyRecord = Static<typeof NotifyRecordSchema>;

export const AlarmRecordSchema = Type.Object({
  id: Type.Integer(),
  time: Type.String(),
  ruleUuid: Type.String(),
  ruleName: Type.String(),
  event: AlarmEvent,
  metric: Metric,
  comparison: Comparison,
  threshold: Type.Number(),
  value: Type.Number(),
  domains: Strings,
  periodStart: Type.String(),
  periodEnd: Type.String(),
  muted: Type.Boolean(),
});
export type AlarmRecord = Static<typeof AlarmRecordSchema>;

const ProbeType = literals(['edge', 'origin'] as const);
const ProbeEvent = literals(['ok', 'error', 'restore'] as const);

export const ResourceRecordSchema = Type.Object({
  time: Type.String(),
  domain: Type.String(),
  type: ProbeType,
  event: ProbeEvent,
  country: Type.String(),
  city: Type.String(),
  isp: Type.String(),
  clientIp: Type.String(),
  serverIp: Type.String(),
  originIp: Type.String(),
  originPort: Type.Integer(),
  httpStatus: Type.Integer(),
  dnsMs: Type.Number(),
  connectMs: Type.Number(),
  totalMs: Type.Number(),
});
export type ResourceRecord = Static<typeof ResourceRecordSchema>;

export const ResourceStatSchema = Type.Object({
  /** start of the period, ms */
  time: Type.Number(),
  avg: Type.Number(),
  max: Type.Number(),
  min: Type.Number(),
  p90: Type.Number(),
  count: Type.Integer(),
});
export type ResourceStat = Static<typeof ResourceStatSchema>;

/** POST /monit/record/resource: a page of probe records and the period statistics. */
export const ResourceReplySchema = Type.Object({ ...pageFields(ResourceRecordSchema), stats: Type.Array(ResourceStatSchema) });
export type ResourceReply = Static<typeof ResourceReplySchema>;

// ------------------------------------------------------------ requests

const Paging = {
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
};
const Keyword = { keyword: Type.Optional(Type.String({ maxLength: 128 })) };
/** contacts/list, group/list: paging and a keyword. */
export const MonitListQuerySchema = Type.Object({ ...Paging, ...Keyword }, { additionalProperties: false });

const ContactFields = {
  name: Type.String({ maxLength: 256 }),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  mobile: Type.Optional(Type.String({ maxLength: 32 })),
  webhook: Type.Optional(Type.String({ maxLength: 2048 })),
  language: Type.Optional(literals(MONIT_LANGUAGES)),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
};
/** PUT contacts/add. */
export const ContactAddSchema = Type.Object(ContactFields, { additionalProperties: false });
export type ContactAdd = Static<typeof ContactAddSchema>;
/** POST contacts/update. */
export const ContactUpdateSchema = Type.Object({ id: Id32, ...ContactFields, ...ReadAtFields }, { additionalProperties: false });
/** DELETE group/delete/{groupId}/{contactId}: a member out of a group. */
export const GroupMemberParams = Type.Object({ groupId: Id32, contactId: Id32 });

const GroupFields = {
  name: Type.String({ maxLength: 256 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  contactIds: Type.Optional(Type.Array(Id32, { maxItems: 1000 })),
};
/** PUT group/add. */
export const GroupAddSchema = Type.Object(GroupFields, { additionalProperties: false });
/** POST group/update. */
export const GroupUpdateSchema = Type.Object({ id: Id32, ...GroupFields, ...ReadAtFields }, { additionalProperties: false });

const RuleFields = {
  name: Type.String({ maxLength: 256 }),
  domains: Type.Array(Type.String({ maxLength: 253 }), { maxItems: 1000 }),
  metric: Metric,
  period: literals(MONIT_PERIODS),
  comparison: Comparison,
  threshold: Type.Number(),
  consecutive: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
  /** healthy periods before a restore, 1–10 (default 2); checked by ruleProblems for its message */
  restoreAfter: Type.Optional(Type.Number({ minimum: -1000, maximum: 1000 })),
  groupIds: Type.Array(Id32, { maxItems: 100 }),
  channels: Type.Array(Channel, { maxItems: 3 }),
  repeatMinutes: Type.Optional(literals(MONIT_REPEATS)),
  muteWindows: Type.Optional(Type.Array(MuteWindowSchema, { maxItems: 50 })),
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
  enabled: Type.Optional(Type.Boolean()),
};
/** PUT rule/add. */
export const RuleAddSchema = Type.Object(RuleFields, { additionalProperties: false });
export type RuleAdd = Static<typeof RuleAddSchema>;
const Uuid = Type.String({ maxLength: 64 });
/** POST rule/update. */
export const RuleUpdateSchema = Type.Object({ uuid: Uuid, ...RuleFields, ...ReadAtFields }, { additionalProperties: false });
/** PUT rule/enable (body), GET rule/disable (query). */
export const RuleUuidSchema = Type.Object({ uuid: Uuid }, { additionalProperties: false });
/** DELETE rule/delete/{id}: the rule's uuid (or its numeric id). */
export const RuleKeyParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
/** POST rule/list. */
export const RuleListQuerySchema = Type.Object(
  {
    ...Paging,
    ...Keyword,
    enabled: Type.Optional(Type.Boolean()),
    state: Type.Optional(literals(['ok', 'firing'] as const)),
    metric: Type.Optional(Metric),
  },
  { additionalProperties: false },
);
/** POST query/ruleDetail (without uuid: the selectable domains only). */
export const RuleDetailQuerySchema = Type.Object({ uuid: Type.Optional(Uuid) }, { additionalProperties: false });

const TimeRange = { startTime: Type.Optional(EpochSeconds), endTime: Type.Optional(EpochSeconds) };
/** POST notify/history. */
export const NotifyHistoryQuerySchema = Type.Object(
  {
    ...Paging,
    ...TimeRange,
    ruleName: Type.Optional(Type.String({ maxLength: 256 })),
    contact: Type.Optional(Type.String({ maxLength: 256 })),
    channel: Type.Optional(Channel),
    status: Type.Optional(NotifyStatus),
  },
  { additionalProperties: false },
);
/** POST record/alarm. */
export const AlarmRecordQuerySchema = Type.Object(
  {
    ...Paging,
    ...TimeRange,
    ruleName: Type.Optional(Type.String({ maxLength: 256 })),
    uuid: Type.Optional(Uuid),
    event: Type.Optional(AlarmEvent),
  },
  { additionalProperties: false },
);
/** POST record/resource (interval: minutes of a statistics period). */
export const ResourceQuerySchema = Type.Object(
  {
    ...Paging,
    ...TimeRange,
    domain: Type.Optional(Type.String({ maxLength: 253 })),
    type: Type.Optional(ProbeType),
    event: Type.Optional(ProbeEvent),
    interval: Type.Optional(literals([5, 15, 60, 1440] as const)),
  },
  { additionalProperties: false },
);
