import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/**
 * One area, one place (issue #37, ARCHITECTURE.md): each area declares the places it has in each layer,
 * and only those (no empty stub files). A place is a file, a folder (trailing '/': every file below it)
 * or a name prefix (trailing '*': `tests/server/traffic*` is every file of that folder whose name starts so).
 * The test fails when a declared place is missing, or when a file of a layer folder belongs to no area.
 */
const AREAS: Record<string, string[]> = {
  shell: [
    'src/',
    'dataProviders/index.ts',
    'dataProviders/http.ts',
    'dataProviders/cipher.ts',
    'dataProviders/types.ts',
    'dataProviders/zone.ts',
    'dataProviders/crud.ts',
    'dataProviders/impapi/http.ts',
    'dataProviders/monit/http.ts',
    'dataProviders/api/shell.ts',
    'i18n/index.ts',
    'i18n/layout.ts',
    'i18n/merge.ts',
    'i18n/serverMessages.ts',
    'i18n/zh/index.ts',
    'i18n/en/index.ts',
    'i18n/zh/ra.ts',
    'i18n/zh/shell.ts',
    'i18n/en/shell.ts',
    'i18n/server/shell.ts',
    'common/wire/shell/',
    'common/rules/shell/',
    'server/routes/index.ts',
    'server/routes/backend.ts',
    'server/routes/api/index.ts',
    'server/routes/cloud/index.ts',
    'server/routes/impapi/index.ts',
    'server/routes/linesapi/index.ts',
    'server/routes/monit/index.ts',
    'server/routes/shiro/index.ts',
    'server/routes/api/shell/',
    'server/stores/config/db.ts',
    'server/stores/config/migrations/',
    'server/stores/config/shell*',
    'docs/shell.md',
    'docs/bench.md',
    'docs/contract/',
    'tests/unit/shell*',
    'tests/server/shell*',
    'tests/ui/shell*',
    'tests/e2e/shell*',
  ],
  domains: [
    'resources/domains/',
    'dataProviders/api/domains.ts',
    'dataProviders/cloud/users.ts',
    'i18n/zh/domains.ts',
    'i18n/en/domains.ts',
    'i18n/server/domains.ts',
    'common/wire/domains.ts',
    'common/rules/domains/',
    'server/routes/api/domains/',
    'server/routes/cloud/domains/',
    'server/services/domains.ts',
    'server/stores/config/domains*',
    'docs/domains.md',
    'tests/unit/domains*',
    'tests/server/domains*',
    'tests/ui/domains*',
    'tests/e2e/domains*',
  ],
  certificates: [
    'resources/certificates/',
    'dataProviders/api/certificates.ts',
    'i18n/zh/certificates.ts',
    'i18n/en/certificates.ts',
    'i18n/server/certificates.ts',
    'common/wire/certificates.ts',
    'server/routes/api/certificates/',
    'server/services/certificates.ts',
    'server/stores/config/certificates*',
    'docs/certificates.md',
    'tests/server/certificates*',
    'tests/ui/certificates*',
    'tests/e2e/certificates*',
  ],
  users: [
    'resources/users/',
    'dataProviders/shiro/users.ts',
    'dataProviders/cloud/users.ts',
    'server/routes/cloud/users/',
    'i18n/zh/users.ts',
    'i18n/en/users.ts',
    'i18n/server/users.ts',
    'common/wire/users.ts',
    'common/rules/users/',
    'server/routes/shiro/users/',
    'server/services/users.ts',
    'server/stores/config/users*',
    'docs/users.md',
    'tests/unit/users*',
    'tests/server/users*',
    'tests/ui/users*',
    'tests/e2e/users*',
  ],
  traffic: [
    'resources/traffic/',
    'dataProviders/api/traffic.ts',
    'i18n/zh/traffic.ts',
    'i18n/en/traffic.ts',
    'i18n/server/traffic.ts',
    'common/wire/traffic/',
    'common/rules/traffic.ts',
    'server/routes/api/traffic/',
    'server/routes/cloud/traffic/',
    'server/routes/linesapi/traffic/',
    'server/services/traffic.ts',
    'server/stores/traffic/traffic*',
    'server/stores/traffic/analysis/',
    // The traffic engine itself: its client, schema, rollups and ingest serve every area's traffic-store records.
    'server/stores/traffic/engine.ts',
    'server/stores/traffic/schema.ts',
    'server/stores/traffic/rollups.ts',
    'server/stores/traffic/rollupStore.ts',
    'server/stores/traffic/compaction.ts',
    'server/stores/traffic/ingest.ts',
    'server/stores/traffic/recordKinds.ts',
    'server/stores/traffic/clientAppColumn.ts',
    'docs/traffic.md',
    'docs/analysis.md',
    'docs/billing.md',
    'docs/ingest.md',
    'docs/load.md',
    'tests/unit/traffic*',
    'tests/server/traffic*',
    'tests/ui/traffic*',
    'tests/e2e/traffic*',
  ],
  purge: [
    'resources/purge/',
    'dataProviders/api/purge.ts',
    'i18n/zh/purge.ts',
    'i18n/en/purge.ts',
    'i18n/server/purge.ts',
    'common/wire/purge.ts',
    'common/rules/purge.ts',
    'server/routes/api/purge/',
    'server/services/purge.ts',
    'server/stores/config/purge*',
    'docs/purge.md',
    'tests/server/purge*',
    'tests/ui/purge*',
    'tests/e2e/purge*',
  ],
  hosts: [
    'resources/hosts/',
    'dataProviders/api/hosts.ts',
    'i18n/zh/hosts.ts',
    'i18n/en/hosts.ts',
    'i18n/server/hosts.ts',
    'common/wire/hosts.ts',
    'common/rules/hosts.ts',
    'server/routes/api/hosts/',
    'server/services/hosts.ts',
    'server/stores/config/hosts*',
    'server/stores/traffic/hosts*',
    'docs/hosts.md',
    'tests/server/hosts*',
    'tests/ui/hosts*',
    'tests/e2e/hosts*',
  ],
  websites: [
    'resources/websites/',
    'dataProviders/impapi/websites.ts',
    'i18n/zh/websites.ts',
    'i18n/en/websites.ts',
    'i18n/server/websites.ts',
    'common/wire/websites.ts',
    'common/rules/websites/',
    'server/routes/impapi/websites/',
    'server/services/websites.ts',
    'server/stores/config/websites*',
    'server/stores/traffic/websites*',
    'docs/websites.md',
    'tests/unit/websites*',
    'tests/server/websites*',
    'tests/ui/websites*',
    'tests/e2e/websites*',
  ],
  ipProtection: [
    'resources/ipProtection/',
    'dataProviders/impapi/ipProtection.ts',
    'i18n/zh/ipProtection.ts',
    'i18n/en/ipProtection.ts',
    'i18n/server/ipProtection.ts',
    'common/wire/ipProtection.ts',
    'common/rules/ipProtection.ts',
    'server/routes/impapi/ipProtection/',
    'server/services/ipProtection.ts',
    'server/stores/config/ipProtection*',
    'server/stores/traffic/ipProtection*',
    'docs/ipProtection.md',
    'tests/server/ipProtection*',
    'tests/ui/ipProtection*',
    'tests/e2e/ipProtection*',
  ],
  monitoring: [
    'resources/monitoring/',
    'dataProviders/monit/monitoring.ts',
    'i18n/zh/monitoring.ts',
    'i18n/en/monitoring.ts',
    'i18n/server/monitoring.ts',
    'common/wire/monitoring.ts',
    'common/rules/monitoring.ts',
    'server/routes/monit/monitoring/',
    'server/services/monitoring.ts',
    'server/stores/config/monitoring*',
    'server/stores/traffic/monitoring*',
    'docs/monitoring.md',
    'tests/server/monitoring*',
    'tests/ui/monitoring*',
    'tests/e2e/monitoring*',
  ],
  audit: [
    'resources/audit/',
    'dataProviders/api/audit.ts',
    'i18n/zh/audit.ts',
    'i18n/en/audit.ts',
    'common/wire/audit.ts',
    'common/rules/audit.ts',
    'server/routes/api/audit/',
    'server/stores/config/audit*',
    'docs/audit.md',
    'tests/server/audit*',
    'tests/ui/audit*',
    'tests/e2e/audit*',
  ],
  edge: [
    'docs/edge.md',
    'common/wire/edge.ts',
    'common/rules/edge.ts',
    // the outbound rule: the server's guard (server/lib/outbound.ts re-exports it) and the nodes' origin resolution
    'common/rules/outbound.ts',
    'edge/',
    'i18n/server/edge.ts',
    'server/routes/edgeapi/',
    'server/services/edge.ts',
    'server/stores/config/edge*',
    'server/stores/traffic/edge*',
    'tests/unit/edge*',
    'tests/server/edge*',
    'tests/edge/',
  ],
};

