import type { FastifyInstance } from 'fastify';
import { seedTenants } from './tenants';
import { seedDomainCertificates, seedDomains } from './domains';
import { seedCertificates } from './certificates';
import { seedTraffic } from './traffic';
import { seedPurgeTasks } from './purgeTasks';
import { seedHosts } from './hosts';
import { seedIpp } from './ipp';
import { seedWebsites } from './websites';
import { seedSecurityEvents } from './wafEvents';
import { seedMonit } from './monit';

/** A demo seeder: fills one part of the stores with demo data. Runs once per data dir. */
export interface DemoSeeder {
  name: string;
  run(app: FastifyInstance): Promise<void>;
}

/** Every demo seeder in dependency order, one line each. */
const seeders: DemoSeeder[] = [
  seedTenants,
  seedDomains,
  seedCertificates, // after the domain seeder: binds demo domains it covers
  seedDomainCertificates, // after certificates: demo HTTPS domains use them
  seedTraffic, // last: access logs for every demo domain
  seedPurgeTasks, // purge and prefetch history of the demo tenants
  seedHosts, // VPS and dedicated servers of the demo tenants, 24 h of utilisation
  seedIpp, // protected IPs of acme and globex, 7 days of network traffic, detected attacks
  seedWebsites, // website protection of acme and globex (after certificates)
  seedSecurityEvents, // security events of the demo websites: the real evaluator over generated attack traffic
  seedMonit, // alert contacts, groups, rules (thresholds from the demo traffic) and their history
];

export async function seedDemo(app: FastifyInstance): Promise<void> {
  for (const seeder of seeders) {
    const [done] = await app.db.query('SELECT 1 FROM demo_seeds WHERE name = $1', [seeder.name]);
    if (done) continue;
    await seeder.run(app);
    await app.db.query('INSERT INTO demo_seeds (name) VALUES ($1) ON CONFLICT DO NOTHING', [seeder.name]);
  }
}
