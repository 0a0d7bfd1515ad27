/**
 * Purge and prefetch jobs on the node (issue #33). A URL purge evicts every cached copy of the URL's
 * path (any query string), a directory purge every object under the prefix: the keys are read from
 * the cache files' KEY lines and each is evicted through the cache-purge module on the control
 * socket. A URL is verified when the node holds no copy stored before the job's submittedAt. A
 * prefetch asks the node's own nginx (marked internal), so the origin is asked at most once and the
 * next client request is a HIT.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { EdgeJob, EdgeJobResult } from '../common/wire/edge';
import { CACHE_STATUS_HEADER } from '../common/rules/edge';
import { INTERNAL_HEADER, KEY_SEPARATOR, PURGE_KEY_HEADER } from './render';

/** One cached object, as its file says. */
export interface CachedObject {
  file: string;
  /** the key as stored (latin1: the bytes nginx hashed) */
  key: string;
  host: string;
  path: string;
  /** seconds since epoch the object was stored (the cache header's date) */
  date: number;
}

/** Offset of `date` in nginx's cache file header (version, valid_sec, updating_sec, error_sec, last_modified: 8 bytes each). */
const DATE_OFFSET = 40;

/** Reads one cache file's header: its KEY line and the date it was stored. */
export function readCachedObject(file: string): CachedObject | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const buf = Buffer.alloc(4096);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const head = buf.subarray(0, n);
    const at = head.indexOf('\nKEY: ');
    if (at < 0 || n < DATE_OFFSET + 8) return null;
    const end = head.indexOf('\n', at + 6);
    const key = head.subarray(at + 6, end < 0 ? n : end).toString('latin1');
    const [host, p] = key.split(KEY_SEPARATOR);
    return { file, key, host, path: Buffer.from(p ?? '', 'latin1').toString('utf8'), date: Number(head.readBigInt64LE(DATE_OFFSET)) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Every object of the cache directory (levels 1:2). */
export function scanCache(cacheDir: string): CachedObject[] {
  const out: CachedObject[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory() && depth < 2) walk(full, depth + 1);
      else if (e.isFile() && depth === 2) {
        const o = readCachedObject(full);
        if (o) out.push(o);
      }
    }
  };
  walk(cacheDir, 0);
  return out;
}

/** The host and decoded path a job names; a directory job's path is a prefix. */
export function jobTarget(job: Pick<EdgeJob, 'url' | 'domain'>): { host: string; path: string } {
  const u = new URL(job.url);
  let p = u.pathname;
  try {
    p = decodeURIComponent(p);
  } catch {
    // an invalid escape: nginx keeps it as it is too
  }
  return { host: u.hostname.toLowerCase(), path: p };
}

export const matchesJob = (o: CachedObject, job: EdgeJob, target = jobTarget(job)) =>
  o.host === target.host && (job.kind === 'dir' ? o.path.startsWith(target.path) : o.path === target.path);

/** Asks the cache-purge module on the control socket to evict one key: true when it was evicted or absent. */
export function purgeKey(socketPath: string, key: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request(
      { socketPath, path: '/purge', method: 'PURGE', headers: { [PURGE_KEY_HEADER]: key }, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 || res.statusCode === 404));
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Purge jobs: one scan of the cache for all of them, each matched key evicted, then verified. */
export async function runPurges(cacheDir: string, socketPath: string, jobs: EdgeJob[]): Promise<EdgeJobResult[]> {
  const objects = scanCache(cacheDir);
  const results: EdgeJobResult[] = [];
  for (const job of jobs) {
    let target: { host: string; path: string };
    try {
      target = jobTarget(job);
    } catch {
      results.push({ id: job.id, status: 'failed', reason: 'invalid URL' });
      continue;
    }
    const matched = objects.filter((o) => matchesJob(o, job, target));
    let evicted = 0;
    for (const o of matched) if (await purgeKey(socketPath, o.key)) evicted++;
    // verification: no copy stored before the submission remains (a copy of the same second counts as older)
    const before = Math.floor(job.submittedAt / 1000);
    const stale = () =>
      matched.map((o) => readCachedObject(o.file)).filter((o): o is CachedObject => !!o && matchesJob(o, job, target) && o.date <= before);
    for (const o of stale()) fs.rmSync(o.file, { force: true });
    const left = stale();
    results.push(
      left.length
        ? { id: job.id, status: 'failed', reason: `${left.length} cached copies could not be removed` }
        : { id: job.id, status: 'verified', ...(job.kind === 'dir' ? { evicted } : {}) },
    );
  }
  return results;
}

export interface PrefetchTarget {
  /** host:port of the node's HTTP and HTTPS listeners */
  listen: string;
  tlsListen: string;
  internalToken: string;
}

const hostPort = (listen: string) => {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(listen);
  if (!m) return { host: '127.0.0.1', port: Number(listen) };
  const host = m[1] ?? m[2];
  // a wildcard listener is asked on loopback
  return { host: host === '0.0.0.0' || host === '*' ? '127.0.0.1' : host === '::' ? '::1' : host, port: Number(m[3]) };
};

/** One prefetch through the node's own nginx: status, bytes and time; verified when the answer is now cached. */
export function runPrefetch(t: PrefetchTarget, job: EdgeJob, url = job.url): Promise<EdgeJobResult> {
  if (!URL.canParse(url)) return Promise.resolve({ id: job.id, status: 'failed', reason: 'invalid URL' });
  const u = new URL(url);
  const secure = u.protocol === 'https:';
  const { host, port } = hostPort(secure ? t.tlsListen : t.listen);
  const started = Date.now();
  return new Promise((resolve) => {
    const options = {
      host,
      port,
      path: `${u.pathname}${u.search}`,
      method: 'GET',
      headers: { host: u.host, [INTERNAL_HEADER]: t.internalToken, 'user-agent': 'edge-agent prefetch' },
      timeout: 60_000,
      // the node's own listener, asked by the name it serves: its certificate is the customer's
      ...(secure ? { servername: u.hostname, rejectUnauthorized: false } : {}),
    };
    const req = (secure ? https : http).request(options, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        // a domain that redirects http to https: the same object, cached once for both
        const upgraded = `https://${u.host}${u.pathname}${u.search}`;
        if (!secure && (status === 301 || status === 302) && res.headers.location === upgraded) {
          resolve(runPrefetch(t, job, upgraded));
          return;
        }
        const cache = String(res.headers[CACHE_STATUS_HEADER.toLowerCase()] ?? '');
        const base = { id: job.id, httpStatus: status, bytes, elapsedMs: Date.now() - started };
        if (status >= 400) resolve({ ...base, status: 'failed', reason: `HTTP ${status}` });
        else if (cache === 'BYPASS' || cache === '') resolve({ ...base, status: 'failed', reason: 'not cacheable (cache time 0)' });
        else resolve({ ...base, status: 'verified' });
      });
      res.on('error', (e) => resolve({ id: job.id, status: 'failed', reason: e.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => resolve({ id: job.id, status: 'failed', reason: e.message, elapsedMs: Date.now() - started }));
    req.end();
  });
}
