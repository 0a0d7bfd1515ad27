import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PortalError } from '../lib/envelope';
import { keyVaultFor } from '../lib/keyVault';
import type { PortalConfig } from '../config';
import {
  canonicalRequest,
  EDGE_HEADERS,
  EDGE_REPLAY_WINDOW_MS,
  EDGE_TIMING,
  NONCE_PATTERN,
  sealKey,
  signatureMatches,
  signRequest,
} from '../../common/rules/edge';
import type { EdgeAccessLine, EdgeConfig, EdgeDomain, EdgeLogsReply, EdgeRegisterReply, EdgeRegisterRequest } from '../../common/wire/edge';
import { claimNodeLogs, logPosition, markPending, releaseNodeLogs, settleOffset } from '../stores/config/edgeLogs';
import { nodeRowCount } from '../stores/traffic/edgeLogs';
import { ACCESS_LOGS, ingestRecords } from '../stores/traffic/ingest';
import {
  domainOwners,
  edgeCertificates,
  edgeDomains,
  edgeRevision,
  nodeById,
  reconcileEdgeDomains,
  registerNode,
  touchNode,
  useNonce,
} from '../stores/config/edgeNodes';

/**
 * The portal's side of the edge nodes (issue #33, docs/edge.md "Edge nodes (portal side)"): who is
 * calling (the signature), registration, the configuration a node serves, and the domains' states
 * from what the nodes applied.
 */

/** The clock of signatures, liveness and leases (tests move it: PortalConfig.edge.now). */
export const edgeNow = (config: PortalConfig): Date => new Date(config.edge.now?.() ?? Date.now());

/** Nodes seen since this instant are online; older ones are offline and hold nothing back. */
export const onlineSince = (config: PortalConfig): Date => new Date(edgeNow(config).getTime() - EDGE_TIMING.offlineAfterMs);

/** A node whose call carried a good signature. */
export interface CallingNode {
  id: number;
  name: string;
  secret: string;
}

const callers = new WeakMap<FastifyRequest, CallingNode>();

/** The node a verified call came from (set by verifyEdgeCall; the routes run only after it). */
export function callingNode(request: FastifyRequest): CallingNode {
  const node = callers.get(request);
  if (!node) throw new PortalError('401', 'edgeUnauthorized', 401);
  return node;
}

const header = (request: FastifyRequest, name: string): string => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : '';
};

/**
 * Checks a signed call over the raw body bytes: the headers, the timestamp window, the signature
 * (the registration token for `registration`, else the node's own secret) and then the nonce, stored
 * so that a replay is refused by every portal server. A refusal is HTTP 401 and a warn log line
 * naming the node and the reason; nothing else is said to the caller.
 */
export async function verifyEdgeCall(request: FastifyRequest, raw: Buffer, registration: boolean): Promise<void> {
  const { config, db } = request.server;
  const nodeHeader = header(request, EDGE_HEADERS.node);
  const refuse = (reason: string): never => {
    request.log.warn({ node: nodeHeader.slice(0, 80), reason, url: request.url.split('?')[0] }, 'edge call refused');
    throw new PortalError('401', 'edgeUnauthorized', 401);
  };
  if (registration && !config.edge.token) {
    request.log.warn({ node: nodeHeader.slice(0, 80), reason: 'no PORTAL_EDGE_TOKEN' }, 'edge registration refused');
    throw new PortalError('503', 'edgeRegistrationDisabled', 503);
  }
  const timestamp = header(request, EDGE_HEADERS.timestamp);
  const nonce = header(request, EDGE_HEADERS.nonce);
  const signature = header(request, EDGE_HEADERS.signature);
  if (!nodeHeader || !timestamp || !nonce || !signature) refuse('unsigned');
  if (!NONCE_PATTERN.test(nonce)) refuse('malformed nonce');
  const now = edgeNow(config).getTime();
  const at = Number(timestamp);
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - at) > EDGE_REPLAY_WINDOW_MS) refuse('stale timestamp');
  let node: CallingNode | null = null;
  let secret: string;
  if (registration) {
    secret = config.edge.token!;
  } else {
    const row = /^\d{1,9}$/.test(nodeHeader) ? await nodeById(db, Number(nodeHeader)) : null;
    if (!row) return refuse('unknown node');
    secret = keyVaultFor(config).open(row.secretSealed);
    node = { id: row.id, name: row.name, secret };
  }
  const expected = signRequest(secret, canonicalRequest(request.method, request.url, timestamp, nonce, raw));
  if (!signatureMatches(expected, signature)) refuse(registration ? 'wrong registration token' : 'bad signature');
  if (!(await useNonce(db, nodeHeader, nonce, new Date(Math.max(now, at) + EDGE_REPLAY_WINDOW_MS)))) refuse('replayed nonce');
  if (node) {
    callers.set(request, node);
    await touchNode(db, node.id, new Date(now));
  }
}

