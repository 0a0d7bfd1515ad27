import type { Job } from './index';
import { periodic } from './periodic';
import { compactClosedPartitions } from '../stores/traffic/compaction';

/**
 * Every hour (and a minute after start), merges each closed rollup partition into one part
 * (server/stores/traffic/compaction.ts). Off under the test runner, which calls it directly.
 */
export const rollupCompactionJob: Job = (app) => {
  if (process.env.VITEST) return () => undefined;
  return periodic(app, {
    everyMs: 3_600_000,
    firstAfterMs: 60_000,
    failure: 'rollup compaction failed',
    run: async () => {
      const result = await compactClosedPartitions(app.traffic);
      if (result.partitions) app.log.info(result, 'closed rollup partitions compacted');
    },
  });
};
