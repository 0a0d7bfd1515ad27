import type { ConfigDb } from './db';
import type { CertificateFacts } from '../../lib/x509';
import type { CertificateExpiry, CertificateSortField } from '../../../common/wire/certificates';

/** A stored certificate without its key material. */
export interface CertificateRow extends Omit<CertificateFacts, 'awardedTime' | 'expireTime'> {
  id: number;
  name: string;
  account: string;
  username: string;
  awardedTime: Date;
  expireTime: Date;
  createTime: Date;
  updateTime: Date;
  share: boolean;
  shareAccounts: string[];
  logicDelete: 0 | 1 | 2 | 3;
  deleteLog: DeleteLog | null;
}

/** A deletion step, stored as a message key (localised when read) and the domains concerned. */
export interface DeleteLog {
  key: 'certificateDeleteRequested' | 'certificateDeleteDone' | 'certificateDeleteFailedHttps';
  domains?: string[];
  by?: string;
  at: string;
}

const COLUMNS = `c.id, c.name, c.account, c.username, c.common_name AS "commonName", c.dns_names AS "dnsNames",
  c.issuer_organization AS "issuerOrganization", c.issuer_department AS "issuerDepartment",
  c.issuer_country AS "issuerCountry", c.issuer_common_name AS "issuerCommonName", c.brand, c.serial,
  c.signature_algorithm AS "signatureAlgorithm", c.key_algorithm AS "keyAlgorithm",
  c.awarded_time AS "awardedTime", c.expire_time AS "expireTime", c.create_time AS "createTime",
  c.update_time AS "updateTime", c.shared AS "share", c.share_accounts AS "shareAccounts",
  c.logic_delete AS "logicDelete", c.delete_log AS "deleteLog"`;

/**
 * Which certificates a listing covers. `accounts` null = every account (staff); otherwise those
 * owned by, or shared with, one of the accounts. `username`: uploaded by that user (with
 * `orSharedWith`: or shared with one of the accounts).
 */
export interface CertificateFilter {
  accounts: string[] | null;
  username?: string;
  orSharedWith?: boolean;
  /** Owned by one of these accounts (narrower than `accounts`). */
  owners?: string[];
  name?: string;
  domain?: string;
  expiry?: CertificateExpiry;
  ids?: number[];
  /** One of the certificate's names (exact or wildcard) covers this domain. */
  covers?: string;
  /** Not expired and not being deleted (what a domain may use). */
  usableOnly?: boolean;
  /** What a domain of this account may use: owned by the account or one of its ancestors, or shared with it. */
  usableBy?: { account: string; lineage: string[] };
}

const SORTS: Record<CertificateSortField, string> = {
  name: 'lower(c.name)',
  commonName: 'c.common_name',
  expireTime: 'c.expire_time',
  awardedTime: 'c.awarded_time',
  createTime: 'c.create_time',
};

function whereOf(f: CertificateFilter, params: unknown[]): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conds = ['c.logic_delete <> 1'];
  let accountsParam = '';
  if (f.accounts) {
    accountsParam = p(f.accounts);
    conds.push(`(c.account = ANY(${accountsParam}::text[]) OR (c.shared AND c.share_accounts ?| ${accountsParam}::text[]))`);
  }
  if (f.username !== undefined) {
    const u = p(f.username);
    conds.push(
      f.orSharedWith && accountsParam
        ? `(c.username = ${u} OR (c.shared AND c.share_accounts ?| ${accountsParam}::text[]))`
        : `c.username = ${u}`,
    );
  }
  if (f.owners) conds.push(`c.account = ANY(${p(f.owners)}::text[])`);
  if (f.ids) conds.push(`c.id = ANY(${p(f.ids)}::int[])`);
  if (f.name) conds.push(`strpos(lower(c.name), ${p(f.name.toLowerCase())}) > 0`);
  if (f.domain) {
    const d = p(f.domain.trim().toLowerCase());
    // Contains the text, or a wildcard name covers it ('www.a.com' → '*.a.com'), or bound to it.
    conds.push(`(EXISTS (SELECT 1 FROM jsonb_array_elements_text(c.dns_names) n
                          WHERE strpos(n, ${d}::text) > 0 OR n = regexp_replace(${d}::text, '^[^.]+', '*'))
                 OR EXISTS (SELECT 1 FROM certificate_bindings b WHERE b.certificate_id = c.id AND strpos(b.domain_name, ${d}) > 0))`);
  }
  if (f.covers) {
    const d = p(f.covers.trim().toLowerCase());
    conds.push(`(c.dns_names ? ${d}::text OR c.dns_names ? regexp_replace(${d}::text, '^[^.]+', '*'))`);
  }
  if (f.usableBy) {
    conds.push(`(c.account = ANY(${p(f.usableBy.lineage)}::text[]) OR (c.shared AND c.share_accounts ? ${p(f.usableBy.account)}::text))`);
  }
  if (f.usableOnly) conds.push('c.logic_delete = 0 AND c.expire_time > now()');
  if (f.expiry === 'expired') conds.push('c.expire_time <= now()');
  if (f.expiry === 'expiring') conds.push(`c.expire_time > now() AND c.expire_time <= now() + interval '30 days'`);
  if (f.expiry === 'valid') conds.push(`c.expire_time > now() + interval '30 days'`);
  return conds.join(' AND ');
}

