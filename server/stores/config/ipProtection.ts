import type { ConfigDb } from './db';
import type { IppAlarm, IppEntry, IppPortError } from '../../../common/wire/ipProtection';
import { protectionAddress, type IppAlarmState, type IppAlarmType, type IppStatus } from '../../../common/rules/ipProtection';

/** Protected IP entries and their alarms (migration 041). `accounts` null = every account (staff). */

const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());
const ms = (t: Date | string) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

const COLUMNS = `id, account, origin_ip AS "originIp", protocol, ports, ranges, preset, cname_prefix AS "cnamePrefix", remark, status,
  port_errors AS "portErrors", checked_ports AS "checkedPorts", check_time AS "checkTime", create_time AS "createTime",
  update_time AS "updateTime"`;

/** An entry as the store reads it: the wire type less what is derived (cname, failed ports), with the
 * stored port results and the driver's times. */
type EntryRow = Omit<IppEntry, 'cname' | 'errorPorts' | 'checkTime' | 'createTime' | 'updateTime'> & {
  portErrors: IppPortError[];
  checkedPorts: number;
  checkTime: Date | string | null;
  createTime: Date | string;
  updateTime: Date | string;
};

export type StoredEntry = IppEntry & { portErrors: IppPortError[]; checkedPorts: number };

const toEntry = (r: EntryRow): StoredEntry => ({
  id: r.id,
  account: r.account,
  originIp: r.originIp,
  protocol: r.protocol,
  ports: r.ports,
  ranges: r.ranges,
  preset: r.preset,
  cnamePrefix: r.cnamePrefix,
  cname: protectionAddress(r.cnamePrefix),
  remark: r.remark,
  status: r.status,
  errorPorts: r.portErrors.map((e) => e.port),
  portErrors: r.portErrors,
  checkedPorts: r.checkedPorts,
  checkTime: r.checkTime ? iso(r.checkTime) : null,
  createTime: iso(r.createTime),
  updateTime: iso(r.updateTime),
});

/** What a create or update sets: the wire entry's own fields. */
export type IppEntryFields = Pick<IppEntry, 'originIp' | 'protocol' | 'ports' | 'ranges' | 'preset' | 'cnamePrefix' | 'remark'>;

