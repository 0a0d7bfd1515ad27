import type { ConfigDb } from './db';
import type { PolicyInput } from '../../../common/rules/websites/index';
import type { Policy } from '../../../common/wire/websites';

/** Protection policies of websites (issue #18), table waf_policies; list fields live in config. */

interface Row {
  id: number;
  websiteId: number;
  account: string;
  name: string;
  description: string;
  type: 1 | 2 | 3;
  enabled: boolean;
  config: Pick<PolicyInput, 'countries' | 'urls' | 'ips' | 'clientAppIds' | 'exceptions' | 'waf'>;
  createTime: Date | string;
  updateTime: Date | string;
}

const SELECT = `SELECT p.id, p.website_id AS "websiteId", w.account, p.name, p.description, p.type, p.enabled, p.config,
  p.create_time AS "createTime", p.update_time AS "updateTime" FROM waf_policies p JOIN websites w ON w.id = p.website_id`;

const toPolicy = (r: Row): Policy => ({
  id: r.id,
  websiteId: r.websiteId,
  account: r.account,
  name: r.name,
  description: r.description,
  type: Number(r.type) as 1 | 2 | 3,
  enabled: r.enabled,
  ...r.config,
  createTime: new Date(r.createTime).toISOString(),
  updateTime: new Date(r.updateTime).toISOString(),
});

const configOf = (p: PolicyInput) =>
  JSON.stringify({ countries: p.countries, urls: p.urls, ips: p.ips, clientAppIds: p.clientAppIds, exceptions: p.exceptions, waf: p.waf });

export async function listPolicies(db: ConfigDb, websiteIds: number[]): Promise<Policy[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE p.website_id = ANY($1::int[]) ORDER BY p.type DESC, p.id`, [websiteIds]);
  return rows.map(toPolicy);
}

export async function getPolicy(db: ConfigDb, id: number): Promise<Policy | null> {
  const [r] = await db.query<Row>(`${SELECT} WHERE p.id = $1`, [id]);
  return r ? toPolicy(r) : null;
}

export async function insertPolicy(db: ConfigDb, p: PolicyInput): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    'INSERT INTO waf_policies (website_id, name, description, type, enabled, config) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [p.websiteId, p.name.trim(), p.description, p.type, p.enabled, configOf(p)],
  );
  return r.id;
}

export async function updatePolicy(db: ConfigDb, id: number, p: PolicyInput): Promise<void> {
  await db.query(
    'UPDATE waf_policies SET name = $2, description = $3, type = $4, enabled = $5, config = $6, update_time = now() WHERE id = $1',
    [id, p.name.trim(), p.description, p.type, p.enabled, configOf(p)],
  );
}

export async function deletePolicy(db: ConfigDb, id: number): Promise<void> {
  await db.query('DELETE FROM waf_policies WHERE id = $1', [id]);
}
