import type { ConfigDb } from './db';
import type { Area, Host, HostAreaStat, HostCountReply, HostCustomer, HostTypeOverview } from '../../../common/wire/hosts';
import type { HostSortField } from '../../../common/rules/hosts';
import { EXPIRING_DAYS, HOST_STATUSES, HOST_TYPES, type HostStatus, type HostType } from '../../../common/rules/hosts';

/** Hosts (VPS and dedicated servers) and areas (migration 038). `accounts` null = every account (staff). */

const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());

const SORT_COLUMNS: Record<HostSortField, string> = {
  id: 'id',
  hostName: 'host_name',
  instanceId: 'instance_id',
  publicIp: 'public_ip',
  area: 'area',
  account: 'account',
  cpuCores: 'cpu_cores',
  memoryGb: 'memory_gb',
  diskGb: 'disk_gb',
  bandwidthMbps: 'bandwidth_mbps',
  os: 'os',
  status: 'status',
  createTime: 'create_time',
  expireTime: 'expire_time',
};

const COLUMNS = `id, type, host_name AS "hostName", instance_id AS "instanceId", public_ip AS "publicIp", private_ip AS "privateIp",
  area, account, cpu_cores AS "cpuCores", memory_gb AS "memoryGb", disk_gb AS "diskGb", bandwidth_mbps AS "bandwidthMbps", os, status,
  create_time AS "createTime", expire_time AS "expireTime",
  (expire_time >= now() AND expire_time < now() + interval '${EXPIRING_DAYS} days') AS "expiringSoon"`;

type HostRow = Omit<Host, 'createTime' | 'expireTime' | 'cpuAvg' | 'cpuPeak'> & { createTime: Date | string; expireTime: Date | string };
const toHost = (r: HostRow): Host => ({ ...r, createTime: iso(r.createTime), expireTime: iso(r.expireTime), cpuAvg: null, cpuPeak: null });

export interface HostFilter {
  accounts: string[] | null;
  type?: HostType;
  area?: string;
  status?: HostStatus;
  expiring?: boolean;
  /** any part of name, instance id or an IP (case-insensitive) */
  keyword?: string;
  id?: number;
}

export interface HostListQuery extends HostFilter {
  pageNum: number;
  pageSize: number;
  sort: HostSortField;
  order: 'ASC' | 'DESC';
}

const likeText = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: HostFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(clause(`$${params.length}`));
  };
  if (f.accounts) add((n) => `account = ANY(${n}::text[])`, f.accounts);
  if (f.type) add((n) => `type = ${n}`, f.type);
  if (f.area) add((n) => `area = ${n}`, f.area);
  if (f.status) add((n) => `status = ${n}`, f.status);
  if (f.id !== undefined) add((n) => `id = ${n}`, f.id);
  if (f.keyword) add((n) => `search_text LIKE ${n}`, likeText(f.keyword));
  if (f.expiring) parts.push(`expire_time >= now() AND expire_time < now() + interval '${EXPIRING_DAYS} days'`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** One page of hosts and the total matching. */
export async function listHosts(db: ConfigDb, q: HostListQuery): Promise<{ list: Host[]; total: number }> {
  const w = where(q);
  const n = w.params.length;
  const offset = (q.pageNum - 1) * q.pageSize;
  const page = (order: 'ASC' | 'DESC', limit: number, skip: number) =>
    db.query<HostRow>(
      `SELECT ${COLUMNS} FROM hosts ${w.sql} ORDER BY ${SORT_COLUMNS[q.sort]} ${order}, id ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, limit, skip],
    );
  // Filters the totals table keys answer without counting hosts; the others count the matches.
  const plain = !q.keyword && !q.expiring && q.id === undefined;
  const countAll = async () => {
    const [c] = await db.query<{ n: string | number | null }>(
      plain ? `SELECT sum(hosts) AS n FROM host_totals ${w.sql}` : `SELECT count(*) AS n FROM hosts ${w.sql}`,
      w.params,
    );
    return Number(c?.n ?? 0);
  };
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  if (plain && q.pageNum > 1) {
    // The total costs a few rows here, so a page in the second half is read from the other end:
    // an offset scan then stops at most half-way through the scope.
    const total = await countAll();
    if (offset * 2 > total) {
      const end = Math.min(total, offset + q.pageSize);
      const rows = end > offset ? await page(order === 'ASC' ? 'DESC' : 'ASC', end - offset, total - end) : [];
      return { list: rows.reverse().map(toHost), total };
    }
    return { list: (await page(order, q.pageSize, offset)).map(toHost), total };
  }
  const rows = await page(order, q.pageSize, offset);
  // The count is only needed when the page is not the whole answer.
  const whole = rows.length < q.pageSize && (q.pageNum === 1 || rows.length > 0);
  return { list: rows.map(toHost), total: whole ? offset + rows.length : await countAll() };
}

export async function getHost(db: ConfigDb, id: number): Promise<Host | null> {
  const [row] = await db.query<HostRow>(`SELECT ${COLUMNS} FROM hosts WHERE id = $1`, [id]);
  return row ? toHost(row) : null;
}

export async function renameHost(db: ConfigDb, id: number, name: string): Promise<Host | null> {
  const [row] = await db.query<HostRow>(`UPDATE hosts SET host_name = $2, update_time = now() WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    name,
  ]);
  return row ? toHost(row) : null;
}

