import type { TestProject } from 'vitest/node';
import { seedTemplate } from './globalSetup';
import { startClickhouseServer } from './clickhouseServer';

/** 'server-ch': the traffic tests with the traffic store on a ClickHouse server (CLICKHOUSE_URL). */
export default async function setup(project: TestProject) {
  const server = await startClickhouseServer();
  try {
    const teardown = await seedTemplate(project);
    project.provide('clickhouseUrl', server.url);
    return async () => {
      await teardown();
      server.stop();
    };
  } catch (err) {
    server.stop();
    throw err;
  }
}
