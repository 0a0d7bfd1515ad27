import type { ConfigDb } from './db';
import type { WebsiteInput } from '../../../common/rules/websites/index';
import type { OriginCheck, Website } from '../../../common/wire/websites';

/** Protected websites (issue #18), table websites of migration 043. */

const COLUMNS = `id, account, domain, protection_address AS "protectionAddress", origin_type AS "originType", lb_mode AS "lbMode",
  origins, remark, certificate_id AS "certificateId", hsts, enabled, operation_state AS "status", check_state AS "checkStatus",
  check_result AS "checkResult", check_time AS "checkTime", create_time AS "createTime", update_time AS "updateTime"`;

/** A row as the store reads it: the wire type, with the driver's times (Date on PGlite, text on some drivers). */
type Row = Omit<Website, 'checkTime' | 'createTime' | 'updateTime'> & {
  checkTime: Date | string | null;
  createTime: Date | string;
  updateTime: Date | string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toWebsite(r: Row): Website {
  return { ...r, checkTime: iso(r.checkTime), createTime: iso(r.createTime)!, updateTime: iso(r.updateTime)! };
}

export async function listWebsites(db: ConfigDb, accounts: string[] | null, filter: { domain?: string } = {}): Promise<Website[]> {
  const params: unknown[] = [];
  const conds: string[] = [];
  if (accounts) {
    params.push(accounts);
    conds.push(`account = ANY($${params.length}::text[])`);
  }
  if (filter.domain) {
    params.push(filter.domain.toLowerCase());
    conds.push(`strpos(lower(domain), $${params.length}) > 0`);
  }
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM websites ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''} ORDER BY id DESC`,
    params,
  );
  return rows.map(toWebsite);
}

export async function getWebsite(db: ConfigDb, id: number): Promise<Website | null> {
  const [r] = await db.query<Row>(`SELECT ${COLUMNS} FROM websites WHERE id = $1`, [id]);
  return r ? toWebsite(r) : null;
}

/** The account of the website that holds a name (another than `exceptId`), or null when none does. */
export async function websiteHolder(db: ConfigDb, domain: string, exceptId = 0): Promise<string | null> {
  const [r] = await db.query<{ account: string }>('SELECT account FROM websites WHERE lower(domain) = lower($1) AND id <> $2', [
    domain.trim(),
    exceptId,
  ]);
  return r?.account ?? null;
}

export async function protectionAddressTaken(db: ConfigDb, address: string): Promise<boolean> {
  const [r] = await db.query('SELECT 1 FROM websites WHERE protection_address = $1', [address]);
  return Boolean(r);
}

const websiteDomain = (w: WebsiteInput) => w.domain.trim().toLowerCase();

/** A website's settings as query parameters, from origin_type to enabled (the same order in insertWebsite and updateWebsite). */
function websiteParams(w: WebsiteInput): unknown[] {
  return [w.originType, w.lbMode, JSON.stringify(w.origins), w.remark, w.certificateId, JSON.stringify(w.hsts), w.enabled];
}

export async function insertWebsite(
  db: ConfigDb,
  account: string,
  w: WebsiteInput & { protectionAddress: string },
  issueDue: Date,
): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO websites (account, domain, protection_address, origin_type, lb_mode, origins, remark, certificate_id, hsts, enabled,
       operation_state, issue_due)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'configuring', $11) RETURNING id`,
    [account, websiteDomain(w), w.protectionAddress, ...websiteParams(w), issueDue],
  );
  return r.id;
}

export async function updateWebsite(db: ConfigDb, id: number, w: WebsiteInput, issueDue: Date): Promise<void> {
  await db.query(
    `UPDATE websites SET domain = $2, origin_type = $3, lb_mode = $4, origins = $5, remark = $6, certificate_id = $7, hsts = $8,
       enabled = $9, operation_state = 'configuring', issue_due = $10, check_state = 'unchecked', check_result = '[]', update_time = now()
     WHERE id = $1`,
    [id, websiteDomain(w), ...websiteParams(w), issueDue],
  );
}

export async function setWebsiteEnabled(db: ConfigDb, id: number, enabled: boolean, issueDue: Date): Promise<void> {
  await db.query(`UPDATE websites SET enabled = $2, operation_state = 'configuring', issue_due = $3, update_time = now() WHERE id = $1`, [
    id,
    enabled,
    issueDue,
  ]);
}

export async function storeCheck(db: ConfigDb, id: number, result: OriginCheck[]): Promise<void> {
  await db.query(`UPDATE websites SET check_state = $2, check_result = $3, check_time = now() WHERE id = $1`, [
    id,
    result.every((r) => r.ok) ? 'ok' : 'error',
    JSON.stringify(result),
  ]);
}

/** A website and its rules as configured on the edges at once (the demo's, issued long ago). */
export async function markWebsiteConfigured(db: ConfigDb, id: number): Promise<void> {
  await db.query(`UPDATE websites SET operation_state = 'configured', issue_due = NULL WHERE id = $1`, [id]);
  await db.query(`UPDATE waf_rules SET status = 'configured', issue_due = NULL WHERE website_id = $1`, [id]);
}

/** Completes due issuing of websites and rules (claimed atomically: a restart or a second process never does it twice). */
export async function completeDueWebsiteIssuing(db: ConfigDb, now = new Date()): Promise<{ websites: number[]; rules: number[] }> {
  const websites = await db.query<{ id: number }>(
    `UPDATE websites SET operation_state = 'configured', issue_due = NULL
      WHERE operation_state = 'configuring' AND (issue_due IS NULL OR issue_due <= $1) RETURNING id`,
    [now],
  );
  const rules = await db.query<{ id: number }>(
    `UPDATE waf_rules SET status = CASE WHEN enabled THEN 'configured' ELSE 'disabled' END, issue_due = NULL
      WHERE status = 'configuring' AND (issue_due IS NULL OR issue_due <= $1) RETURNING id`,
    [now],
  );
  return { websites: websites.map((r) => r.id), rules: rules.map((r) => r.id) };
}
