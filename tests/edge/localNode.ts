import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processRuns } from '../../edge/nginx';
import { freePort } from '../server/freePort';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The analysis range (POST /api/es/count/offLine) of `domain` from an hour ago to two minutes ahead, in UTC. */
export const lastHourOf = (domain: string) => ({
  startTime: stamp(Date.now() - 3_600_000),
  endTime: stamp(Date.now() + 120_000),
  timeZone: 'UTC',
  timeSelect: 'userDefined',
  domains: [domain],
});

/** Polls `probe` every 100 ms until it answers something truthy. */
export async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Reply {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One edge node (tests/edge/edge.test.ts, bench/edge.ts): `npm run edge` as a child process with its own data dir and ports. */
export class EdgeNode {
  child: ChildProcess | null = null;
  output = '';
  listen = 0;
  tlsPort = 0;
  constructor(
    readonly name: string,
    readonly dir: string,
    readonly portalUrl: () => string,
    readonly token: string,
  ) {}

  async start() {
    if (!this.listen) [this.listen, this.tlsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'edge/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        EDGE_PORTAL_URL: this.portalUrl(),
        EDGE_TOKEN: this.token,
        EDGE_LISTEN: `127.0.0.1:${this.listen}`,
        EDGE_TLS_LISTEN: `127.0.0.1:${this.tlsPort}`,
        EDGE_DATA_DIR: path.join(this.dir, this.name),
        EDGE_NAME: this.name,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    this.child = child;
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** The nginx this node's agent started (its pid file), when it still runs. */
  nginxPid(): number {
    const file = path.join(this.dir, this.name, 'run', 'nginx.pid');
    const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
    return pid && processRuns(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(this.dir) ? pid : 0;
  }

  /** A request through this node (a new connection each time: a reload closes idle ones). */
  get(p: string, host: string, headers: Record<string, string> = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: this.listen, path: p, agent: false, headers: { host, ...headers } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      });
      req.on('error', reject);
    });
  }
}
