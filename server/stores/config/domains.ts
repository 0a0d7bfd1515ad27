import type { ConfigDb } from './db';
import { StoreMemo } from '../../lib/storeMemo';
import type {
  DeliveryType,
  Domain,
  DomainConfig,
  DomainNameInfo,
  DomainSearchParams,
  DomainStatus,
  DomainSummary,
  OperationError,
  OperationState,
} from '../../../common/wire/domains';

/** Accelerated domains: filterable columns plus the config document (migration 010). */

interface DomainDbRow {
  id: number;
  name: string;
  account: string;
  belongDomainGroup: string;
  type: Domain['type'];
  scope: Domain['scope'];
  protocol: Domain['protocol'];
  status: DomainStatus;
  operationState: OperationState;
  operationError: OperationError | null;
  deliveryType: DeliveryType;
  cname: string;
  config: DomainConfig;
  version: number;
  createdBy: string;
  createTime: Date | string;
  updateTime: Date | string;
}

const COLUMNS = `id, name, account, belong_domain_group AS "belongDomainGroup", type, scope, protocol, status,
  operation_state AS "operationState", operation_error AS "operationError", delivery_type AS "deliveryType", cname, config, version,
  created_by AS "createdBy", create_time AS "createTime", update_time AS "updateTime"`;

const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());

function toDomain(r: DomainDbRow): Domain {
  return {
    ...r.config,
    id: r.id,
    name: r.name,
    account: r.account,
    belongDomainGroup: r.belongDomainGroup,
    type: r.type,
    scope: r.scope,
    protocol: r.protocol,
    status: r.status,
    operationState: r.operationState,
    ...(r.operationState === 'failed' && r.operationError ? { operationError: r.operationError } : {}),
    deliveryType: r.deliveryType,
    cname: r.cname,
    version: r.version,
    createdBy: r.createdBy,
    createTime: iso(r.createTime),
    updateTime: iso(r.updateTime),
  };
}

/** The CNAME customers point their domain at. */
export function cnameFor(name: string): string {
  return `${name.replace(/^\*\./, 'wildcard.')}.w.cdnportal.net`;
}

/** Lower-case text the textSearch filter looks in (lists tolerated missing: rows written by hand or old data). */
function searchText(name: string, cname: string, c: DomainConfig): string {
  return [name, cname, c.context, c.icp, c.certificateName, c.cloudStorage, ...(c.labels ?? []), ...(c.origins ?? []).map((o) => o.address)]
    .join(' ')
    .toLowerCase();
}

/** Columns derived from the config, written together with it. */
function derived(name: string, config: DomainConfig) {
  const cname = cnameFor(name);
  return { cname, certificateName: config.certificateName, labels: config.labels, searchText: searchText(name, cname, config) };
}

export async function getDomainById(db: ConfigDb, id: number): Promise<Domain | null> {
  const [row] = await db.query<DomainDbRow>(`SELECT ${COLUMNS} FROM domains WHERE id = $1`, [id]);
  return row ? toDomain(row) : null;
}

export async function getDomainByName(db: ConfigDb, name: string): Promise<Domain | null> {
  const [row] = await db.query<DomainDbRow>(`SELECT ${COLUMNS} FROM domains WHERE name = $1`, [name.trim().toLowerCase()]);
  return row ? toDomain(row) : null;
}

export async function domainNameTaken(db: ConfigDb, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM domains WHERE name = $1 AND id <> $2', [name, exceptId ?? 0]);
  return rows.length > 0;
}

export interface NewDomain {
  name: string;
  account: string;
  belongDomainGroup: string;
  config: DomainConfig;
  status?: DomainStatus;
  deliveryType?: DeliveryType;
  createdBy: string;
  /** When the issuing job may complete it (null: configured right away). */
  issueDue: Date | null;
  createTime?: Date;
}

