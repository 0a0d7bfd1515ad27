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
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/server/fakeClickhouse.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
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

/** Starts a test app's traffic store afresh: drops the server's traffic database. */
export async function resetClickhouse(url: string): Promise<void> {
  const res = await fetch(`${url}/`, { method: 'POST', body: 'DROP DATABASE IF EXISTS traffic SYNC' });
  if (!res.ok) throw new Error(`resetting the ClickHouse stand-in failed: ${await res.text()}`);
}
