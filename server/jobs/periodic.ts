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
 * The loop every background job shares: a tick at a fixed interval, never two at once, failures
 * logged (not after stop), timers that do not keep the process alive. Returns the stop function.
 */
export function periodic(app: FastifyInstance, opts: PeriodicOptions): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await opts.run();
    } catch (err) {
      if (!stopped) app.log[opts.failureLevel ?? 'warn']({ err }, opts.failure);
    } finally {
      running = false;
    }
  };
  const first = opts.firstAfterMs !== undefined ? setTimeout(() => void tick(), opts.firstAfterMs) : null;
  const timer = setInterval(() => void tick(), opts.everyMs);
  first?.unref();
  timer.unref();
  return () => {
    stopped = true;
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}