export async function insertDomain(db: ConfigDb, d: NewDomain): Promise<Domain> {
  const x = derived(d.name, d.config);
  const [row] = await db.query<DomainDbRow>(
    `INSERT INTO domains (name, account, belong_domain_group, type, scope, protocol, status, operation_state, issue_due,
       delivery_type, cname, certificate_name, labels, search_text, config, version, created_by, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16, COALESCE($17, now()), COALESCE($17, now()))
     RETURNING ${COLUMNS}`,
    [
      d.name,
      d.account,
      d.belongDomainGroup,
      d.config.type,
      d.config.scope,
      d.config.protocol,
      d.status ?? 'on',
      d.issueDue ? 'configuring' : 'configured',
      d.issueDue,
      d.deliveryType ?? 'self',
      x.cname,
      x.certificateName,
      x.labels,
      x.searchText,
      JSON.stringify(d.config),
      d.createdBy,
      d.createTime ?? null,
    ],
  );
  return toDomain(row);
}

/**
 * Saves a new configuration (and status), bumps the version, starts issuing. Only a configured (or
 * failed: an edge node refused it, issue #33) domain changes (the check is in the same statement, so
 * two concurrent changes cannot both pass): null when it is configuring.
 */
export async function saveDomainConfig(
  db: ConfigDb,
  id: number,
  name: string,
  config: DomainConfig,
  opts: { status?: DomainStatus; issueDue: Date | null },
): Promise<Domain | null> {
  const x = derived(name, config);
  const [row] = await db.query<DomainDbRow>(
    `UPDATE domains SET type = $2, scope = $3, protocol = $4, status = COALESCE($5, status),
       operation_state = CASE WHEN $6::timestamptz IS NULL THEN operation_state ELSE 'configuring' END,
       operation_error = CASE WHEN $6::timestamptz IS NULL THEN operation_error END,
       issue_due = COALESCE($6::timestamptz, issue_due), cname = $7, certificate_name = $8, labels = $9, search_text = $10,
       config = $11, version = version + 1, update_time = now()
     WHERE id = $1 AND operation_state IN ('configured', 'failed') RETURNING ${COLUMNS}`,
    [
      id,
      config.type,
      config.scope,
      config.protocol,
      opts.status ?? null,
      opts.issueDue,
      x.cname,
      x.certificateName,
      x.labels,
      x.searchText,
      JSON.stringify(config),
    ],
  );
  return row ? toDomain(row) : null;
}

/**
 * A renamed certificate: the domains that chose it keep a copy of its name (config, the
 * certificate_name column, search_text); refresh those. Not a configuration change, so no new
 * version and nothing to issue. Returns how many domains changed. Call inside the rename's transaction.
 */
export async function refreshCertificateName(db: ConfigDb, certificateId: number, name: string): Promise<number> {
  const rows = await db.query<{ id: number; name: string; config: DomainConfig }>(
    `SELECT id, name, config FROM domains
     WHERE config->>'certificateId' = $1 AND config->>'certificateName' IS DISTINCT FROM $2 FOR UPDATE`,
    [String(certificateId), name],
  );
  for (const r of rows) {
    const config = { ...r.config, certificateName: name };
    const x = derived(r.name, config);
    await db.query('UPDATE domains SET config = $2, certificate_name = $3, search_text = $4 WHERE id = $1', [
      r.id,
      JSON.stringify(config),
      x.certificateName,
      x.searchText,
    ]);
  }
  return rows.length;
}

export async function deleteDomain(db: ConfigDb, id: number): Promise<void> {
  await db.query('DELETE FROM domains WHERE id = $1', [id]);
}

/** Marks configuring domains whose issue time has come as configured; returns their names. */
export async function completeDueIssuing(db: ConfigDb, now = new Date()): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `UPDATE domains SET operation_state = 'configured', issue_due = NULL
      WHERE operation_state = 'configuring' AND (issue_due IS NULL OR issue_due <= $1) RETURNING name`,
    [now],
  );
  return rows.map((r) => r.name);
}

/** Domains (other than exceptId, any tenant) that use this bucket endpoint as an origin. */
export async function domainsWithBucket(
  db: ConfigDb,
  address: string,
  exceptId = 0,
): Promise<Array<{ id: number; name: string; account: string }>> {
  return db.query(`SELECT id, name, account FROM domains WHERE id <> $2 AND config -> 'origins' @> $1::jsonb ORDER BY name`, [
    JSON.stringify([{ type: 'bucket', address }]),
    exceptId,
  ]);
}

