import crypto from 'node:crypto';
import pg from 'pg';

/**
 * The server tests run twice: on PGlite (the default store) and, as the 'server-pg' project, on a
 * real PostgreSQL server (the store of DATABASE_URL) that tests/server/globalSetupPg.ts starts.
 * There each test app gets a database of its own.
 */

export const databaseUrl = (admin: string, name: string): string => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs statements as the administrator (CREATE / DROP DATABASE cannot run in a transaction). */
export async function asAdmin(admin: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

export const freshDatabaseName = (prefix: string): string => `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
