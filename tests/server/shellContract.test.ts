import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';
import { CONTRACT_FILE, coveredRows, EXTRA_ROWS, pattern, SHARED_CONTRACT_FILE } from './contractTable';

interface Row {
  method: string;
  path: string;
  backend: string;
  module: string;
  access: string;
}

const rows: Row[] = coveredRows().map(({ method, path, backend, module, access }) => ({
  method,
  path,
  backend,
  module,
  access,
}));

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ demo: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('contract table', () => {
  it.skipIf(!fs.existsSync(SHARED_CONTRACT_FILE))('the copy in docs/contract is the shared table', () => {
    expect(fs.readFileSync(CONTRACT_FILE, 'utf8')).toBe(fs.readFileSync(SHARED_CONTRACT_FILE, 'utf8'));
  });

  it('every row is served with its module and access', () => {
    const served: string[] = [];
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const row of rows) {
      const re = pattern(row.path);
      const matches = app.routeTable.filter((r) => r.method === row.method && re.test(r.url));
      const label = `${row.method} ${row.path}`;
      if (!matches.length) {
        missing.push(label);
        continue;
      }
      served.push(label);
      const expectedAccess = row.access === 'public' || row.access === 'session' ? row.access : row.access;
      for (const m of matches) {
        const module = row.module === '-' ? '-' : row.module;
        if (m.access !== expectedAccess || (module !== '-' && m.module !== module))
          wrong.push(`${label} declared ${m.module}/${m.access}, contract ${row.module}/${row.access}`);
      }
    }
    console.log(`contract: ${served.length} of ${rows.length} rows served`);
    if (missing.length) console.log(`not served:\n  ${missing.join('\n  ')}`);
    expect(wrong).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('no backend route exists outside the contract (except documented extras)', () => {
    const extras = [
      '/api/log/ingest',
      '/api/log/download/',
      '/api/audit/search',
      '/impapi/protection/application/rule/dryRun',
      // the edge nodes' protocol (issue #33): no session, every call signed; covered by tests/server/edgeNodes.test.ts
      '/edgeapi/',
      ...EXTRA_ROWS.map((r) => r.path),
    ];
    const unknown = app.routeTable.filter(
      (r) => !rows.some((row) => row.method === r.method && pattern(row.path).test(r.url)) && !extras.some((e) => r.url.startsWith(e)),
    );
    expect(unknown.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
