import type { ConfigDb } from './db';
import type { DomainConfig, DomainStatus } from '../../../common/wire/domains';
import type { EdgeNodeSummary } from '../../../common/wire/edge';

/**
 * Edge nodes (issue #33, migration 056, docs/edge.md "Edge nodes (portal side)"): registration, the
 * signed calls' nonces, the configuration revision, what each node applied, and the domains' states
 * derived from it. A node is offline when its last call is older than `offlineBefore`: derived, never stored.
 */

export interface EdgeNodeRow {
  id: number;
  name: string;
  secretSealed: string;
  state: 'registered' | 'ready';
  revision: number;
}

const NODE_COLUMNS = `id, name, secret_sealed AS "secretSealed", state, revision::int AS revision`;

/** Registers a node, or rotates the secret of a node of that name (it must apply a whole revision again to be ready). */
export async function registerNode(
  db: ConfigDb,
  n: { name: string; secretSealed: string; version: string; listen: string; tlsListen: string; now: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO edge_nodes (name, secret_sealed, version, listen, tls_listen, last_seen, registered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (name) DO UPDATE SET secret_sealed = excluded.secret_sealed, version = excluded.version, listen = excluded.listen,
       tls_listen = excluded.tls_listen, state = 'registered', revision = 0, last_seen = excluded.last_seen
     RETURNING id`,
    [n.name, n.secretSealed, n.version, n.listen, n.tlsListen, n.now],
  );
  return row.id;
}

export async function nodeById(db: ConfigDb, id: number): Promise<EdgeNodeRow | null> {
  const [row] = await db.query<EdgeNodeRow>(`SELECT ${NODE_COLUMNS} FROM edge_nodes WHERE id = $1`, [id]);
  return row ?? null;
}

/** Whether any node was ever registered: with none, the timer simulation issues domains (server/jobs/domainIssuing.ts). */
export async function hasEdgeNodes(db: ConfigDb): Promise<boolean> {
  return (await db.query('SELECT 1 FROM edge_nodes LIMIT 1')).length > 0;
}

/** Stores a nonce of a signed call; false when it was used already (a replay), on any portal server. */
export async function useNonce(db: ConfigDb, node: string, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.query('INSERT INTO edge_nonces (node, nonce, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1', [
    node,
    nonce,
    expiresAt,
  ]);
  return rows.length > 0;
}

/** Forgets nonces past the replay window (a call that old is refused by its timestamp anyway). */
export async function dropExpiredNonces(db: ConfigDb, now: Date): Promise<void> {
  await db.query('DELETE FROM edge_nonces WHERE expires_at < $1', [now]);
}

export async function touchNode(db: ConfigDb, id: number, now: Date): Promise<void> {
  await db.query('UPDATE edge_nodes SET last_seen = $2 WHERE id = $1', [id, now]);
}

/** The configuration revision: one row, read on every node's poll. */
export async function edgeRevision(db: ConfigDb): Promise<number> {
  const [row] = await db.query<{ revision: string | number }>('SELECT revision FROM edge_revision WHERE id = 1');
  return Number(row?.revision ?? 0);
}

export interface EdgeDomainRow {
  name: string;
  account: string;
  status: DomainStatus;
  version: number;
  config: DomainConfig;
}

/** Every accelerated domain as the nodes serve it, and the revision it belongs to (read in one transaction). */
export async function edgeDomains(db: ConfigDb): Promise<{ revision: number; domains: EdgeDomainRow[] }> {
  return db.transaction(async (tx) => {
    const revision = await edgeRevision(tx);
    const domains = await tx.query<EdgeDomainRow>('SELECT name, account, status, version, config FROM domains ORDER BY name');
    return { revision, domains };
  });
}

/** The live certificates among `ids`, with their sealed-at-rest keys. */
export async function edgeCertificates(db: ConfigDb, ids: number[]): Promise<Array<{ id: number; certPem: string; keyEncrypted: string }>> {
  if (!ids.length) return [];
  return db.query(
    `SELECT id, cert_pem AS "certPem", key_encrypted AS "keyEncrypted" FROM certificates
     WHERE id = ANY($1::int[]) AND logic_delete = 0 AND key_encrypted <> '' ORDER BY id`,
    [ids],
  );
}

/**
 * A node's apply report: the versions it serves and the ones it failed with; the node becomes ready
 * (it applied a whole revision). Names of domains that no longer exist are ignored.
 */
export async function recordApplied(
  db: ConfigDb,
  nodeId: number,
  report: {
    revision: number;
    applied: Array<{ name: string; version: number }>;
    failed: Array<{ name: string; version: number; message: string }>;
  },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (report.applied.length) {
      await tx.query(
        `INSERT INTO edge_node_domains (node_id, domain_id, applied_version, update_time)
         SELECT $1, d.id, a.version, $4 FROM unnest($2::text[], $3::int[]) AS a(name, version) JOIN domains d ON d.name = a.name
         ON CONFLICT (node_id, domain_id) DO UPDATE
           SET applied_version = greatest(edge_node_domains.applied_version, excluded.applied_version), update_time = excluded.update_time`,
        [nodeId, report.applied.map((a) => a.name), report.applied.map((a) => a.version), now],
      );
    }
    if (report.failed.length) {
      await tx.query(
        `INSERT INTO edge_node_domains (node_id, domain_id, failed_version, message, update_time)
         SELECT $1, d.id, f.version, f.message, $5 FROM unnest($2::text[], $3::int[], $4::text[]) AS f(name, version, message)
           JOIN domains d ON d.name = f.name
         ON CONFLICT (node_id, domain_id) DO UPDATE
           SET failed_version = excluded.failed_version, message = excluded.message, update_time = excluded.update_time`,
        [nodeId, report.failed.map((f) => f.name), report.failed.map((f) => f.version), report.failed.map((f) => f.message), now],
      );
    }
    await tx.query(`UPDATE edge_nodes SET state = 'ready', revision = greatest(revision, $2), last_seen = $3 WHERE id = $1`, [
      nodeId,
      report.revision,
      now,
    ]);
  });
}

/**
 * The domains' states from what the ready, online nodes (seen since `onlineSince`) applied: a
 * configuring domain one of them failed at its current version is 'failed' (that node and its
 * message); a configuring or failed domain every one of them applied at its current version is
 * 'configured'. Offline and not yet ready nodes hold nothing back. Returns the names moved.
 */
export async function reconcileEdgeDomains(db: ConfigDb, onlineSince: Date): Promise<{ configured: string[]; failed: string[] }> {
  // Most passes find nothing to move: a read, so that kept domain-search pages stay (a write to domains ends them).
  const open = await db.query(`SELECT 1 FROM domains WHERE operation_state IN ('configuring', 'failed') LIMIT 1`);
  if (!open.length) return { configured: [], failed: [] };
  return db.transaction(async (tx) => {
    const failed = await tx.query<{ name: string }>(
      `UPDATE domains d SET operation_state = 'failed', issue_due = NULL,
         operation_error = jsonb_build_object('node', f.node, 'message', f.message)
       FROM (
         SELECT DISTINCT ON (a.domain_id) a.domain_id, n.name AS node, a.message
         FROM edge_node_domains a JOIN edge_nodes n ON n.id = a.node_id JOIN domains x ON x.id = a.domain_id
         WHERE n.state = 'ready' AND n.last_seen >= $1 AND a.failed_version = x.version AND a.applied_version < x.version
         ORDER BY a.domain_id, n.name
       ) f
       WHERE d.id = f.domain_id AND d.operation_state = 'configuring'
       RETURNING d.name`,
      [onlineSince],
    );
    const configured = await tx.query<{ name: string }>(
      `UPDATE domains d SET operation_state = 'configured', operation_error = NULL, issue_due = NULL
       WHERE d.operation_state IN ('configuring', 'failed')
         AND NOT EXISTS (
           SELECT 1 FROM edge_nodes n WHERE n.state = 'ready' AND n.last_seen >= $1
             AND NOT EXISTS (SELECT 1 FROM edge_node_domains a
                             WHERE a.node_id = n.id AND a.domain_id = d.id AND a.applied_version >= d.version))
       RETURNING d.name`,
      [onlineSince],
    );
    return { configured: configured.map((r) => r.name), failed: failed.map((r) => r.name) };
  });
}

/** Every node with its state (offline: not seen since `onlineSince`), by name. */
export async function listEdgeNodes(db: ConfigDb, onlineSince: Date): Promise<EdgeNodeSummary[]> {
  const rows = await db.query<{
    id: number;
    name: string;
    state: 'registered' | 'ready';
    revision: number;
    lastSeen: Date | string | null;
  }>(`SELECT id, name, state, revision::int AS revision, last_seen AS "lastSeen" FROM edge_nodes ORDER BY name`);
  return rows.map((r) => {
    const lastSeen = r.lastSeen === null ? null : new Date(r.lastSeen).getTime();
    const offline = lastSeen === null || lastSeen < onlineSince.getTime();
    return { id: r.id, name: r.name, state: offline ? 'offline' : r.state, revision: r.revision, lastSeen };
  });
}

/** The accelerated domains (name, owner) among `names` (exact names and wildcard names such as '*.example.com'). */
export async function domainOwners(db: ConfigDb, names: string[]): Promise<Array<{ name: string; account: string }>> {
  if (!names.length) return [];
  return db.query('SELECT name, account FROM domains WHERE name = ANY($1::text[])', [names]);
}
