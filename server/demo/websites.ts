import type { DemoSeeder } from './index';
import { insertWebsite, markWebsiteConfigured } from '../stores/config/websites';
import { insertPolicy } from '../stores/config/websitesPolicies';
import { insertRule } from '../stores/config/websitesRules';
import { listCertificates } from '../stores/config/certificates';
import { randomProtectionAddress } from '../services/websites';
import { emptyAcl, type PolicyInput, type RuleInput, type WebsiteInput } from '../../common/rules/websites/index';

/**
 * Demo website protection (issue #18): a protected website for acme and one for globex (domains of
 * their demo CDN domains, so the dashboard reads their demo access logs), each with an
 * access-control list, an allow list, WAF categories and a few rules. Seeded as configured.
 */

const WAF = { xss: 'block_request', illegalResource: 'block_request', rfi: 'alert', sqli: 'block_ip' } as const;

interface DemoSite {
  account: string;
  website: Omit<WebsiteInput, 'certificateId'>;
  certificate: string;
  policies: Array<Omit<PolicyInput, 'websiteId'>>;
  rules: Array<Omit<RuleInput, 'websiteId'>>;
}

const policy = (p: Partial<Omit<PolicyInput, 'websiteId'>> & Pick<PolicyInput, 'name' | 'type'>): Omit<PolicyInput, 'websiteId'> => ({
  description: '',
  enabled: true,
  ...emptyAcl(),
  waf: { ...WAF },
  ...p,
});
const rule = (
  r: Partial<Omit<RuleInput, 'websiteId'>> & Pick<RuleInput, 'name' | 'actionType' | 'action'>,
): Omit<RuleInput, 'websiteId'> => ({
  enabled: true,
  filters: [],
  clientAppIds: [],
  interval: 60,
  ...r,
});

const SITES: DemoSite[] = [
  {
    account: 'acme',
    certificate: 'Acme Media wildcard',
    website: {
      domain: 'www.acme-media.example',
      originType: 'multiple',
      lbMode: 'weighted',
      remark: 'Acme main site',
      origins: [
        { address: 'origin.acme-media.example:443', weight: 70, role: 'active' },
        { address: 'origin-backup.acme-media.example:443', weight: 30, role: 'standby' },
      ],
      hsts: { enabled: true, maxAge: 31_536_000, includeSubdomains: true },
      enabled: true,
    },
    policies: [
      policy({ name: 'Office allow list', type: 2, ips: ['198.51.100.0/24'], urls: ['/health'] }),
      policy({
        name: 'Block sanctioned regions',
        type: 1,
        countries: ['KP', 'IR'],
        clientAppIds: ['sqlmap'],
        urls: ['/wp-admin/*'],
        exceptions: ['203.0.113.5'],
      }),
      policy({ name: 'WAF', type: 3, description: 'OWASP categories' }),
    ],
    rules: [
      rule({
        name: 'Rate-limit login',
        actionType: 2,
        action: { requests: 20, blockTime: 600 },
        filters: [
          { field: 'path', operator: 'equals', value: '/login' },
          { field: 'method', operator: 'equals', value: 'POST' },
        ],
      }),
      rule({
        name: 'Old blog to new',
        actionType: 1,
        action: { target: 'https://www.acme-media.example/news', statusCode: 301 },
        filters: [{ field: 'path', operator: 'startsWith', value: '/blog/' }],
      }),
      rule({
        name: 'Challenge scripted clients',
        actionType: 3,
        action: { mode: 'challenge' },
        clientAppIds: ['curl', 'python-requests', 'go-http'],
      }),
    ],
  },
  {
    account: 'globex',
    certificate: 'Globex main site',
    website: {
      domain: 'www.globex-corp.example',
      originType: 'single',
      lbMode: 'least_pending',
      remark: 'Globex corporate site',
      origins: [{ address: 'http://192.0.2.80', weight: 100, role: 'active' }],
      hsts: { enabled: false, maxAge: 31_536_000, includeSubdomains: false },
      enabled: true,
    },
    policies: [
      policy({ name: 'Block scanners', type: 1, clientAppIds: ['sqlmap'], urls: ['/.env', '/.git/*'] }),
      policy({
        name: 'WAF',
        type: 3,
        waf: { xss: 'block_request', illegalResource: 'alert', rfi: 'block_request', sqli: 'block_request' },
      }),
    ],
    rules: [
      rule({
        name: 'API through the backup origin',
        actionType: 5,
        action: { origin: 'api-backup.globex-corp.example:8443' },
        filters: [{ field: 'path', operator: 'startsWith', value: '/api/' }],
      }),
    ],
  },
];

export const seedWebsites: DemoSeeder = {
  name: 'websites',
  async run(app) {
    for (const site of SITES) {
      const { rows } = await listCertificates(app.db, { accounts: [site.account], name: site.certificate });
      const protectionAddress = await randomProtectionAddress(app);
      const id = await insertWebsite(
        app.db,
        site.account,
        { ...site.website, certificateId: rows[0]?.id ?? null, protectionAddress },
        new Date(0),
      );
      for (const p of site.policies) await insertPolicy(app.db, { ...p, websiteId: id });
      for (const r of site.rules) await insertRule(app.db, { ...r, websiteId: id }, new Date(0));
      await markWebsiteConfigured(app.db, id);
    }
  },
};
