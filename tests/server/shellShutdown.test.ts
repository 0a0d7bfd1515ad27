import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cipher, DEMO_PASSWORDS } from './helpers';
import { copyDir } from './copyDir';
import { freePort } from './freePort';

/**
 * Issue #35 item 14: the real server, started as `npm run serve` (what `npm start` runs after the
 * build) on a copy of the demo data, is stopped with SIGTERM or SIGINT sent to npm. It must close its
 * stores cleanly: the process exits 0 within seconds and the next start replays nothing, so the
 * config store's sequences go on from where they were (after a crash, PostgreSQL skips the 32 values
 * a sequence logs ahead). The subject is the embedded store, so the PostgreSQL project skips it.
 */
const root = path.resolve(import.meta.dirname, '../..');

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | string | null>;
  output: string[];
}

function start(dataDir: string, port: number): Server {
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: root,
    env: { ...process.env, PORTAL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PORTAL_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { child, base: `http://127.0.0.1:${port}`, exited, output };
}

async function ready(s: Server): Promise<void> {
  for (const end = Date.now() + 240_000; Date.now() < end;) {
    if (s.child.exitCode !== null) break;
    if (
      await fetch(`${s.base}/api/newAutoLogin`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start: ${s.output.join('').slice(-2000)}`);
}

/** Signs in as acme and creates a purge task: its id comes from the config store's sequence. */
async function createTask(base: string, n: number): Promise<number> {
  const q = new URLSearchParams({ username: 'acme', password: cipher.aesEncrypt(DEMO_PASSWORDS.acme) });
  const login = await fetch(`${base}/api/newLogin?${q}`);
  const cookie = String(login.headers.get('set-cookie')).split(';')[0];
  const res = await fetch(`${base}/api/refresh`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'url', urls: `https://www.acme-media.example/shutdown/${n}.js` }),
  });
  const body = (await res.json()) as { code: string; data: { taskId: number } | null; msg: string };
  expect(body.code, body.msg).toBe('0');
  return body.data!.taskId;
}

describe.skipIf(inject('pgAdminUrl'))('clean shutdown on SIGTERM and SIGINT', () => {
  let dataDir = '';
  let running: Server | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-shutdown-'));
    await copyDir(inject('demoTemplateDir'), dataDir);
  });
  afterAll(async () => {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('exits 0 promptly and the next start goes on with the next id', { timeout: 900_000 }, async () => {
    const ids: number[] = [];
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGTERM'] as const) {
      const server = start(dataDir, await freePort());
      running = server;
      await ready(server);
      ids.push(await createTask(server.base, ids.length));
      const sent = Date.now();
      server.child.kill(signal);
      expect(await server.exited, server.output.join('').slice(-2000)).toBe(0);
      expect(Date.now() - sent).toBeLessThan(15_000);
    }
    expect(ids).toEqual([ids[0], ids[0] + 1, ids[0] + 2]);
  });
});
