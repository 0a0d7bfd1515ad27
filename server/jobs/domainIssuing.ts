import type { Job } from './index';
import { periodic } from './periodic';
import { completeDueIssuing } from '../stores/config/domains';
import { issueDelayMs } from '../services/domains';

/**
 * Completes domain configuration issuing: a configuring domain becomes configured once its due time
 * (stored with the domain, so a restart loses nothing) has passed. Polls often enough that the
 * list shows the change within a fraction of the issue delay.
 */
export const domainIssuingJob: Job = (app) => {
  const pollMs = Math.max(100, Math.min(1000, Math.floor(issueDelayMs() / 3) || 100));
  return periodic(app, {
    everyMs: pollMs,
    failure: 'domain issuing tick failed',
    run: async () => {
      const names = await completeDueIssuing(app.db);
      if (names.length) app.log.info({ domains: names.slice(0, 20), count: names.length }, 'domain configuration issued');
    },
  });
};
