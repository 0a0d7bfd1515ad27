import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { ServerMessageKey } from '../../i18n/serverMessages';
import { resolveOutbound } from './outbound';
import type { Domain, DomainOrigin } from '../../common/wire/domains';

/**
 * The source test: an HTTP GET of origin + test URL, as an edge would send it, with a short time-out.
 * Addresses go through the outbound guard (server/lib/outbound.ts: documentation ranges and names
 * always refused, private, loopback and reserved ones unless allowed), the vetted IP is the one
 * connected to (no second DNS answer), and redirects are followed only on the same host. The Host
 * header is the back host as configured: the origin's port is not added to it (issue #35).
 */

export const PROBE_TIMEOUT_MS = 3000;
const MAX_REDIRECTS = 3;
const BODY_TEXT_BYTES = 1024;

/** Loopback, private, documentation and other reserved addresses (the outbound guard's classes). */
export { isPrivateAddress } from './outbound';

export interface ProbeTarget {
  /** Origin host name or IP. */
  address: string;
  port: number;
  protocol: 'http' | 'https';
  /** Host header as sent (the configured back host, a port only when it is part of it); TLS server name without the port. */
  host: string;
  /** Test URL path, starting with '/'. */
  path: string;
}

export type ProbeOutcome =
  { ok: true; status: number; bytes?: number; text?: string } | { ok: false; key: ServerMessageKey; args: Record<string, string | number> };

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
  const started = performance.now();
  const r = await resolveOutbound(address, allowPrivate, deadline);
  if (timing && !net.isIP(address)) timing.dnsMs = Math.round(performance.now() - started);
  if (r.ok) return { ip: r.ip, family: r.family };
  const key: ServerMessageKey =
    r.reason === 'documentation' ? 'domainProbeDocumentation' : r.reason === 'private' ? 'domainProbePrivate' : 'domainProbeDns';
  return failure(key, { address });
}

/** The name part of a Host value ('a.example:8080' → 'a.example', '[2001:db8::1]:80' → '2001:db8::1'). */
export const hostName = (host: string): string => {
  const v6 = /^\[([^\]]+)\]/.exec(host);
  if (v6) return v6[1];
  return net.isIP(host) ? host : host.replace(/:\d+$/, '');
};

/**
 * The back host a request to this origin carries: a bucket answers only to its own endpoint name;
 * else the custom back host when configured, else the requested name (as sent by the client).
 */
export function backHostOf(
  d: { backHost?: Pick<Domain['backHost'], 'mode'> & { value?: string } },
  o: Pick<DomainOrigin, 'type' | 'address'>,
  requestHost: string,
): string {
  if (o.type === 'bucket') return o.address;
  const custom = d.backHost?.mode === 'custom' ? (d.backHost.value ?? '').trim() : '';
  return custom || requestHost;
}

function getOnce(
  t: ProbeTarget,
  ip: string,
  deadline: number,
  readBody = false,
  method: 'GET' | 'HEAD' = 'GET',
  timing?: ProbeTiming,
): Promise<{ status: number; location?: string; bytes?: number; text?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const mod = t.protocol === 'https' ? https : http;
    const name = hostName(t.host);
    const req = mod.request({
      host: ip,
      port: t.port,
      path: t.path,
      method,
      agent: false,
      headers: {
        // the back host as configured: the origin's port is the connection's, not the site's name
        host: t.host,
        'user-agent': 'CDN-Portal-OriginProbe/1.0',
        accept: '*/*',
      },
      // Origins often carry certificates for other names or self-signed ones; reachability is tested.
      rejectUnauthorized: false,
      servername: net.isIP(name) ? undefined : name,
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
        const head: Buffer[] = [];
        const bodyTimer = setTimeout(() => res.destroy(new Error('timeout')), Math.max(deadline - Date.now(), 1));
        res.on('data', (chunk: Buffer) => {
          // the first KB are kept as text (an ownership proof compares them with its token)
          if (bytes < BODY_TEXT_BYTES) head.push(chunk.subarray(0, BODY_TEXT_BYTES - bytes));
          bytes += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(bodyTimer);
          resolve({ status, location, bytes, text: Buffer.concat(head).toString('utf8') });
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
    let answer: { status: number; location?: string; bytes?: number; text?: string };
    if (opts.timing) opts.timing.status = 0;
    try {
      answer = await getOnce(t, resolved.ip, deadline, opts.readBody, opts.method, opts.timing);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (reason === 'timeout' || Date.now() >= deadline) return failure('domainProbeTimeout', { address: label });
      return failure('domainProbeConnect', { address: label, reason: (e as NodeJS.ErrnoException).code ?? reason });
    }
    if ((answer.status >= 200 && answer.status < 300) || answer.status === 304)
      return { ok: true, status: answer.status, bytes: answer.bytes, text: answer.text };
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      let next: URL;
      try {
        const base = hostName(t.host);
        next = new URL(answer.location, `${t.protocol}://${net.isIPv6(base) ? `[${base}]` : base}:${t.port}${t.path}`);
      } catch {
        return failure('domainProbeRedirect', { address: label });
      }
      const sameHost = [hostName(t.host).toLowerCase(), target.address.toLowerCase()].includes(
        next.hostname.toLowerCase().replace(/^\[|\]$/g, ''),
      );
      if (!sameHost || !['http:', 'https:'].includes(next.protocol)) return failure('domainProbeRedirect', { address: label });
      const protocol = next.protocol === 'https:' ? 'https' : 'http';
      t = { ...t, protocol, port: next.port ? Number(next.port) : protocol === 'https' ? 443 : 80, path: `${next.pathname}${next.search}` };
      continue;
    }
    return failure('domainProbeStatus', { address: label, status: answer.status });
  }
  return failure('domainProbeTooManyRedirects', { address: label });
}
