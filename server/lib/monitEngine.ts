import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { ConfigDb } from '../stores/config/db';
import { RULE_COLUMNS, type RuleRow } from '../stores/config/monit';
import { accountSubtree } from '../stores/config/accounts';
import type { TrafficEngine } from '../stores/traffic/engine';
import { compare, COMPARISON_SIGNS, inMuteWindow, METRIC_UNITS, PROBE_METRICS, type AlarmEvent, type MonitChannel, type MonitMetric } from '../../src/lib/monitRules';
import { deliver, deliverySettings, type DeliverySettings, type Notice } from './monitDelivery';
import { fillNotice, MONIT_NOTICES } from '../../i18n/server/monitNotices';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Alert evaluation (issue #20, docs/monit.md). Each tick:
 * 1. every enabled rule whose statistic period has completed since it was last evaluated (a period
 *    [s, s+P) counts as complete LAG seconds after its end, so late log lines are in) is evaluated on
 *    the traffic store's figures of its domains for that period — the access-log sums the analysis
 *    screens add up (requests, bytes, 4xx/5xx, hits, hit bytes, request time), or for the availability
 *    metrics the probe records of traffic.monit_probe (server/lib/availabilityProbe.ts);
 * 2. its state (ok / firing, consecutive breaches) advances; firing after N breaches, a repeat every
 *    repeat interval while firing, a restore on the first period back to normal;
 * 3. the new state, the alarm events and one outbox row per (event, contact, channel) are written in
 *    one transaction whose rule UPDATE only succeeds if evaluated_until is still what was read: a
 *    second worker or a restarted process never evaluates, nor notifies, the same period twice.
 * The outbox is delivered by deliverDue (claim, send, record; retried with back-off).
 */

/** Periods caught up after a pause (older ones are skipped). */
const MAX_CATCH_UP = 10;

export interface MonitTiming {
  /** seconds after a period's end before it is evaluated */
  lagSeconds: number;
  /** first retry delay of a failed delivery; doubles each time */
  retryMs: number;
  maxAttempts: number;
}

export function monitTiming(env: NodeJS.ProcessEnv = process.env): MonitTiming {
  return {
    lagSeconds: Number(env.PORTAL_MONIT_LAG_SECONDS ?? 60),
    retryMs: Number(env.PORTAL_MONIT_RETRY_MS ?? 30_000),
    maxAttempts: Number(env.PORTAL_MONIT_MAX_ATTEMPTS ?? 3),
  };
}

export interface Figures {
  requests: number;
  bytes: number;
  s4: number;
  s5: number;
  hits: number;
  hitBytes: number;
  requestTime: number;
  /** availability probes (traffic.monit_probe): count, failed ones, sum of their total times (ms) */
  probes: number;
  probeErrors: number;
  probeTime: number;
}

const ZERO: Figures = { requests: 0, bytes: 0, s4: 0, s5: 0, hits: 0, hitBytes: 0, requestTime: 0, probes: 0, probeErrors: 0, probeTime: 0 };
const round2 = (x: number) => Math.round(x * 100) / 100;

/** A metric's value over one period; null when it has no meaning without requests (hit rates, response time). */
export function metricValue(metric: MonitMetric, f: Figures, periodMinutes: number): number | null {
  const seconds = periodMinutes * 60;
  const rate = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : null);
  switch (metric) {
    case 'bandwidth': return round2((f.bytes * 8) / seconds / 1e6);
    case 'traffic': return round2(f.bytes / 1e6);
    case 'requests': return f.requests;
    case 'qps': return round2(f.requests / seconds);
    case 'rate4xx': return rate(f.s4, f.requests) ?? 0;
    case 'rate5xx': return rate(f.s5, f.requests) ?? 0;
    case 'hitRate': return rate(f.hits, f.requests);
    case 'byteHitRate': return rate(f.hitBytes, f.bytes);
    case 'responseTime': return f.requests > 0 ? round2(f.requestTime / f.requests) : null;
    // Without probes in the period (no probe ran) availability says nothing either way.
    case 'probeFailRate': return rate(f.probeErrors, f.probes);
    case 'probeTotalTime': return f.probes > 0 ? round2(f.probeTime / f.probes) : null;
  }
}

const num = (v: unknown) => Number(v ?? 0);

/** Per domain and account sums of one window: access-log figures, plus probe figures when an availability rule needs them. */
async function windowFigures(traffic: TrafficEngine, domains: string[], start: Date, end: Date, probes = false): Promise<Array<{ domain: string; account: string; f: Figures }>> {
  const logs = await logFigures(traffic, domains, start, end);
  return probes ? [...logs, ...(await probeFigures(traffic, domains, start, end))] : logs;
}

