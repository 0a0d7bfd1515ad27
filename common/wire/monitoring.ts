import type { AlarmEvent, MonitChannel, MonitComparison, MonitMetric, MuteWindow, NotifyStatus } from '../rules/monitoring';

/** Wire shapes of the /monit calls, shared by server and client (issue #20). */

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
}

export interface Contact {
  id: number;
  name: string;
  email: string;
  mobile: string;
  webhook: string;
  language: 'zh' | 'en';
  remark: string;
  /** names of the groups it belongs to */
  groups: string[];
  createTime: string;
  updateTime: string;
}

export interface GroupMember {
  id: number;
  name: string;
}

export interface ContactGroup {
  id: number;
  name: string;
  description: string;
  members: GroupMember[];
  createTime: string;
  updateTime: string;
}

export interface AlertRule {
  id: number;
  uuid: string;
  name: string;
  domains: string[];
  metric: MonitMetric;
  period: number;
  comparison: MonitComparison;
  threshold: number;
  consecutive: number;
  groupIds: number[];
  channels: MonitChannel[];
  repeatMinutes: number;
  muteWindows: MuteWindow[];
  timeZone: string;
  enabled: boolean;
  state: 'ok' | 'firing';
  breaches: number;
  lastValue: number | null;
  evaluatedUntil: string | null;
  createTime: string;
  updateTime: string;
}

/** POST /monit/query/ruleDetail: the rule without its domains, the rule's domains and the selectable domains, both AES-encrypted JSON string arrays (spec §7). */
export interface RuleDetailReply {
  rule: Omit<AlertRule, 'domains'> | null;
  domains: string;
  options: string;
}

export interface ChannelResult {
  channel: MonitChannel;
  target: string;
  status: NotifyStatus;
  reason: string;
}

export interface SendMsgReply {
  results: ChannelResult[];
}

export interface NotifyRecord {
  id: number;
  time: string;
  ruleUuid: string | null;
  ruleName: string;
  contactName: string;
  channel: MonitChannel;
  target: string;
  status: NotifyStatus;
  reason: string;
  subject: string;
  content: string;
  attempts: number;
  event: AlarmEvent | 'test';
}

export interface AlarmRecord {
  id: number;
  time: string;
  ruleUuid: string;
  ruleName: string;
  event: AlarmEvent;
  metric: MonitMetric;
  comparison: MonitComparison;
  threshold: number;
  value: number;
  domains: string[];
  periodStart: string;
  periodEnd: string;
  muted: boolean;
}

export interface ResourceRecord {
  time: string;
  domain: string;
  type: 'edge' | 'origin';
  event: 'ok' | 'error' | 'restore';
  country: string;
  city: string;
  isp: string;
  clientIp: string;
  serverIp: string;
  originIp: string;
  originPort: number;
  httpStatus: number;
  dnsMs: number;
  connectMs: number;
  totalMs: number;
}

export interface ResourceStat {
  /** start of the period, ms */
  time: number;
  avg: number;
  max: number;
  min: number;
  p90: number;
  count: number;
}

export interface ResourceReply extends Page<ResourceRecord> {
  stats: ResourceStat[];
}