const SORT_COLUMNS: Record<NonNullable<DomainSearchParams['sortField']>, string> = {
  name: 'name',
  type: 'type',
  scope: 'scope',
  status: 'status',
  account: 'account',
  createTime: 'create_time',
  updateTime: 'update_time',
  operationState: 'operation_state',
};

/** One page of the domain search and the number of matching domains. */
export interface DomainPage {
  list: Domain[];
  total: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of domains. `accounts` null = every account (super roles); otherwise only those accounts.
 * Every filter is a parameter; the sort column comes from a fixed map.
 */
export async function searchDomainPage(db: ConfigDb, accounts: string[] | null, p: DomainSearchParams): Promise<DomainPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (accounts) add((n) => `account = ANY(${n}::text[])`, accounts);
  if (p.ids?.length) add((n) => `id = ANY(${n}::int[])`, p.ids);
  if (p.name) add((n) => `name LIKE ${n}`, `%${likeEscape(p.name.toLowerCase())}%`);
  if (p.textSearch) add((n) => `search_text LIKE ${n}`, `%${likeEscape(p.textSearch.toLowerCase())}%`);
  if (p.domainLabel) add((n) => `${n} = ANY(labels)`, p.domainLabel);
  if (p.type?.length) add((n) => `type = ANY(${n}::text[])`, p.type);
  if (p.scope?.length) add((n) => `scope = ANY(${n}::text[])`, p.scope);
  if (p.protocol) add((n) => `protocol = ${n}`, p.protocol);
  if (p.status?.length) add((n) => `status = ANY(${n}::text[])`, p.status);
  if (p.operationState) add((n) => `operation_state = ${n}`, p.operationState);
  if (p.certificateName) add((n) => `lower(certificate_name) LIKE ${n}`, `%${likeEscape(p.certificateName.toLowerCase())}%`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Own keys only: 'constructor' or '__proto__' is no column.
  const column = (p.sortField && Object.hasOwn(SORT_COLUMNS, p.sortField) && SORT_COLUMNS[p.sortField]) || 'create_time';
  const order = p.sortOrder === 'ASC' ? 'ASC' : 'DESC';
  const pageSize = Math.min(Math.max(p.pageSize ?? 20, 1), 1000);
  const page = Math.max(p.pageNum ?? 1, 1);
  const rows = await db.query<DomainDbRow>(
    `SELECT ${COLUMNS} FROM domains ${whereSql} ORDER BY ${column} ${order}, id ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  // A page that is neither full nor past the end is the last one: it gives the total without counting (issue #22, load).
  const total =
    rows.length < pageSize && (rows.length > 0 || page === 1)
      ? (page - 1) * pageSize + rows.length
      : (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domains ${whereSql}`, params))[0].n;
  return { list: rows.map(toDomain), total };
}

const accountFilter = (accounts: string[] | null) => (accounts ? 'WHERE account = ANY($1::text[])' : '');

/** Every domain in the accounts (null = all), summary fields, by name. */
/** Kept domain-search pages per store (a WeakMap: a closed store's pages go with it). */
const searchPages = new WeakMap<ConfigDb, StoreMemo<DomainPage>>();
/** How long a domain-search page is kept at most; any write to `domains` ends it at once. */
const SEARCH_KEEP_MS = 5_000;

/**
 * searchDomainPage, kept for a few seconds while nothing is written to `domains` (issue #22, load:
 * the domain list is the console's most frequent configuration read, and its page cost most of a
 * call's CPU in PGlite). Same answers: a write through the store (a user's change, a job moving a
 * domain's state) ends every kept page. Nothing is kept on PostgreSQL (other processes write there).
 */
export async function searchDomainPageKept(db: ConfigDb, accounts: string[] | null, p: DomainSearchParams): Promise<DomainPage> {
  let memo = searchPages.get(db);
  if (!memo) searchPages.set(db, (memo = new StoreMemo<DomainPage>(db, { tables: ['domains', 'accounts'], maxEntries: 2_000 })));
  const key = JSON.stringify([accounts ? [...accounts].sort() : null, p]);
  return memo.get(key, async () => {
    const page = await searchDomainPage(db, accounts, p);
    // shared by the calls that ask the same page while kept: frozen
    return {
      value: Object.freeze({ list: Object.freeze(page.list.map((d) => Object.freeze(d))) as Domain[], total: page.total }),
      keepMs: SEARCH_KEEP_MS,
    };
  });
}

