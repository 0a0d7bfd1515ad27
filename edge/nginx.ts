/**
 * The nginx runner: nginx in the foreground (`daemon off;` in the main file) as a child of the agent,
 * in its process group, every path under the data dir (edge/render.ts). A reload is `nginx -t` then
 * SIGHUP; at start a leftover nginx of the same data dir (its pid file) is stopped first.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface NginxTest {
  ok: boolean;
  /** nginx's own words (the [emerg] line) when the test failed */
  message: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process that runs (a zombie, waiting for a parent that does not reap it, has ended). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The child pids of a process (the workers of the nginx master), from /proc. */
function children(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** A process's title (nginx sets its workers' titles: "nginx: worker process is shutting down"). */
function processTitle(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'shutting down';
  }
}

/** nginx's message without the data dir's paths: `[emerg] unknown directive "x" in www.a.com.conf:12`. */
export function nginxMessage(stderr: string, dataDir: string): string {
  const lines = stderr.split('\n').filter((l) => /\[(emerg|alert|crit|error)\]/.test(l));
  const first = (lines[0] ?? stderr.split('\n')[0] ?? '').replace(/^nginx: /, '').replace(/^\S+ \S+ \[/, '[');
  return first
    .replace(/\d+#\d+: /, '')
    .split(dataDir + path.sep)
    .join('')
    .replace(/conf\/(staging|domains)\//g, '')
    .trim();
}

export class NginxRunner {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts = 0;

  constructor(
    readonly bin: string,
    readonly dataDir: string,
    readonly mainConf: string,
    readonly pidFile: string,
    private readonly log: (msg: string) => void,
  ) {}

  /** The modules and options nginx was built with (`nginx -V`): the slice module is optional. */
  async features(): Promise<{ slice: boolean; version: string }> {
    const { stderr } = await run(this.bin, ['-V']);
    return { slice: stderr.includes('--with-http_slice_module'), version: /nginx\/(\S+)/.exec(stderr)?.[1] ?? 'unknown' };
  }

  /** `nginx -t` of a main file (the live one or a candidate). */
  async test(conf = this.mainConf): Promise<NginxTest> {
    try {
      await run(this.bin, ['-t', '-q', '-p', this.dataDir, '-c', conf], { timeout: 60_000 });
      return { ok: true, message: '' };
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      return { ok: false, message: nginxMessage(err.stderr || err.message, this.dataDir) };
    }
  }

  /** Stops an nginx a previous agent of this data dir left running (its pid file names it). */
  async stopLeftover(): Promise<void> {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(this.pidFile, 'utf8').trim());
    } catch {
      return;
    }
    if (!Number.isInteger(pid) || pid <= 1 || !processRuns(pid)) return;
    // only an nginx of this data dir: a reused pid of another process is left alone
    const cmdline = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
    if (!cmdline.includes('nginx') || !cmdline.includes(this.dataDir)) return;
    this.log(`stopping the nginx left running (pid ${pid})`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 100 && processRuns(pid); i++) await sleep(50);
    if (processRuns(pid)) process.kill(pid, 'SIGKILL');
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts nginx in the foreground; it is started again if it dies while the agent runs. */
  async start(): Promise<void> {
    this.stopping = false;
    const child = spawn(this.bin, ['-p', this.dataDir, '-c', this.mainConf], { stdio: ['ignore', 'inherit', 'inherit'] });
    this.child = child;
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopping) return;
      this.log(`nginx exited (${signal ?? code}); starting it again`);
      const delay = Math.min(5_000, 200 * 2 ** this.restarts++);
      setTimeout(() => {
        if (!this.stopping) void this.start().catch((e: Error) => this.log(`nginx did not start: ${e.message}`));
      }, delay).unref();
    });
    // ready when the master wrote its pid file and started its workers
    for (let i = 0; i < 100; i++) {
      if (!this.child) throw new Error('nginx exited at start');
      if (children(child.pid ?? 0)) {
        this.restarts = 0;
        return;
      }
      await sleep(50);
    }
  }

  /**
   * SIGHUP: nginx re-reads its files. Resolves once new workers run and every old one has stopped
   * accepting (gone, or titled "shutting down"), so the next connection gets the new files (at most 5 s).
   */
  async reload(): Promise<void> {
    const pid = this.child?.pid;
    if (!pid) return;
    const old = new Set(children(pid).split(' ').filter(Boolean));
    process.kill(pid, 'SIGHUP');
    for (let i = 0; i < 100; i++) {
      await sleep(50);
      const now = children(pid).split(' ').filter(Boolean);
      const started = now.some((p) => !old.has(p));
      const stopping = now.filter((p) => old.has(p)).every((p) => processTitle(Number(p)).includes('shutting down'));
      if (started && stopping) return;
    }
  }

  /** SIGUSR1: nginx reopens its log files (after the agent renamed them). */
  reopenLogs(): void {
    if (this.child?.pid) process.kill(this.child.pid, 'SIGUSR1');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child?.pid) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    this.child = null;
  }
}
