import type { Job } from './index';
import { topUpDemoTraffic } from '../demo/liveTraffic';
import { demoScale } from '../demo/traffic';

const INTERVAL_MS = 60_000;

/**
 * Demo mode only: every minute, extends the demo traffic to the present so that overview, lines and
 * real-time analysis keep showing current figures. Off under the test runner (tests need fixed data).
 */
export const demoLiveTrafficJob: Job = (app) => {
  if (!app.config.demo || process.env.VITEST || process.env.PORTAL_DEMO_LIVE === '0') return () => undefined;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const result = await topUpDemoTraffic(app.traffic, app.db, demoScale());
      if (result.rows || result.lineSamples) app.log.info(result, 'demo traffic extended');
    } catch (err) {
      if (!stopped) app.log.warn({ err }, 'demo traffic top-up failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
};
