import type { FastifyInstance } from 'fastify';

export interface PeriodicOptions {
  everyMs: number;
  /** first run this long after start (default: after one interval) */
  firstAfterMs?: number;
  /** the work of one tick */
  run: () => Promise<void>;
  /** log message of a failed tick, and its level (default warn) */
  failure: string;
  failureLevel?: 'warn' | 'error';
}

/**
 * Poll interval of the jobs that complete issued changes (domains, websites, IP protection): often enough that
 * a list shows the change within a fraction of the issue delay (PORTAL_ISSUE_DELAY_MS), at most every second.
 */
export const issuePollMs = (app: FastifyInstance) => Math.max(100, Math.min(1000, Math.floor(app.config.issueDelayMs / 3) || 100));

/**
 * The loop every background job shares: a tick at a fixed interval, never two at once, failures
 * logged (not after stop), timers that do not keep the process alive. Returns the stop function.
 */
export function periodic(app: FastifyInstance, opts: PeriodicOptions): () => Promise<void> {
  // The tick in flight, so that stopping waits for it: the stores close after the jobs, never under a
  // transaction of theirs.
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    try {
      await opts.run();
    } catch (err) {
      if (!stopped) app.log[opts.failureLevel ?? 'warn']({ err }, opts.failure);
    } finally {
      running = null;
    }
  };
  const tick = async () => {
    if (running || stopped) return;
    running = run();
    await running;
  };
  const first = opts.firstAfterMs !== undefined ? setTimeout(() => void tick(), opts.firstAfterMs) : null;
  const timer = setInterval(() => void tick(), opts.everyMs);
  first?.unref();
  timer.unref();
  return async () => {
    stopped = true;
    if (first) clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