const zeroStatus = () => Object.fromEntries(HOST_STATUSES.map((s) => [s, 0])) as Record<HostStatus, number>;

/** Counts by type and status (the totals table), and how many expire within 30 days (the expiry index). */
export async function countHosts(db: ConfigDb, accounts: string[] | null): Promise<HostCountReply> {
  const w = where({ accounts });
  const [rows, [soon]] = await Promise.all([
    db.query<{ type: HostType; status: HostStatus; n: string | number }>(
      `SELECT type, status, sum(hosts) AS n FROM host_totals ${w.sql} GROUP BY type, status`,
      w.params,
    ),
    db.query<{ n: string | number }>(`SELECT count(*) AS n FROM hosts ${where({ accounts, expiring: true }).sql}`, w.params),
  ]);
  const reply: HostCountReply = {
    total: 0,
    expiring: 0,
    byType: Object.fromEntries(HOST_TYPES.map((t) => [t, 0])) as Record<HostType, number>,
    byStatus: zeroStatus(),
    byTypeStatus: Object.fromEntries(HOST_TYPES.map((t) => [t, zeroStatus()])) as Record<HostType, Record<HostStatus, number>>,
  };
  reply.expiring = Number(soon?.n ?? 0);
  for (const r of rows) {
    const n = Number(r.n);
    reply.total += n;
    reply.byType[r.type] += n;
    reply.byStatus[r.status] += n;
    reply.byTypeStatus[r.type][r.status] += n;
  }
  return reply;
}

/** The VPS or the server view: totals, hosts per area (the totals table), the next to expire. */
export async function typeOverview(db: ConfigDb, accounts: string[] | null, type: HostType): Promise<HostTypeOverview> {
  const w = where({ accounts, type });
  const num = (v: unknown) => Number(v ?? 0);
  const [rows, expiringRows] = await Promise.all([
    db.query<Record<string, string | number>>(
      `SELECT area, sum(hosts) AS hosts, sum(hosts) FILTER (WHERE status = 'running') AS running,
         sum(hosts) FILTER (WHERE status = 'stopped') AS stopped,
         sum(cpu_cores) AS cores, sum(memory_gb) AS mem, sum(disk_gb) AS disk, sum(bandwidth_mbps) AS bw
       FROM host_totals ${w.sql} GROUP BY area ORDER BY sum(hosts) DESC, area`,
      w.params,
    ),
    db.query<{ area: string; n: string | number }>(
      `SELECT area, count(*) AS n FROM hosts ${where({ accounts, type, expiring: true }).sql} GROUP BY area`,
      w.params,
    ),
  ]);
  const expiringIn = new Map(expiringRows.map((r) => [r.area, num(r.n)]));
  for (const r of rows) r.expiring = expiringIn.get(String(r.area)) ?? 0;
  const areas: HostAreaStat[] = rows.map((r) => ({
    area: String(r.area),
    hosts: num(r.hosts),
    running: num(r.running),
    stopped: num(r.stopped),
    expiring: num(r.expiring),
    cpuCores: num(r.cores),
    memoryGb: num(r.mem),
    bandwidthMbps: num(r.bw),
  }));
  const soon = await listHosts(db, { accounts, type, expiring: true, pageNum: 1, pageSize: 10, sort: 'expireTime', order: 'ASC' });
  const sum = (k: string) => rows.reduce((s, r) => s + num(r[k]), 0);
  return {
    type,
    hosts: sum('hosts'),
    running: sum('running'),
    cpuCores: sum('cores'),
    memoryGb: sum('mem'),
    diskGb: sum('disk'),
    bandwidthMbps: sum('bw'),
    expiring: sum('expiring'),
    areas,
    expiringHosts: soon.list,
  };
}

export async function listAreas(db: ConfigDb): Promise<Area[]> {
  return db.query<Area>('SELECT code, name_zh AS "nameZh", name_en AS "nameEn", continent FROM areas ORDER BY sort, code');
}

/** Accounts a caller may pick in the customer selector (null = every customer account). */
export async function hostCustomers(db: ConfigDb, accounts: string[] | null): Promise<HostCustomer[]> {
  return accounts
    ? db.query<HostCustomer>(
        `SELECT identity AS account, company_name AS "companyName", parent FROM accounts
         WHERE identity = ANY($1::text[]) ORDER BY identity`,
        [accounts],
      )
    : db.query<HostCustomer>(
        `SELECT identity AS account, company_name AS "companyName", parent FROM accounts a
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.account = a.identity AND u.role LIKE 'super%')
         ORDER BY identity`,
      );
}

/** A host to insert: the wire shape without its id and derived fields, with dates as Date. */
export type NewHost = Omit<Host, 'id' | 'createTime' | 'expireTime' | 'expiringSoon' | 'cpuAvg' | 'cpuPeak'> & {
  createTime: Date;
  expireTime: Date;
};

