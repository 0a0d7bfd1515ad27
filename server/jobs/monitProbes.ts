import type { Job } from './index';
import { periodic } from './periodic';
import { probeTick } from '../lib/availabilityProbe';

/**
 * Availability probes of cloud monitoring (issue #20): every PORTAL_MONIT_PROBE_MS (default one
 * minute; 0 switches the job off, as the server tests do to drive it with a fake clock) the domains
 * of the enabled availability rules are probed (server/lib/availabilityProbe.ts), each probe with
 * the time-out PORTAL_MONIT_PROBE_TIMEOUT_MS. A target's slot is claimed in the config store first,
 * so a restart or a second worker never probes it twice in the same minute.
 */
export const monitProbesJob: Job = (app) => {
  const settings = app.config.monit.probe;
  if (settings.intervalMs <= 0) return () => undefined;
  return periodic(app, {
    everyMs: settings.intervalMs,
    firstAfterMs: Math.min(settings.intervalMs, 15_000),
    failure: 'monit availability probe tick failed',
    run: async () => void (await probeTick(app, new Date(), settings)),
  });
};
