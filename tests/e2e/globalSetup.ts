import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { acquireDemoTemplate } from '../server/globalSetup';
import { copyDir } from '../server/copyDir';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * One real server with demo data, serving the built app (dist/), for all e2e files. Its data dir is
 * a copy of the run's demo template (seeded at the same moment for the server tests), so the demo
 * is not generated twice; the server's live job keeps it current from there.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const template = acquireDemoTemplate();
  try {
    await copyDir(await template.ready, dataDir);
  } finally {
    await template.release();
  }
  const config = { ...configFromEnv({ PORTAL_DATA_DIR: dataDir } as NodeJS.ProcessEnv), port: 0 };
  config.purge.edgeDelayScale = 0.1; // purge tasks finish within seconds (tests/e2e/purge.test.ts)
  const app = await buildApp(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseURL', address);
  return async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
  };
}