export interface Page {
  pageNum: number;
  pageSize: number;
  sortField?: CertificateSortField;
  sortOrder?: 'ASC' | 'DESC';
}

export async function listCertificates(
  db: ConfigDb,
  filter: CertificateFilter,
  page?: Page,
): Promise<{ rows: CertificateRow[]; total: number }> {
  const params: unknown[] = [];
  const where = whereOf(filter, params);
  const order =
    page?.sortField && Object.hasOwn(SORTS, page.sortField)
      ? `${SORTS[page.sortField]} ${page.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, c.id DESC`
      : 'c.create_time DESC, c.id DESC';
  let limit = '';
  if (page) {
    params.push(page.pageSize, (page.pageNum - 1) * page.pageSize);
    limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const rows = await db.query<CertificateRow>(`SELECT ${COLUMNS} FROM certificates c WHERE ${where} ORDER BY ${order} ${limit}`, params);
  if (!page) return { rows, total: rows.length };
  const countParams: unknown[] = [];
  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM certificates c WHERE ${whereOf(filter, countParams)}`,
    countParams,
  );
  return { rows, total };
}

/** The account and its ancestors (its tenant line), the account first. */
export async function accountLineage(db: ConfigDb, account: string): Promise<string[]> {
  const rows = await db.query<{ identity: string }>(
    `WITH RECURSIVE line AS (
       SELECT identity, parent, 0 AS depth FROM accounts WHERE identity = $1
       UNION ALL
       SELECT a.identity, a.parent, l.depth + 1 FROM accounts a JOIN line l ON a.identity = l.parent
     )
     SELECT identity FROM line ORDER BY depth`,
    [account],
  );
  return rows.map((r) => r.identity);
}

/** A certificate by id, deleted ones included (their status can still be polled). */
export async function getCertificate(db: ConfigDb, id: number): Promise<CertificateRow | null> {
  const [row] = await db.query<CertificateRow>(`SELECT ${COLUMNS} FROM certificates c WHERE c.id = $1`, [id]);
  return row ?? null;
}

export async function getCertificateMaterial(db: ConfigDb, id: number): Promise<{ certPem: string; keyEncrypted: string } | null> {
  const [row] = await db.query<{ certPem: string; keyEncrypted: string }>(
    'SELECT cert_pem AS "certPem", key_encrypted AS "keyEncrypted" FROM certificates WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/** Whether the account already has a (not deleted) certificate of that name, other than `exceptId`. */
export async function nameTaken(db: ConfigDb, account: string, name: string, exceptId = 0): Promise<boolean> {
  const [row] = await db.query(
    'SELECT 1 FROM certificates WHERE account = $1 AND lower(name) = lower($2) AND logic_delete <> 1 AND id <> $3',
    [account, name, exceptId],
  );
  return Boolean(row);
}

export interface NewCertificate {
  name: string;
  account: string;
  username: string;
  facts: CertificateFacts;
  certPem: string;
  keyEncrypted: string;
  share: boolean;
  shareAccounts: string[];
  /** Demo data only: an upload time in the past. */
  createTime?: Date;
}

export async function insertCertificate(db: ConfigDb, c: NewCertificate): Promise<number> {
  const f = c.facts;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO certificates (name, account, username, common_name, dns_names, issuer_organization, issuer_department,
       issuer_country, issuer_common_name, brand, serial, signature_algorithm, key_algorithm, awarded_time, expire_time,
       cert_pem, key_encrypted, shared, share_accounts, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
     RETURNING id`,
    [
      c.name,
      c.account,
      c.username,
      f.commonName,
      JSON.stringify(f.dnsNames),
      f.issuerOrganization,
      f.issuerDepartment,
      f.issuerCountry,
      f.issuerCommonName,
      f.brand,
      f.serial,
      f.signatureAlgorithm,
      f.keyAlgorithm,
      f.awardedTime,
      f.expireTime,
      c.certPem,
      c.keyEncrypted,
      c.share,
      JSON.stringify(c.shareAccounts),
      c.createTime ?? new Date(),
    ],
  );
  return row.id;
}

