import type { Job } from './index';
import { issuePollMs, periodic } from './periodic';
import { completeDueIssuing } from '../stores/config/domains';
import { dropExpiredNonces, hasEdgeNodes } from '../stores/config/edgeNodes';
import { edgeNow, settleEdgeDomains } from '../services/edge';

/**
 * Completes domain configuration issuing. Without edge nodes (the demo, the embedded edge): a
 * configuring domain becomes configured once its due time (stored with the domain, so a restart loses
 * nothing) has passed. With registered nodes (issue #33) what they applied decides (server/services/edge.ts),
 * also when a node goes silent. Polls often enough that the list shows the change within a fraction of the issue delay.
 */
export const domainIssuingJob: Job = (app) => {
  return periodic(app, {
    everyMs: issuePollMs(app),
    failure: 'domain issuing tick failed',
    run: async () => {
      if (await hasEdgeNodes(app.db)) {
        await settleEdgeDomains(app);
        await dropExpiredNonces(app.db, edgeNow(app.config));
        return;
      }
      const names = await completeDueIssuing(app.db);
      if (names.length) app.log.info({ domains: names.slice(0, 20), count: names.length }, 'domain configuration issued');
    },
  });
};