/** The folders whose every file belongs to an area's place. */
const LAYERS = [
  'resources',
  'src',
  'dataProviders',
  'i18n',
  'common',
  'server/routes',
  'server/services',
  'server/stores',
  'docs',
  'tests/unit',
  'tests/server',
  'tests/ui',
  'tests/e2e',
  'tests/edge',
  'edge',
];

/** Test support files (fixtures, harnesses, servers the tests start) are shared by the areas' tests. */
const TEST_SUPPORT = /^tests\/\w+\/(?!.*\.test\.tsx?$)/;

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? files(rel) : [rel];
  });
}

function covers(place: string, file: string): boolean {
  if (place.endsWith('/')) return file.startsWith(place);
  if (place.endsWith('*')) return file.startsWith(place.slice(0, -1)) && !file.slice(place.length - 1).includes('/');
  return file === place;
}

function exists(place: string): boolean {
  if (place.endsWith('*')) {
    const dir = path.dirname(place);
    const prefix = path.basename(place).slice(0, -1);
    return fs.existsSync(path.join(ROOT, dir)) && fs.readdirSync(path.join(ROOT, dir)).some((n) => n.startsWith(prefix));
  }
  return fs.existsSync(path.join(ROOT, place));
}

describe('layout: one area, one place', () => {
  it('every place an area declares exists', () => {
    const missing = Object.entries(AREAS).flatMap(([area, places]) => places.filter((p) => !exists(p)).map((p) => `${area}: ${p}`));
    expect(missing).toEqual([]);
  });

  it('every file of a layer folder sits in a place of one area', () => {
    const all = Object.values(AREAS).flat();
    const stray = LAYERS.flatMap(files).filter((f) => !TEST_SUPPORT.test(f) && !all.some((p) => covers(p, f)));
    expect(stray).toEqual([]);
  });

  it('src/pages keeps only the shell pages', () => {
    expect(files('src/pages').length).toBeLessThanOrEqual(12);
  });
});

