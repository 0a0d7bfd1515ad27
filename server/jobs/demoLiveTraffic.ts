import type { Job } from './index';
import { periodic } from './periodic';
import { topUpDemoTraffic } from '../demo/liveTraffic';
import { topUpDemoHostMetrics } from '../demo/hosts';

/**
 * Demo mode only: every minute, extends the demo traffic (and the demo hosts' utilisation) to the
 * present so that overview, lines, real-time analysis and the host curves keep showing current figures. Server tests
 * turn it off (PORTAL_DEMO_LIVE=0: they need fixed data); the browser tests keep it, so a run that crosses midnight
 * still finds today's traffic.
 */
export const demoLiveTrafficJob: Job = (app) => {
  if (!app.config.demo || !app.config.demoLive) return () => undefined;
  return periodic(app, {
    everyMs: 60_000,
    firstAfterMs: 5_000,
    failure: 'demo traffic top-up failed',
    run: async () => {
      const result = await topUpDemoTraffic(app.traffic, app.db, app.config.demoTrafficScale);
      if (result.rows || result.lineSamples) app.log.info(result, 'demo traffic extended');
      const hostMinutes = await topUpDemoHostMetrics(app.traffic);
      if (hostMinutes) app.log.info({ minutes: hostMinutes }, 'demo host utilisation extended');
    },
  });
};
