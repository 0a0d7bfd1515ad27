import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns/promises';
import net from 'node:net';
import type { ServerMessageKey } from '../../i18n/serverMessages';

/**
 * The source test: an HTTP GET of origin + test URL, as an edge would send it, with a short time-out.
 * Private, loopback and reserved addresses are refused unless allowed (tests, labs), the vetted IP is
 * the one connected to (no second DNS answer), and redirects are followed only on the same host.
 */

export const PROBE_TIMEOUT_MS = 3000;
const MAX_REDIRECTS = 3;

const reserved = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  reserved.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(net6, bits, 'ipv6');

/** Loopback, private, link-local, shared, documentation, multicast and other reserved addresses. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = net.isIP(ip);
  if (!family) return true;
  return reserved.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ProbeTarget {
  /** Origin host name or IP. */
  address: string;
  port: number;
  protocol: 'http' | 'https';
  /** Host header (and TLS server name). */
  host: string;
  /** Test URL path, starting with '/'. */
  path: string;
}

export type ProbeOutcome =
  { ok: true; status: number; bytes?: number } | { ok: false; key: ServerMessageKey; args: Record<string, string | number> };

/**
 * What a probe measured (filled in when the caller passes one, e.g. the availability probe): DNS
 * lookup, TCP connect (first hop) and total time in ms, the address connected to and from, and the
 * HTTP status of the last answer (0 when none arrived).
 */
export interface ProbeTiming {
  dnsMs: number;
  connectMs: number;
  totalMs: number;
  ip: string;
  localIp: string;
  status: number;
}

export const emptyTiming = (): ProbeTiming => ({ dnsMs: 0, connectMs: 0, totalMs: 0, ip: '', localIp: '', status: 0 });

const failure = (key: ServerMessageKey, args: Record<string, string | number>): ProbeOutcome => ({ ok: false, key, args });

async function resolveAddress(
  address: string,
  allowPrivate: boolean,
  deadline: number,
  timing?: ProbeTiming,
): Promise<{ ip: string; family: 4 | 6 } | ProbeOutcome> {
  let answers: Array<{ address: string; family: number }>;
  if (net.isIP(address)) answers = [{ address, family: net.isIP(address) }];
  else {
    const started = performance.now();
    try {
      const lookup = dns.lookup(address, { all: true, verbatim: true });
      const timer = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), Math.max(deadline - Date.now(), 1)).unref(),
      );
      answers = await Promise.race([lookup, timer]);
    } catch {
      return failure('domainProbeDns', { address });
    } finally {
      if (timing) timing.dnsMs = Math.round(performance.now() - started);
    }
  }
  if (!answers.length) return failure('domainProbeDns', { address });
  // Any reserved answer refuses the whole name, so a mixed answer cannot smuggle one in.
  if (!allowPrivate && answers.some((a) => isPrivateAddress(a.address))) return failure('domainProbePrivate', { address });
  return { ip: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}

