import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { ConfigDb } from '../stores/config/db';
import type { RuleRow } from '../stores/config/monitoring';
import {
  claimDueNotifications,
  claimRuleStates,
  enabledRules,
  groupMembers,
  insertAlarms,
  insertNotifications,
  recordDelivery,
  setRuleEvents,
  type GroupMember,
  type NotificationWrite,
  type Recipient,
} from '../stores/config/monitoringAlerts';
import { accountSubtree } from '../stores/config/usersAccounts';
import { ippAttackCounts, ippIpMap } from '../stores/config/ipProtection';
import { listWebsites } from '../stores/config/websites';
import { DETECTOR } from '../stores/traffic/ipProtection';
import { windowsEventCounts, windowsFigures, ZERO_FIGURES, type Figures, type WindowRows } from '../stores/traffic/monitoringFigures';
import {
  compare,
  COMPARISON_SIGNS,
  inMuteWindow,
  METRIC_UNITS,
  PROBE_METRICS,
  targetKind,
  type AlarmEvent,
  type MonitChannel,
  type MonitMetric,
} from '../../common/rules/monitoring';
import { deliver, deliverySettings, type DeliverySettings, type Notice } from '../lib/monitDelivery';
import type { MonitTiming } from '../config';
import { fillNotice, MONIT_NOTICES } from '../../i18n/server/monitoring';

dayjs.extend(utc);
dayjs.extend(timezone);

export type { MonitTiming };

/**
 * Alert evaluation (issue #20, docs/monitoring.md). Each tick:
 * 1. every enabled rule whose statistic period has completed since it was last evaluated (a period
 *    [s, s+P) counts as complete LAG seconds after its end, so late log lines are in) is evaluated on
 *    the traffic store's figures of its domains for that period — the access-log sums the analysis
 *    screens add up (requests, bytes, 4xx/5xx, hits, hit bytes, request time), or for the availability
 *    metrics the probe records of traffic.monit_probe (server/lib/availabilityProbe.ts), for the
 *    security metrics the attacks the IP-protection detector found (config store) or the websites'
 *    security events (traffic store);
 * 2. its state (ok / firing, consecutive breaches) advances; firing after N breaches, a repeat every
 *    repeat interval while firing, a restore after restoreAfter healthy periods in a row;
 * 3. the new states, the alarm events and one outbox row per (event, contact, channel) are written
 *    set-based, a few statements per batch of rules in one transaction (writeBatch; the statements are in
 *    server/stores/config/monitoringAlerts.ts); a rule's update only succeeds if its evaluated_until is
 *    still what was read, and only such rules' events are written: a second worker or a restarted
 *    process never evaluates, nor notifies, the same period twice.
 * The outbox is delivered by deliverDue (claim, send, record; retried with back-off).
 */

/** Periods caught up after a pause (older ones are skipped). */
const MAX_CATCH_UP = 10;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A metric's value over one period; null when it has no meaning without requests (hit rates, response time). */
export function metricValue(metric: MonitMetric, f: Figures, periodMinutes: number): number | null {
  const seconds = periodMinutes * 60;
  const rate = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : null);
  switch (metric) {
    case 'bandwidth':
      return round2((f.bytes * 8) / seconds / 1e6);
    case 'traffic':
      return round2(f.bytes / 1e6);
    case 'requests':
      return f.requests;
    case 'qps':
      return round2(f.requests / seconds);
    case 'rate4xx':
      return rate(f.s4, f.requests) ?? 0;
    case 'rate5xx':
      return rate(f.s5, f.requests) ?? 0;
    case 'hitRate':
      return rate(f.hits, f.requests);
    case 'byteHitRate':
      return rate(f.hitBytes, f.bytes);
    case 'responseTime':
      return f.requests > 0 ? round2(f.requestTime / f.requests) : null;
    // Without probes in the period (no probe ran) availability says nothing either way.
    case 'probeFailRate':
      return rate(f.probeErrors, f.probes);
    case 'probeTotalTime':
      return f.probes > 0 ? round2(f.probeTime / f.probes) : null;
    case 'ippAttack':
      return f.attacks;
    case 'wafEvents':
      return f.events;
  }
}

interface Step {
  start: Date;
  end: Date;
  value: number | null;
}

/** The periods of a rule to evaluate at `now` (ends aligned to the period since the epoch). */
/** A statistic period [start, end). */
type Period = { start: Date; end: Date };