/** The .ts/.tsx files of the product (the edge agent's folder counts once it exists). */
const PRODUCT = ['common', 'src', 'resources', 'dataProviders', 'server', 'i18n', 'edge']
  .filter((d) => fs.existsSync(path.join(ROOT, d)))
  .flatMap(files)
  .filter((f) => /\.tsx?$/.test(f));
const text = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** The house rules of issue #37, measured as the issue measures them. */
describe('house rules', () => {
  it('reads process.env only where settings are read', () => {
    const allowed = /^(server\/config\.ts|server\/main\.ts|server\/cli\/[^/]+\.ts|edge\/main\.ts|edge\/config\.ts)$/;
    expect(PRODUCT.filter((f) => !allowed.test(f) && text(f).includes('process.env'))).toEqual([]);
  });

  it('writes SQL only in server/stores', () => {
    const sql = /SELECT|INSERT INTO|DELETE FROM|ALTER TABLE|CREATE TABLE/;
    const outside = PRODUCT.filter((f) => f.startsWith('server/') && !f.startsWith('server/stores/'));
    expect(outside.filter((f) => sql.test(text(f)))).toEqual([]);
  });

  it('casts through unknown at most five times', () => {
    const casts = PRODUCT.flatMap((f) =>
      text(f)
        .split('\n')
        .filter((l) => l.includes('as unknown as'))
        .map(() => f),
    );
    expect(casts.length, casts.join(', ')).toBeLessThanOrEqual(5);
  });

  it('keeps every line within 140 characters', () => {
    const long = PRODUCT.flatMap((f) =>
      text(f)
        .split('\n')
        .flatMap((l, i) => ([...l].length > 140 ? [`${f}:${i + 1}`] : [])),
    );
    expect(long).toEqual([]);
  });

  it('keeps the README within 200 lines', () => {
    expect(text('README.md').split('\n').length).toBeLessThanOrEqual(201);
  });
});
