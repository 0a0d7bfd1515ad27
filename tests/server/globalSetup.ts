import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    demoTemplateDir: string;
  }
}

/** Seeds the demo data once per run; test files start from a copy (seeding per file would be slow). */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
  execFileSync(process.execPath, ['--import', 'tsx', path.resolve('tests/server/makeTemplate.ts'), dir], { stdio: 'inherit' });
  project.provide('demoTemplateDir', dir);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
  };
}