export function duePeriods(rule: Pick<RuleRow, 'period' | 'evaluatedUntil'>, now: Date, lagSeconds: number): Period[] {
  const p = rule.period * 60_000;
  const latestEnd = Math.floor((now.getTime() - lagSeconds * 1000) / p) * p;
  const from = rule.evaluatedUntil ? new Date(rule.evaluatedUntil).getTime() : latestEnd - p;
  const out: Period[] = [];
  for (let end = Math.max(from + p, latestEnd - (MAX_CATCH_UP - 1) * p); end <= latestEnd; end += p) {
    out.push({ start: new Date(end - p), end: new Date(end) });
  }
  return out;
}

/** A rule's recipients: the distinct contacts of its own account's groups, by contact id. */
function recipientsOf(rule: RuleRow, members: GroupMember[]): Recipient[] {
  const groups = new Set(rule.groupIds);
  const out = new Map<number, Recipient>();
  for (const m of members) if (m.account === rule.account && groups.has(m.groupId) && !out.has(m.id)) out.set(m.id, m);
  return [...out.values()];
}

const targetOf = (c: Recipient, channel: MonitChannel) => (channel === 'email' ? c.email : channel === 'sms' ? c.mobile : c.webhook);

/** 'UTC+8', 'UTC-3:30', 'UTC+0' for an offset from UTC in minutes. */
export function zoneLabel(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : '';
  return `UTC${offsetMinutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${minutes}`;
}

/** Subject, text and webhook body of an alarm event for one language. */
export function noticeFor(rule: RuleRow, event: AlarmEvent, value: number, step: Period, language: 'zh' | 'en', now: Date) {
  const t = MONIT_NOTICES[language];
  // A time in the rule's zone says which zone it is in ('2026-11-28 12:41 (UTC+8)').
  const fmt = (d: Date) => {
    const local = dayjs(d).tz(rule.timeZone);
    return `${local.format('YYYY-MM-DD HH:mm')} (${zoneLabel(local.utcOffset())})`;
  };
  const kind = targetKind(rule.metric);
  const args = {
    rule: rule.name,
    metric: t.metrics[rule.metric],
    sign: COMPARISON_SIGNS[rule.comparison],
    threshold: Number(rule.threshold),
    // counts read '5 attacks' / '5 次'
    unit: rule.metric === 'ippAttack' || rule.metric === 'wafEvents' ? ` ${t.units[rule.metric]}` : METRIC_UNITS[rule.metric],
    value,
    period: rule.period,
    start: fmt(step.start),
    end: fmt(step.end),
    targets: fillNotice(t.targets[kind], { list: rule.domains.length ? rule.domains.join(', ') : t.allTargets[kind] }),
  };
  const subjectKey = event === 'firing' ? 'subjectFiring' : event === 'repeat' ? 'subjectRepeat' : 'subjectRestored';
  const text = fillNotice(t[event], args);
  return {
    subject: fillNotice(t[subjectKey], args),
    text,
    payload: {
      event,
      account: rule.account,
      rule: { uuid: rule.uuid, name: rule.name },
      metric: rule.metric,
      comparison: rule.comparison,
      threshold: Number(rule.threshold),
      value,
      unit: METRIC_UNITS[rule.metric],
      periodMinutes: rule.period,
      periodStart: step.start.toISOString(),
      periodEnd: step.end.toISOString(),
      domains: rule.domains,
      time: now.toISOString(),
      text,
    },
  };
}

function isMuted(rule: RuleRow, at: Date): boolean {
  if (!rule.muteWindows.length) return false;
  const local = dayjs(at).tz(rule.timeZone);
  return inMuteWindow(rule.muteWindows, local.hour() * 60 + local.minute());
}

/** One alarm event a pass raises. */
interface Raised {
  event: AlarmEvent;
  value: number;
  step: Period;
}

/** What one rule's pass over its due periods leads to (computed in memory, written with the rest of its batch). */
interface Outcome {
  rule: RuleRow;
  steps: Step[];
  state: 'ok' | 'firing';
  breaches: number;
  healthy: number;
  lastValue: number | null;
  lastNotified: Date | string | null;
  /** the firing event the rule is in: an alarm id kept from before, or the firing raised in this pass (its id once written) */
  eventId: number | null;
  firing: Raised | null;
  raised: Raised[];
}

