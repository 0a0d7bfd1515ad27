import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';
import { contractRows, pattern } from './contractTable';

interface Row {
  method: string;
  path: string;
  backend: string;
  module: string;
  access: string;
}

const rows: Row[] = contractRows().map(({ method, path, backend, module, access }) => ({ method, path, backend, module, access }));

/** Areas whose issues are not part of this product yet (website/IP protection). */
const NOT_YET = [/^\/impapi\//];


let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ demo: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('contract table', () => {
  it('every row of the built areas is served with its module and access', () => {
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
        if (m.access !== expectedAccess || (module !== '-' && m.module !== module)) wrong.push(`${label} declared ${m.module}/${m.access}, contract ${row.module}/${row.access}`);
      }
    }
    console.log(`contract: ${served.length} of ${rows.length} rows served`);
    if (missing.length) console.log(`not served:\n  ${missing.join('\n  ')}`);
    expect(wrong).toEqual([]);
    const required = missing.filter((m) => !NOT_YET.some((re) => re.test(m.split(' ')[1])));
    expect(required).toEqual([]);
  });

  it('no backend route exists outside the contract (except documented extras)', () => {
    const extras = ['/api/log/ingest', '/api/log/download/', '/api/audit/search', '/impapi/protection/application/rule/dryRun'];
    const unknown = app.routeTable.filter(
      (r) => !rows.some((row) => row.method === r.method && pattern(row.path).test(r.url)) && !extras.some((e) => r.url.startsWith(e)),
    );
    expect(unknown.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
