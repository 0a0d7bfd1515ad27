import path from 'node:path';
import type { ProbeSettings } from './lib/availabilityProbe';

/** Everything the server reads from the environment, in one place. */
export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  demo: boolean;
  /** Demo mode keeps extending the demo traffic to the present (PORTAL_DEMO_LIVE=0 turns it off). */
  demoLive: boolean;
  cipherKey: string;
  databaseUrl?: string;
  clickhouseUrl?: string;
  /** Idle time after which a session ends, in seconds. */
  sessionIdleSeconds: number;
  /** Directory of the built SPA (vite build output). */
  staticDir: string;
  /** Token that log shippers send to the ingest endpoint (provider staff). */
  ingestToken?: string;
  /** Allow origin probes to private addresses (tests, lab setups). */
  allowPrivateOrigins: boolean;
  logLevel: string;
  /**
   * Where analysis queries read (PORTAL_ANALYSIS_SOURCE): auto = base table for small scopes, rollups for large;
   * rollups = always where they can (tests compare both).
   */
  analysisSource: 'auto' | 'rollups';
  /**
   * Purge and prefetch (issue #16): daily quotas (PORTAL_PURGE_URL_QUOTA, PORTAL_PURGE_DIR_QUOTA, PORTAL_PREFETCH_QUOTA), directory
   * purge switch (PORTAL_DIR_PURGE), edge delay scale (PORTAL_EDGE_DELAY_SCALE), HTTP edge (PORTAL_EDGE_URL).
   */
  purge: {
    urlQuota: number;
    dirQuota: number;
    prefetchQuota: number;
    dirEnabled: boolean;
    edgeDelayScale: number;
    edgeUrl?: string;
    /** The clock of submissions and quotas (tests set a time: the quota reset at the account's midnight). */
    now?: () => Date;
  };
  /** Days the audit log keeps its rows (PORTAL_AUDIT_RETENTION_DAYS, issue #22). */
  auditRetentionDays: number;
  /** Load (issue #22): seconds an analysis answer is shared by identical questions of one scope (PORTAL_ANSWER_CACHE_SECONDS, 0 = off). */
  answerCacheSeconds: number;
  /** Load (issue #22): traffic-engine statements at once and waiting (PORTAL_TRAFFIC_CONCURRENCY, 0 = no limit; PORTAL_TRAFFIC_QUEUE). */
  trafficQueue: { concurrency: number; maxQueued: number };
  /** Load (issue #22): threads one traffic-engine statement may use (PORTAL_TRAFFIC_THREADS, 0 = the engine's default: all cores). */
  trafficThreads: number;
  /** Time issuing a change to the edges takes, in ms (PORTAL_ISSUE_DELAY_MS, default 3 s): domains, websites, rules, IP protection. */
  issueDelayMs: number;
  /** Scale of the demo traffic (PORTAL_DEMO_TRAFFIC_SCALE; default 1, DEMO_TEST_SCALE under the test runner: VITEST set). */
  demoTrafficScale: number;
  /** Secret of the certificate private keys at rest (PORTAL_KEY_SECRET; default the cipher key): server/lib/keyVault.ts. */
  keySecret: string;
  /** The provider's zone of the addresses customers point their DNS at (PORTAL_EDGE_ZONE, default w.cdnportal.net). */
  edgeZone: string;
  /** Time-out of a website's origin check, in ms (PORTAL_CHECK_TIMEOUT_MS, default 3 s; issue #18). */
  checkTimeoutMs: number;
  /**
   * Website ownership proofs (issue #35, docs/websites.md): the DNS servers the TXT record and the file method's
   * addresses are asked of (PORTAL_PROOF_DNS_SERVERS, comma-separated ip or ip:port; empty = the system's), and
   * names the file method connects to at a fixed address instead of resolving them (PORTAL_PROOF_HOSTS,
   * 'name=ip:port,...'; labs and tests: such an address is trusted even when private).
   */
  ownershipProof: { dnsServers: string[]; hosts: Record<string, string> };
  /** IP protection (issue #19): the attack detector's interval in ms (PORTAL_IPP_DETECTOR_MS, default 1 min; 0 = off, for benchmarks). */
  ippDetectorMs: number;
  /** IP protection's outbound actions (issue #35, docs/ipProtection.md). */
  ipp: IppLimits;
  /** Cloud monitoring (issue #20, docs/monitoring.md). */
  monit: MonitConfig;
  /** Real edge nodes (issue #33, docs/edge.md). */
  edge: EdgeNodesConfig;
}

