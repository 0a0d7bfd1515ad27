import type { Job } from './index';
import { issuePollMs, periodic } from './periodic';
import { completeDueWebsiteIssuing } from '../stores/config/websites';

/**
 * Completes website protection issuing (issue #18): a configuring website becomes configured, a
 * configuring rule configured (or disabled), once its stored due time has passed. The due time is
 * in the config store and the claim is one UPDATE … RETURNING, so a restart continues and two
 * processes never complete the same change twice. Same delay as domains (PORTAL_ISSUE_DELAY_MS).
 */
export const websiteIssuingJob: Job = (app) => {
  return periodic(app, {
    everyMs: issuePollMs(app),
    failure: 'website issuing tick failed',
    run: async () => {
      const done = await completeDueWebsiteIssuing(app.db);
      if (!done.websites.length && !done.rules.length) return;
      app.log.info({ websites: done.websites.slice(0, 20), rules: done.rules.slice(0, 20) }, 'website protection issued');
    },
  });
};
