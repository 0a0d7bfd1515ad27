import type { ConfigDb } from './db';

/**
 * Where certificates meet domains. A certificate is used by a domain in two ways: a binding made on
 * the certificate screen (certificate_bindings), or the domain's own settings choosing it
 * (domains.config.certificateId). A domain serves HTTPS when its protocol is https or forceHTTPS is on.
 * The domains table belongs to the domain module; until it exists only bindings count.
 */

export async function hasDomainsTable(db: ConfigDb): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(`SELECT to_regclass('public.domains') IS NOT NULL AS ok`);
  return Boolean(row?.ok);
}

const HTTPS_ON = `(d.protocol = 'https' OR d.config->>'protocol' = 'https' OR d.config->>'forceHTTPS' = 'true')`;

/** A domain using a certificate; account null when the domain no longer exists. */
export interface CertificateUse {
  name: string;
  account: string | null;
  /** Chosen in the domain's own settings (otherwise bound on the certificate screen). */
  configured: boolean;
}

/** Domains using each certificate, by certificate id, sorted by name. */
export async function domainsUsing(db: ConfigDb, ids: number[]): Promise<Map<number, CertificateUse[]>> {
  const out = new Map<number, CertificateUse[]>();
  if (!ids.length) return out;
  const add = (id: number, use: CertificateUse) => {
    const list = out.get(id) ?? [];
    const same = list.find((u) => u.name === use.name);
    if (same) same.configured ||= use.configured;
    else list.push(use);
    out.set(id, list);
  };
  const withDomains = await hasDomainsTable(db);
  const bound = await db.query<{ id: number; name: string; account: string | null }>(
    withDomains
      ? `SELECT b.certificate_id AS id, b.domain_name AS name, d.account FROM certificate_bindings b
           LEFT JOIN domains d ON lower(d.name) = b.domain_name WHERE b.certificate_id = ANY($1::int[])`
      : 'SELECT certificate_id AS id, domain_name AS name, NULL AS account FROM certificate_bindings WHERE certificate_id = ANY($1::int[])',
    [ids],
  );
  for (const r of bound) add(r.id, { name: r.name, account: r.account, configured: false });
  if (withDomains) {
    const chosen = await db.query<{ id: string; name: string; account: string }>(
      `SELECT d.config->>'certificateId' AS id, lower(d.name) AS name, d.account FROM domains d
        WHERE d.config->>'certificateId' = ANY($1::text[])`,
      [ids.map(String)],
    );
    for (const r of chosen) add(Number(r.id), { name: r.name, account: r.account, configured: true });
  }
  for (const list of out.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

/** Domains with HTTPS on that use the certificate (these block its deletion). */
export async function httpsDomainsUsing(db: ConfigDb, id: number): Promise<Array<{ name: string; account: string }>> {
  if (!(await hasDomainsTable(db))) return [];
  return db.query<{ name: string; account: string }>(
    `SELECT DISTINCT lower(d.name) AS name, d.account FROM domains d
      WHERE ${HTTPS_ON}
        AND (d.config->>'certificateId' = $1::text
             OR lower(d.name) IN (SELECT domain_name FROM certificate_bindings WHERE certificate_id = $1::int))
      ORDER BY 1`,
    [id],
  );
}

/** The named domains that exist, with their owning account (lower-case names). */
export async function findDomains(db: ConfigDb, names: string[]): Promise<Array<{ name: string; account: string }>> {
  if (!names.length || !(await hasDomainsTable(db))) return [];
  return db.query<{ name: string; account: string }>(
    'SELECT lower(name) AS name, account FROM domains WHERE lower(name) = ANY($1::text[])',
    [names],
  );
}

/** Adds and removes bindings of one certificate in one transaction. */
export async function changeBindings(db: ConfigDb, id: number, add: string[], remove: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (remove.length)
      await tx.query('DELETE FROM certificate_bindings WHERE certificate_id = $1 AND domain_name = ANY($2::text[])', [id, remove]);
    for (const name of add) {
      await tx.query('INSERT INTO certificate_bindings (certificate_id, domain_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, name]);
    }
  });
}

export async function removeBindings(db: ConfigDb, id: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'DELETE FROM certificate_bindings WHERE certificate_id = $1 RETURNING domain_name AS name',
    [id],
  );
  return rows.map((r) => r.name).sort();
}
