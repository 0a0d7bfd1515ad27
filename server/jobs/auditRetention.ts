import type { FastifyInstance } from 'fastify';
import type { Job } from './index';
import { periodic } from './periodic';
import { pruneAudit } from '../stores/config/audit';

/** How often old audit rows are removed (and once a minute after start). */
export const AUDIT_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Removes audit rows older than the retention (PORTAL_AUDIT_RETENTION_DAYS, default 180); returns how many. */
export async function runAuditRetention(app: FastifyInstance): Promise<number> {
  return pruneAudit(app.db, app.config.auditRetentionDays);
}

export const auditRetentionJob: Job = (app) =>
  periodic(app, {
    everyMs: AUDIT_PRUNE_INTERVAL_MS,
    firstAfterMs: 60_000,
    run: async () => {
      const removed = await runAuditRetention(app);
      if (removed) app.log.info({ removed }, 'audit log: old rows removed');
    },
    failure: 'audit retention failed',
  });
