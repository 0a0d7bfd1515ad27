import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { asAdmin, databaseUrl, freshDatabaseName } from './postgres';
import { copyDir } from './copyDir';

declare module 'vitest' {
  export interface ProvidedContext {
    demoTemplateDir: string;
    /** 'server-pg' project: the PostgreSQL server's administrator URL and the seeded template database ('' otherwise) */
    pgAdminUrl: string;
    pgTemplateDatabase: string;
    /** 'server-ch' project: the URL of the ClickHouse server holding the traffic store ('' otherwise) */
    clickhouseUrl: string;
  }
}

const makeTemplate = (dir: string, env: NodeJS.ProcessEnv) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.resolve('tests/server/makeTemplate.ts'), dir], { stdio: 'inherit', env });

/**
 * The demo data dir on the embedded stores (PGlite config, chDB traffic), seeded once per run and
 * shared by the three server projects and the e2e server: every project's global setup runs in this one vitest
 * process, so the promise lives on globalThis. Removed when the last project releases it.
 */
interface SharedTemplate {
  ready: Promise<string>;
  users: number;
}
const SHARED = Symbol.for('portal.test.demoTemplate');
const registry = globalThis as { [SHARED]?: SharedTemplate };

export function acquireDemoTemplate(): { ready: Promise<string>; release: () => Promise<void> } {
  const shared = (registry[SHARED] ??= {
    users: 0,
    ready: fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-')).then((dir) => {
      makeTemplate(dir, process.env);
      return dir;
    }),
  });
  shared.users++;
  let released = false;
  return {
    ready: shared.ready,
    async release() {
      if (released) return;
      released = true;
      if (--shared.users > 0) return;
      delete registry[SHARED];
      const dir = await shared.ready.catch(() => '');
      if (dir) await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    },
  };
}

/**
 * Provides the demo data to a project's test files, which start from a copy (seeding per file
 * would be slow). With `admin` (a PostgreSQL server), the configuration part of the demo is seeded
 * into a template database there, which each test app copies (tests/server/helpers.ts); its demo
 * traffic is the shared template's, copied rather than generated again. With `clickhouseUrl`, the
 * apps keep their traffic on that ClickHouse server and take the shared template's config store.
 */
export async function seedTemplate(
  project: TestProject,
  { admin = '', clickhouseUrl = '' }: { admin?: string; clickhouseUrl?: string } = {},
) {
  const shared = acquireDemoTemplate();
  try {
    let dir = await shared.ready;
    let ownDir = '';
    const template = admin ? freshDatabaseName('portal_template') : '';
    if (admin) {
      await asAdmin(admin, `CREATE DATABASE ${template}`);
      ownDir = dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-pg-'));
      // Config seeded on PostgreSQL; no traffic generated (scale 0): the same demo's is copied in.
      makeTemplate(dir, { ...process.env, DATABASE_URL: databaseUrl(admin, template), PORTAL_DEMO_TRAFFIC_SCALE: '0' });
      await fs.rm(path.join(dir, 'traffic'), { recursive: true, force: true });
      await fs.mkdir(path.join(dir, 'traffic'));
      await copyDir(path.join(await shared.ready, 'traffic'), path.join(dir, 'traffic'));
      execFileSync(process.execPath, ['--import', 'tsx', path.resolve('tests/server/reconcileTemplate.ts'), dir], {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: databaseUrl(admin, template) },
      });
    }
    project.provide('demoTemplateDir', dir);
    project.provide('pgAdminUrl', admin);
    project.provide('pgTemplateDatabase', template);
    project.provide('clickhouseUrl', clickhouseUrl);
    return async () => {
      if (ownDir) await fs.rm(ownDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
      if (admin) await asAdmin(admin, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
      await shared.release();
    };
  } catch (err) {
    await shared.release();
    throw err;
  }
}

/** Starts a server for a project's run, seeds with it, and stops it after the run (or when seeding fails). */
export async function withServer<S extends { stop(): void }>(start: () => Promise<S>, seed: (server: S) => Promise<() => Promise<void>>) {
  const server = await start();
  try {
    const teardown = await seed(server);
    return async () => {
      await teardown();
      server.stop();
    };
  } catch (err) {
    server.stop();
    throw err;
  }
}

export default (project: TestProject) => seedTemplate(project);