/**
 * The state machine over a rule's due periods: breaches, firing after N, repeats, restore after
 * restoreAfter healthy periods in a row. A period without a value (no requests, no probes) says
 * nothing either way: the counts stay as they are.
 */
function advance(rule: RuleRow, steps: Step[]): Outcome {
  let { state, breaches, healthy, lastNotified } = rule;
  let eventId = rule.eventId === null ? null : Number(rule.eventId);
  let firing: Raised | null = null;
  let lastValue = rule.lastValue;
  const raised: Raised[] = [];
  for (const step of steps) {
    if (step.value === null) continue;
    lastValue = step.value;
    if (compare(step.value, rule.comparison, Number(rule.threshold))) {
      breaches = Math.min(breaches + 1, 1000);
      healthy = 0;
      if (state === 'ok' && breaches >= rule.consecutive) {
        state = 'firing';
        firing = { event: 'firing', value: step.value, step };
        raised.push(firing);
        eventId = null;
        lastNotified = step.end;
      } else if (
        state === 'firing' &&
        rule.repeatMinutes > 0 &&
        lastNotified &&
        step.end.getTime() - new Date(lastNotified).getTime() >= rule.repeatMinutes * 60_000
      ) {
        raised.push({ event: 'repeat', value: step.value, step });
        lastNotified = step.end;
      }
    } else {
      breaches = 0;
      if (state === 'firing') healthy += 1;
      if (state === 'firing' && healthy >= rule.restoreAfter) {
        state = 'ok';
        raised.push({ event: 'restored', value: step.value, step });
        healthy = 0;
        eventId = null;
        firing = null;
        lastNotified = null;
      }
    }
  }
  return { rule, steps, state, breaches, healthy, lastValue, lastNotified, eventId, firing, raised };
}

/** Rules written per transaction: a few set-based statements each, whatever the number of rules. */
const BATCH = 500;

/**
 * Writes a batch of passes in one transaction: the rules' new state (only where evaluated_until is
 * still what was read; a rule another worker took meanwhile keeps nothing of this pass), their alarm
 * events (unique per rule, event and period end: a replayed period adds nothing), the outbox rows of
 * the events actually added, and the firing events' ids. Returns the periods evaluated.
 */
async function writeBatch(db: ConfigDb, batch: Outcome[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimRuleStates(
      tx,
      batch.map((o) => ({
        id: o.rule.id,
        prev: o.rule.evaluatedUntil,
        state: o.state,
        breaches: o.breaches,
        healthy: o.healthy,
        last_value: o.lastValue,
        until: o.steps[o.steps.length - 1].end,
        event_id: o.eventId,
        last_notified: o.lastNotified,
      })),
    );
    const kept = batch.filter((o) => claimed.has(o.rule.id));
    const raising = kept.filter((o) => o.raised.length);
    if (raising.length) {
      const alarmKey = (uuid: string, event: string, endMs: number) => `${uuid}|${event}|${endMs}`;
      const inserted = new Map(
        (
          await insertAlarms(
            tx,
            raising.flatMap((o) =>
              o.raised.map((a) => ({
                account: o.rule.account,
                uuid: o.rule.uuid,
                name: o.rule.name,
                event: a.event,
                metric: o.rule.metric,
                comparison: o.rule.comparison,
                threshold: o.rule.threshold,
                value: a.value,
                domains: o.rule.domains,
                period_start: a.step.start,
                period_end: a.step.end,
                muted: isMuted(o.rule, now),
                time: a.step.end < now ? a.step.end : now,
              })),
            ),
          )
        ).map((r) => [alarmKey(r.uuid, r.event, r.endMs), r.id]),
      );
      const idOf = (o: Outcome, a: Raised) => inserted.get(alarmKey(o.rule.uuid, a.event, a.step.end.getTime())) ?? null;
      // One outbox row per event added, contact and channel the contact has an address for; none for an event
      // that was already there. A member without an address is not recorded per notice: the rule says so (withReach).
      const members = await groupMembers(tx, [...new Set(raising.flatMap((o) => o.rule.groupIds))]);
      const outbox = raising.flatMap((o): NotificationWrite[] => {
        const muted = isMuted(o.rule, now);
        const contacts = recipientsOf(o.rule, members);
        return o.raised.flatMap((a) => {
          const alarmId = idOf(o, a);
          if (alarmId === null) return [];
          return contacts.flatMap((c) => {
            const n = noticeFor(o.rule, a.event, a.value, a.step, c.language, now);
            return o.rule.channels.flatMap((channel): NotificationWrite[] => {
              const target = targetOf(c, channel);
              if (!target) return [];
              const row: NotificationWrite = {
                account: o.rule.account,
                alarm_id: alarmId,
                uuid: o.rule.uuid,
                rule_name: o.rule.name,
                contact_id: c.id,
                contact_name: c.name,
                channel,
                target,
                status: muted ? 'muted' : 'pending',
                subject: n.subject,
                content: n.text,
                payload: n.payload,
                time: now,
              };
              return [row];
            });
          });
        });
      });
      await insertNotifications(tx, outbox);
      // The firing events raised in this pass: the rule points at its alarm (none when it was there already).
      const firing = raising.filter((o) => o.firing).map((o) => ({ id: o.rule.id, event_id: idOf(o, o.firing!) }));
      if (firing.some((f) => f.event_id !== null)) await setRuleEvents(tx, firing);
    }
    return kept.reduce((n, o) => n + o.steps.length, 0);
  });
}

