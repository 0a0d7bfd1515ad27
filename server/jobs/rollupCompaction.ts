import type { Job } from './index';
import { compactClosedPartitions } from '../stores/traffic/compaction';

const INTERVAL_MS = 3_600_000;

/**
 * Every hour (and a minute after start), merges each closed rollup partition into one part
 * (server/stores/traffic/compaction.ts). Off under the test runner, which calls it directly.
 */
export const rollupCompactionJob: Job = (app) => {
  if (process.env.VITEST) return () => undefined;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const result = await compactClosedPartitions(app.traffic);
      if (result.partitions) app.log.info(result, 'closed rollup partitions compacted');
    } catch (err) {
      if (!stopped) app.log.warn({ err }, 'rollup compaction failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 60_000);
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
};