/** A renewed certificate replaces the old one's material and facts (same names). */
export async function replaceMaterial(
  db: ConfigDb,
  id: number,
  facts: CertificateFacts,
  certPem: string,
  keyEncrypted: string,
): Promise<void> {
  await db.query(
    `UPDATE certificates SET common_name = $2, dns_names = $3, issuer_organization = $4, issuer_department = $5,
       issuer_country = $6, issuer_common_name = $7, brand = $8, serial = $9, signature_algorithm = $10, key_algorithm = $11,
       awarded_time = $12, expire_time = $13, cert_pem = $14, key_encrypted = $15, update_time = now()
     WHERE id = $1`,
    [
      id,
      facts.commonName,
      JSON.stringify(facts.dnsNames),
      facts.issuerOrganization,
      facts.issuerDepartment,
      facts.issuerCountry,
      facts.issuerCommonName,
      facts.brand,
      facts.serial,
      facts.signatureAlgorithm,
      facts.keyAlgorithm,
      facts.awardedTime,
      facts.expireTime,
      certPem,
      keyEncrypted,
    ],
  );
}

export async function setSharing(db: ConfigDb, id: number, share: boolean, accounts: string[]): Promise<void> {
  await db.query('UPDATE certificates SET shared = $2, share_accounts = $3, update_time = now() WHERE id = $1', [
    id,
    share,
    JSON.stringify(accounts),
  ]);
}

export async function renameCertificate(db: ConfigDb, id: number, name: string): Promise<void> {
  await db.query('UPDATE certificates SET name = $2, update_time = now() WHERE id = $1', [id, name]);
}

/** Deletion requested: state 2 (deleting); the deletion job finishes it. */
export async function markDeleting(db: ConfigDb, id: number, log: DeleteLog): Promise<void> {
  await db.query('UPDATE certificates SET logic_delete = 2, delete_log = $2, delete_requested_at = now() WHERE id = $1', [
    id,
    JSON.stringify(log),
  ]);
}

/** A failed deletion cleared: the certificate is back to normal. */
export async function clearDeletion(db: ConfigDb, id: number): Promise<void> {
  await db.query('UPDATE certificates SET logic_delete = 0, delete_log = NULL, delete_requested_at = NULL WHERE id = $1', [id]);
}

/** Ids of certificates waiting for the deletion job (requested at least `minAgeMs` ago). */
export async function pendingDeletions(db: ConfigDb, minAgeMs: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM certificates
     WHERE logic_delete = 2 AND delete_requested_at <= now() - make_interval(secs => $1) ORDER BY delete_requested_at`,
    [minAgeMs / 1000],
  );
  return rows.map((r) => r.id);
}

/** Deleted: key material wiped, row kept as a marker (state 1) so pollers see the outcome. */
export async function finishDeletion(db: ConfigDb, id: number, log: DeleteLog): Promise<void> {
  await db.query(
    `UPDATE certificates SET logic_delete = 1, delete_log = $2, deleted_at = now(), key_encrypted = '', cert_pem = ''
      WHERE id = $1 AND logic_delete = 2`,
    [id, JSON.stringify(log)],
  );
}

export async function failDeletion(db: ConfigDb, id: number, log: DeleteLog): Promise<void> {
  await db.query('UPDATE certificates SET logic_delete = 3, delete_log = $2 WHERE id = $1 AND logic_delete = 2', [id, JSON.stringify(log)]);
}

/** Deleted markers older than a day are removed for good. */
export async function purgeDeleted(db: ConfigDb): Promise<void> {
  await db.query(`DELETE FROM certificates WHERE logic_delete = 1 AND deleted_at < now() - interval '1 day'`);
}

/** Whether the certificate table exists (the domain module works without it). */
export async function hasCertificatesTable(db: ConfigDb): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(`SELECT to_regclass('public.certificates') IS NOT NULL AS ok`);
  return Boolean(row?.ok);
}

/** Certificates not deleted and not expired, the latest expiring first. */
export async function validCertificates(db: ConfigDb): Promise<Array<{ id: number; name: string; account: string; dnsNames: string[] }>> {
  return db.query(
    `SELECT id, name, account, dns_names AS "dnsNames" FROM certificates
      WHERE logic_delete = 0 AND expire_time > now() ORDER BY expire_time DESC`,
  );
}