/** The probes of one window per domain and account, aggregated in the store (an error event is a failed probe). */
async function probeFigures(traffic: TrafficEngine, domains: string[], start: Date, end: Date): Promise<Array<{ domain: string; account: string; f: Figures }>> {
  const rows = await traffic.query<Record<string, string | number>>(
    `SELECT domain, account, count() AS f_probes, countIf(event = 'error') AS f_errors, sum(total_ms) AS f_time
     FROM traffic.monit_probe
     WHERE domain IN {domains:Array(String)} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
     GROUP BY domain, account`,
    { domains, start: Math.floor(start.getTime() / 1000), end: Math.floor(end.getTime() / 1000) },
  );
  return rows.map((r) => ({ domain: String(r.domain), account: String(r.account), f: { ...ZERO, probes: num(r.f_probes), probeErrors: num(r.f_errors), probeTime: num(r.f_time) } }));
}

async function logFigures(traffic: TrafficEngine, domains: string[], start: Date, end: Date): Promise<Array<{ domain: string; account: string; f: Figures }>> {
  const rows = await traffic.query<Record<string, string | number>>(
    `SELECT domain, account, count() AS f_requests, sum(bytes) AS f_bytes, countIf(status >= 400 AND status < 500) AS f_s4, countIf(status >= 500) AS f_s5,
       countIf(cache_hit = 1) AS f_hits, sumIf(bytes, cache_hit = 1) AS f_hit_bytes, sum(request_time) AS f_request_time
     FROM traffic.access_log
     WHERE domain IN {domains:Array(String)} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')
     GROUP BY domain, account`,
    { domains, start: Math.floor(start.getTime() / 1000), end: Math.floor(end.getTime() / 1000) },
  );
  return rows.map((r) => ({
    domain: String(r.domain), account: String(r.account),
    f: { ...ZERO, requests: num(r.f_requests), bytes: num(r.f_bytes), s4: num(r.f_s4), s5: num(r.f_s5), hits: num(r.f_hits), hitBytes: num(r.f_hit_bytes), requestTime: num(r.f_request_time) },
  }));
}

interface Step {
  start: Date;
  end: Date;
  value: number | null;
}

/** The periods of a rule to evaluate at `now` (ends aligned to the period since the epoch). */
export function duePeriods(rule: Pick<RuleRow, 'period' | 'evaluatedUntil'>, now: Date, lagSeconds: number): Array<{ start: Date; end: Date }> {
  const p = rule.period * 60_000;
  const latestEnd = Math.floor((now.getTime() - lagSeconds * 1000) / p) * p;
  const from = rule.evaluatedUntil ? new Date(rule.evaluatedUntil).getTime() : latestEnd - p;
  const out: Array<{ start: Date; end: Date }> = [];
  for (let end = Math.max(from + p, latestEnd - (MAX_CATCH_UP - 1) * p); end <= latestEnd; end += p) out.push({ start: new Date(end - p), end: new Date(end) });
  return out;
}

interface Recipient {
  id: number;
  name: string;
  email: string;
  mobile: string;
  webhook: string;
  language: 'zh' | 'en';
}

async function recipients(db: ConfigDb, account: string, groupIds: number[]): Promise<Recipient[]> {
  if (!groupIds.length) return [];
  return db.query<Recipient>(
    `SELECT DISTINCT c.id, c.name, c.email, c.mobile, c.webhook, c.language FROM monit_contacts c JOIN monit_group_members m ON m.contact_id = c.id
     JOIN monit_groups g ON g.id = m.group_id WHERE g.account = $1 AND c.account = $1 AND g.id = ANY($2::int[]) ORDER BY c.id`,
    [account, groupIds],
  );
}

const targetOf = (c: Recipient, channel: MonitChannel) => (channel === 'email' ? c.email : channel === 'sms' ? c.mobile : c.webhook);

