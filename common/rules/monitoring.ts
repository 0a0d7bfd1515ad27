import type { MuteWindow } from '../wire/monitoring';

/** Cloud monitoring rules shared by the server and the screens (issue #20). */

export const MONIT_METRICS = [
  'bandwidth',
  'traffic',
  'requests',
  'qps',
  'rate4xx',
  'rate5xx',
  'hitRate',
  'byteHitRate',
  'responseTime',
  'probeFailRate',
  'probeTotalTime',
  'ippAttack',
  'wafEvents',
] as const;
export type MonitMetric = (typeof MONIT_METRICS)[number];

/** Unit of each metric's value and threshold. */
export const METRIC_UNITS: Record<MonitMetric, string> = {
  bandwidth: 'Mbps',
  traffic: 'MB',
  requests: '',
  qps: '/s',
  rate4xx: '%',
  rate5xx: '%',
  hitRate: '%',
  byteHitRate: '%',
  responseTime: 'ms',
  probeFailRate: '%',
  probeTotalTime: 'ms',
  // counts: the webhook's unit; screens and notices show a translated word (COUNT_METRICS)
  ippAttack: 'attacks',
  wafEvents: 'events',
};
export const PERCENT_METRICS: readonly MonitMetric[] = ['rate4xx', 'rate5xx', 'hitRate', 'byteHitRate', 'probeFailRate'];
/**
 * Availability metrics, read from the probe records (traffic.monit_probe) instead of the access log:
 * the share of failed probes (error events) and the average total time of the probes in the period.
 * The domains of an enabled rule on one of them are probed by the availability probe job.
 */
export const PROBE_METRICS: readonly MonitMetric[] = ['probeFailRate', 'probeTotalTime'];
/**
 * Security metrics (issue #35): counts of the period's attacks on the account's protected IPs (the
 * detector's alarms) and of its websites' security events. Their targets are protected origin IPs or
 * website domains instead of accelerated domains; none means all of the account's.
 */
export const COUNT_METRICS: readonly MonitMetric[] = ['ippAttack', 'wafEvents'];
/** What a rule's `domains` names: accelerated domains, protected origin IPs or protected websites. */
export type RuleTargetKind = 'domains' | 'ips' | 'websites';
export const targetKind = (metric: MonitMetric): RuleTargetKind =>
  metric === 'ippAttack' ? 'ips' : metric === 'wafEvents' ? 'websites' : 'domains';
/** Healthy periods before a firing rule restores (restoreAfter): bounds and default. */
export const RESTORE_AFTER_MAX = 10;
export const RESTORE_AFTER_DEFAULT = 2;
/** Upper bound of a probe total-time threshold (ms): a probe never lasts longer than its time-out. */
export const PROBE_TIME_MAX = 600_000;

export const MONIT_PERIODS = [1, 5, 15, 30, 60] as const;
export const MONIT_COMPARISONS = ['gt', 'gte', 'lt', 'lte'] as const;
export type MonitComparison = (typeof MONIT_COMPARISONS)[number];
export const COMPARISON_SIGNS: Record<MonitComparison, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };
export const MONIT_CHANNELS = ['email', 'sms', 'webhook'] as const;
export type MonitChannel = (typeof MONIT_CHANNELS)[number];
/** Repeat interval while firing, minutes; 0 = notify once per event. */
export const MONIT_REPEATS = [0, 5, 15, 30, 60, 120, 360, 1440] as const;
export const MONIT_LANGUAGES = ['zh', 'en'] as const;
export const NOTIFY_STATUSES = ['pending', 'sent', 'failed', 'not_configured', 'muted', 'no_address'] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];
export const ALARM_EVENTS = ['firing', 'repeat', 'restored'] as const;
export type AlarmEvent = (typeof ALARM_EVENTS)[number];

export const NAME_MAX = 64;
export const REMARK_MAX = 200;
export const RULE_DOMAINS_MAX = 100;
export const GROUP_MEMBERS_MAX = 100;
export const MUTE_WINDOWS_MAX = 5;

