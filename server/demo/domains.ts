import type { DemoSeeder } from './index';
import { DEMO_DOMAINS, DEMO_LIVE_DOMAINS } from './domainsData';
import { getAccount, accountSubtree } from '../stores/config/accounts';
import { insertDomain, saveDomainConfig } from '../stores/config/domains';
import { insertVersion } from '../stores/config/domainVersions';
import { insertLiveDomain } from '../stores/config/liveDomains';
import { namesCover } from '../lib/x509';
import { diffDomainConfig, summarizeChanges } from '../../common/rules/domains/diff';
import type { LiveDomain } from '../../common/wire/domains';

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
          name: d.name, account: d.account, belongDomainGroup: owner.parent ? d.account : '', config: first, status: d.status,
          deliveryType: d.deliveryType, createdBy: d.createdBy, issueDue: null, createTime: daysAgo(d.age),
        });
        await insertVersion(db, { domainId: domain.id, version: 1, author: d.createdBy, action: 'create', changes: [], summary: 'create', config: first, time: daysAgo(d.age) });
        let config = first;
        for (const e of d.edits) {
          const next = e.change(config);
          const changes = diffDomainConfig(config, next);
          const saved = await saveDomainConfig(db, domain.id, domain.name, next, { issueDue: null });
          if (!saved) throw new Error(`demo domain ${d.name} is not configured`);
          domain = saved;
          await insertVersion(db, { domainId: domain.id, version: domain.version, author: e.author, action: 'update', changes, summary: summarizeChanges(changes), config: next, time: daysAgo(e.daysAgo) });
          config = next;
        }
        if (d.edits.length) {
          const last = daysAgo(d.edits[d.edits.length - 1].daysAgo);
          await db.query('UPDATE domains SET update_time = $2 WHERE id = $1', [domain.id, last]);
        }
      }
      for (const l of DEMO_LIVE_DOMAINS) {
        await insertLiveDomain(db, {
          name: l.name, customer: l.customer, belongDomainGroup: l.belongDomainGroup, type: l.type, status: l.status,
          operationState: 'configured', scope: l.scope, protocol: l.protocol as LiveDomain['protocol'], source: l.source, createTime: daysAgo(l.age),
        });
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
    const [hasCerts] = await app.db.query<{ ok: boolean }>(`SELECT to_regclass('public.certificates') IS NOT NULL AS ok`);
    if (!hasCerts?.ok) return;
    const certs = await app.db.query<{ id: number; name: string; account: string; dnsNames: string[] }>(
      `SELECT id, name, account, dns_names AS "dnsNames" FROM certificates WHERE logic_delete = 0 AND expire_time > now() ORDER BY expire_time DESC`,
    );
    const domains = await app.db.query<{ id: number; name: string; account: string }>(
      `SELECT id, name, account FROM domains WHERE protocol = 'https' AND coalesce(config->>'certificateId', '') = ''`,
    );
    for (const d of domains) {
      let root = await getAccount(app.db, d.account);
      while (root?.parent) root = await getAccount(app.db, root.parent);
      const tenant = new Set((await accountSubtree(app.db, root?.identity ?? d.account)).map((a) => a.identity));
      const cert = certs.find((c) => tenant.has(c.account) && namesCover(c.dnsNames, d.name));
      if (!cert) continue;
      const patch = JSON.stringify({ certificateId: String(cert.id), certificateName: cert.name });
      await app.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE domains SET config = config || $2::jsonb, certificate_name = $3, search_text = search_text || ' ' || lower($3) WHERE id = $1`,
          [d.id, patch, cert.name],
        );
        await tx.query(`UPDATE domain_versions SET config = config || $2::jsonb WHERE domain_id = $1`, [d.id, patch]);
      });
    }
  },
};