/**
 * Extra wait before an ippAttack period is evaluated: an attack is an alarm once the detector has
 * seen its first minutes and run (its interval), so the count of a period is complete only then.
 */
const attackLagSeconds = (app: FastifyInstance) => DETECTOR.minMinutes * 60 + Math.ceil(Math.max(app.config.ippDetectorMs, 0) / 1000);

/** Evaluates every enabled rule's completed periods at `now`; returns the number of periods evaluated. */
export async function evaluateRules(app: FastifyInstance, now = new Date(), timing = app.config.monit.timing): Promise<number> {
  const rules = await enabledRules(app.db);
  const lagOf = (rule: RuleRow) => timing.lagSeconds + (rule.metric === 'ippAttack' ? attackLagSeconds(app) : 0);
  const plans = rules.map((rule) => ({ rule, periods: duePeriods(rule, now, lagOf(rule)) })).filter((p) => p.periods.length);
  if (!plans.length) return 0;
  // A rule reads the figures of its own account tree only.
  const trees = new Map<string, Set<string>>();
  for (const account of new Set(plans.map((p) => p.rule.account))) {
    trees.set(account, new Set((await accountSubtree(app.db, account)).map((a) => a.identity)));
  }
  const targets = await ruleTargets(
    app,
    plans.map((p) => p.rule),
    trees,
  );
  // The distinct windows of the due periods, read in one aggregation per source over the union of the rules' targets.
  const windows = new Map<string, Period>();
  for (const { periods } of plans) for (const w of periods) windows.set(`${w.start.getTime()}|${w.end.getTime()}`, w);
  const rows = await windowRows(
    app,
    [...windows.values()],
    plans.map((p) => p.rule),
    targets,
    trees,
  );
  const figures = new Map([...windows.keys()].map((key, i) => [key, rows[i]]));
  const outcomes: Outcome[] = [];
  for (const { rule, periods } of plans) {
    const tree = trees.get(rule.account)!;
    const domains = targets.byRule.get(rule.id)!;
    const steps: Step[] = periods.map((w) => {
      const sum = { ...ZERO_FIGURES };
      for (const r of figures.get(`${w.start.getTime()}|${w.end.getTime()}`) ?? []) {
        if (!domains.has(r.domain) || !tree.has(r.account)) continue;
        for (const k of Object.keys(sum) as Array<keyof Figures>) sum[k] += r.f[k];
      }
      return { ...w, value: metricValue(rule.metric, sum, rule.period) };
    });
    outcomes.push(advance(rule, steps));
  }
  let evaluated = 0;
  for (let i = 0; i < outcomes.length; i += BATCH) evaluated += await writeBatch(app.db, outcomes.slice(i, i + BATCH), now);
  return evaluated;
}

/** The protected IPs and websites of the account trees of the rules on a security metric (none read when there is no such rule). */
async function securityTargets(app: FastifyInstance, rules: RuleRow[], trees: Map<string, Set<string>>) {
  const accountsOf = (metric: MonitMetric) => [
    ...new Set(rules.filter((r) => r.metric === metric).flatMap((r) => [...trees.get(r.account)!])),
  ];
  const ipAccounts = accountsOf('ippAttack');
  const siteAccounts = accountsOf('wafEvents');
  return {
    ips: ipAccounts.length ? (await ippIpMap(app.db, ipAccounts)).map((e) => ({ name: e.originIp.toLowerCase(), account: e.account })) : [],
    sites: siteAccounts.length
      ? (await listWebsites(app.db, siteAccounts)).map((w) => ({ id: w.id, name: w.domain.toLowerCase(), account: w.account }))
      : [],
  };
}

