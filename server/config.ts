import path from 'node:path';

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
  /** Where analysis queries read (PORTAL_ANALYSIS_SOURCE): auto = base table for small scopes, rollups for large; rollups = always where they can (tests compare both). */
  analysisSource: 'auto' | 'rollups';
  /** Purge and prefetch (issue #16): daily quotas, directory purge switch, edge delay scale (PORTAL_EDGE_DELAY_SCALE), HTTP edge (PORTAL_EDGE_URL). */
  purge: { urlQuota: number; dirQuota: number; prefetchQuota: number; dirEnabled: boolean; edgeDelayScale: number; edgeUrl?: string };
  /** Days the audit log keeps its rows (PORTAL_AUDIT_RETENTION_DAYS, issue #22). */
  auditRetentionDays: number;
  /** Load (issue #22): seconds an analysis answer is shared by identical questions of one scope (PORTAL_ANSWER_CACHE_SECONDS, 0 = off). */
  answerCacheSeconds: number;
  /** Load (issue #22): traffic-engine statements at once and waiting (PORTAL_TRAFFIC_CONCURRENCY, 0 = no limit; PORTAL_TRAFFIC_QUEUE). */
  trafficQueue: { concurrency: number; maxQueued: number };
  /** Load (issue #22): threads one traffic-engine statement may use (PORTAL_TRAFFIC_THREADS, 0 = the engine's default: all cores). */
  trafficThreads: number;
}

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
    purge: { urlQuota: Number(env.PORTAL_PURGE_URL_QUOTA ?? 10000), dirQuota: Number(env.PORTAL_PURGE_DIR_QUOTA ?? 100), prefetchQuota: Number(env.PORTAL_PREFETCH_QUOTA ?? 1000), dirEnabled: env.PORTAL_DIR_PURGE !== '0', edgeDelayScale: Number(env.PORTAL_EDGE_DELAY_SCALE ?? 1), edgeUrl: env.PORTAL_EDGE_URL || undefined },
    auditRetentionDays: Math.max(1, Number(env.PORTAL_AUDIT_RETENTION_DAYS ?? 180) || 180),
    answerCacheSeconds: Number(env.PORTAL_ANSWER_CACHE_SECONDS ?? 5),
    trafficQueue: { concurrency: Number(env.PORTAL_TRAFFIC_CONCURRENCY ?? 2), maxQueued: Number(env.PORTAL_TRAFFIC_QUEUE ?? 200) },
    trafficThreads: Math.max(0, Math.floor(Number(env.PORTAL_TRAFFIC_THREADS ?? 0)) || 0),
  };
}
