import type { ConfigDb } from './db';
import type { AlarmRecord, AlertRule, Contact, ContactGroup, NotifyRecord, Page, Unreachable } from '../../../common/wire/monitoring';
import type { AlarmEvent, MonitChannel, MonitComparison, MonitMetric, NotifyStatus } from '../../../common/rules/monitoring';

/** Cloud monitoring store (migration 042): contacts, groups, rules, alarms, notification outbox. */

const iso = (t: Date | string | null): string => (t instanceof Date ? t.toISOString() : t ? new Date(t).toISOString() : '');
const isoOrNull = (t: Date | string | null): string | null => (t ? iso(t) : null);
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Paging {
  pageNum: number;
  pageSize: number;
}

// ---------------------------------------------------------------- contacts

export interface ContactFields {
  name: string;
  email: string;
  mobile: string;
  webhook: string;
  language: 'zh' | 'en';
  remark: string;
}

interface ContactRow extends ContactFields {
  id: number;
  groups: string[] | null;
  createTime: Date | string;
  updateTime: Date | string;
}

const CONTACT_COLUMNS = `c.id, c.name, c.email, c.mobile, c.webhook, c.language, c.remark, c.create_time AS "createTime",
  c.update_time AS "updateTime",
  (SELECT array_agg(g.name ORDER BY g.name) FROM monit_group_members m JOIN monit_groups g ON g.id = m.group_id
   WHERE m.contact_id = c.id) AS groups`;

const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobile: r.mobile,
  webhook: r.webhook,
  language: r.language,
  remark: r.remark,
  groups: r.groups ?? [],
  createTime: iso(r.createTime),
  updateTime: iso(r.updateTime),
});

export async function listContacts(db: ConfigDb, account: string, q: Paging & { keyword?: string }): Promise<Page<Contact>> {
  const params: unknown[] = [account];
  let where = 'c.account = $1';
  if (q.keyword) {
    params.push(like(q.keyword));
    where += ` AND (c.name ILIKE $2 OR c.email ILIKE $2 OR c.mobile ILIKE $2 OR c.remark ILIKE $2)`;
  }
  const [{ n }] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM monit_contacts c WHERE ${where}`, params);
  const rows = await db.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM monit_contacts c WHERE ${where}
     ORDER BY c.create_time DESC, c.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return { list: rows.map(toContact), total: Number(n), pageNum: q.pageNum };
}

export async function getContact(db: ConfigDb, account: string, id: number): Promise<Contact | null> {
  const [r] = await db.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM monit_contacts c WHERE c.account = $1 AND c.id = $2`, [
    account,
    id,
  ]);
  return r ? toContact(r) : null;
}

export async function contactNameTaken(db: ConfigDb, account: string, name: string, exceptId = 0): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM monit_contacts WHERE account = $1 AND lower(name) = lower($2) AND id <> $3', [
    account,
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function insertContact(db: ConfigDb, account: string, c: ContactFields): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    'INSERT INTO monit_contacts (account, name, email, mobile, webhook, language, remark) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [account, c.name, c.email, c.mobile, c.webhook, c.language, c.remark],
  );
  return r.id;
}

export async function updateContact(db: ConfigDb, account: string, id: number, c: ContactFields): Promise<boolean> {
  const rows = await db.query(
    `UPDATE monit_contacts SET name = $3, email = $4, mobile = $5, webhook = $6, language = $7, remark = $8, update_time = now()
     WHERE account = $1 AND id = $2 RETURNING id`,
    [account, id, c.name, c.email, c.mobile, c.webhook, c.language, c.remark],
  );
  return rows.length > 0;
}

export async function deleteContact(db: ConfigDb, account: string, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM monit_contacts WHERE account = $1 AND id = $2 RETURNING id', [account, id])).length > 0;
}

/** The ids among `ids` that are contacts of the account. */
export async function ownContactIds(db: ConfigDb, account: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ id: number }>('SELECT id FROM monit_contacts WHERE account = $1 AND id = ANY($2::int[])', [account, ids]);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- groups