/** Subject, text and webhook body of an alarm event for one language. */
export function noticeFor(rule: RuleRow, event: AlarmEvent, value: number, step: { start: Date; end: Date }, language: 'zh' | 'en', now: Date) {
  const t = MONIT_NOTICES[language];
  const fmt = (d: Date) => dayjs(d).tz(rule.timeZone).format('YYYY-MM-DD HH:mm');
  const args = {
    rule: rule.name, metric: t.metrics[rule.metric], sign: COMPARISON_SIGNS[rule.comparison], threshold: Number(rule.threshold), unit: METRIC_UNITS[rule.metric],
    value, period: rule.period, start: fmt(step.start), end: fmt(step.end), domains: rule.domains.join(', '),
  };
  const subjectKey = event === 'firing' ? 'subjectFiring' : event === 'repeat' ? 'subjectRepeat' : 'subjectRestored';
  const text = fillNotice(t[event], args);
  return {
    subject: fillNotice(t[subjectKey], args),
    text,
    payload: {
      event, account: rule.account, rule: { uuid: rule.uuid, name: rule.name }, metric: rule.metric, comparison: rule.comparison,
      threshold: Number(rule.threshold), value, unit: METRIC_UNITS[rule.metric], periodMinutes: rule.period,
      periodStart: step.start.toISOString(), periodEnd: step.end.toISOString(), domains: rule.domains, time: now.toISOString(), text,
    },
  };
}

function isMuted(rule: RuleRow, at: Date): boolean {
  if (!rule.muteWindows.length) return false;
  const local = dayjs(at).tz(rule.timeZone);
  return inMuteWindow(rule.muteWindows, local.hour() * 60 + local.minute());
}

/** Writes one alarm event and its outbox rows (inside the rule's transaction). */
async function raise(tx: ConfigDb, rule: RuleRow, event: AlarmEvent, value: number, step: { start: Date; end: Date }, now: Date): Promise<number | null> {
  const muted = isMuted(rule, now);
  const [alarm] = await tx.query<{ id: string | number }>(
    `INSERT INTO monit_alarms (account, rule_uuid, rule_name, event, metric, comparison, threshold, value, domains, period_start, period_end, muted, time)
     VALUES ($1, $2::uuid, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13) ON CONFLICT (rule_uuid, event, period_end) DO NOTHING RETURNING id`,
    [rule.account, rule.uuid, rule.name, event, rule.metric, rule.comparison, rule.threshold, value, rule.domains, step.start, step.end, muted, step.end < now ? step.end : now],
  );
  if (!alarm) return null;
  const contacts = await recipients(tx, rule.account, rule.groupIds);
  for (const c of contacts) {
    const n = noticeFor(rule, event, value, step, c.language, now);
    for (const channel of rule.channels) {
      const target = targetOf(c, channel);
      const status = muted ? 'muted' : target ? 'pending' : 'no_address';
      await tx.query(
        `INSERT INTO monit_notifications (account, alarm_id, rule_uuid, rule_name, contact_id, contact_name, channel, target, status, subject, content, payload, time, due_at)
         VALUES ($1, $2, $3::uuid, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $13) ON CONFLICT DO NOTHING`,
        [rule.account, alarm.id, rule.uuid, rule.name, c.id, c.name, channel, target, status, n.subject, n.text, JSON.stringify(n.payload), now],
      );
    }
  }
  return Number(alarm.id);
}

