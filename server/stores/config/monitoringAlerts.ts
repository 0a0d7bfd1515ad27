import type { ConfigDb } from './db';
import { RULE_COLUMNS, type RuleRow } from './monitoring';
import type { MonitChannel } from '../../../common/rules/monitoring';

/**
 * The alert job's statements (server/services/monitoring.ts): the rules to evaluate, their new
 * state, alarm events and notification outbox rows written set-based inside the service's
 * transaction, and the outbox claims of delivery.
 */

/** Every enabled rule, by id. */
export async function enabledRules(db: ConfigDb): Promise<RuleRow[]> {
  return db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM monit_rules WHERE enabled ORDER BY id`);
}

/** A contact a notice goes to. */
export interface Recipient {
  id: number;
  name: string;
  email: string;
  mobile: string;
  webhook: string;
  language: 'zh' | 'en';
}

export type GroupMember = Recipient & { groupId: number; account: string };

/** The members of the given groups, with each group's account (one query for a whole batch of rules). */
export async function groupMembers(db: ConfigDb, groupIds: number[]): Promise<GroupMember[]> {
  if (!groupIds.length) return [];
  return db.query<GroupMember>(
    `SELECT g.id AS "groupId", g.account, c.id, c.name, c.email, c.mobile, c.webhook, c.language FROM monit_groups g
     JOIN monit_group_members m ON m.group_id = g.id JOIN monit_contacts c ON c.id = m.contact_id AND c.account = g.account
     WHERE g.id = ANY($1::int[]) ORDER BY c.id`,
    [groupIds],
  );
}

/** A rule's state after a pass; `prev` is the evaluated_until it was read with. */
export interface RuleStateWrite {
  id: number;
  prev: Date | string | null;
  state: 'ok' | 'firing';
  breaches: number;
  healthy: number;
  last_value: number | null;
  until: Date;
  event_id: number | null;
  last_notified: Date | string | null;
}

/**
 * Writes the rules' new state, only where evaluated_until is still what was read (a rule another
 * worker took meanwhile keeps nothing of this pass); the rows are locked in id order first, so two
 * workers with overlapping batches wait instead of deadlocking. Returns the ids written.
 */
export async function claimRuleStates(tx: ConfigDb, states: RuleStateWrite[]): Promise<Set<number>> {
  await tx.query('SELECT id FROM monit_rules WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [states.map((s) => s.id)]);
  const rows = await tx.query<{ id: number }>(
    `UPDATE monit_rules r SET state = v.state, breaches = v.breaches, healthy = v.healthy, last_value = v.last_value,
       evaluated_until = v.until, event_id = v.event_id, last_notified = v.last_notified
     FROM jsonb_to_recordset($1::jsonb) AS v(id int, prev timestamptz, state text, breaches int, healthy int, last_value float8,
       until timestamptz, event_id bigint, last_notified timestamptz)
     WHERE r.id = v.id AND r.enabled AND r.evaluated_until IS NOT DISTINCT FROM v.prev RETURNING r.id`,
    [JSON.stringify(states)],
  );
  return new Set(rows.map((r) => r.id));
}

export interface AlarmWrite {
  account: string;
  uuid: string;
  name: string;
  event: string;
  metric: string;
  comparison: string;
  threshold: number;
  value: number;
  domains: string[];
  period_start: Date;
  period_end: Date;
  muted: boolean;
  time: Date;
}

/** Adds alarm events, unique per rule, event and period end (a replayed period adds nothing); returns those added. */
export async function insertAlarms(
  tx: ConfigDb,
  alarms: AlarmWrite[],
): Promise<Array<{ id: number; uuid: string; event: string; endMs: number }>> {
  const rows = await tx.query<{ id: string | number; uuid: string; event: string; endMs: number | string }>(
    `INSERT INTO monit_alarms (account, rule_uuid, rule_name, event, metric, comparison, threshold, value, domains, period_start,
       period_end, muted, time)
     SELECT v.account, v.uuid, v.name, v.event, v.metric, v.comparison, v.threshold, v.value, v.domains, v.period_start, v.period_end,
       v.muted, v.time
     FROM jsonb_to_recordset($1::jsonb) AS v(account text, uuid uuid, name text, event text, metric text, comparison text, threshold float8,
       value float8, domains text[], period_start timestamptz, period_end timestamptz, muted boolean, time timestamptz)
     ON CONFLICT (rule_uuid, event, period_end) DO NOTHING
     RETURNING id, rule_uuid::text AS uuid, event, (extract(epoch FROM period_end) * 1000)::float8 AS "endMs"`,
    [JSON.stringify(alarms)],
  );
  return rows.map((r) => ({ id: Number(r.id), uuid: r.uuid, event: r.event, endMs: Math.round(Number(r.endMs)) }));
}

export interface NotificationWrite {
  account: string;
  alarm_id: number;
  uuid: string;
  rule_name: string;
  contact_id: number;
  contact_name: string;
  channel: MonitChannel;
  target: string;
  status: 'muted' | 'pending';
  subject: string;
  content: string;
  payload: Record<string, unknown>;
  time: Date;
}

/** Adds outbox rows (due at once). */
export async function insertNotifications(tx: ConfigDb, rows: NotificationWrite[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `INSERT INTO monit_notifications (account, alarm_id, rule_uuid, rule_name, contact_id, contact_name, channel, target, status, subject,
       content, payload, time, due_at)
     SELECT v.account, v.alarm_id, v.uuid, v.rule_name, v.contact_id, v.contact_name, v.channel, v.target, v.status, v.subject,
       v.content, v.payload, v.time, v.time
     FROM jsonb_to_recordset($1::jsonb) AS v(account text, alarm_id bigint, uuid uuid, rule_name text, contact_id int, contact_name text,
       channel text, target text, status text, subject text, content text, payload jsonb, time timestamptz)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Points rules at the firing events raised for them. */
export async function setRuleEvents(tx: ConfigDb, firing: Array<{ id: number; event_id: number | null }>): Promise<void> {
  await tx.query(
    `UPDATE monit_rules r SET event_id = v.event_id FROM jsonb_to_recordset($1::jsonb) AS v(id int, event_id bigint) WHERE r.id = v.id`,
    [JSON.stringify(firing)],
  );
}

/** An outbox row claimed for delivery, with its contact's language. */
export interface OutboxRow {
  id: string | number;
  channel: MonitChannel;
  target: string;
  subject: string;
  content: string;
  payload: Record<string, unknown> | null;
  attempts: number;
  language: 'zh' | 'en' | null;
}

/** Claims up to 100 due pending outbox rows for five minutes (so no second worker sends them), counting the attempt. */
export async function claimDueNotifications(db: ConfigDb, now: Date): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `UPDATE monit_notifications n SET claimed_until = $1::timestamptz + interval '5 minutes', attempts = n.attempts + 1
     FROM (SELECT id FROM monit_notifications WHERE status = 'pending' AND due_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
           ORDER BY due_at, id LIMIT 100 FOR UPDATE SKIP LOCKED) d
     WHERE n.id = d.id
     RETURNING n.id, n.channel, n.target, n.subject, n.content, n.payload, n.attempts,
       (SELECT language FROM monit_contacts c WHERE c.id = n.contact_id) AS language`,
    [now],
  );
}

/** Records a delivery's outcome and releases the claim; `dueAt` is the next attempt's time when the status is pending again. */
export async function recordDelivery(
  db: ConfigDb,
  id: string | number,
  outcome: { status: string; reason: string; dueAt: Date },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE monit_notifications SET status = $2, reason = $3, claimed_until = NULL, due_at = $4,
       sent_time = CASE WHEN $2 = 'sent' THEN $5::timestamptz ELSE sent_time END
     WHERE id = $1`,
    [id, outcome.status, outcome.reason, outcome.dueAt, now],
  );
}