interface GroupRow {
  id: number;
  name: string;
  description: string;
  members: Array<{ id: number; name: string }> | null;
  createTime: Date | string;
  updateTime: Date | string;
}

const GROUP_COLUMNS = `g.id, g.name, g.description, g.create_time AS "createTime", g.update_time AS "updateTime",
  (SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name)
   FROM monit_group_members m JOIN monit_contacts c ON c.id = m.contact_id WHERE m.group_id = g.id) AS members`;

const toGroup = (r: GroupRow): ContactGroup => ({
  id: r.id,
  name: r.name,
  description: r.description,
  members: r.members ?? [],
  createTime: iso(r.createTime),
  updateTime: iso(r.updateTime),
});

export async function listGroups(db: ConfigDb, account: string, q: Paging & { keyword?: string }): Promise<Page<ContactGroup>> {
  const params: unknown[] = [account];
  let where = 'g.account = $1';
  if (q.keyword) {
    params.push(like(q.keyword));
    where += ' AND (g.name ILIKE $2 OR g.description ILIKE $2)';
  }
  const [{ n }] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM monit_groups g WHERE ${where}`, params);
  const rows = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM monit_groups g WHERE ${where}
     ORDER BY g.create_time DESC, g.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return { list: rows.map(toGroup), total: Number(n), pageNum: q.pageNum };
}

export async function getGroup(db: ConfigDb, account: string, id: number): Promise<ContactGroup | null> {
  const [r] = await db.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM monit_groups g WHERE g.account = $1 AND g.id = $2`, [account, id]);
  return r ? toGroup(r) : null;
}

export async function groupNameTaken(db: ConfigDb, account: string, name: string, exceptId = 0): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM monit_groups WHERE account = $1 AND lower(name) = lower($2) AND id <> $3', [account, name, exceptId]))
      .length > 0
  );
}

async function setMembers(db: ConfigDb, groupId: number, contactIds: number[]): Promise<void> {
  await db.query('DELETE FROM monit_group_members WHERE group_id = $1', [groupId]);
  if (contactIds.length) {
    await db.query('INSERT INTO monit_group_members (group_id, contact_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [
      groupId,
      contactIds,
    ]);
  }
}

export async function insertGroup(
  db: ConfigDb,
  account: string,
  g: { name: string; description: string; contactIds: number[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [r] = await tx.query<{ id: number }>('INSERT INTO monit_groups (account, name, description) VALUES ($1, $2, $3) RETURNING id', [
      account,
      g.name,
      g.description,
    ]);
    await setMembers(tx, r.id, g.contactIds);
    return r.id;
  });
}

export async function updateGroup(
  db: ConfigDb,
  account: string,
  id: number,
  g: { name: string; description: string; contactIds?: number[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      'UPDATE monit_groups SET name = $3, description = $4, update_time = now() WHERE account = $1 AND id = $2 RETURNING id',
      [account, id, g.name, g.description],
    );
    if (!rows.length) return false;
    if (g.contactIds) await setMembers(tx, id, g.contactIds);
    return true;
  });
}

export async function deleteGroup(db: ConfigDb, account: string, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query('DELETE FROM monit_groups WHERE account = $1 AND id = $2 RETURNING id', [account, id]);
    if (!rows.length) return false;
    await tx.query('UPDATE monit_rules SET group_ids = array_remove(group_ids, $2::int) WHERE account = $1 AND $2::int = ANY(group_ids)', [
      account,
      id,
    ]);
    return true;
  });
}