function getOnce(
  t: ProbeTarget,
  ip: string,
  deadline: number,
  readBody = false,
  method: 'GET' | 'HEAD' = 'GET',
  timing?: ProbeTiming,
): Promise<{ status: number; location?: string; bytes?: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const mod = t.protocol === 'https' ? https : http;
    const defaultPort = t.protocol === 'https' ? 443 : 80;
    const req = mod.request({
      host: ip,
      port: t.port,
      path: t.path,
      method,
      agent: false,
      headers: {
        host: t.port === defaultPort ? t.host : `${t.host}:${t.port}`,
        'user-agent': 'CDN-Portal-OriginProbe/1.0',
        accept: '*/*',
      },
      // Origins often carry certificates for other names or self-signed ones; reachability is tested.
      rejectUnauthorized: false,
      servername: net.isIP(t.host) ? undefined : t.host,
      timeout: Math.max(deadline - Date.now(), 1),
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), Math.max(deadline - Date.now(), 1));
    if (timing) {
      req.once('socket', (socket) => {
        const connected = () => {
          if (!timing.connectMs) timing.connectMs = Math.max(1, Math.round(performance.now() - started));
          timing.localIp = socket.localAddress ?? '';
        };
        if (socket.connecting) socket.once('connect', connected);
        else connected();
      });
    }
    req.on('response', (res) => {
      clearTimeout(timer);
      if (timing) timing.status = res.statusCode ?? 0;
      const location = typeof res.headers.location === 'string' ? res.headers.location : undefined;
      const status = res.statusCode ?? 0;
      // A prefetch downloads a 2xx body (counting its bytes) within the same deadline.
      if (readBody && status >= 200 && status < 300) {
        let bytes = 0;
        const bodyTimer = setTimeout(() => res.destroy(new Error('timeout')), Math.max(deadline - Date.now(), 1));
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          clearTimeout(bodyTimer);
          resolve({ status, location, bytes });
        });
        res.on('error', (e) => {
          clearTimeout(bodyTimer);
          reject(e);
        });
        return;
      }
      resolve({ status, location });
      // The status is all the test needs: do not download the body.
      res.destroy();
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end();
  });
}

/** GETs origin + path; success is a 2xx (or 304) answer, after same-host redirects. */
export async function probeOrigin(
  target: ProbeTarget,
  allowPrivate: boolean,
  timeoutMs = PROBE_TIMEOUT_MS,
  opts: { readBody?: boolean; method?: 'GET' | 'HEAD'; timing?: ProbeTiming } = {},
): Promise<ProbeOutcome> {
  const started = performance.now();
  const outcome = await probeOnce(target, allowPrivate, timeoutMs, opts);
  if (opts.timing) opts.timing.totalMs = Math.round(performance.now() - started);
  return outcome;
}

async function probeOnce(
  target: ProbeTarget,
  allowPrivate: boolean,
  timeoutMs: number,
  opts: { readBody?: boolean; method?: 'GET' | 'HEAD'; timing?: ProbeTiming },
): Promise<ProbeOutcome> {
  const deadline = Date.now() + timeoutMs;
  const resolved = await resolveAddress(target.address, allowPrivate, deadline, opts.timing);
  if ('ok' in resolved) return resolved;
  if (opts.timing) opts.timing.ip = resolved.ip;
  let t = { ...target };
  const label = `${target.address}:${target.port}`;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let answer: { status: number; location?: string; bytes?: number };
    if (opts.timing) opts.timing.status = 0;
    try {
      answer = await getOnce(t, resolved.ip, deadline, opts.readBody, opts.method, opts.timing);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (reason === 'timeout' || Date.now() >= deadline) return failure('domainProbeTimeout', { address: label });
      return failure('domainProbeConnect', { address: label, reason: (e as NodeJS.ErrnoException).code ?? reason });
    }
    if ((answer.status >= 200 && answer.status < 300) || answer.status === 304)
      return { ok: true, status: answer.status, bytes: answer.bytes };
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      let next: URL;
      try {
        next = new URL(answer.location, `${t.protocol}://${t.host}:${t.port}${t.path}`);
      } catch {
        return failure('domainProbeRedirect', { address: label });
      }
      const sameHost = [t.host.toLowerCase(), target.address.toLowerCase()].includes(next.hostname.toLowerCase().replace(/^\[|\]$/g, ''));
      if (!sameHost || !['http:', 'https:'].includes(next.protocol)) return failure('domainProbeRedirect', { address: label });
      const protocol = next.protocol === 'https:' ? 'https' : 'http';
      t = { ...t, protocol, port: next.port ? Number(next.port) : protocol === 'https' ? 443 : 80, path: `${next.pathname}${next.search}` };
      continue;
    }
    return failure('domainProbeStatus', { address: label, status: answer.status });
  }
  return failure('domainProbeTooManyRedirects', { address: label });
}
