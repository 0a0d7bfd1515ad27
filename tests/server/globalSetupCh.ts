import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedTemplate, withServer } from './globalSetup';
import { startClickhouseServer } from './clickhouseServer';
import { copyDir } from './copyDir';

/**
 * 'server-ch': the traffic tests with the traffic store on a ClickHouse server (CLICKHOUSE_URL).
 * The demo traffic is generated there once (tests/server/seedClickhouse.ts), on a copy of the
 * run's demo data dir, and restored into each demo app's store.
 */
export default (project: TestProject) =>
  withServer(startClickhouseServer, async (server) => {
    const teardown = await seedTemplate(project, { clickhouseUrl: server.url });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-ch-seed-'));
    try {
      await copyDir(project.getProvidedContext().demoTemplateDir, dir);
      execFileSync(process.execPath, ['--import', 'tsx', path.resolve('tests/server/seedClickhouse.ts'), dir, server.url], {
        stdio: 'inherit',
      });
    } catch (err) {
      await teardown();
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    }
    return teardown;
  });