export function compare(value: number, comparison: MonitComparison, threshold: number): boolean {
  switch (comparison) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

/** Problems are message keys of i18n/{zh,en}/monit.ts (client) and i18n/server/monit.ts (server). */
export type MonitProblem =
  | 'nameEmpty'
  | 'nameTooLong'
  | 'emailFormat'
  | 'mobileFormat'
  | 'webhookFormat'
  | 'channelRequired'
  | 'remarkTooLong'
  | 'domainsRequired'
  | 'domainsTooMany'
  | 'thresholdFormat'
  | 'thresholdRange'
  | 'consecutiveRange'
  | 'restoreAfterRange'
  | 'groupsRequired'
  | 'channelsRequired'
  | 'muteFormat'
  | 'muteTooMany'
  | 'membersTooMany';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;
/** E.164 (+ and 7–15 digits) or a Chinese mobile number (11 digits beginning with 1). */
const MOBILE = /^(\+[1-9]\d{6,14}|1\d{10})$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function nameProblem(name: string): MonitProblem | null {
  if (!name.trim()) return 'nameEmpty';
  if ([...name.trim()].length > NAME_MAX) return 'nameTooLong';
  return null;
}
export const emailProblem = (v: string): MonitProblem | null => (v && (!EMAIL.test(v) || v.length > 254) ? 'emailFormat' : null);
export const mobileProblem = (v: string): MonitProblem | null => (v && !MOBILE.test(v) ? 'mobileFormat' : null);
export function webhookProblem(v: string): MonitProblem | null {
  if (!v) return null;
  if (v.length > 2048 || !/^https?:\/\//i.test(v)) return 'webhookFormat';
  try {
    const u = new URL(v);
    return u.hostname ? null : 'webhookFormat';
  } catch {
    return 'webhookFormat';
  }
}

export interface ContactInput {
  name: string;
  email?: string;
  mobile?: string;
  webhook?: string;
  remark?: string;
}

/** The first problem of a contact, field by field (the same order on both sides). */
export function contactProblems(c: ContactInput): Partial<Record<keyof ContactInput | 'channels', MonitProblem>> {
  const out: Partial<Record<keyof ContactInput | 'channels', MonitProblem>> = {};
  const n = nameProblem(c.name);
  if (n) out.name = n;
  const e = emailProblem((c.email ?? '').trim());
  if (e) out.email = e;
  const m = mobileProblem((c.mobile ?? '').trim());
  if (m) out.mobile = m;
  const w = webhookProblem((c.webhook ?? '').trim());
  if (w) out.webhook = w;
  if ([...(c.remark ?? '')].length > REMARK_MAX) out.remark = 'remarkTooLong';
  if (!(c.email ?? '').trim() && !(c.mobile ?? '').trim() && !(c.webhook ?? '').trim()) out.channels = 'channelRequired';
  return out;
}

/** A daily mute window (its shape is the wire's). */
export type { MuteWindow };

export interface RuleInput {
  name: string;
  domains: string[];
  metric: MonitMetric;
  threshold: number;
  consecutive: number;
  /** healthy periods before a restore; absent = RESTORE_AFTER_DEFAULT */
  restoreAfter?: number;
  groupIds: number[];
  channels: MonitChannel[];
  muteWindows?: MuteWindow[];
}

export function ruleProblems(r: RuleInput): Partial<Record<keyof RuleInput, MonitProblem>> {
  const out: Partial<Record<keyof RuleInput, MonitProblem>> = {};
  const n = nameProblem(r.name);
  if (n) out.name = n;
  // A security metric without targets covers all of the account's protected IPs or websites.
  if (!r.domains.length && targetKind(r.metric) === 'domains') out.domains = 'domainsRequired';
  else if (r.domains.length > RULE_DOMAINS_MAX) out.domains = 'domainsTooMany';
  if (typeof r.threshold !== 'number' || !Number.isFinite(r.threshold)) out.threshold = 'thresholdFormat';
  else if (
    r.threshold < 0 ||
    r.threshold > 1e12 ||
    (PERCENT_METRICS.includes(r.metric) && r.threshold > 100) ||
    (r.metric === 'probeTotalTime' && r.threshold > PROBE_TIME_MAX)
  )
    out.threshold = 'thresholdRange';
  if (!Number.isInteger(r.consecutive) || r.consecutive < 1 || r.consecutive > 10) out.consecutive = 'consecutiveRange';
  const restore = r.restoreAfter ?? RESTORE_AFTER_DEFAULT;
  if (!Number.isInteger(restore) || restore < 1 || restore > RESTORE_AFTER_MAX) out.restoreAfter = 'restoreAfterRange';
  if (!r.groupIds.length) out.groupIds = 'groupsRequired';
  if (!r.channels.length) out.channels = 'channelsRequired';
  const mutes = r.muteWindows ?? [];
  if (mutes.length > MUTE_WINDOWS_MAX) out.muteWindows = 'muteTooMany';
  else if (mutes.some((w) => !HHMM.test(w.start) || !HHMM.test(w.end) || w.start === w.end)) out.muteWindows = 'muteFormat';
  return out;
}

/** Minutes after midnight of 'HH:MM'. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a local time of day (minutes after midnight) falls in a window; windows may cross midnight. */
export function inMuteWindow(windows: MuteWindow[], minuteOfDay: number): boolean {
  return windows.some((w) => {
    const s = minutesOf(w.start);
    const e = minutesOf(w.end);
    return s < e ? minuteOfDay >= s && minuteOfDay < e : minuteOfDay >= s || minuteOfDay < e;
  });
}