export async function removeMember(db: ConfigDb, account: string, groupId: number, contactId: number): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM monit_group_members m USING monit_groups g
     WHERE m.group_id = g.id AND g.account = $1 AND m.group_id = $2 AND m.contact_id = $3 RETURNING m.group_id`,
    [account, groupId, contactId],
  );
  return rows.length > 0;
}

export async function ownGroupIds(db: ConfigDb, account: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.query<{ id: number }>('SELECT id FROM monit_groups WHERE account = $1 AND id = ANY($2::int[])', [account, ids])).map(
    (r) => r.id,
  );
}

// ---------------------------------------------------------------- rules

/** What a rule's form sets: the wire rule's own fields. */
export type RuleFields = Pick<
  AlertRule,
  | 'name'
  | 'domains'
  | 'metric'
  | 'period'
  | 'comparison'
  | 'threshold'
  | 'consecutive'
  | 'restoreAfter'
  | 'groupIds'
  | 'channels'
  | 'repeatMinutes'
  | 'muteWindows'
  | 'timeZone'
  | 'enabled'
>;

/** A rule as the store reads it: the wire type (less what is derived), with the driver's times and the job's bookkeeping. */
export type RuleRow = Omit<AlertRule, 'evaluatedUntil' | 'createTime' | 'updateTime' | 'unreachable'> & {
  account: string;
  /** healthy periods in a row while firing (the restore waits for restoreAfter of them) */
  healthy: number;
  evaluatedUntil: Date | string | null;
  eventId: string | number | null;
  lastNotified: Date | string | null;
  createTime: Date | string;
  updateTime: Date | string;
};

export const RULE_COLUMNS = `id, uuid::text AS uuid, account, name, domains, metric, period_minutes AS period, comparison, threshold,
  consecutive, restore_after AS "restoreAfter", healthy, group_ids AS "groupIds", channels, repeat_minutes AS "repeatMinutes",
  mute_windows AS "muteWindows", time_zone AS "timeZone", enabled, state,
  breaches, last_value AS "lastValue", evaluated_until AS "evaluatedUntil", event_id AS "eventId", last_notified AS "lastNotified",
  create_time AS "createTime", update_time AS "updateTime"`;

/** The wire rule of a row; `unreachable` comes from withReach. */
export const toRule = (r: RuleRow, unreachable: Unreachable[] = []): AlertRule => ({
  id: r.id,
  uuid: r.uuid,
  name: r.name,
  domains: r.domains,
  metric: r.metric,
  period: r.period,
  comparison: r.comparison,
  threshold: Number(r.threshold),
  consecutive: r.consecutive,
  restoreAfter: r.restoreAfter,
  groupIds: r.groupIds,
  channels: r.channels,
  unreachable,
  repeatMinutes: r.repeatMinutes,
  muteWindows: r.muteWindows,
  timeZone: r.timeZone,
  enabled: r.enabled,
  state: r.state,
  breaches: r.breaches,
  lastValue: r.lastValue === null ? null : Number(r.lastValue),
  evaluatedUntil: isoOrNull(r.evaluatedUntil),
  createTime: iso(r.createTime),
  updateTime: iso(r.updateTime),
});

export async function listRules(
  db: ConfigDb,
  account: string,
  q: Paging & { keyword?: string; enabled?: boolean; state?: 'ok' | 'firing'; metric?: MonitMetric },
): Promise<Page<AlertRule>> {
  const params: unknown[] = [account];
  const where = ['account = $1'];
  const add = (cond: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(cond(params.length));
  };
  if (q.keyword) add((n) => `(name ILIKE $${n} OR array_to_string(domains, ' ') ILIKE $${n})`, like(q.keyword));
  if (q.enabled !== undefined) add((n) => `enabled = $${n}`, q.enabled);
  if (q.state) add((n) => `state = $${n}`, q.state);
  if (q.metric) add((n) => `metric = $${n}`, q.metric);
  const w = where.join(' AND ');
  const [{ n }] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM monit_rules WHERE ${w}`, params);
  const rows = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM monit_rules WHERE ${w}
     ORDER BY create_time DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return { list: await withReach(db, rows), total: Number(n), pageNum: q.pageNum };
}

/**
 * The wire rules of rows, each with the members of its groups who have no address for some of its
 * channels (read now, so a contact's new address counts at once): one query for all the rows.
 */
