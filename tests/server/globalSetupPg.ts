import type { TestProject } from 'vitest/node';
import { seedTemplate, withServer } from './globalSetup';
import { startPgServer } from './pgServer';

/** 'server-pg': the server tests on a real PostgreSQL server (DATABASE_URL) instead of PGlite. */
export default (project: TestProject) => withServer(startPgServer, (server) => seedTemplate(project, { admin: server.adminUrl }));
