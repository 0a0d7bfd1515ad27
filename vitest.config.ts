import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const SERVER = {
  include: ['tests/server/**/*.test.ts'],
  environment: 'node',
  pool: 'forks' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

const CLICKHOUSE_TESTS = [
  'trafficAnalysis',
  'trafficAnalysisAccess',
  'trafficBill',
  'trafficAnalysisProvider',
  'trafficAnalysisPlan',
  'trafficStore',
  'trafficRollupCompaction',
  'trafficLogs',
  'trafficLines',
  'trafficLive',
].map((name) => `tests/server/${name}.test.ts`);

/** Traffic-engine tests that read and write nothing of the config store but the demo users. */
const TRAFFIC_ENGINE_TESTS = [
  'trafficAnalysis',
  'trafficAnalysisPlan',
  'trafficAnalysisProvider',
  'trafficStore',
  'trafficRollupCompaction',
].map((name) => `tests/server/${name}.test.ts`);

/**
 * Seven projects, all run by `npm test`:
 * unit (pure logic), server (routes through app.inject() on the real embedded stores, one process
 * per file because chDB is a per-process engine), server-pg (the same on a PostgreSQL server),
 * server-ch (the traffic tests over the ClickHouse HTTP interface), ui (testing-library in jsdom), edge (the edge agent with nginx), e2e
 * (Chromium against the built app and a real server started once in tests/e2e/globalSetup.ts).
 */
export default defineConfig({
  test: {
    // Two files at a time on the machine's two cores: a server file waits on its jobs and stores
    // much of the time, so two overlap well (the e2e and server-ch files still run one at a time,
    // after the others: each project shares one server among its files).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'server', ...SERVER, globalSetup: ['tests/server/globalSetup.ts'] } },
      // The same tests with the configuration store on a real PostgreSQL server (DATABASE_URL), but
      // for those whose subject is the traffic engine alone (their config store holds only the demo users).
      {
        extends: true,
        test: { name: 'server-pg', ...SERVER, exclude: TRAFFIC_ENGINE_TESTS, globalSetup: ['tests/server/globalSetupPg.ts'] },
      },
      // The traffic tests, with the traffic store on a ClickHouse server
      // (CLICKHOUSE_URL; tests/server/fakeClickhouse.ts). One file at a time: they share its database.
      {
        extends: true,
        test: {
          name: 'server-ch',
          ...SERVER,
          include: CLICKHOUSE_TESTS,
          fileParallelism: false,
          globalSetup: ['tests/server/globalSetupCh.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 30_000,
        },
      },
      // The edge node (issue #33): the agent and Debian's nginx, one file at a time (each starts its nginx);
      // skipped with a printed reason when nginx is not installed.
      {
        extends: true,
        test: {
          name: 'edge',
          include: ['tests/edge/**/*.test.ts'],
          environment: 'node',
          // tests/edge/edge.test.ts runs the real portal on the demo data (the run's shared template)
          globalSetup: ['tests/server/globalSetup.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
