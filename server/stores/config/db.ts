import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The one small query interface over PostgreSQL SQL (PGlite embedded or a real server). */
export interface ConfigDb {
  /** Parameterised query ($1, $2, ...); returns rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: ConfigDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A number that changes whenever a statement through this handle may have written one of
   * `tables` ('name': any write to the table; 'DELETE name': its deletions only), for values read
   * from the store and kept in memory (server/lib/storeMemo.ts). Null when other processes write
   * the store too (PostgreSQL: a scale-out deployment), so that nothing read from it may be kept.
   */
  writeStamp(tables: readonly string[]): number | null;
}

/** A statement that reads only: SELECT or WITH without a data-changing word (conservative: a false "write" only costs a cache miss). */
const READS = /^\s*(?:SELECT|WITH|SHOW|EXPLAIN)\b/i;
const WRITE_WORDS = /\b(?:INSERT|UPDATE|DELETE|TRUNCATE|MERGE|CREATE|ALTER|DROP|COPY|CALL|DO)\b/i;
/** A single-table write; ON DELETE CASCADE and triggers reach other tables, which callers name in their dependencies. */
const ONE_TABLE = /^\s*(?:(INSERT)\s+INTO|(UPDATE)|(DELETE)\s+FROM)\s+(?:ONLY\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i;

/**
 * Counts the writes through one embedded store by table (see ConfigDb.writeStamp). A statement
 * that is neither a read nor a recognised one-table write (exec, migrations, CTE writes) counts as
 * a write to every table.
 */
export function createWriteClock(): { wrote(sql: string): void; stamp(tables: readonly string[]): number } {
  const counts = new Map<string, number>();
  let everything = 0;
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  return {
    wrote(sql) {
      if (READS.test(sql) && !WRITE_WORDS.test(sql)) return;
      const m = ONE_TABLE.exec(sql);
      if (!m) {
        everything++;
        return;
      }
      const table = m[4].toLowerCase();
      bump(table);
      bump(`${(m[1] ?? m[2] ?? m[3]).toUpperCase()} ${table}`);
    },
    // Counters only grow, so their sum changes whenever one of them does.
    stamp(tables) {
      let n = everything;
      for (const t of tables) n += counts.get(t) ?? 0;
      return n;
    },
  };
}

/** Fields of a driver error that carry the statement's bound values or row contents. */
const VALUE_FIELDS = ['params', 'queryOptions', 'detail', 'where', 'internalQuery', 'hint'];

/**
 * A failed statement's error as it may be logged (issue #22): no bound values (emails, company
 * names), only the statement (its first line, with $n placeholders), the SQLSTATE and the message;
 * messages of data errors (class 22) quote the offending value, so their quotes are emptied.
 */
export function scrubDbError(err: unknown, sql: string): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as Record<string, unknown> & { message?: string; stack?: string; code?: unknown };
  for (const field of VALUE_FIELDS) if (field in e) delete e[field];
  if (typeof e.code === 'string' && e.code.startsWith('22') && typeof e.message === 'string') {
    const original = e.message;
    e.message = original.replace(/"[^"]*"/g, '"…"');
    if (typeof e.stack === 'string') e.stack = e.stack.replace(original, e.message);
  }
  e.statement = sql.trim().split('\n')[0].slice(0, 200);
  return e;
}

async function openPglite(dir: string): Promise<ConfigDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the hosts' full-text search index (migration 046); a real PostgreSQL has it in contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  await fs.mkdir(dir, { recursive: true });
  const pg = new PGlite(dir, { extensions: { pg_trgm } });
  await pg.waitReady;
  type Tx = { query: typeof pg.query; exec: typeof pg.exec };
  // PGlite's data directory belongs to this process alone, so its writes are all seen here. PGlite
  // runs one statement or transaction at a time, so a read that starts after a write's count sees it.
  const clock = createWriteClock();
  const writeStamp = (tables: readonly string[]) => clock.stamp(tables);
  const wrap = (q: Tx): Omit<ConfigDb, 'transaction' | 'close'> => ({
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        const r = await q.query<T>(sql, params);
        return r.rows;
      } catch (e) {
        throw scrubDbError(e, sql);
      } finally {
        clock.wrote(sql);
      }
    },
    async exec(sql: string) {
      try {
        await q.exec(sql);
      } finally {
        clock.wrote(sql);
      }
    },
    writeStamp,
  });
  const db: ConfigDb = {
    ...wrap(pg),
    transaction<T>(fn: (tx: ConfigDb) => Promise<T>) {
      return pg.transaction(async (tx) => {
        const inner: ConfigDb = {
          ...wrap(tx),
          transaction: (f) => f(inner),
          close: async () => undefined,
        };
        return fn(inner);
      });
    },
    close: () => pg.close(),
  };
  return db;
}

async function openPostgres(url: string, onConnectionLost: (err: Error) => void): Promise<ConfigDb> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server ends (restart, failover, an administrator) is reported on
  // the pool; unhandled, that error would stop the process. The pool drops the connection and the
  // next query opens a new one.
  pool.on('error', onConnectionLost);
  type Client = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
  const wrap = (c: Client): Omit<ConfigDb, 'transaction' | 'close'> => ({
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await c.query(sql, params)).rows as T[];
      } catch (e) {
        throw scrubDbError(e, sql);
      }
    },
    async exec(sql: string) {
      await c.query(sql);
    },
    // Other portal processes write this database too: nothing read from it is kept.
    writeStamp: () => null,
  });
  return {
    ...wrap(pool),
    async transaction<T>(fn: (tx: ConfigDb) => Promise<T>) {
      const client = await pool.connect();
      // A connection that cannot even roll back is gone: it is destroyed, not put back in the pool.
      let broken = false;
      // While checked out, the pool no longer listens on the connection: an end between two statements
      // (failover, an administrator, a dropped database) would be an uncaught 'error' event. The
      // transaction's next statement fails instead, and the connection is not reused.
      const lost = (err: Error) => {
        broken = true;
        onConnectionLost(err);
      };
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const inner: ConfigDb = { ...wrap(client), transaction: (f) => f(inner), close: async () => undefined };
        const result = await fn(inner);
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw e;
      } finally {
        client.off('error', lost);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Advisory lock key (pg_advisory_xact_lock(MIGRATION_LOCK, 0)) that serialises migrations across portal processes. */
const MIGRATION_LOCK = 45;

/**
 * Applies numbered .sql files from migrations/ that have not run yet, each in a transaction. Each
 * step holds a transaction-scoped advisory lock and looks again at what is applied, so portal
 * processes starting at once on one PostgreSQL apply every file once (issue #22, scale-out).
 */
export async function migrate(db: ConfigDb): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [MIGRATION_LOCK]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
  });
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [MIGRATION_LOCK]);
      // Another process may have applied it while this one waited for the lock.
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file])).length) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

export async function openConfigDb(opts: {
  dataDir: string;
  databaseUrl?: string;
  onConnectionLost?: (err: Error) => void;
}): Promise<ConfigDb> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.onConnectionLost ?? (() => undefined))
    : await openPglite(path.join(opts.dataDir, 'config'));
  await migrate(db);
  return db;
}
