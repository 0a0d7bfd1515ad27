import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * The outbound rule, in one place: the server's guard of every connection it opens to an address a
 * customer (or the demo) named (server/lib/outbound.ts re-exports it: origin probes and prefetches,
 * port checks, availability probes, webhook, SMS and SMTP delivery, the HTTP edge, ownership proofs of
 * protected IPs) and the edge agent's resolution of origin names (edge/resolve.ts). An address is
 * classified as loopback, private (and other reserved ranges), documentation or public. Documentation
 * addresses (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) and names (`.example`,
 * example.com/.net/.org) are refused always, so that the demo, whose data uses only them, never sends a
 * packet off the machine; loopback and private addresses only with the allowance
 * (PORTAL_ALLOW_PRIVATE_ORIGINS=1: tests, labs). Node-only (node:net, node:dns): the browser never imports it.
 */

export type AddressClass = 'loopback' | 'private' | 'documentation' | 'public';

const blockList = (v4: Array<[string, number]>, v6: Array<[string, number]>) => {
  const list = new net.BlockList();
  for (const [a, bits] of v4) list.addSubnet(a, bits, 'ipv4');
  for (const [a, bits] of v6) list.addSubnet(a, bits, 'ipv6');
  return list;
};

const DOCUMENTATION = blockList(
  [
    ['192.0.2.0', 24],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
  ],
  [['2001:db8::', 32]],
);
const LOOPBACK = blockList([['127.0.0.0', 8]], [['::1', 128]]);
/** Private, shared, link-local, benchmarking, multicast and other reserved ranges. */
const PRIVATE = blockList(
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ],
  [
    ['::', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ],
);

/** The class of an IP literal; anything that is not one counts as private (never connected to). */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return classifyAddress(mapped[1]);
  // the same mapped address as URL and some resolvers spell it: ::ffff:c000:201
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hex) {
    const [a, b] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return classifyAddress(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`);
  }
  const family = net.isIP(bare);
  if (!family) return 'private';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (DOCUMENTATION.check(bare, type)) return 'documentation';
  if (LOOPBACK.check(bare, type)) return 'loopback';
  if (PRIVATE.check(bare, type)) return 'private';
  return 'public';
}

/** Loopback, private, documentation and other reserved addresses: everything but public ones. */
export const isPrivateAddress = (ip: string): boolean => classifyAddress(ip) !== 'public';

/** Names reserved for documentation (RFC 2606 / 6761): `.example` and example.com, .net, .org. */
export function isDocumentationName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return /(^|\.)example$/.test(h) || /(^|\.)example\.(com|net|org)$/.test(h);
}

/** Why an address or name may not be connected to: 'documentation', 'private', or null (allowed). */
export type OutboundRefusal = 'documentation' | 'private';

export function outboundRefusal(address: string, allowPrivate: boolean): OutboundRefusal | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!net.isIP(bare)) return isDocumentationName(bare) ? 'documentation' : null;
  const c = classifyAddress(bare);
  if (c === 'documentation') return 'documentation';
  return c === 'public' || allowPrivate ? null : 'private';
}

/** The same words in every outbound path's reason (monitoring history, prefetch failures, checks). */
export const DOCUMENTATION_REASON = 'address reserved for documentation';

export type Resolved = { ok: true; ip: string; family: 4 | 6 } | { ok: false; reason: OutboundRefusal | 'dns'; detail?: string };

/**
 * The address to connect to for a host name or IP literal, vetted: any refused answer refuses the
 * whole name (a mixed answer cannot smuggle one in), and the caller connects to the vetted IP (no
 * second DNS answer). Names reserved for documentation are refused before any lookup.
 */
export async function resolveOutbound(host: string, allowPrivate: boolean, deadline = Date.now() + 5000): Promise<Resolved> {
  const bare = host.replace(/^\[|\]$/g, '');
  const early = outboundRefusal(bare, allowPrivate);
  if (early) return { ok: false, reason: early };
  // RFC 6761: names under .invalid never resolve; answered here so no resolver is asked
  if (/(^|\.)invalid\.?$/i.test(bare)) return { ok: false, reason: 'dns', detail: 'ENOTFOUND' };
  let answers: Array<{ address: string; family: number }>;
  if (net.isIP(bare)) answers = [{ address: bare, family: net.isIP(bare) }];
  else {
    try {
      const lookup = dns.lookup(bare, { all: true, verbatim: true });
      const timer = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), Math.max(deadline - Date.now(), 1)).unref(),
      );
      answers = await Promise.race([lookup, timer]);
    } catch (e) {
      return { ok: false, reason: 'dns', detail: (e as NodeJS.ErrnoException).code ?? String(e) };
    }
  }
  if (!answers.length) return { ok: false, reason: 'dns', detail: 'no address' };
  const refusals = answers.map((a) => outboundRefusal(a.address, allowPrivate));
  const refused = refusals.find((r) => r === 'documentation') ?? refusals.find((r) => r !== null);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, ip: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}

/** An IP literal in one spelling (lower case, IPv6 compressed), so that the same address compares equal. */
export function canonicalIp(ip: string): string {
  const v = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (net.isIPv6(v)) return new URL(`http://[${v}]/`).hostname.replace(/^\[|\]$/g, '');
  return v;
}
