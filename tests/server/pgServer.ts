import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';

/**
 * A throwaway PostgreSQL server for the 'server-pg' project: initdb into a temporary directory and
 * start it on a free loopback port (no fsync: the data dies with the run). As root, the server runs
 * as the postgres user, since PostgreSQL refuses to run as root. `.ci/run` installs the Debian
 * package when its binaries are missing.
 */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries not found (Debian: apt-get install postgresql); the server-pg tests need them');
  return path.join(base, newest, 'bin');
}

export interface PgServer {
  /** an administrator's URL (database postgres) */
  adminUrl: string;
  stop(): void;
}

export async function startPgServer(): Promise<PgServer> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'portal', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    adminUrl: `postgres://portal@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
