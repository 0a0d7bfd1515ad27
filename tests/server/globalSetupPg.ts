import type { TestProject } from 'vitest/node';
import { seedTemplate } from './globalSetup';
import { startPgServer } from './pgServer';

/** 'server-pg': the server tests on a real PostgreSQL server (DATABASE_URL) instead of PGlite. */
export default async function setup(project: TestProject) {
  const server = await startPgServer();
  try {
    const teardown = await seedTemplate(project, server.adminUrl);
    return async () => {
      await teardown();
      server.stop();
    };
  } catch (err) {
    server.stop();
    throw err;
  }
}
