import type { ConfigDb } from './db';
import type { LiveDomain, LiveDomainQuery } from '../../../common/wire/domains';

/** Live (streaming) domains (migration 010). Visibility: customer or domain group among the accounts. */

const COLUMNS = `id, name, customer, belong_domain_group AS "belongDomainGroup", type, status, operation_state AS "operationState",
  scope, protocol, source, cname, create_time AS "createTime", update_time AS "updateTime"`;

type Row = Omit<LiveDomain, 'createTime' | 'updateTime'> & { createTime: Date | string; updateTime: Date | string };
const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());
const toLive = (r: Row): LiveDomain => ({ ...r, createTime: iso(r.createTime), updateTime: iso(r.updateTime) });

const SORT: Record<NonNullable<LiveDomainQuery['sortField']>, string> = {
  name: 'name',
  customer: 'customer',
  type: 'type',
  status: 'status',
  createTime: 'create_time',
};

/** accounts null = all (super roles). */
export async function queryLiveDomains(
  db: ConfigDb,
  accounts: string[] | null,
  q: LiveDomainQuery & { all?: boolean },
): Promise<{ list: LiveDomain[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (accounts) add((n) => `(customer = ANY(${n}::text[]) OR belong_domain_group = ANY(${n}::text[]))`, accounts);
  if (q.name) add((n) => `name LIKE ${n}`, `%${q.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.type?.length) add((n) => `type = ANY(${n}::text[])`, q.type);
  if (q.status?.length) add((n) => `status = ANY(${n}::text[])`, q.status);
  if (q.customer) add((n) => `(customer = ${n} OR belong_domain_group = ${n})`, q.customer);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = q.sortOrder === 'ASC' ? 'ASC' : 'DESC';
  const column = (q.sortField && Object.hasOwn(SORT, q.sortField) && SORT[q.sortField]) || 'create_time';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM live_domains ${whereSql}`, params);
  const size = Math.min(Math.max(q.pageSize ?? 20, 1), 1000);
  const limit = q.all ? '' : `LIMIT ${size} OFFSET ${(Math.max(q.pageNum ?? 1, 1) - 1) * size}`;
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM live_domains ${whereSql} ORDER BY ${column} ${order}, id ${order} ${limit}`,
    params,
  );
  return { list: rows.map(toLive), total: count.n };
}

export async function insertLiveDomain(
  db: ConfigDb,
  d: Omit<LiveDomain, 'id' | 'createTime' | 'updateTime' | 'cname'> & { createTime?: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO live_domains (name, customer, belong_domain_group, type, status, operation_state, scope, protocol, source, cname,
       create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11, now()), COALESCE($11, now()))`,
    [
      d.name,
      d.customer,
      d.belongDomainGroup,
      d.type,
      d.status,
      d.operationState,
      d.scope,
      d.protocol,
      d.source,
      `${d.name}.live.cdnportal.net`,
      d.createTime ?? null,
    ],
  );
}
