import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { asAdmin, databaseUrl, freshDatabaseName } from './postgres';

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

/**
 * Seeds the demo data once per run; test files start from a copy (seeding per file would be slow).
 * With `admin` (a PostgreSQL server), the configuration part of the demo is seeded into a template
 * database there, which each test app copies (tests/server/helpers.ts); with `clickhouseUrl`, the
 * apps keep their traffic on that ClickHouse server.
 */
export async function seedTemplate(project: TestProject, { admin = '', clickhouseUrl = '' }: { admin?: string; clickhouseUrl?: string } = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
  const template = admin ? freshDatabaseName('portal_template') : '';
  if (admin) await asAdmin(admin, `CREATE DATABASE ${template}`);
  const env = { ...process.env, ...(admin ? { DATABASE_URL: databaseUrl(admin, template) } : {}) };
  execFileSync(process.execPath, ['--import', 'tsx', path.resolve('tests/server/makeTemplate.ts'), dir], { stdio: 'inherit', env });
  project.provide('demoTemplateDir', dir);
  project.provide('pgAdminUrl', admin);
  project.provide('pgTemplateDatabase', template);
  project.provide('clickhouseUrl', clickhouseUrl);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    if (admin) await asAdmin(admin, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
  };
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