/** Evaluates every enabled rule's completed periods at `now`; returns the number of periods evaluated. */
export async function evaluateRules(app: FastifyInstance, now = new Date(), timing = monitTiming()): Promise<number> {
  const rules = await app.db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM monit_rules WHERE enabled ORDER BY id`);
  const plans = rules.map((rule) => ({ rule, periods: duePeriods(rule, now, timing.lagSeconds) })).filter((p) => p.periods.length);
  if (!plans.length) return 0;
  // One traffic query per distinct window, over the union of the rules' domains.
  const windows = new Map<string, { start: Date; end: Date; domains: Set<string>; probes: boolean }>();
  for (const { rule, periods } of plans) {
    for (const w of periods) {
      const key = `${w.start.getTime()}|${w.end.getTime()}`;
      const entry = windows.get(key) ?? { ...w, domains: new Set<string>(), probes: false };
      rule.domains.forEach((d) => entry.domains.add(d));
      if (PROBE_METRICS.includes(rule.metric)) entry.probes = true;
      windows.set(key, entry);
    }
  }
  const figures = new Map<string, Array<{ domain: string; account: string; f: Figures }>>();
  for (const [key, w] of windows) figures.set(key, await windowFigures(app.traffic, [...w.domains], w.start, w.end, w.probes));
  // A rule reads its domains' lines of its own account tree only.
  const trees = new Map<string, Set<string>>();
  let evaluated = 0;
  for (const { rule, periods } of plans) {
    let tree = trees.get(rule.account);
    if (!tree) {
      tree = new Set((await accountSubtree(app.db, rule.account)).map((a) => a.identity));
      trees.set(rule.account, tree);
    }
    const domains = new Set(rule.domains);
    const steps: Step[] = periods.map((w) => {
      const sum = { ...ZERO };
      for (const r of figures.get(`${w.start.getTime()}|${w.end.getTime()}`) ?? []) {
        if (!domains.has(r.domain) || !tree.has(r.account)) continue;
        for (const k of Object.keys(sum) as Array<keyof Figures>) sum[k] += r.f[k];
      }
      return { ...w, value: metricValue(rule.metric, sum, rule.period) };
    });
    await app.db.transaction(async (tx) => {
      let { state, breaches, lastNotified } = rule;
      let eventId = rule.eventId === null ? null : Number(rule.eventId);
      let lastValue = rule.lastValue;
      for (const step of steps) {
        if (step.value !== null) lastValue = step.value;
        const breach = step.value !== null && compare(step.value, rule.comparison, Number(rule.threshold));
        if (breach) {
          breaches = Math.min(breaches + 1, 1000);
          if (state === 'ok' && breaches >= rule.consecutive) {
            state = 'firing';
            eventId = await raise(tx, rule, 'firing', step.value!, step, now);
            lastNotified = step.end;
          } else if (state === 'firing' && rule.repeatMinutes > 0 && lastNotified && step.end.getTime() - new Date(lastNotified).getTime() >= rule.repeatMinutes * 60_000) {
            await raise(tx, rule, 'repeat', step.value!, step, now);
            lastNotified = step.end;
          }
        } else {
          breaches = 0;
          if (state === 'firing') {
            state = 'ok';
            await raise(tx, rule, 'restored', step.value ?? 0, step, now);
            eventId = null;
            lastNotified = null;
          }
        }
      }
      const last = steps[steps.length - 1].end;
      const claimed = await tx.query(
        `UPDATE monit_rules SET state = $3, breaches = $4, last_value = $5, evaluated_until = $6, event_id = $7, last_notified = $8
         WHERE id = $1 AND enabled AND evaluated_until IS NOT DISTINCT FROM $2::timestamptz RETURNING id`,
        [rule.id, rule.evaluatedUntil, state, breaches, lastValue, last, eventId, lastNotified],
      );
      // Another worker took these periods (or the rule changed meanwhile): nothing of this pass stays.
      if (!claimed.length) throw new StaleRule();
    }).then(() => (evaluated += steps.length), (e: unknown) => {
      if (!(e instanceof StaleRule)) throw e;
    });
  }
  return evaluated;
}

class StaleRule extends Error {}

interface OutboxRow {
  id: string | number;
  channel: MonitChannel;
  target: string;
  subject: string;
  content: string;
  payload: Record<string, unknown> | null;
  attempts: number;
  language: 'zh' | 'en' | null;
}

/** Delivers the due outbox rows: claimed (so no second worker sends them), sent, recorded; failures retried with back-off. */
export async function deliverDue(app: FastifyInstance, now = new Date(), timing = monitTiming(), settings?: DeliverySettings): Promise<number> {
  const s = settings ?? deliverySettings(app.config.allowPrivateOrigins, app.config.cipherKey);
  const rows = await app.db.query<OutboxRow>(
    `UPDATE monit_notifications n SET claimed_until = $1::timestamptz + interval '5 minutes', attempts = n.attempts + 1
     FROM (SELECT id FROM monit_notifications WHERE status = 'pending' AND due_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
           ORDER BY due_at, id LIMIT 100 FOR UPDATE SKIP LOCKED) d
     WHERE n.id = d.id
     RETURNING n.id, n.channel, n.target, n.subject, n.content, n.payload, n.attempts,
       (SELECT language FROM monit_contacts c WHERE c.id = n.contact_id) AS language`,
    [now],
  );
  await Promise.all(rows.map(async (r) => {
    const notice: Notice = { channel: r.channel, target: r.target, subject: r.subject, text: r.content, language: r.language ?? 'zh', payload: r.payload ?? {} };
    const result = await deliver(notice, s);
    const again = result.status === 'failed' && result.retry && r.attempts < timing.maxAttempts;
    await app.db.query(
      `UPDATE monit_notifications SET status = $2, reason = $3, claimed_until = NULL, due_at = $4, sent_time = CASE WHEN $2 = 'sent' THEN $5::timestamptz ELSE sent_time END
       WHERE id = $1`,
      [r.id, again ? 'pending' : result.status, result.reason, new Date(now.getTime() + timing.retryMs * 2 ** (r.attempts - 1)), now],
    );
  }));
  return rows.length;
}