export async function listDomainSummaries(db: ConfigDb, accounts: string[] | null): Promise<DomainSummary[]> {
  return db.query<DomainSummary>(
    `SELECT id, name, account, belong_domain_group AS "belongDomainGroup", type, scope, protocol, status,
            operation_state AS "operationState", cname
       FROM domains ${accountFilter(accounts)} ORDER BY name`,
    accounts ? [accounts] : [],
  );
}

export async function listDomainNames(db: ConfigDb, accounts: string[] | null): Promise<DomainNameInfo[]> {
  return db.query<DomainNameInfo>(
    `SELECT name, account, belong_domain_group AS "belongDomainGroup", type, status FROM domains ${accountFilter(accounts)} ORDER BY name`,
    accounts ? [accounts] : [],
  );
}

/** A domain as the demo traffic is generated for it (server/demo/trafficPlan.ts DemoDomain). */
export interface TrafficDomain {
  name: string;
  account: string;
  type: string;
  /** cn | abroad | all, when the domain table has it */
  scope?: string;
  /** on | off | freeze, when the domain table has it */
  status?: string;
}

/** Every domain by name, for the demo traffic; none while the domain table does not exist yet. */
export async function listTrafficDomains(db: ConfigDb): Promise<TrafficDomain[]> {
  const cols = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'domains' AND table_schema = current_schema()",
  );
  const have = new Set(cols.map((c) => c.column_name));
  if (!have.has('name') || !have.has('account') || !have.has('type')) return [];
  const extra = ['scope', 'status']
    .filter((c) => have.has(c))
    .map((c) => `, ${c}`)
    .join('');
  return db.query<TrafficDomain>(`SELECT name, account, type${extra} FROM domains ORDER BY name`);
}

/** The last change time of a domain written by hand (the demo's edit history). */
export async function setDomainUpdateTime(db: ConfigDb, id: number, time: Date): Promise<void> {
  await db.query('UPDATE domains SET update_time = $2 WHERE id = $1', [id, time]);
}

/** HTTPS domains whose settings choose no certificate. */
export async function httpsDomainsWithoutCertificate(db: ConfigDb): Promise<Array<{ id: number; name: string; account: string }>> {
  return db.query(`SELECT id, name, account FROM domains WHERE protocol = 'https' AND coalesce(config->>'certificateId', '') = ''`);
}

/**
 * The domain's settings and every stored version of them choose this certificate (the demo: the
 * domain was created with it). Not a configuration change: no new version, nothing to issue.
 */
export async function chooseCertificate(db: ConfigDb, domainId: number, certificate: { id: number; name: string }): Promise<void> {
  const patch = JSON.stringify({ certificateId: String(certificate.id), certificateName: certificate.name });
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE domains SET config = config || $2::jsonb, certificate_name = $3, search_text = search_text || ' ' || lower($3) WHERE id = $1`,
      [domainId, patch, certificate.name],
    );
    await tx.query(`UPDATE domain_versions SET config = config || $2::jsonb WHERE domain_id = $1`, [domainId, patch]);
  });
}

/**
 * A live certificate a domain's HTTPS may choose: its name, owner and sharing; null when there is none with this id,
 * undefined when the certificates table does not exist (a store without the certificates area).
 */
export async function certificateForDomain(
  db: ConfigDb,
  id: string,
): Promise<{ name: string; account: string; shareAccounts: string[] } | null | undefined> {
  const [exists] = await db.query<{ t: string | null }>(`SELECT to_regclass('certificates')::text AS t`);
  if (!exists?.t) return undefined;
  if (!/^\d{1,18}$/.test(id)) return null;
  const [cert] = await db.query<{ name: string; account: string; shareAccounts: string[] }>(
    `SELECT name, account, share_accounts AS "shareAccounts" FROM certificates WHERE id = $1 AND logic_delete = 0`,
    [id],
  );
  return cert ?? null;
}