export async function listIppEntries(
  db: ConfigDb,
  accounts: string[] | null,
  filter: { status?: IppStatus; keyword?: string } = {},
): Promise<StoredEntry[]> {
  const params: unknown[] = [];
  const parts: string[] = [];
  if (accounts) {
    params.push(accounts);
    parts.push(`account = ANY($${params.length}::text[])`);
  }
  if (filter.status) {
    params.push(filter.status);
    parts.push(`status = $${params.length}`);
  }
  if (filter.keyword) {
    params.push(`%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(
      `(lower(origin_ip) LIKE $${params.length} OR lower(cname_prefix) LIKE $${params.length} OR lower(remark) LIKE $${params.length})`,
    );
  }
  const rows = await db.query<EntryRow>(
    `SELECT ${COLUMNS} FROM ipp_entries ${parts.length ? `WHERE ${parts.join(' AND ')}` : ''}
     ORDER BY create_time DESC, id DESC LIMIT 1000`,
    params,
  );
  return rows.map(toEntry);
}

export async function getIppEntry(db: ConfigDb, id: number): Promise<StoredEntry | null> {
  const [row] = await db.query<EntryRow>(`SELECT ${COLUMNS} FROM ipp_entries WHERE id = $1`, [id]);
  return row ? toEntry(row) : null;
}

/**
 * Conflicts with other entries than exceptId: whether the cname prefix is taken (any tenant), and the
 * account of the entry already protecting this origin IP and protocol (null when none).
 */
export async function ippConflicts(
  db: ConfigDb,
  f: Pick<IppEntryFields, 'cnamePrefix' | 'originIp' | 'protocol'>,
  exceptId = 0,
): Promise<{ cname: boolean; origin: string | null }> {
  const rows = await db.query<{ cname: boolean; origin: boolean; account: string }>(
    `SELECT lower(cname_prefix) = lower($1) AS cname, (origin_ip = $2 AND protocol = $3) AS origin, account FROM ipp_entries
      WHERE id <> $4 AND (lower(cname_prefix) = lower($1) OR (origin_ip = $2 AND protocol = $3))`,
    [f.cnamePrefix, f.originIp, f.protocol, exceptId],
  );
  return { cname: rows.some((r) => r.cname), origin: rows.find((r) => r.origin)?.account ?? null };
}

export async function insertIppEntry(
  db: ConfigDb,
  account: string,
  f: IppEntryFields,
  status: IppStatus,
  due: Date | null,
): Promise<StoredEntry> {
  const [row] = await db.query<EntryRow>(
    `INSERT INTO ipp_entries (account, origin_ip, protocol, ports, ranges, preset, cname_prefix, remark, status, due)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [account, f.originIp, f.protocol, JSON.stringify(f.ports), JSON.stringify(f.ranges), f.preset, f.cnamePrefix, f.remark, status, due],
  );
  return toEntry(row);
}

/**
 * Saves new fields and moves the entry to `status`, only while it is still in one of `from` (the
 * check and the change are one statement, so two concurrent calls cannot both pass).
 */
export async function updateIppEntry(
  db: ConfigDb,
  id: number,
  f: IppEntryFields,
  from: readonly IppStatus[],
  status: IppStatus,
  due: Date | null,
): Promise<StoredEntry | null> {
  const [row] = await db.query<EntryRow>(
    `UPDATE ipp_entries SET origin_ip = $2, protocol = $3, ports = $4::jsonb, ranges = $5::jsonb, preset = $6, cname_prefix = $7,
       remark = $8, status = $9, due = $10, port_errors = '[]'::jsonb, checked_ports = 0, check_time = NULL, update_time = now()
     WHERE id = $1 AND status = ANY($11::text[]) RETURNING ${COLUMNS}`,
    [id, f.originIp, f.protocol, JSON.stringify(f.ports), JSON.stringify(f.ranges), f.preset, f.cnamePrefix, f.remark, status, due, from],
  );
  return row ? toEntry(row) : null;
}

/** Moves the entry to `status` if it is in one of `from`. */
export async function moveIppEntry(
  db: ConfigDb,
  id: number,
  from: readonly IppStatus[],
  status: IppStatus,
  due: Date | null,
): Promise<StoredEntry | null> {
  const [row] = await db.query<EntryRow>(
    `UPDATE ipp_entries SET status = $3, due = $4, update_time = now() WHERE id = $1 AND status = ANY($2::text[]) RETURNING ${COLUMNS}`,
    [id, from, status, due],
  );
  return row ? toEntry(row) : null;
}

export async function deleteIppEntry(db: ConfigDb, id: number, from: readonly IppStatus[]): Promise<boolean> {
  const rows = await db.query(`DELETE FROM ipp_entries WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`, [id, from]);
  return rows.length > 0;
}

/**
 * Records a port check. Failures move a configured entry to originToBeChecked; a clean check moves
 * originToBeChecked back to configured. Other states keep theirs (the entry changed meanwhile).
 */
export async function saveIppCheck(db: ConfigDb, id: number, errors: IppPortError[], checkedPorts: number): Promise<StoredEntry | null> {
  const [row] = await db.query<EntryRow>(
    `UPDATE ipp_entries SET port_errors = $2::jsonb, checked_ports = $3, check_time = now(),
       status = CASE WHEN status IN ('configured', 'originToBeChecked')
         THEN (CASE WHEN $4 THEN 'originToBeChecked' ELSE 'configured' END) ELSE status END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, JSON.stringify(errors), checkedPorts, errors.length > 0],
  );
  return row ? toEntry(row) : null;
}

/**
 * The state machine's timed steps, for every entry whose due time has passed (the due time is
 * stored, so a restart loses nothing): toBeConfirmed → configuring (due again after `stepMs`),
 * configuring → configured, disabling → disabled. Returns the ids moved.
 */
export async function advanceDueIpp(db: ConfigDb, stepMs: number, now = new Date()): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE ipp_entries SET
       status = CASE status WHEN 'toBeConfirmed' THEN 'configuring' WHEN 'configuring' THEN 'configured' ELSE 'disabled' END,
       due = CASE status WHEN 'toBeConfirmed' THEN $1::timestamptz + ($2::double precision * interval '1 millisecond') ELSE NULL END,
       update_time = now()
     WHERE status IN ('toBeConfirmed', 'configuring', 'disabling') AND due IS NOT NULL AND due <= $1 RETURNING id`,
    [now, stepMs],
  );
  return rows.map((r) => r.id);
}

/** Every entry's origin IP with its id and account (the detector's and the statistics' map). */
export async function ippIpMap(db: ConfigDb, accounts: string[] | null): Promise<Array<{ id: number; account: string; originIp: string }>> {
  return db.query(
    `SELECT id, account, origin_ip AS "originIp" FROM ipp_entries ${accounts ? 'WHERE account = ANY($1::text[])' : ''} ORDER BY id`,
    accounts ? [accounts] : [],
  );
}

export interface DetectedAlarm {
  entryId: number;
  account: string;
  originIp: string;
  type: IppAlarmType;
  state: IppAlarmState;
  start: Date;
  end: Date;
  peakBps: number;
  peakPps: number;
}

/** Inserts new alarms and updates those already known (same entry and start). */
export async function upsertIppAlarms(db: ConfigDb, alarms: DetectedAlarm[]): Promise<number> {
  let n = 0;
  for (const a of alarms) {
    await db.query(
      `INSERT INTO ipp_alarms (entry_id, account, origin_ip, type, state, start_time, end_time, peak_bps, peak_pps)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (entry_id, start_time) DO UPDATE SET type = EXCLUDED.type, state = EXCLUDED.state, end_time = EXCLUDED.end_time,
         peak_bps = EXCLUDED.peak_bps, peak_pps = EXCLUDED.peak_pps`,
      [a.entryId, a.account, a.originIp, a.type, a.state, a.start, a.end, Math.round(a.peakBps), Math.round(a.peakPps)],
    );
    n++;
  }
  return n;
}

/** Ongoing alarms of these entries not found again are ended (their attack stopped). */
export async function endStaleIppAlarms(db: ConfigDb, keep: Array<{ entryId: number; start: Date }>): Promise<number> {
  const rows = await db.query(
    `UPDATE ipp_alarms SET state = 'ended' WHERE state = 'ongoing'
       AND NOT ((entry_id, start_time) IN (SELECT * FROM unnest($1::int[], $2::timestamptz[]))) RETURNING id`,
    [keep.map((k) => k.entryId), keep.map((k) => k.start)],
  );
  return rows.length;
}

export interface AlarmQuery {
  accounts: string[] | null;
  originIp?: string;
  entryId?: number;
  type?: IppAlarmType;
  state?: IppAlarmState;
  start?: Date;
  end?: Date;
  pageNum: number;
  pageSize: number;
}

interface AlarmRow {
  id: number;
  entryId: number;
  account: string;
  originIp: string;
  type: IppAlarmType;
  state: IppAlarmState;
  startTime: Date | string;
  endTime: Date | string;
  peakBps: string | number;
  peakPps: string | number;
}

export async function pageIppAlarms(db: ConfigDb, q: AlarmQuery): Promise<{ list: IppAlarm[]; total: number }> {
  const params: unknown[] = [];
  const parts: string[] = [];
  const add = (clause: (n: string) => string, v: unknown) => {
    params.push(v);
    parts.push(clause(`$${params.length}`));
  };
  if (q.accounts) add((n) => `account = ANY(${n}::text[])`, q.accounts);
  if (q.originIp) add((n) => `origin_ip = ${n}`, q.originIp);
  if (q.entryId !== undefined) add((n) => `entry_id = ${n}`, q.entryId);
  if (q.type) add((n) => `type = ${n}`, q.type);
  if (q.state) add((n) => `state = ${n}`, q.state);
  // an alarm belongs to a time range when it overlaps it
  if (q.start) add((n) => `end_time >= ${n}`, q.start);
  if (q.end) add((n) => `start_time < ${n}`, q.end);
  const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const n = params.length;
  const rows = await db.query<AlarmRow>(
    `SELECT id, entry_id AS "entryId", account, origin_ip AS "originIp", type, state, start_time AS "startTime", end_time AS "endTime",
       peak_bps AS "peakBps", peak_pps AS "peakPps"
     FROM ipp_alarms ${where} ORDER BY start_time DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  const [c] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ipp_alarms ${where}`, params);
  return {
    total: Number(c?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      entryId: r.entryId,
      account: r.account,
      originIp: r.originIp,
      type: r.type,
      state: r.state,
      startTime: ms(r.startTime),
      endTime: ms(r.endTime),
      durationSeconds: Math.round((ms(r.endTime) - ms(r.startTime)) / 1000),
      peakBps: Number(r.peakBps),
      peakPps: Number(r.peakPps),
    })),
  };
}

