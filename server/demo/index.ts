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
import { demoSeeded, markDemoSeeded } from '../stores/config/shellDemo';

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
    if (await demoSeeded(app.db, seeder.name)) continue;
    await seeder.run(app);
    await markDemoSeeded(app.db, seeder.name);
  }
}
