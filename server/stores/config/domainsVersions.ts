import type { ConfigDb } from './db';
import type { DomainChange, DomainConfig, DomainVersion } from '../../../common/wire/domains';

/** Version history of domains (migration 010): one row per saved change. */

interface VersionDbRow {
  id: number;
  domainId: number;
  domain: string;
  version: number;
  author: string;
  action: DomainVersion['action'];
  time: Date | string;
  summary: string;
  changes: DomainChange[];
  config: DomainConfig;
  current: boolean;
}

const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());

export interface NewVersion {
  domainId: number;
  version: number;
  author: string;
  action: DomainVersion['action'];
  changes: DomainChange[];
  summary: string;
  config: DomainConfig;
  time?: Date;
}

export async function insertVersion(db: ConfigDb, v: NewVersion): Promise<void> {
  await db.query(
    `INSERT INTO domain_versions (domain_id, version, author, action, changes, summary, config, time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8, now()))`,
    [v.domainId, v.version, v.author, v.action, JSON.stringify(v.changes), v.summary, JSON.stringify(v.config), v.time ?? null],
  );
}

const SELECT = `SELECT v.id, v.domain_id AS "domainId", d.name AS domain, v.version, v.author, v.action, v.time, v.summary,
       v.changes, v.config, (v.version = d.version) AS current
  FROM domain_versions v JOIN domains d ON d.id = v.domain_id`;

const toVersion = (r: VersionDbRow): DomainVersion => ({ ...r, time: iso(r.time) });

/** Newest first. */
export async function listVersions(db: ConfigDb, domainId: number): Promise<DomainVersion[]> {
  const rows = await db.query<VersionDbRow>(`${SELECT} WHERE v.domain_id = $1 ORDER BY v.version DESC`, [domainId]);
  return rows.map(toVersion);
}

export async function getVersion(db: ConfigDb, domainId: number, version: number): Promise<DomainVersion | null> {
  const [row] = await db.query<VersionDbRow>(`${SELECT} WHERE v.domain_id = $1 AND v.version = $2`, [domainId, version]);
  return row ? toVersion(row) : null;
}
