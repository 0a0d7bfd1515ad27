/**
 * The edge protocol's one signing rule and key sealing (issue #33, docs/edge.md), used by the node
 * (edge/) and the portal (server/). Node-only: the browser never imports it.
 */
import crypto from 'node:crypto';

export const EDGE_HEADERS = {
  /** the node id (after registration) or the node's name (the registration call) */
  node: 'x-edge-node',
  /** ms since epoch */
  timestamp: 'x-edge-timestamp',
  /** 16 to 64 characters [A-Za-z0-9_-], never used twice within the window */
  nonce: 'x-edge-nonce',
  /** hex HMAC-SHA256 of canonicalRequest under the secret */
  signature: 'x-edge-signature',
} as const;

/** A signed call is accepted only within this distance from the portal's clock; nonces are kept this long. */
export const EDGE_REPLAY_WINDOW_MS = 5 * 60_000;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const sha256Hex = (body: Buffer | string): string => crypto.createHash('sha256').update(body).digest('hex');

/**
 * What is signed: method, path with its query string exactly as sent, timestamp, nonce and the hash
 * of the body bytes as sent (the gzip bytes for a log part), one per line.
 */
export const canonicalRequest = (method: string, pathAndQuery: string, timestamp: string, nonce: string, body: Buffer | string): string =>
  [method.toUpperCase(), pathAndQuery, timestamp, nonce, sha256Hex(body)].join('\n');

export const signRequest = (secret: string, canonical: string): string =>
  crypto.createHmac('sha256', secret).update(canonical).digest('hex');

/** The four signature headers of one call. */
export function signatureHeaders(
  secret: string,
  node: string,
  method: string,
  pathAndQuery: string,
  body: Buffer | string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = String(now);
  const nonce = crypto.randomBytes(18).toString('base64url');
  return {
    [EDGE_HEADERS.node]: node,
    [EDGE_HEADERS.timestamp]: timestamp,
    [EDGE_HEADERS.nonce]: nonce,
    [EDGE_HEADERS.signature]: signRequest(secret, canonicalRequest(method, pathAndQuery, timestamp, nonce, body)),
  };
}

/** Constant-time comparison of two hex signatures. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && crypto.timingSafeEqual(a, b);
}

const sealingKey = (secret: string) => crypto.createHash('sha256').update(`edge-key-seal\n${secret}`).digest();

/** A certificate's private key sealed to one node (AES-256-GCM under its secret): iv.tag.ciphertext. */
export function sealKey(secret: string, keyPem: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const data = Buffer.concat([cipher.update(keyPem, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function openKey(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** The node's response header naming it, and the cache status header (issue #33). */
export const EDGE_NODE_HEADER = 'X-Edge-Node';
export const CACHE_STATUS_HEADER = 'X-Cache';

/** Timings of the protocol, shared so that both sides agree. */
export const EDGE_TIMING = {
  /** the agent asks for a new configuration this often (a change is applied within 10 s) */
  configPollMs: 2_000,
  heartbeatMs: 10_000,
  /** a node silent this long is offline */
  offlineAfterMs: 60_000,
  jobsPollMs: 1_000,
  /** a leased job without a result is handed again */
  jobLeaseMs: 60_000,
  logShipMs: 2_000,
  /** origin host names are resolved again this often */
  resolveMs: 60_000,
} as const;
