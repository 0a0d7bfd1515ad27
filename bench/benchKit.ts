/** Helpers shared by the benchmarks of this folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromEnv, type PortalConfig } from '../server/config';
import { createCipher } from '../server/lib/cipher';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The demo's password cipher (the client encrypts sign-in passwords with it). */
export const benchCipher = createCipher('CdnPortalKey2026');

/** The server's settings over the demo in `dataDir`, without live traffic; the demo's traffic at `trafficScale`. */
export const demoConfig = (dataDir: string, trafficScale: string): PortalConfig =>
  configFromEnv({
    ...process.env,
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DEMO: '1',
    PORTAL_DEMO_TRAFFIC_SCALE: trafficScale,
    PORTAL_DEMO_LIVE: '0',
  } as NodeJS.ProcessEnv);

/** The p-th percentile of `xs` (nearest rank). */
export const pctile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** Runs a benchmark's main; when it fails, prints the error and exits with status 1. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/** One started server (server/main.ts in a child process): its process, base URL and, when kept, the lines it wrote to stderr. */
export interface BenchServer {
  child: ChildProcess;
  base: string;
  stderr: string[];
  exited: Promise<void>;
}

/**
 * Starts the real server on 127.0.0.1:`port` over `dataDir`, `env` over this process's environment; `flags` go to node.
 * Its stderr is kept in `stderr` (`keepStderr`) or passed through.
 */
export function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string>,
  flags: string[] = [],
  keepStderr = false,
): BenchServer {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORTAL_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', keepStderr ? 'pipe' : 'inherit'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (b: Buffer) => stderr.push(b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, base: `http://127.0.0.1:${port}`, stderr, exited };
}

/** Waits until the server answers (its stores are open: buildApp opens and checks both before listening), polling every `pollMs`. */
export async function serverReady(s: BenchServer, timeoutMs: number, pollMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited (${s.child.exitCode}): ${s.stderr.join('').slice(-2000)}`);
    const up = await fetch(`${s.base}/api/newAutoLogin`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > end) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Signs the demo's acme in; its session cookie. */
export async function signInAcme(base: string): Promise<string> {
  const q = new URLSearchParams({ username: 'acme', password: benchCipher.aesEncrypt('Acme@2026') });
  const r = await fetch(`${base}/api/newLogin?${q}`);
  const body = (await r.json()) as { code: string; msg: string };
  if (body.code !== '0') throw new Error(`sign-in failed: ${body.msg}`);
  return String(r.headers.get('set-cookie')).split(';')[0];
}
