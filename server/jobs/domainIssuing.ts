import type { Job } from './index';
import { issuePollMs, periodic } from './periodic';
import { completeDueIssuing } from '../stores/config/domains';

/**
 * Completes domain configuration issuing: a configuring domain becomes configured once its due time
 * (stored with the domain, so a restart loses nothing) has passed. Polls often enough that the
 * list shows the change within a fraction of the issue delay.
 */
export const domainIssuingJob: Job = (app) => {
  return periodic(app, {
    everyMs: issuePollMs(app),
    failure: 'domain issuing tick failed',
    run: async () => {
      const names = await completeDueIssuing(app.db);
      if (names.length) app.log.info({ domains: names.slice(0, 20), count: names.length }, 'domain configuration issued');
    },
  });
};