/**
 * What each rule measures, by rule id: its domains; for a security metric its protected IPs or
 * website domains within its account tree, all of them when it names none.
 */
async function ruleTargets(app: FastifyInstance, rules: RuleRow[], trees: Map<string, Set<string>>): Promise<Targets> {
  const { ips, sites } = await securityTargets(app, rules, trees);
  const out = new Map<number, Set<string>>();
  for (const rule of rules) {
    const kind = targetKind(rule.metric);
    if (kind === 'domains') {
      out.set(rule.id, new Set(rule.domains));
      continue;
    }
    const tree = trees.get(rule.account)!;
    const named = new Set(rule.domains);
    const owned = (kind === 'ips' ? ips : sites).filter((x) => tree.has(x.account) && (!named.size || named.has(x.name)));
    out.set(rule.id, new Set(owned.map((x) => x.name)));
  }
  return { byRule: out, sites };
}
/** Each rule's targets, and the websites with their ids, which the security events are read by. */
interface Targets {
  byRule: Map<number, Set<string>>;
  sites: Array<{ id: number; name: string; account: string }>;
}

/**
 * The figures of every window, per target and account: the access logs (and probe records) of the
 * domains of the traffic rules, the attacks on the IPs of the ippAttack rules, the security events of
 * the websites of the wafEvents rules.
 */
async function windowRows(
  app: FastifyInstance,
  windows: Period[],
  rules: RuleRow[],
  targets: Targets,
  trees: Map<string, Set<string>>,
): Promise<WindowRows[]> {
  const union = (pick: (r: RuleRow) => boolean) => [...new Set(rules.filter(pick).flatMap((r) => [...targets.byRule.get(r.id)!]))];
  const domains = union((r) => targetKind(r.metric) === 'domains');
  const probes = rules.some((r) => PROBE_METRICS.includes(r.metric));
  const out = await windowsFigures(app.traffic, windows, domains, probes);
  const ips = union((r) => r.metric === 'ippAttack');
  if (ips.length) {
    const accounts = [...new Set(rules.filter((r) => r.metric === 'ippAttack').flatMap((r) => [...trees.get(r.account)!]))];
    (await ippAttackCounts(app.db, windows, accounts, ips)).forEach((rows, i) =>
      out[i].push(...rows.map((r) => ({ domain: r.ip, account: r.account, f: { ...ZERO_FIGURES, attacks: r.attacks } }))),
    );
  }
  const names = new Set(union((r) => r.metric === 'wafEvents'));
  const sites = targets.sites.filter((w) => names.has(w.name));
  if (sites.length) {
    const nameOf = new Map(sites.map((w) => [w.id, w.name]));
    (await windowsEventCounts(app.traffic, windows, sites)).forEach((rows, i) =>
      out[i].push(
        ...rows.map((r) => ({ domain: nameOf.get(r.websiteId) ?? '', account: r.account, f: { ...ZERO_FIGURES, events: r.events } })),
      ),
    );
  }
  return out;
}

/** Delivers the due outbox rows: claimed (so no second worker sends them), sent, recorded; failures retried with back-off. */
export async function deliverDue(
  app: FastifyInstance,
  now = new Date(),
  timing = app.config.monit.timing,
  settings: DeliverySettings = deliverySettings(app.config),
): Promise<number> {
  const rows = await claimDueNotifications(app.db, now);
  await Promise.all(
    rows.map(async (r) => {
      const notice: Notice = {
        channel: r.channel,
        target: r.target,
        subject: r.subject,
        text: r.content,
        language: r.language ?? 'zh',
        payload: r.payload ?? {},
      };
      const result = await deliver(notice, settings);
      const again = result.status === 'failed' && result.retry && r.attempts < timing.maxAttempts;
      const dueAt = new Date(now.getTime() + timing.retryMs * 2 ** (r.attempts - 1));
      await recordDelivery(app.db, r.id, { status: again ? 'pending' : result.status, reason: result.reason, dueAt }, now);
    }),
  );
  return rows.length;
}