export async function withReach(db: ConfigDb, rows: RuleRow[]): Promise<AlertRule[]> {
  if (!rows.length) return [];
  const found = await db.query<Unreachable & { ruleId: number }>(
    `SELECT r.id AS "ruleId", c.id, c.name, array_agg(DISTINCT ch ORDER BY ch) AS channels
     FROM monit_rules r
     JOIN monit_groups g ON g.id = ANY(r.group_ids) AND g.account = r.account
     JOIN monit_group_members m ON m.group_id = g.id
     JOIN monit_contacts c ON c.id = m.contact_id AND c.account = r.account
     CROSS JOIN LATERAL unnest(r.channels) AS ch
     WHERE r.id = ANY($1::int[]) AND (CASE ch WHEN 'email' THEN c.email WHEN 'sms' THEN c.mobile ELSE c.webhook END) = ''
     GROUP BY r.id, c.id, c.name ORDER BY c.name, c.id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) =>
    toRule(
      r,
      found.filter((u) => u.ruleId === r.id).map(({ id, name, channels }) => ({ id, name, channels })),
    ),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A rule of the account by uuid or numeric id ('another tenant's' is null like a missing one). */
export async function getRule(db: ConfigDb, account: string, key: string | number): Promise<RuleRow | null> {
  if (typeof key === 'number' || /^\d{1,9}$/.test(key)) {
    const [r] = await db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM monit_rules WHERE account = $1 AND id = $2`, [account, Number(key)]);
    return r ?? null;
  }
  if (!UUID.test(key)) return null;
  const [r] = await db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM monit_rules WHERE account = $1 AND uuid = $2::uuid`, [account, key]);
  return r ?? null;
}

export async function ruleNameTaken(db: ConfigDb, account: string, name: string, exceptId = 0): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM monit_rules WHERE account = $1 AND lower(name) = lower($2) AND id <> $3', [account, name, exceptId]))
      .length > 0
  );
}

/** A rule's fields as the query parameters $3..$16 of insertRule and updateRule. */
function ruleParams(r: RuleFields): unknown[] {
  return [
    r.name,
    r.domains,
    r.metric,
    r.period,
    r.comparison,
    r.threshold,
    r.consecutive,
    r.groupIds,
    r.channels,
    r.repeatMinutes,
    JSON.stringify(r.muteWindows),
    r.timeZone,
    r.enabled,
    r.restoreAfter,
  ];
}

export async function insertRule(db: ConfigDb, account: string, uuid: string, r: RuleFields, createBy: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO monit_rules (uuid, account, name, domains, metric, period_minutes, comparison, threshold, consecutive, group_ids, channels,
       repeat_minutes, mute_windows, time_zone, enabled, restore_after, create_by)
     VALUES ($1::uuid, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10::int[], $11::text[], $12, $13::jsonb, $14, $15, $16, $17) RETURNING id`,
    [uuid, account, ...ruleParams(r), createBy],
  );
  return row.id;
}

/** Updates a rule; a change of what is measured starts its evaluation afresh (state ok, no breaches). */
export async function updateRule(db: ConfigDb, account: string, id: number, r: RuleFields): Promise<boolean> {
  const rows = await db.query(
    `UPDATE monit_rules SET name = $3, domains = $4::text[], metric = $5, period_minutes = $6, comparison = $7, threshold = $8,
       consecutive = $9, group_ids = $10::int[], channels = $11::text[], repeat_minutes = $12, mute_windows = $13::jsonb,
       time_zone = $14, enabled = $15, restore_after = $16,
       state = CASE WHEN metric = $5 AND period_minutes = $6 AND domains = $4::text[] THEN state ELSE 'ok' END,
       breaches = CASE WHEN metric = $5 AND period_minutes = $6 AND domains = $4::text[] THEN breaches ELSE 0 END,
       healthy = CASE WHEN metric = $5 AND period_minutes = $6 AND domains = $4::text[] THEN healthy ELSE 0 END,
       evaluated_until = CASE WHEN period_minutes = $6 THEN evaluated_until ELSE NULL END,
       update_time = now()
     WHERE account = $1 AND id = $2 RETURNING id`,
    [account, id, ...ruleParams(r)],
  );
  return rows.length > 0;
}

