import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const SERVER = {
  include: ['tests/server/**/*.test.ts'],
  environment: 'node',
  pool: 'forks' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * Five projects, all run by `npm test`:
 * unit (pure logic), server (routes through app.inject() on the real embedded stores, one process
 * per file because chDB is a per-process engine), server-pg (the same on a PostgreSQL server), ui (testing-library in jsdom), e2e (Chromium against
 * the built app and a real server started once in tests/e2e/globalSetup.ts).
 */
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'server', ...SERVER, globalSetup: ['tests/server/globalSetup.ts'] } },
      // The same tests with the configuration store on a real PostgreSQL server (DATABASE_URL).
      { extends: true, test: { name: 'server-pg', ...SERVER, globalSetup: ['tests/server/globalSetupPg.ts'] } },
      {
        extends: true,
        plugins: [react()],
        test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/ui/setup.ts'], testTimeout: 30_000 },
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
