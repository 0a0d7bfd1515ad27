import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv, DEMO_TEST_SCALE, type PortalConfig } from '../../server/config';
import { createCipher } from '../../server/lib/cipher';
import { asAdmin, databaseUrl, freshDatabaseName } from './postgres';
import { resetClickhouse, restoreClickhouse } from './clickhouseServer';
import { copyDir } from './copyDir';

export const cipher = createCipher('CdnPortalKey2026');

/**
 * The configuration of a test app: the server's own reading of settings (server/config.ts) given the
 * test's variables instead of the environment, with the demo live job off, the test scale of the demo traffic and
 * no DNS server for ownership proofs.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): PortalConfig {
  return configFromEnv({
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DEMO_LIVE: '0',
    PORTAL_DEMO_TRAFFIC_SCALE: String(DEMO_TEST_SCALE),
    // ownership proofs ask a DNS server that is not there: no test's lookup leaves the machine
    PORTAL_PROOF_DNS_SERVERS: '127.0.0.1:9',
    ...env,
  });
}

/**
 * A server on a fresh temporary data dir with the demo data (real PGlite and chDB): a copy of the
 * data dir seeded once per run by tests/server/globalSetup.ts. `demo: false` starts empty. Settings
 * are overrides of the config, or variables as the environment would give them (`env`, e.g.
 * { SMTP_URL }); tests never set process.env for the app.
 */
export async function makeApp(
  overrides: Partial<PortalConfig> = {},
  env: Record<string, string> = {},
): Promise<FastifyInstance & { dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const template = overrides.demo === false ? undefined : inject('demoTemplateDir');
  if (template) await copyDir(template, dataDir);
  // On a PostgreSQL server: a database of this app's own, a copy of the seeded template for the demo.
  const admin = inject('pgAdminUrl');
  const database = admin ? freshDatabaseName('portal_test') : undefined;
  if (admin && database) await asAdmin(admin, `CREATE DATABASE ${database}${template ? ` TEMPLATE ${inject('pgTemplateDatabase')}` : ''}`);
  // On a ClickHouse server ('server-ch'): its traffic database, emptied for this app.
  const clickhouseUrl = inject('clickhouseUrl');
  if (clickhouseUrl) await resetClickhouse(clickhouseUrl);
  const config = {
    ...testConfig(dataDir, env),
    ...(admin && database ? { databaseUrl: databaseUrl(admin, database) } : {}),
    ...(clickhouseUrl ? { clickhouseUrl } : {}),
    ...overrides,
  };
  const app = await buildApp(config);
  // The template's demo traffic lives in its embedded store: a ClickHouse server's was seeded once
  // beside it (tests/server/globalSetupCh.ts).
  if (clickhouseUrl && template && config.demo) await restoreClickhouse(clickhouseUrl);
  app.addHook('onClose', async () => {
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    if (admin && database) await asAdmin(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  });
  return Object.assign(app, { dataDir });
}

export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'Admin@2026',
  acme: 'Acme@2026',
  acme_viewer: 'Viewer@2026',
  globex: 'Globex@2026',
  nobody: 'Nobody@2026',
  frozen: 'Frozen@2026',
};

/** Signs in a demo user and returns the session cookie header value. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORDS[username]): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/newLogin',
    query: { username, password: cipher.aesEncrypt(password) },
  });
  const body = res.json();
  if (body.code !== '0') throw new Error(`sign-in of ${username} failed: ${body.msg}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return cookie;
}

/** app.inject with a session cookie; returns status and parsed body. */
export async function call(app: FastifyInstance, cookie: string | null, opts: InjectOptions) {
  const res = await app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(cookie ? { cookie } : {}) } });
  let body: { code: string | number; data: unknown; msg: string } & Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    body = { code: 'raw', data: res.body, msg: '' };
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res };
}

/** POST and GET answered in English, for tests that assign their app in beforeAll (hence `appOf`). */
export function englishCalls(appOf: () => FastifyInstance) {
  const headers = { 'x-portal-lang': 'en' };
  return {
    post: (cookie: string | null, url: string, payload: unknown = {}) =>
      call(appOf(), cookie, { method: 'POST', url, payload: payload as object, headers }),
    get: (cookie: string | null, url: string, query: Record<string, string> = {}) =>
      call(appOf(), cookie, { method: 'GET', url, query, headers }),
  };
}

/** Posts NDJSON `lines` to the ingest call for `kind` with the shipper's bearer `token`; the reply's envelope. */
export async function ingestLines(app: FastifyInstance, kind: string, token: string, lines: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/log/ingest?kind=${kind}`,
    payload: lines.join('\n'),
    headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${token}` },
  });
  return res.json() as { code: string; data: { rows: number; rejectedLines: number[] } };
}
