/**
 * Builds a data dir with the demo data once (run in its own process: chDB is one engine per
 * process). tests/server/globalSetup.ts runs it; each server test file copies the result.
 */
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';

const dir = process.argv[2];
if (!dir) throw new Error('usage: makeTemplate.ts <dataDir>');
const app = await buildApp(configFromEnv({ ...process.env, PORTAL_DATA_DIR: dir, PORTAL_DEMO_LIVE: '0' }));
await app.ready();
await app.close();
