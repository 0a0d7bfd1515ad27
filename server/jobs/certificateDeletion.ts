import type { FastifyInstance } from 'fastify';
import type { Job } from './index';
import { periodic } from './periodic';
import { failDeletion, finishDeletion, pendingDeletions, purgeDeleted } from '../stores/config/certificates';
import { httpsDomainsUsing, removeBindings } from '../stores/config/certificatesDomains';

/** How often the job looks for requested deletions. */
export const DELETION_INTERVAL_MS = 2_000;
/** A request waits this long first, so the deleting state is real and visible (like removal from the edge). */
export const DELETION_DELAY_MS = 1_000;

/**
 * Finishes requested certificate deletions (state 2): if a domain with HTTPS on uses the certificate
 * by now, the deletion fails (state 3, with the domains in the log); otherwise its bindings are
 * removed, its key material wiped and it is marked deleted (state 1). Returns how many it handled.
 */
export async function runCertificateDeletions(app: FastifyInstance, minAgeMs = DELETION_DELAY_MS): Promise<number> {
  const ids = await pendingDeletions(app.db, minAgeMs);
  for (const id of ids) {
    const at = new Date().toISOString();
    try {
      await app.db.transaction(async (tx) => {
        const https = await httpsDomainsUsing(tx, id);
        if (https.length) {
          await failDeletion(tx, id, { key: 'certificateDeleteFailedHttps', domains: https.map((d) => d.name), at });
          return;
        }
        const unbound = await removeBindings(tx, id);
        await finishDeletion(tx, id, { key: 'certificateDeleteDone', domains: unbound, at });
      });
    } catch (err) {
      app.log.error({ err, certificate: id }, 'certificate deletion failed');
    }
  }
  await purgeDeleted(app.db);
  return ids.length;
}

export const certificateDeletionJob: Job = (app) =>
  periodic(app, {
    everyMs: DELETION_INTERVAL_MS,
    failure: 'certificate deletion job',
    failureLevel: 'error',
    run: async () => {
      await runCertificateDeletions(app);
    },
  });