/** Registers (or re-registers) a node: a fresh secret, stored sealed; the registration's node header must be its name. */
export async function register(request: FastifyRequest, body: EdgeRegisterRequest): Promise<EdgeRegisterReply> {
  const { config, db } = request.server;
  if (header(request, EDGE_HEADERS.node) !== body.name) {
    request.log.warn({ node: body.name, reason: 'node header is not the name' }, 'edge registration refused');
    throw new PortalError('401', 'edgeUnauthorized', 401);
  }
  const secret = crypto.randomBytes(32).toString('base64url');
  const nodeId = await registerNode(db, {
    name: body.name,
    secretSealed: keyVaultFor(config).seal(secret),
    version: body.version,
    listen: body.listen,
    tlsListen: body.tlsListen,
    now: edgeNow(config),
  });
  request.log.info({ node: body.name, nodeId }, 'edge node registered');
  return { nodeId, secret };
}

/** The certificate id a domain's HTTPS uses, when it chose one. */
function certificateIdOf(d: EdgeDomain['config']): number | undefined {
  const id = Number(d.certificateId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The whole configuration for a node, or null when `known` is the current revision (204). Keys are
 * opened from the vault and sealed to the node's secret (they never travel in clear).
 */
export async function configFor(app: FastifyInstance, node: CallingNode, known: number | undefined): Promise<EdgeConfig | null> {
  if (known !== undefined && known === (await edgeRevision(app.db))) return null;
  const { revision, domains } = await edgeDomains(app.db);
  const list: EdgeDomain[] = domains.map((d) => {
    const certificateId = d.config.protocol === 'https' ? certificateIdOf(d.config) : undefined;
    return {
      name: d.name,
      account: d.account,
      status: d.status,
      version: d.version,
      config: d.config,
      ...(certificateId ? { certificateId } : {}),
    };
  });
  const ids = [...new Set(list.flatMap((d) => (d.certificateId ? [d.certificateId] : [])))];
  const vault = keyVaultFor(app.config);
  const certificates = (await edgeCertificates(app.db, ids)).flatMap((c) => {
    try {
      return [{ id: c.id, certPem: c.certPem, sealedKey: sealKey(node.secret, vault.open(c.keyEncrypted)) }];
    } catch {
      // a key the vault cannot open (the key secret changed): the domain's HTTPS cannot be served
      app.log.warn({ certificateId: c.id }, 'certificate key unreadable; left out of the edge configuration');
      return [];
    }
  });
  return { revision, allowPrivateOrigins: app.config.allowPrivateOrigins, demo: app.config.demo, domains: list, certificates };
}

/** Moves the domains' states from what the ready, online nodes applied; logs what moved. */
export async function settleEdgeDomains(app: FastifyInstance): Promise<void> {
  const moved = await reconcileEdgeDomains(app.db, onlineSince(app.config));
  if (moved.configured.length)
    app.log.info({ domains: moved.configured.slice(0, 20), count: moved.configured.length }, 'domain configured on the edges');
  if (moved.failed.length) app.log.warn({ domains: moved.failed.slice(0, 20), count: moved.failed.length }, 'domain failed on an edge');
}

// ---- logs ----

/** A log part of a node is loaded within this lease (another part of the same node waits). */
const LOG_CLAIM_MS = 120_000;

/** What a part answers: accepted (the new offset held) or 409 (the part is not at the held offset). */
export type LogPartOutcome = { status: 200 | 409; reply: EdgeLogsReply };

/** The Host header's name: lower case, without a port. */
const hostName = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');

/** An access-log line of the node as a row of traffic.access_log, or null when it is malformed. */
function accessRow(line: EdgeAccessLine, owner: { name: string; account: string }, node: string): Record<string, unknown> | null {
  const at = new Date(line.time);
  const status = Number(line.status);
  // the traffic store's own rule of a loadable row (server/stores/traffic/ingest.ts, ACCESS_LOGS.valid)
  const valid =
    at.getTime() >= Date.UTC(2000, 0, 1) &&
    at.getTime() <= Date.now() + 86_400_000 &&
    Number.isInteger(status) &&
    status >= 100 &&
    status <= 599;
  if (!valid || typeof line.uri !== 'string' || !line.uri) return null;
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(line.client ?? '') ? line.client : '0.0.0.0';
  return {
    ts: at.toISOString().slice(0, 19).replace('T', ' '),
    account: owner.account,
    domain: owner.name,
    url: line.uri,
    method: line.method,
    status,
    bytes: Math.max(0, Math.round(Number(line.bytes) || 0)),
    // nginx's $request_time is in seconds (ms resolution); the table keeps milliseconds
    request_time: Math.max(0, Math.round((Number(line.requestTime) || 0) * 1000)),
    cache_hit: line.cache === 'HIT' ? 1 : 0,
    client_ip: ipv4,
    user_agent: line.agent ?? '',
    referer: line.referer ?? '',
    edge_node: node,
  };
}

/**
 * One part of a node's access log (docs/edge.md, "logs' exactly-once"): accepted only at the offset
 * held for (node, stream, file). Each line's account and domain come from its Host's domain (an
 * unknown host is rejected and counted); the agent's own lines (internal '1') are never loaded. The
 * part is recorded as pending with the node's row count before its insert; a part left pending by a
 * stop is settled by counting again, so that nothing is lost or loaded twice.
 */
export async function loadLogPart(
  app: FastifyInstance,
  node: CallingNode,
  q: { stream: 'access' | 'security'; file: string; offset: number },
  body: Buffer,
): Promise<LogPartOutcome> {
  const now = edgeNow(app.config);
  if (!(await claimNodeLogs(app.db, node.id, now, LOG_CLAIM_MS))) {
    const held = await logPosition(app.db, node.id, q.stream, q.file);
    return { status: 409, reply: { offset: held.offset, accepted: 0, rejected: 0 } };
  }
  try {
    const key = { nodeId: node.id, stream: q.stream, file: q.file };
    const position = await logPosition(app.db, node.id, q.stream, q.file);
    const pending = position.pending;
    let offset = position.offset;
    if (pending) {
      const loaded = (await nodeRowCount(app.traffic, node.name, pending.from, pending.to)) >= pending.base + pending.rows;
      offset = loaded ? pending.end : offset;
      await settleOffset(app.db, key, offset);
    }
    if (q.offset !== offset) return { status: 409, reply: { offset, accepted: 0, rejected: 0 } };
    let text: Buffer;
    try {
      text = body.length ? zlib.gunzipSync(body) : Buffer.alloc(0);
    } catch {
      throw new PortalError('400', 'edgeBadLogPart', 400);
    }
    // whole lines only: a trailing piece without its line end is sent again with the next part
    const whole = text.subarray(0, text.lastIndexOf(10) + 1);
    const lines = whole
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim());
    const parsed = lines.map((l) => {
      try {
        return JSON.parse(l) as EdgeAccessLine;
      } catch {
        return null;
      }
    });
    const hosts = [...new Set(parsed.flatMap((l) => (l && typeof l.host === 'string' ? [hostName(l.host)] : [])))];
    const candidates = hosts.flatMap((h) => [h, `*.${h.split('.').slice(1).join('.')}`]);
    const owners = new Map((await domainOwners(app.db, candidates)).map((d) => [d.name, d]));
    const ownerOf = (host: string) => owners.get(host) ?? owners.get(`*.${host.split('.').slice(1).join('.')}`);
    let rejected = 0;
    const rows: Array<Record<string, unknown>> = [];
    for (const line of parsed) {
      if (line && line.internal === '1') continue;
      const owner = line && typeof line.host === 'string' ? ownerOf(hostName(line.host)) : undefined;
      const row = line && owner ? accessRow(line, owner, node.name) : null;
      if (row) rows.push(row);
      else rejected++;
    }
    const end = offset + whole.length;
    if (rows.length) {
      const times = rows.map((r) => Date.parse(`${String(r.ts).replace(' ', 'T')}Z`));
      const from = new Date(Math.min(...times));
      const to = new Date(Math.max(...times));
      const base = await nodeRowCount(app.traffic, node.name, from, to);
      await markPending(app.db, key, { end, base, rows: rows.length, from, to });
      const data = Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      const report = await ingestRecords(
        app.traffic,
        ACCESS_LOGS,
        (async function* () {
          yield data;
        })(),
        {
          tmpDir: path.join(app.config.dataDir, 'tmp', 'edge-logs'),
          maxErrors: rows.length,
        },
      );
      rejected += report.rejected;
      // rows are checked here as the store checks them (accessRow), so it takes them all; were one refused, a
      // part left pending would be loaded again: said loudly
      if (report.rejected)
        app.log.error({ node: node.name, file: q.file, rejected: report.rejected }, 'edge log rows refused by the traffic store');
      await settleOffset(app.db, key, end);
      return { status: 200, reply: { offset: end, accepted: report.rows, rejected } };
    }
    await settleOffset(app.db, key, end);
    return { status: 200, reply: { offset: end, accepted: 0, rejected } };
  } finally {
    await releaseNodeLogs(app.db, node.id);
  }
}
