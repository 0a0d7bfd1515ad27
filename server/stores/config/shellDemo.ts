import type { ConfigDb } from './db';

/** The demo seeders that have run on this data dir (server/demo/index.ts): each runs once. */
export async function demoSeeded(db: ConfigDb, name: string): Promise<boolean> {
  const [done] = await db.query('SELECT 1 FROM demo_seeds WHERE name = $1', [name]);
  return Boolean(done);
}

export async function markDemoSeeded(db: ConfigDb, name: string): Promise<void> {
  await db.query('INSERT INTO demo_seeds (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
}
