import type { Job } from './index';
import { periodic } from './periodic';
import { deliverDue, evaluateRules } from '../services/monitoring';

/**
 * Cloud monitoring (issue #20): evaluates the enabled alert rules every minute
 * (PORTAL_MONIT_TICK_MS; 0 switches the job off, as the server tests do to drive it with a fake
 * clock) and delivers the notification outbox every few seconds (PORTAL_MONIT_OUTBOX_MS).
 * Both are restart-safe: state and outbox live in the config store (server/services/monitoring.ts).
 */
export const monitAlertsJob: Job = (app) => {
  const { tickMs, outboxMs } = app.config.monit;
  if (tickMs <= 0) return () => undefined;
  const stopEval = periodic(app, {
    everyMs: tickMs,
    firstAfterMs: Math.min(tickMs, 10_000),
    failure: 'monit evaluation tick failed',
    run: async () => void (await evaluateRules(app)),
  });
  const stopOutbox = periodic(app, {
    everyMs: outboxMs,
    failure: 'monit outbox tick failed',
    run: async () => void (await deliverDue(app)),
  });
  return async () => {
    await Promise.all([stopEval(), stopOutbox()]);
  };
};
