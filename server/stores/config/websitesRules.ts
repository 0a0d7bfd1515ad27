import type { ConfigDb } from './db';
import type { RuleActionType, RuleInput } from '../../../common/rules/websites/index';
import type { Rule } from '../../../common/wire/websites';

/** Protection rules of websites (issue #18), table waf_rules; priority 1 is evaluated first. */

/** A rule as the store reads it: the wire type, with the driver's times. */
type Row = Omit<Rule, 'createTime' | 'updateTime'> & { createTime: Date | string; updateTime: Date | string };

const SELECT = `SELECT r.id, r.website_id AS "websiteId", w.account, r.name, r.enabled, r.action_type AS "actionType", r.action, r.filters,
  r.client_apps AS "clientAppIds", r.interval_sec AS "interval", r.priority, r.status, r.create_time AS "createTime",
  r.update_time AS "updateTime"
  FROM waf_rules r JOIN websites w ON w.id = r.website_id`;

const toRule = (r: Row): Rule => ({
  ...r,
  actionType: Number(r.actionType) as RuleActionType,
  createTime: new Date(r.createTime).toISOString(),
  updateTime: new Date(r.updateTime).toISOString(),
});

export async function listRules(db: ConfigDb, websiteIds: number[]): Promise<Rule[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE r.website_id = ANY($1::int[]) ORDER BY r.website_id, r.priority, r.id`, [websiteIds]);
  return rows.map(toRule);
}

export async function getRule(db: ConfigDb, id: number): Promise<Rule | null> {
  const [r] = await db.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
  return r ? toRule(r) : null;
}

/** A rule's settings as query parameters, from name to interval (the same order in insertRule and updateRule). */
function ruleParams(r: RuleInput): unknown[] {
  return [
    r.name.trim(),
    r.enabled,
    r.actionType,
    JSON.stringify(r.action),
    JSON.stringify(r.filters),
    JSON.stringify(r.clientAppIds),
    r.interval,
  ];
}

/** A new rule goes last (highest priority number) and is issued (configuring). */
export async function insertRule(db: ConfigDb, r: RuleInput, issueDue: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO waf_rules (website_id, name, enabled, action_type, action, filters, client_apps, interval_sec, priority, status, issue_due)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
       (SELECT coalesce(max(priority), 0) + 1 FROM waf_rules WHERE website_id = $1), 'configuring', $9)
     RETURNING id`,
    [r.websiteId, ...ruleParams(r), issueDue],
  );
  return row.id;
}

export async function updateRule(db: ConfigDb, id: number, r: RuleInput, issueDue: Date): Promise<void> {
  await db.query(
    `UPDATE waf_rules SET name = $2, enabled = $3, action_type = $4, action = $5, filters = $6, client_apps = $7, interval_sec = $8,
       status = 'configuring', issue_due = $9, update_time = now() WHERE id = $1`,
    [id, ...ruleParams(r), issueDue],
  );
}

export async function deleteRule(db: ConfigDb, id: number): Promise<void> {
  await db.query('DELETE FROM waf_rules WHERE id = $1', [id]);
}

/** Sets priorities 1..n in the given order (ids of one website, all of them), and reissues. */
export async function reorderRules(db: ConfigDb, websiteId: number, ids: number[], issueDue: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      await tx.query(`UPDATE waf_rules SET priority = $3, status = 'configuring', issue_due = $4 WHERE id = $1 AND website_id = $2`, [
        id,
        websiteId,
        i + 1,
        issueDue,
      ]);
    }
  });
}
