/**
 * The 'server-pg' template's config store is seeded beside a traffic store of its own, then given
 * the run's shared demo traffic instead (tests/server/globalSetup.ts). What the config store derived
 * from its own traffic is derived again from the shared one, so that both agree: the IP protection
 * alarms the detector finds in the samples (seeded minutes apart, the samples differ).
 *   DATABASE_URL=… node --import tsx tests/server/reconcileTemplate.ts <data dir>
 */
import { openConfigDb } from '../../server/stores/config/db';
import { openTrafficEngine } from '../../server/stores/traffic/engine';
import { runIppDetector } from '../../server/lib/ippDetector';

const dir = process.argv[2];
if (!dir || !process.env.DATABASE_URL) throw new Error('usage: DATABASE_URL=… reconcileTemplate.ts <dataDir>');
const db = await openConfigDb({ dataDir: dir, databaseUrl: process.env.DATABASE_URL });
const traffic = await openTrafficEngine({ dataDir: dir });
await db.query('DELETE FROM ipp_alarms');
await runIppDetector(db, traffic);
await db.close();
await traffic.close();