/** A test message's attempt through one channel (POST /monit/contacts/sendMsg), kept in the history. */
export async function recordTestMessage(
  db: ConfigDb,
  account: string,
  m: {
    contactId: number;
    contactName: string;
    channel: string;
    target: string;
    status: string;
    reason: string | null;
    subject: string;
    content: string;
    payload: unknown;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO monit_notifications (account, contact_id, contact_name, channel, target, status, reason, subject, content, payload,
       attempts, sent_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, 1, CASE WHEN $6 = 'sent' THEN now() END)`,
    [account, m.contactId, m.contactName, m.channel, m.target, m.status, m.reason, m.subject, m.content, JSON.stringify(m.payload)],
  );
}

/** Enables or disables; a disabled rule forgets its state (a later enable starts from the present). */
export async function setRuleEnabled(db: ConfigDb, account: string, id: number, enabled: boolean): Promise<boolean> {
  const rows = await db.query(
    `UPDATE monit_rules SET enabled = $3, update_time = now(),
       state = CASE WHEN $3 THEN state ELSE 'ok' END, breaches = CASE WHEN $3 THEN breaches ELSE 0 END,
       healthy = CASE WHEN $3 THEN healthy ELSE 0 END,
       evaluated_until = CASE WHEN $3 THEN evaluated_until ELSE NULL END
     WHERE account = $1 AND id = $2 RETURNING id`,
    [account, id, enabled],
  );
  return rows.length > 0;
}

export async function deleteRule(db: ConfigDb, account: string, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM monit_rules WHERE account = $1 AND id = $2 RETURNING id', [account, id])).length > 0;
}

// ---------------------------------------------------------------- history

export interface HistoryQuery extends Paging {
  startTime?: number;
  endTime?: number;
  ruleName?: string;
  channel?: MonitChannel;
  status?: NotifyStatus;
  contact?: string;
}

/** A history row as read: the wire record before its id, time and event are normalised. */
type NotifyRow = Omit<NotifyRecord, 'id' | 'time' | 'event'> & { id: string | number; time: Date | string; event: AlarmEvent | null };

export async function listNotifications(db: ConfigDb, account: string, q: HistoryQuery): Promise<Page<NotifyRecord>> {
  const params: unknown[] = [account];
  const where = ['n.account = $1'];
  const add = (cond: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(cond(params.length));
  };
  if (q.startTime !== undefined) add((n) => `n.time >= to_timestamp($${n})`, q.startTime);
  if (q.endTime !== undefined) add((n) => `n.time <= to_timestamp($${n})`, q.endTime);
  if (q.ruleName) add((n) => `n.rule_name ILIKE $${n}`, like(q.ruleName));
  if (q.contact) add((n) => `n.contact_name ILIKE $${n}`, like(q.contact));
  if (q.channel) add((n) => `n.channel = $${n}`, q.channel);
  if (q.status) add((n) => `n.status = $${n}`, q.status);
  const w = where.join(' AND ');
  const [{ c }] = await db.query<{ c: string | number }>(`SELECT count(*) AS c FROM monit_notifications n WHERE ${w}`, params);
  const rows = await db.query<NotifyRow>(
    `SELECT n.id, n.time, n.rule_uuid::text AS "ruleUuid", n.rule_name AS "ruleName", n.contact_name AS "contactName", n.channel, n.target,
       n.status, n.reason, n.subject, n.content, n.attempts, a.event
     FROM monit_notifications n LEFT JOIN monit_alarms a ON a.id = n.alarm_id
     WHERE ${w} ORDER BY n.time DESC, n.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return {
    list: rows.map((r) => ({ ...r, id: Number(r.id), time: iso(r.time), event: r.event ?? 'test' })),
    total: Number(c),
    pageNum: q.pageNum,
  };
}

export interface AlarmQuery extends Paging {
  startTime?: number;
  endTime?: number;
  ruleName?: string;
  ruleUuid?: string;
  event?: AlarmEvent;
}

interface AlarmRow {
  id: string | number;
  time: Date | string;
  ruleUuid: string;
  ruleName: string;
  event: AlarmEvent;
  metric: MonitMetric;
  comparison: MonitComparison;
  threshold: number;
  value: number;
  domains: string[];
  periodStart: Date | string;
  periodEnd: Date | string;
  muted: boolean;
}

export async function listAlarms(db: ConfigDb, account: string, q: AlarmQuery): Promise<Page<AlarmRecord>> {
  const params: unknown[] = [account];
  const where = ['account = $1'];
  const add = (cond: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(cond(params.length));
  };
  if (q.startTime !== undefined) add((n) => `time >= to_timestamp($${n})`, q.startTime);
  if (q.endTime !== undefined) add((n) => `time <= to_timestamp($${n})`, q.endTime);
  if (q.ruleName) add((n) => `rule_name ILIKE $${n}`, like(q.ruleName));
  if (q.ruleUuid && UUID.test(q.ruleUuid)) add((n) => `rule_uuid = $${n}::uuid`, q.ruleUuid);
  if (q.event) add((n) => `event = $${n}`, q.event);
  const w = where.join(' AND ');
  const [{ c }] = await db.query<{ c: string | number }>(`SELECT count(*) AS c FROM monit_alarms WHERE ${w}`, params);
  const rows = await db.query<AlarmRow>(
    `SELECT id, time, rule_uuid::text AS "ruleUuid", rule_name AS "ruleName", event, metric, comparison, threshold, value, domains,
       period_start AS "periodStart", period_end AS "periodEnd", muted
     FROM monit_alarms WHERE ${w} ORDER BY time DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return {
    list: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      time: iso(r.time),
      threshold: Number(r.threshold),
      value: Number(r.value),
      periodStart: iso(r.periodStart),
      periodEnd: iso(r.periodEnd),
    })),
    total: Number(c),
    pageNum: q.pageNum,
  };
}

/** Where the evaluation of a rule resumes (the demo evaluates its history from there). */
export async function setRuleEvaluatedUntil(db: ConfigDb, id: number, until: Date): Promise<void> {
  await db.query('UPDATE monit_rules SET evaluated_until = $2 WHERE id = $1', [id, until]);
}

/** The domains of the enabled rules on these metrics, sorted. */
export async function domainsOfEnabledRules(db: ConfigDb, metrics: readonly MonitMetric[]): Promise<string[]> {
  const rows = await db.query<{ domain: string }>(
    'SELECT DISTINCT unnest(domains) AS domain FROM monit_rules WHERE enabled AND metric = ANY($1::text[]) ORDER BY 1',
    [[...metrics]],
  );
  return rows.map((r) => r.domain);
}

/**
 * Claims a probe target's slot (a conditional upsert): the event of its last probe when this call
 * took the slot, null when the slot was taken already (by another worker or before a restart).
 */
export async function claimProbeSlot(db: ConfigDb, target: string, slot: Date): Promise<{ lastEvent: string } | null> {
  const [claimed] = await db.query<{ last_event: string }>(
    `INSERT INTO monit_probe_targets (target, slot) VALUES ($1, $2) ON CONFLICT (target) DO UPDATE SET slot = EXCLUDED.slot
     WHERE monit_probe_targets.slot < EXCLUDED.slot RETURNING last_event`,
    [target, slot],
  );
  return claimed ? { lastEvent: claimed.last_event } : null;
}

/** Records each probed target's outcome, which the next restore is decided on. */
export async function recordProbeEvents(db: ConfigDb, events: Map<string, 'ok' | 'error' | 'restore'>): Promise<void> {
  const keys = [...events.keys()];
  await db.query(
    `UPDATE monit_probe_targets t SET last_event = CASE WHEN e.event = 'error' THEN 'error' ELSE 'ok' END
     FROM unnest($1::text[], $2::text[]) AS e(target, event) WHERE t.target = e.target`,
    [keys, [...events.values()]],
  );
}