/** Edge nodes' side of the portal (docs/edge.md, "Edge nodes (portal side)"). */
export interface EdgeNodesConfig {
  /** The registration token nodes sign their registration with (PORTAL_EDGE_TOKEN = EDGE_TOKEN); unset: registration refused. */
  token?: string;
  /** The clock of signatures, liveness and leases in ms (tests move it; default Date.now). */
  now?: () => number;
}

/** Scale of the demo traffic under the test runner when PORTAL_DEMO_TRAFFIC_SCALE is not set: keeps the suite fast. */
export const DEMO_TEST_SCALE = 0.05;

/**
 * Port checks and ownership proofs of protected IPs: at most `perAccount` per tenant (a main account
 * with its sub-accounts) and `perTarget` per origin IP (all tenants) within `windowSeconds`
 * (PORTAL_IPP_CHECK_WINDOW_SECONDS, default 3600; PORTAL_IPP_CHECKS_PER_ACCOUNT, default 30;
 * PORTAL_IPP_CHECKS_PER_TARGET, default 6); the port a proof file is fetched from (PORTAL_IPP_PROOF_PORT, default 80).
 */
export interface IppLimits {
  windowSeconds: number;
  perAccount: number;
  perTarget: number;
  proofPort: number;
}

/** Timing of alert evaluation and delivery. */
export interface MonitTiming {
  /** seconds after a period's end before it is evaluated (PORTAL_MONIT_LAG_SECONDS, default 60) */
  lagSeconds: number;
  /** first retry delay of a failed delivery; doubles each time (PORTAL_MONIT_RETRY_MS, default 30 s) */
  retryMs: number;
  /** deliveries of a notice at most (PORTAL_MONIT_MAX_ATTEMPTS, default 3) */
  maxAttempts: number;
}

/** The gateways alert notices go through (server/lib/monitDelivery.ts). */
export interface MonitGateways {
  /** SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example:587) and sender (SMTP_FROM) */
  smtpUrl?: string;
  smtpFrom: string;
  /** SMS gateway (SMS_URL) and its bearer token (SMS_TOKEN) */
  smsUrl?: string;
  smsToken?: string;
  /** key of the webhooks' HMAC signature (MONIT_WEBHOOK_SECRET, default the cipher key) */
  webhookSecret: string;
  /** time-out of one delivery in ms (PORTAL_MONIT_DELIVERY_TIMEOUT_MS, default 5 s) */
  timeoutMs: number;
}

export interface MonitConfig {
  /** alert evaluation interval in ms (PORTAL_MONIT_TICK_MS, default 1 min; 0 switches the job off, as tests with a fake clock do) */
  tickMs: number;
  /** outbox delivery interval in ms (PORTAL_MONIT_OUTBOX_MS, default 5 s) */
  outboxMs: number;
  timing: MonitTiming;
  /** availability probes: PORTAL_MONIT_PROBE_MS (0 = off), PORTAL_MONIT_PROBE_TIMEOUT_MS, PORTAL_MONIT_PROBE_LOCATION (country,city,isp) */
  probe: ProbeSettings;
  delivery: MonitGateways;
}

/** A number setting: the fallback when unset, not a finite number or refused by `ok` (default: not negative). */
function finite(value: string | undefined, fallback: number, ok = (v: number) => v >= 0): number {
  const v = Number(value ?? fallback);
  return Number.isFinite(v) && ok(v) ? v : fallback;
}

