/**
 * Seeds the demo traffic once into the ClickHouse stand-in for the 'server-ch' run, then keeps it
 * aside as the database traffic_template, which each demo app's store is restored from
 * (restoreClickhouse in tests/server/clickhouseServer.ts) instead of generating it again.
 *   node --import tsx tests/server/seedClickhouse.ts <copy of the demo data dir> <ClickHouse URL>
 */
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { seedTraffic } from '../../server/demo/traffic';
import { resetClickhouse, sql } from './clickhouseServer';

const [dir, url] = process.argv.slice(2);
if (!dir || !url) throw new Error('usage: seedClickhouse.ts <dataDir> <clickhouseUrl>');
await resetClickhouse(url);
await sql(url, 'DROP DATABASE IF EXISTS traffic_template SYNC');
const app = await buildApp({ ...configFromEnv({ ...process.env, PORTAL_DATA_DIR: dir, PORTAL_DEMO_LIVE: '0' }), clickhouseUrl: url });
await app.ready();
await seedTraffic.run(app);
await app.close();
await sql(url, 'RENAME DATABASE traffic TO traffic_template');
