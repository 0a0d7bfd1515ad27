import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClickhouseServer {
  /** the HTTP interface's URL, as CLICKHOUSE_URL takes it */
  url: string;
  stop(): void;
}

/** Starts tests/server/fakeClickhouse.ts (the ClickHouse HTTP interface over chDB) on a free port. */
export async function startClickhouseServer(): Promise<ClickhouseServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ch-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/server/fakeClickhouse.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the ClickHouse stand-in exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Runs one statement on the stand-in and returns its text reply. */
export async function sql(url: string, statement: string): Promise<string> {
  const res = await fetch(`${url}/`, { method: 'POST', body: statement });
  const text = await res.text();
  if (!res.ok) throw new Error(`the ClickHouse stand-in refused ${statement.slice(0, 80)}: ${text}`);
  return text;
}

/** Starts a test app's traffic store afresh: drops the server's traffic database. */
export async function resetClickhouse(url: string): Promise<void> {
  await sql(url, 'DROP DATABASE IF EXISTS traffic SYNC');
}

/**
 * Gives a freshly started app's (empty) traffic tables the demo traffic seeded once per run
 * (tests/server/seedClickhouse.ts): every part of every table is attached from traffic_template,
 * as hard links, so materialized views do not fire and nothing is generated again.
 */
export async function restoreClickhouse(url: string): Promise<void> {
  const tables = (
    await sql(url, "SELECT name FROM system.tables WHERE database = 'traffic_template' AND engine LIKE '%MergeTree' FORMAT TSV")
  )
    .split('\n')
    .filter(Boolean);
  for (const t of tables) await sql(url, `ALTER TABLE traffic.\`${t}\` ATTACH PARTITION ALL FROM traffic_template.\`${t}\``);
}
