import type { DemoSeeder } from './index';
import { daysFromNow, issueCaChain, issueCertificate, opensslAvailable, type IssuedCertificate, type KeyType } from './certificateFactory';
import { certificateFacts, namesCover, parseChain } from '../lib/x509';
import { keyVaultFor } from '../lib/keyVault';
import { insertCertificate } from '../stores/config/certificates';
import { accountSubtree } from '../stores/config/usersAccounts';
import { changeBindings, hasDomainsTable } from '../stores/config/certificatesDomains';
import { listDomainNames } from '../stores/config/domains';

interface DemoCertificate {
  name: string;
  account: string;
  username: string;
  names: string[];
  from: number;
  to: number;
  /** 'chain': issued by the intermediate and uploaded with it; 'ca': issued by the single-level CA. */
  issuer: 'chain' | 'ca';
  keyType?: KeyType;
  shareWith?: string[];
}

/**
 * Real certificates for the demo tenants (openssl signs them at seed time), inserted directly so that
 * the nearly expired and expired ones exist too (the upload rule would refuse them): a wildcard with
 * its CA chain, certificates valid for about a year, one expiring within 30 days, one expired, one
 * shared with sub-accounts. Demo domains of the same tenant that a certificate covers are bound to it.
 */
const DEMO: DemoCertificate[] = [
  {
    name: 'Acme Media wildcard',
    account: 'acme',
    username: 'acme',
    names: ['*.acme-media.example', 'acme-media.example'],
    from: -40,
    to: 325,
    issuer: 'chain',
  },
  {
    name: 'Acme video 2026',
    account: 'acme_video',
    username: 'acme',
    names: ['video.acme-video.com', 'vod.acme-video.com'],
    from: -60,
    to: 305,
    issuer: 'ca',
  },
  {
    name: 'Acme static assets',
    account: 'acme_static',
    username: 'acme',
    names: ['static.acme-static.com', 'img.acme-static.com'],
    from: -353,
    to: 12,
    issuer: 'ca',
  },
  {
    name: 'Acme API (shared)',
    account: 'acme',
    username: 'acme',
    names: ['api.acme-media.net'],
    from: -15,
    to: 350,
    issuer: 'ca',
    shareWith: ['acme_video', 'acme_static'],
  },
  {
    name: 'Globex main site',
    account: 'globex',
    username: 'globex',
    names: ['www.globex-corp.example', 'globex-corp.example'],
    from: -20,
    to: 345,
    issuer: 'ca',
    keyType: 'ec384',
  },
  { name: 'Globex shop', account: 'globex', username: 'globex', names: ['shop.globex-corp.example'], from: -100, to: 265, issuer: 'chain' },
  {
    name: 'Globex legacy portal',
    account: 'globex',
    username: 'globex',
    names: ['legacy.globex-corp.example'],
    from: -395,
    to: -30,
    issuer: 'ca',
  },
];

export const seedCertificates: DemoSeeder = {
  name: 'certificates',
  async run(app) {
    if (!opensslAvailable()) {
      app.log.warn('openssl not found: no demo certificates');
      return;
    }
    // EC keys only: an RSA key takes about half a second, and every test server seeds this.
    const [{ intermediate }, orbit] = await Promise.all([
      issueCaChain('Demo Trust'),
      issueCertificate({
        commonName: 'Orbit SSL ECC CA',
        organization: 'Orbit SSL Ltd',
        department: 'Orbit Trust Network',
        country: 'GB',
        ca: true,
        dnsNames: [],
        notBefore: daysFromNow(-900),
        notAfter: daysFromNow(2700),
        keyType: 'ec384',
        md: 'sha384',
      }),
    ]);
    const issued = await Promise.all(
      DEMO.map((d) =>
        issueCertificate({
          commonName: d.names[0],
          dnsNames: d.names,
          notBefore: daysFromNow(d.from),
          notAfter: daysFromNow(d.to),
          issuer: d.issuer === 'chain' ? intermediate : orbit,
          keyType: d.keyType,
          md: d.issuer === 'ca' ? 'sha384' : 'sha256',
        }),
      ),
    );
    const vault = keyVaultFor(app.config);
    const hasDomains = await hasDomainsTable(app.db);
    for (const [i, d] of DEMO.entries()) {
      const cert: IssuedCertificate = issued[i];
      const certPem = d.issuer === 'chain' ? cert.certPem.trim() + '\n' + intermediate.certPem.trim() + '\n' : cert.certPem.trim() + '\n';
      const id = await insertCertificate(app.db, {
        name: d.name,
        account: d.account,
        username: d.username,
        facts: certificateFacts(parseChain(certPem)[0]),
        certPem,
        keyEncrypted: vault.seal(cert.keyPem),
        share: Boolean(d.shareWith),
        shareAccounts: d.shareWith ?? [],
        createTime: daysFromNow(d.from + 1),
      });
      if (!hasDomains || d.to < 0) continue;
      const tenant = (await accountSubtree(app.db, d.account)).map((a) => a.identity);
      const domains = await listDomainNames(app.db, tenant);
      const covered = domains.map((r) => r.name.toLowerCase()).filter((n) => namesCover(d.names, n));
      if (covered.length) await changeBindings(app.db, id, covered, []);
    }
  },
};