/** The unnest() of many hosts' columns, one array parameter each ($1..$15), as `n` with the hosts table's column names. */
const HOSTS_UNNEST = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[],
    $10::int[], $11::int[], $12::text[], $13::text[], $14::timestamptz[], $15::timestamptz[])
    AS n(type, host_name, instance_id, public_ip, private_ip, area, account, cpu_cores, memory_gb, disk_gb, bandwidth_mbps, os, status,
      create_time, expire_time)`;

/** The parameters of HOSTS_UNNEST. */
function hostsParams(hosts: Array<NewHost | InventoryHost>): unknown[] {
  const fields = ['type', 'hostName', 'instanceId', 'publicIp', 'privateIp', 'area', 'account', 'cpuCores', 'memoryGb', 'diskGb'] as const;
  const rest = ['bandwidthMbps', 'os', 'status', 'createTime', 'expireTime'] as const;
  return [...fields, ...rest].map((k) => hosts.map((h) => h[k]));
}

/** Inserts many hosts in one statement. */
export async function insertHosts(db: ConfigDb, hosts: NewHost[]): Promise<void> {
  if (!hosts.length) return;
  await db.query(
    `INSERT INTO hosts (type, host_name, instance_id, public_ip, private_ip, area, account, cpu_cores, memory_gb, disk_gb, bandwidth_mbps,
       os, status, create_time, expire_time)
     SELECT * FROM ${HOSTS_UNNEST}`,
    hostsParams(hosts),
  );
}

/** Instance ids of the hosts (the traffic store's metrics are keyed by them). */
export async function allInstanceIds(db: ConfigDb): Promise<string[]> {
  return (await db.query<{ instanceId: string }>('SELECT instance_id AS "instanceId" FROM hosts ORDER BY id')).map((r) => r.instanceId);
}

/** A host of the provider's inventory feed (issue #35), keyed by instance id; no create time: keep the stored one (now for a new host). */
export type InventoryHost = Omit<NewHost, 'createTime'> & { createTime: Date | null };

/**
 * Writes the feed's hosts: those stored (by instance id) are updated where something changed, the
 * others inserted; a sequence value is taken only for a new host. The host name is the feed's unless
 * the customer renamed the host since the feed last sent that same name.
 */
export async function upsertInventoryHosts(db: ConfigDb, hosts: InventoryHost[]): Promise<void> {
  if (!hosts.length) return;
  const params = hostsParams(hosts);
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE hosts h SET type = n.type, host_name = CASE WHEN h.feed_name = n.host_name THEN h.host_name ELSE n.host_name END,
         feed_name = n.host_name, public_ip = n.public_ip, private_ip = n.private_ip, area = n.area,
         account = n.account, cpu_cores = n.cpu_cores,
         memory_gb = n.memory_gb, disk_gb = n.disk_gb, bandwidth_mbps = n.bandwidth_mbps, os = n.os, status = n.status,
         create_time = coalesce(n.create_time, h.create_time), expire_time = n.expire_time, update_time = now()
       FROM ${HOSTS_UNNEST}
       WHERE h.instance_id = n.instance_id
         AND (h.type, h.feed_name, h.public_ip, h.private_ip, h.area, h.account, h.cpu_cores, h.memory_gb, h.disk_gb,
           h.bandwidth_mbps, h.os, h.status, h.create_time, h.expire_time)
         IS DISTINCT FROM (n.type, n.host_name, n.public_ip, n.private_ip, n.area, n.account, n.cpu_cores, n.memory_gb, n.disk_gb,
           n.bandwidth_mbps, n.os, n.status, coalesce(n.create_time, h.create_time), n.expire_time)`,
      params,
    );
    await tx.query(
      `INSERT INTO hosts (type, host_name, feed_name, instance_id, public_ip, private_ip, area, account, cpu_cores, memory_gb, disk_gb,
         bandwidth_mbps, os, status, create_time, expire_time)
       SELECT n.type, n.host_name, n.host_name, n.instance_id, n.public_ip, n.private_ip, n.area, n.account, n.cpu_cores, n.memory_gb,
         n.disk_gb, n.bandwidth_mbps, n.os, n.status, coalesce(n.create_time, now()), n.expire_time
       FROM ${HOSTS_UNNEST}
       WHERE NOT EXISTS (SELECT 1 FROM hosts h WHERE h.instance_id = n.instance_id)
       ON CONFLICT (instance_id) DO NOTHING`,
      params,
    );
  });
}

/** Removes the hosts with these instance ids (the feed's `"deleted": true` lines). */
export async function deleteInventoryHosts(db: ConfigDb, instanceIds: string[]): Promise<void> {
  if (instanceIds.length) await db.query('DELETE FROM hosts WHERE instance_id = ANY($1::text[])', [instanceIds]);
}

/** Which of these account names exist. */
export async function knownAccounts(db: ConfigDb, names: string[]): Promise<Set<string>> {
  const rows = await db.query<{ identity: string }>('SELECT identity FROM accounts WHERE identity = ANY($1::text[])', [names]);
  return new Set(rows.map((r) => r.identity));
}
