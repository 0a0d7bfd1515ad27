import type { TestProject } from 'vitest/node';
import { seedTemplate, withServer } from './globalSetup';
import { startClickhouseServer } from './clickhouseServer';

/** 'server-ch': the traffic tests with the traffic store on a ClickHouse server (CLICKHOUSE_URL). */
export default (project: TestProject) => withServer(startClickhouseServer, (server) => seedTemplate(project, { clickhouseUrl: server.url }));
