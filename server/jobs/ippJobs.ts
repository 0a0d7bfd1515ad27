import type { Job } from './index';
import { issuePollMs, periodic } from './periodic';
import { advanceDueIpp } from '../stores/config/ipProtection';
import { runIppDetector } from '../lib/ippDetector';
import { topUpDemoIppTraffic } from '../demo/ipp';

/**
 * IP protection (issue #19): (1) the entries' timed steps — toBeConfirmed → configuring →
 * configured, disabling → disabled — whose due times are stored with the entries, so a restart
 * loses nothing; (2) every minute the attack detector over the last 7 days of samples (demo mode
 * first extends the demo samples to the present, unless PORTAL_DEMO_LIVE=0).
 */
export const ippJob: Job = (app) => {
  const stopSteps = periodic(app, {
    everyMs: issuePollMs(app),
    failure: 'ip protection step failed',
    run: async () => {
      const ids = await advanceDueIpp(app.db, app.config.issueDelayMs);
      if (ids.length) app.log.info({ ids: ids.slice(0, 20), count: ids.length }, 'ip protection entries moved on');
    },
  });
  // The detector's interval (PORTAL_IPP_DETECTOR_MS; 0 = off, for benchmarks of the queries alone)
  const detectorMs = app.config.ippDetectorMs;
  const stopDetector =
    detectorMs <= 0
      ? async () => {}
      : periodic(app, {
          everyMs: detectorMs,
          firstAfterMs: 10_000,
          failure: 'ip protection detector failed',
          run: async () => {
            if (app.config.demo && app.config.demoLive) await topUpDemoIppTraffic(app.traffic, app.db);
            await runIppDetector(app.db, app.traffic);
          },
        });
  return async () => {
    await Promise.all([stopSteps(), stopDetector()]);
  };
};