/** A comma-separated list setting, blanks left out. */
const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const key = env.PORTAL_CIPHER_KEY ?? 'CdnPortalKey2026';
  if (key.length !== 16) throw new Error('PORTAL_CIPHER_KEY must be exactly 16 characters');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.PORTAL_DATA_DIR ?? './data'),
    demo: env.PORTAL_DEMO !== '0',
    demoLive: env.PORTAL_DEMO_LIVE !== '0',
    cipherKey: key,
    databaseUrl: env.DATABASE_URL || undefined,
    clickhouseUrl: env.CLICKHOUSE_URL || undefined,
    sessionIdleSeconds: Number(env.PORTAL_SESSION_IDLE_SECONDS ?? 7200),
    staticDir: path.resolve(env.PORTAL_STATIC_DIR ?? './dist'),
    ingestToken: env.PORTAL_INGEST_TOKEN || undefined,
    allowPrivateOrigins: env.PORTAL_ALLOW_PRIVATE_ORIGINS === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    analysisSource: env.PORTAL_ANALYSIS_SOURCE === 'rollups' ? 'rollups' : 'auto',
    purge: {
      urlQuota: Number(env.PORTAL_PURGE_URL_QUOTA ?? 10000),
      dirQuota: Number(env.PORTAL_PURGE_DIR_QUOTA ?? 100),
      prefetchQuota: Number(env.PORTAL_PREFETCH_QUOTA ?? 1000),
      dirEnabled: env.PORTAL_DIR_PURGE !== '0',
      edgeDelayScale: Number(env.PORTAL_EDGE_DELAY_SCALE ?? 1),
      edgeUrl: env.PORTAL_EDGE_URL || undefined,
    },
    auditRetentionDays: Math.max(1, Number(env.PORTAL_AUDIT_RETENTION_DAYS ?? 180) || 180),
    answerCacheSeconds: Number(env.PORTAL_ANSWER_CACHE_SECONDS ?? 5),
    trafficQueue: { concurrency: Number(env.PORTAL_TRAFFIC_CONCURRENCY ?? 2), maxQueued: Number(env.PORTAL_TRAFFIC_QUEUE ?? 200) },
    trafficThreads: Math.max(0, Math.floor(Number(env.PORTAL_TRAFFIC_THREADS ?? 0)) || 0),
    issueDelayMs: finite(env.PORTAL_ISSUE_DELAY_MS, 3000),
    demoTrafficScale: finite(env.PORTAL_DEMO_TRAFFIC_SCALE, env.VITEST ? DEMO_TEST_SCALE : 1),
    keySecret: env.PORTAL_KEY_SECRET || key,
    edgeZone: env.PORTAL_EDGE_ZONE || 'w.cdnportal.net',
    checkTimeoutMs: finite(env.PORTAL_CHECK_TIMEOUT_MS, 3000, (v) => v > 0),
    ownershipProof: {
      dnsServers: list(env.PORTAL_PROOF_DNS_SERVERS),
      hosts: Object.fromEntries(
        list(env.PORTAL_PROOF_HOSTS)
          .map((pair) => pair.split('=').map((s) => s.trim()))
          .filter(([name, address]) => name && address)
          .map(([name, address]) => [name.toLowerCase(), address]),
      ),
    },
    ippDetectorMs: finite(env.PORTAL_IPP_DETECTOR_MS || undefined, 60_000, () => true),
    ipp: {
      windowSeconds: finite(env.PORTAL_IPP_CHECK_WINDOW_SECONDS, 3600, (v) => v > 0),
      perAccount: finite(env.PORTAL_IPP_CHECKS_PER_ACCOUNT, 30),
      perTarget: finite(env.PORTAL_IPP_CHECKS_PER_TARGET, 6),
      proofPort: finite(env.PORTAL_IPP_PROOF_PORT, 80, (v) => Number.isInteger(v) && v >= 1 && v <= 65535),
    },
    monit: monitFromEnv(env, key),
    edge: { token: env.PORTAL_EDGE_TOKEN || undefined },
  };
}

function monitFromEnv(env: NodeJS.ProcessEnv, cipherKey: string): MonitConfig {
  const [country = '', city = '', isp = ''] = (env.PORTAL_MONIT_PROBE_LOCATION ?? '').split(',').map((s) => s.trim());
  return {
    tickMs: Number(env.PORTAL_MONIT_TICK_MS ?? 60_000),
    outboxMs: Number(env.PORTAL_MONIT_OUTBOX_MS ?? 5000),
    timing: {
      lagSeconds: Number(env.PORTAL_MONIT_LAG_SECONDS ?? 60),
      retryMs: Number(env.PORTAL_MONIT_RETRY_MS ?? 30_000),
      maxAttempts: Number(env.PORTAL_MONIT_MAX_ATTEMPTS ?? 3),
    },
    probe: {
      intervalMs: Number(env.PORTAL_MONIT_PROBE_MS ?? 60_000),
      timeoutMs: Number(env.PORTAL_MONIT_PROBE_TIMEOUT_MS ?? 5000),
      country,
      city,
      isp,
    },
    delivery: {
      smtpUrl: env.SMTP_URL || undefined,
      smtpFrom: env.SMTP_FROM || 'CDN Portal <alerts@cdn-portal.local>',
      smsUrl: env.SMS_URL || undefined,
      smsToken: env.SMS_TOKEN || undefined,
      webhookSecret: env.MONIT_WEBHOOK_SECRET || cipherKey,
      timeoutMs: Number(env.PORTAL_MONIT_DELIVERY_TIMEOUT_MS ?? 5000),
    },
  };
}