/** Alarm counts per entry within a time range. */
export async function ippAlarmCounts(db: ConfigDb, entryIds: number[], start: Date, end: Date): Promise<Map<number, number>> {
  const rows = await db.query<{ id: number; n: string | number }>(
    `SELECT entry_id AS id, count(*) AS n FROM ipp_alarms
     WHERE entry_id = ANY($1::int[]) AND end_time >= $2 AND start_time < $3 GROUP BY entry_id`,
    [entryIds, start, end],
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

// ---------------------------------------------------------------- ownership and limits (migration 051, issue #35)

/** The tenant of an account: its main account (the root) and every account below it, root first. */
export async function ippTenantTree(db: ConfigDb, account: string): Promise<string[]> {
  const rows = await db.query<{ identity: string }>(
    `WITH RECURSIVE up AS (
       SELECT identity, parent FROM accounts WHERE identity = $1
       UNION ALL
       SELECT a.identity, a.parent FROM accounts a JOIN up ON a.identity = up.parent
     ), tree AS (
       SELECT identity, 0 AS depth FROM up WHERE parent IS NULL
       UNION ALL
       SELECT a.identity, t.depth + 1 FROM accounts a JOIN tree t ON a.parent = t.identity
     )
     SELECT identity FROM tree ORDER BY depth, identity`,
    [account],
  );
  return rows.map((r) => r.identity);
}

/**
 * Whether the IP (any of its spellings) is an IP origin of a domain, an IP of a host, or proven, of
 * these accounts. Website origins are read apart (their addresses carry a scheme and port).
 */
export async function ippIpOfAccounts(db: ConfigDb, accounts: string[], spellings: string[]): Promise<boolean> {
  const [row] = await db.query<{ owned: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM domains WHERE account = ANY($1::text[]) AND config -> 'origins' @> ANY($2::jsonb[]))
         OR EXISTS (SELECT 1 FROM hosts WHERE account = ANY($1::text[]) AND (public_ip = ANY($3::text[]) OR private_ip = ANY($3::text[])))
         OR EXISTS (SELECT 1 FROM ipp_proofs WHERE account = ANY($1::text[]) AND ip = ANY($3::text[]) AND verify_time IS NOT NULL)
       AS owned`,
    [accounts, spellings.map((ip) => JSON.stringify([{ address: ip }])), spellings],
  );
  return row?.owned ?? false;
}

/** The origin addresses of these accounts' websites, as stored ('http://192.0.2.80', 'origin.example:443'). */
export async function ippWebsiteOrigins(db: ConfigDb, accounts: string[]): Promise<string[]> {
  const rows = await db.query<{ address: string }>(
    `SELECT o ->> 'address' AS address FROM websites w, jsonb_array_elements(w.origins) o WHERE w.account = ANY($1::text[])`,
    [accounts],
  );
  return rows.map((r) => r.address);
}

export interface IppProof {
  account: string;
  ip: string;
  token: string;
  verifyTime: string | null;
}

/** The account's proof of the IP: the one already asked for, else a new one with `token`. */
export async function ippChallenge(db: ConfigDb, account: string, ip: string, token: string): Promise<IppProof> {
  const [row] = await db.query<{ account: string; ip: string; token: string; verifyTime: Date | string | null }>(
    `INSERT INTO ipp_proofs (account, ip, token) VALUES ($1, $2, $3)
     ON CONFLICT (account, ip) DO UPDATE SET account = EXCLUDED.account
     RETURNING account, ip, token, verify_time AS "verifyTime"`,
    [account, ip, token],
  );
  return { ...row, verifyTime: row.verifyTime ? iso(row.verifyTime) : null };
}

export async function getIppProof(db: ConfigDb, account: string, ip: string): Promise<IppProof | null> {
  const [row] = await db.query<{ account: string; ip: string; token: string; verifyTime: Date | string | null }>(
    `SELECT account, ip, token, verify_time AS "verifyTime" FROM ipp_proofs WHERE account = $1 AND ip = $2`,
    [account, ip],
  );
  return row ? { ...row, verifyTime: row.verifyTime ? iso(row.verifyTime) : null } : null;
}

export async function markIppProofVerified(db: ConfigDb, account: string, ip: string): Promise<string> {
  const [row] = await db.query<{ t: Date | string }>(
    `UPDATE ipp_proofs SET verify_time = now() WHERE account = $1 AND ip = $2 RETURNING verify_time AS t`,
    [account, ip],
  );
  return iso(row.t);
}

/**
 * Records one outbound action (a port check or a proof fetch) if the tenant and the target IP are
 * both under their limits within the window; the count and the insert are one transaction with the
 * tenant's and the target's locks, so concurrent calls cannot pass on the same remainder. Returns
 * null when recorded, else the limit hit and the seconds until the oldest counted action leaves the window.
 */
export async function takeIppOutbound(
  db: ConfigDb,
  a: { tenant: string; ip: string; kind: 'check' | 'proof'; ports: number },
  limits: { windowSeconds: number; perAccount: number; perTarget: number },
  now = new Date(),
): Promise<{ limit: 'account' | 'target'; retrySeconds: number } | null> {
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  return db.transaction(async (tx) => {
    // in a fixed order (tenant, then target), so two calls cannot wait on each other
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ipp-outbound:tenant:${a.tenant}`]);
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ipp-outbound:ip:${a.ip}`]);
    const [c] = await tx.query<{ byTenant: string | number; byIp: string | number; tenantFirst: Date | null; ipFirst: Date | null }>(
      `SELECT count(*) FILTER (WHERE tenant = $1) AS "byTenant", count(*) FILTER (WHERE ip = $2) AS "byIp",
         min(at) FILTER (WHERE tenant = $1) AS "tenantFirst", min(at) FILTER (WHERE ip = $2) AS "ipFirst"
       FROM ipp_outbound WHERE (tenant = $1 OR ip = $2) AND at > $3`,
      [a.tenant, a.ip, since],
    );
    const retry = (first: Date | string | null) =>
      Math.max(1, Math.ceil((ms(first ?? now) + limits.windowSeconds * 1000 - now.getTime()) / 1000));
    if (Number(c.byTenant) >= limits.perAccount) return { limit: 'account' as const, retrySeconds: retry(c.tenantFirst) };
    if (Number(c.byIp) >= limits.perTarget) return { limit: 'target' as const, retrySeconds: retry(c.ipFirst) };
    await tx.query(`DELETE FROM ipp_outbound WHERE at <= $1`, [since]);
    await tx.query(`INSERT INTO ipp_outbound (tenant, ip, kind, ports, at) VALUES ($1, $2, $3, $4, $5)`, [
      a.tenant,
      a.ip,
      a.kind,
      a.ports,
      now,
    ]);
    return null;
  });
}

/**
 * Attacks started per window, account and origin IP (the monitoring metric ippAttack): the detector's
 * alarms of these IPs (lower case) and accounts by start time, for all the windows in one query.
 */
export async function ippAttackCounts(
  db: ConfigDb,
  windows: Array<{ start: Date; end: Date }>,
  accounts: string[],
  ips: string[],
): Promise<Array<Array<{ ip: string; account: string; attacks: number }>>> {
  const out = windows.map((): Array<{ ip: string; account: string; attacks: number }> => []);
  if (!windows.length || !ips.length) return out;
  const rows = await db.query<{ w: number; ip: string; account: string; n: number }>(
    `SELECT w.i::int AS w, lower(a.origin_ip) AS ip, a.account, count(*)::int AS n
     FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS w(s, e, i)
     JOIN ipp_alarms a ON a.start_time >= w.s AND a.start_time < w.e
     WHERE a.account = ANY($3::text[]) AND lower(a.origin_ip) = ANY($4::text[])
     GROUP BY w.i, lower(a.origin_ip), a.account`,
    [windows.map((w) => w.start), windows.map((w) => w.end), accounts, ips],
  );
  for (const r of rows) out[r.w - 1].push({ ip: r.ip, account: r.account, attacks: r.n });
  return out;
}
