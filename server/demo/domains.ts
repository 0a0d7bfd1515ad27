import type { DemoSeeder } from './index';
import { DEMO_DOMAINS, DEMO_LIVE_DOMAINS } from './domainsData';
import { getAccount, accountSubtree } from '../stores/config/usersAccounts';
import {
  chooseCertificate,
  httpsDomainsWithoutCertificate,
  insertDomain,
  listTrafficDomains,
  saveDomainConfig,
  setDomainUpdateTime,
} from '../stores/config/domains';
import { hasCertificatesTable, validCertificates } from '../stores/config/certificates';
import { insertVersion } from '../stores/config/domainsVersions';
import { insertLiveDomain } from '../stores/config/domainsLive';
import { namesCover } from '../lib/x509';
import { diffDomainConfig, summarizeChanges } from '../../common/rules/domains/diff';
import type { ConfigDb } from '../stores/config/db';

const DEMO_DOMAIN_KEYS = new Set(DEMO_DOMAINS.map((d) => `${d.account}/${d.name}`));

/**
 * The demo domains still in the store, for the demo's generated traffic (seed and live top-up): a
 * domain a customer created gets none (issue #35), only rows its own logs bring.
 */
export async function demoTrafficDomains(db: ConfigDb) {
  return (await listTrafficDomains(db)).filter((d) => DEMO_DOMAIN_KEYS.has(`${d.account}/${d.name}`));
}

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/** Demo accelerated domains (each with its versions) and live domains of acme, its sub-accounts and globex. */
export const seedDomains: DemoSeeder = {
  name: 'domains',
  async run(app) {
    await app.db.transaction(async (db) => {
      for (const d of DEMO_DOMAINS) {
        const owner = await getAccount(db, d.account);
        if (!owner) continue;
        const first = d.config;
        let domain = await insertDomain(db, {
          name: d.name,
          account: d.account,
          belongDomainGroup: owner.parent ? d.account : '',
          config: first,
          status: d.status,
          deliveryType: d.deliveryType,
          createdBy: d.createdBy,
          issueDue: null,
          createTime: daysAgo(d.age),
        });
        await insertVersion(db, {
          domainId: domain.id,
          version: 1,
          author: d.createdBy,
          action: 'create',
          changes: [],
          summary: 'create',
          config: first,
          time: daysAgo(d.age),
        });
        let config = first;
        for (const e of d.edits) {
          const next = e.change(config);
          const changes = diffDomainConfig(config, next);
          const saved = await saveDomainConfig(db, domain.id, domain.name, next, { issueDue: null });
          if (!saved) throw new Error(`demo domain ${d.name} is not configured`);
          domain = saved;
          await insertVersion(db, {
            domainId: domain.id,
            version: domain.version,
            author: e.author,
            action: 'update',
            changes,
            summary: summarizeChanges(changes),
            config: next,
            time: daysAgo(e.daysAgo),
          });
          config = next;
        }
        if (d.edits.length) {
          const last = daysAgo(d.edits[d.edits.length - 1].daysAgo);
          await setDomainUpdateTime(db, domain.id, last);
        }
      }
      for (const { age, ...l } of DEMO_LIVE_DOMAINS) {
        await insertLiveDomain(db, { ...l, operationState: 'configured', createTime: daysAgo(age) });
      }
    });
  },
};

/**
 * Runs after the certificate seeder: each demo HTTPS domain uses a certificate of its tenant that
 * covers its name (the domain settings and every stored version name it).
 */
export const seedDomainCertificates: DemoSeeder = {
  name: 'domainCertificates',
  async run(app) {
    if (!(await hasCertificatesTable(app.db))) return;
    const certs = await validCertificates(app.db);
    const domains = await httpsDomainsWithoutCertificate(app.db);
    for (const d of domains) {
      let root = await getAccount(app.db, d.account);
      while (root?.parent) root = await getAccount(app.db, root.parent);
      const tenant = new Set((await accountSubtree(app.db, root?.identity ?? d.account)).map((a) => a.identity));
      const cert = certs.find((c) => tenant.has(c.account) && namesCover(c.dnsNames, d.name));
      if (!cert) continue;
      await chooseCertificate(app.db, d.id, cert);
    }
  },
};
