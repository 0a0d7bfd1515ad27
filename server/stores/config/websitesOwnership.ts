import type { ConfigDb } from './db';
import type { OwnershipMethod, OwnershipProof } from '../../../common/wire/websites';

/**
 * Ownership of protected websites' names (issue #35 item 1): the proofs of migration 050 and the
 * question website create asks: is the name an accelerated domain or a verified proof of the caller's
 * account tree. Names are stored lower-case.
 */

interface Row {
  id: number;
  account: string;
  domain: string;
  token: string;
  method: OwnershipMethod | null;
  verifiedAt: Date | string | null;
}

const COLUMNS = 'id, account, domain, token, method, verified_at AS "verifiedAt"';

const toProof = (r: Row): OwnershipProof => ({ ...r, verifiedAt: r.verifiedAt === null ? null : new Date(r.verifiedAt).toISOString() });

/** The account's proof of a name (pending or verified), or null. */
export async function getOwnershipProof(db: ConfigDb, account: string, domain: string): Promise<OwnershipProof | null> {
  const [r] = await db.query<Row>(`SELECT ${COLUMNS} FROM website_ownership WHERE account = $1 AND domain = $2`, [account, domain]);
  return r ? toProof(r) : null;
}

/** The account's challenge of a name: the existing one (its token stays what the customer published), else a new one with `token`. */
export async function ensureOwnershipChallenge(db: ConfigDb, account: string, domain: string, token: string): Promise<OwnershipProof> {
  await db.query('INSERT INTO website_ownership (account, domain, token) VALUES ($1, $2, $3) ON CONFLICT (account, domain) DO NOTHING', [
    account,
    domain,
    token,
  ]);
  return (await getOwnershipProof(db, account, domain))!;
}

export async function markOwnershipVerified(db: ConfigDb, id: number, method: OwnershipMethod): Promise<OwnershipProof> {
  const [r] = await db.query<Row>(`UPDATE website_ownership SET method = $2, verified_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    method,
  ]);
  return toProof(r);
}

/**
 * Whether a name belongs to the accounts (null: any account): one of their accelerated domains (the
 * name itself, or the wildcard one label above it), or a name one of them verified.
 */
export async function nameOwned(db: ConfigDb, accounts: readonly string[] | null, domain: string): Promise<boolean> {
  const parent = domain.startsWith('*.') ? null : domain.split('.').slice(1).join('.');
  const names = parent && parent.includes('.') ? [domain, `*.${parent}`] : [domain];
  const [r] = await db.query(
    `SELECT 1 FROM domains WHERE lower(name) = ANY($1::text[]) AND ($2::text[] IS NULL OR account = ANY($2::text[]))
     UNION ALL
     SELECT 1 FROM website_ownership WHERE domain = $3 AND verified_at IS NOT NULL AND ($2::text[] IS NULL OR account = ANY($2::text[]))
     LIMIT 1`,
    [names, accounts, domain],
  );
  return Boolean(r);
}
