/**
 * The edge protocol (issue #33, docs/edge.md): what an edge node (edge/, `npm run edge`) and the
 * portal (server/routes/edgeapi/edge/) say to each other. Every call is JSON over HTTP, signed as
 * common/rules/edge.ts says; the node always calls the portal, never the other way round.
 */
import type { DomainConfig, DomainStatus } from './domains';

/** The portal's prefix of every edge call. */
export const EDGE_API = '/edgeapi/v1';

/** POST {EDGE_API}/register, signed with the registration token (PORTAL_EDGE_TOKEN = EDGE_TOKEN). */
export interface EdgeRegisterRequest {
  /** EDGE_NAME: unique per node; registering the same name again rotates its secret */
  name: string;
  /** agent and nginx versions, for the operator */
  version: string;
  /** where the node serves: EDGE_LISTEN, EDGE_TLS_LISTEN */
  listen: string;
  tlsListen: string;
}
export interface EdgeRegisterReply {
  nodeId: number;
  /** the node's own secret: signs every later call (never the registration token again) */
  secret: string;
}

/** One accelerated domain as a node serves it: the stored configuration, untouched. */
export interface EdgeDomain {
  name: string;
  account: string;
  /** 'off' answers 403 'domain disabled', 'freeze' 403 'domain frozen'; neither reaches the origin */
  status: DomainStatus;
  /** the domain's own revision: a node reports what it applied per domain */
  version: number;
  config: DomainConfig;
  /** the bound certificate's id (see EdgeConfig.certificates), when HTTPS is on */
  certificateId?: number;
}

/** A certificate for the node: the key is sealed to the node's secret (common/rules/edge.ts, sealKey). */
export interface EdgeCertificate {
  id: number;
  certPem: string;
  /** AES-256-GCM under a key derived from the node's secret: iv.tag.ciphertext, base64url */
  sealedKey: string;
}

/** GET {EDGE_API}/config?revision=N: 200 with the whole configuration, or 204 when N is current. */
export interface EdgeConfig {
  /** grows with every change of any domain or certificate */
  revision: number;
  /** the portal runs with PORTAL_ALLOW_PRIVATE_ORIGINS=1: loopback and private origins are allowed */
  allowPrivateOrigins: boolean;
  /** the portal runs the demo data (PORTAL_DEMO): only then may a node map the demo's origins (EDGE_DEMO_ORIGIN) */
  demo: boolean;
  domains: EdgeDomain[];
  certificates: EdgeCertificate[];
}

/** POST {EDGE_API}/applied: what the node serves after applying a revision. */
export interface EdgeAppliedRequest {
  revision: number;
  /** domains now served at the version given */
  applied: Array<{ name: string; version: number }>;
  /** domains whose configuration nginx refused (or whose origin did not resolve): the previous one keeps serving */
  failed: Array<{ name: string; version: number; message: string }>;
}

/** POST {EDGE_API}/heartbeat: every 10 s; a node silent for 60 s is offline. */
export interface EdgeHeartbeatRequest {
  revision: number;
  uptimeSeconds: number;
}

export type EdgeJobKind = 'url' | 'dir' | 'prefetch';
/** One URL of a purge or prefetch task, for one node. */
export interface EdgeJob {
  /** the task URL's id (purge area) */
  id: number;
  taskId: number;
  kind: EdgeJobKind;
  url: string;
  domain: string;
  /** ms since epoch: a copy stored before this instant must be gone for the purge to be verified */
  submittedAt: number;
}
/** GET {EDGE_API}/jobs: the node's open jobs (leased to it; handed again after 60 s without a result). */
export interface EdgeJobsReply {
  jobs: EdgeJob[];
}

export interface EdgeJobResult {
  id: number;
  /** purge: verified = no copy stored before the purge remains; prefetch: verified = now cached */
  status: 'verified' | 'failed';
  reason?: string;
  /** prefetch: the origin's answer through the node's cache */
  httpStatus?: number;
  bytes?: number;
  elapsedMs?: number;
  /** directory purge: cached objects evicted under the prefix */
  evicted?: number;
}
/** POST {EDGE_API}/results */
export interface EdgeResultsRequest {
  results: EdgeJobResult[];
}

export type EdgeLogStream = 'access' | 'security';
/**
 * POST {EDGE_API}/logs?stream=access|security&file=F&offset=O, body: gzip of whole JSON lines of the
 * node's log file F from byte O. The portal accepts a part only at the offset it holds for (node,
 * stream, file) and answers the offset it now holds; a part at another offset is answered 409 with
 * the held offset (the agent resumes from there): nothing is lost or counted twice.
 */
export interface EdgeLogsReply {
  offset: number;
  accepted: number;
  rejected: number;
}
/** The body of a 409 answer to POST /logs: the offset the portal holds (the agent resumes from it). */
export type EdgeLogsConflict = Pick<EdgeLogsReply, 'offset'>;
/** The content type of a log part (gzip bytes, signed as sent). */
export const EDGE_LOG_CONTENT_TYPE = 'application/gzip';

/** One line of a node's access log (nginx log_format edge_json, escape=json). */
export interface EdgeAccessLine {
  /** ISO 8601 with offset ($time_iso8601) */
  time: string;
  host: string;
  client: string;
  method: string;
  uri: string;
  status: number;
  bytes: number;
  requestTime: number;
  /** $upstream_cache_status: HIT, MISS, EXPIRED, BYPASS, … ('' when nothing was proxied) */
  cache: string;
  referer: string;
  agent: string;
  /** '1' for the agent's own requests (prefetch, verification): never counted */
  internal: string;
}

/** The node list of the operator's view and the domain screens' notice. */
export interface EdgeNodeSummary {
  id: number;
  name: string;
  state: 'registered' | 'ready' | 'offline';
  revision: number;
  lastSeen: number | null;
}
