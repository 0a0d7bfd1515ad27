import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { configFromEnv, DEMO_TEST_SCALE } from '../../server/config';
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
 *
 * The address is known from the start, but the portal behind it is built on the first request: the
 * e2e files run last, and a server started with the run would spend the other projects' twenty
 * minutes running its jobs (live traffic, detectors, probes) on the same two cores, and meet the
 * browser tests with that much more history than a server started for them.
 */
export default async function setup(project: TestProject) {
  // the accessibility report of this run only (tests/e2e/browser.ts, recordAccessibility)
  await fs.rm(path.resolve('tests/e2e/screenshots/axe-report.jsonl'), { force: true });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const template = acquireDemoTemplate();
  try {
    await copyDir(await template.ready, dataDir);
  } finally {
    await template.release();
  }
  // The live job tops the demo traffic up at the scale the template was seeded with.
  const config = { ...configFromEnv({ PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_TRAFFIC_SCALE: String(DEMO_TEST_SCALE) }), port: 0 };
  config.purge.edgeDelayScale = 0.1; // purge tasks finish within seconds (tests/e2e/purge.test.ts)
  let starting: Promise<FastifyInstance> | undefined;
  const portal = () =>
    (starting ??= buildApp(config).then(async (app) => {
      await app.ready();
      return app;
    }));
  const server = http.createServer((req, res) => {
    portal().then(
      (app) => app.routing(req, res),
      (err: unknown) => {
        res.statusCode = 500;
        res.end(`e2e portal did not start: ${String(err)}`);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    if (starting) await (await starting).close();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
  };
}
