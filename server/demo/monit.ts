import crypto from 'node:crypto';
import type { DemoSeeder } from './index';
import { insertContact, insertGroup, insertRule, setRuleEvaluatedUntil, type RuleFields } from '../stores/config/monitoring';
import { listDomainNames } from '../stores/config/domains';
import { deliverDue, evaluateRules } from '../services/monitoring';
import { seedDemoProbes, trafficQuantile } from '../stores/traffic/monitoringProbe';
import { lastLoggedSecond } from '../stores/traffic/trafficDemo';
import type { TrafficEngine } from '../stores/traffic/engine';
import { RESTORE_AFTER_DEFAULT } from '../../common/rules/monitoring';

/**
 * Cloud monitoring demo (issue #20): contacts and a group for acme and globex, a handful of rules
 * whose thresholds are taken from the demo traffic itself (so that they fire at its real peaks and
 * restore off-peak), their history produced by the evaluation job over the last ten periods, and
 * two days of availability records generated in SQL.
 */

const ACME_DOMAINS = ['www.acme-media.example', 'img.acme-media.example'];
const GLOBEX_DOMAINS = ['www.globex-corp.example'];

/**
 * A quantile of a metric per period of the given domains' traffic over [from, to) (seconds): the
 * periods the demo evaluates, so that a quantile below 1 is exceeded in some of them at any hour of
 * the seeding and at any traffic scale. Three significant digits (the tests' scale is small).
 */
async function quantileOf(
  traffic: TrafficEngine,
  domains: string[],
  expr: string,
  minutes: number,
  q: number,
  from: number,
  to: number,
): Promise<number> {
  const v = await trafficQuantile(traffic, { domains, expr, minutes, quantile: q, from, to });
  return Number.isFinite(v) && v > 0 ? Number(v.toPrecision(3)) : 0;
}

export const seedMonit: DemoSeeder = {
  name: 'monit',
  async run(app) {
    const all = await listDomainNames(app.db, null);
    const existing = new Set(all.map((r) => r.name));
    const acmeDomains = ACME_DOMAINS.filter((d) => existing.has(d));
    const globexDomains = GLOBEX_DOMAINS.filter((d) => existing.has(d));
    const ops = await insertContact(app.db, 'acme', {
      name: 'Acme NOC',
      email: 'noc@acme.example',
      mobile: '+8613800138000',
      webhook: '',
      language: 'zh',
      remark: '24×7 NOC',
    });
    const lead = await insertContact(app.db, 'acme', {
      name: 'Jane Lee',
      email: 'jane.lee@acme.example',
      mobile: '13912345678',
      webhook: '',
      language: 'en',
      remark: 'CDN owner',
    });
    const acmeGroup = await insertGroup(app.db, 'acme', {
      name: 'CDN duty',
      description: 'Receives every CDN alert',
      contactIds: [ops, lead],
    });
    const gx = await insertContact(app.db, 'globex', {
      name: 'Globex Ops',
      email: 'ops@globex.example',
      mobile: '',
      webhook: '',
      language: 'en',
      remark: '',
    });
    const globexGroup = await insertGroup(app.db, 'globex', {
      name: 'Operations',
      description: 'Globex operations team',
      contactIds: [gx],
    });

    // The hourly rules are evaluated over the last ten hours of demo traffic (the engine's catch-up).
    const last = await lastLoggedSecond(app.traffic);
    const now = new Date(Math.max(last * 1000, 0) || Date.now());
    const hourEnd = Math.floor(now.getTime() / 3_600_000) * 3600;
    const window = [hourEnd - 10 * 3600, hourEnd] as const;
    const base = {
      comparison: 'gt' as const,
      consecutive: 1,
      restoreAfter: RESTORE_AFTER_DEFAULT,
      channels: ['email' as const, 'sms' as const],
      repeatMinutes: 0,
      muteWindows: [],
      timeZone: 'Asia/Shanghai',
      enabled: true,
    };
    const rules: Array<{ account: string; fields: RuleFields }> = [];
    if (acmeDomains.length) {
      const bw = await quantileOf(app.traffic, acmeDomains, 'sum(bytes) * 8 / 3600 / 1e6', 60, 0.7, ...window);
      const r5 = await quantileOf(app.traffic, acmeDomains, 'countIf(status >= 500) * 100 / count()', 60, 0.8, ...window);
      // Request counts are whole numbers at any scale: this rule fires in the busier of the ten hours.
      const reqs = await quantileOf(app.traffic, acmeDomains, 'count()', 60, 0.6, ...window);
      rules.push(
        {
          account: 'acme',
          fields: {
            ...base,
            name: 'Bandwidth peak (www, img)',
            domains: acmeDomains,
            metric: 'bandwidth',
            period: 60,
            threshold: bw,
            groupIds: [acmeGroup],
            repeatMinutes: 120,
          },
        },
        {
          account: 'acme',
          fields: {
            ...base,
            name: 'Requests peak (www, img)',
            domains: acmeDomains,
            metric: 'requests',
            period: 60,
            threshold: reqs,
            groupIds: [acmeGroup],
          },
        },
        {
          account: 'acme',
          fields: {
            ...base,
            name: '5xx rate high',
            domains: acmeDomains,
            metric: 'rate5xx',
            period: 60,
            threshold: r5,
            groupIds: [acmeGroup],
            consecutive: 2,
          },
        },
        {
          account: 'acme',
          fields: {
            ...base,
            name: 'Hit rate low',
            domains: acmeDomains,
            metric: 'hitRate',
            period: 15,
            comparison: 'lt',
            threshold: 50,
            groupIds: [acmeGroup],
            enabled: false,
          },
        },
        // Security rules (issue #35): any detected attack on acme's protected IPs, and the WAF events of
        // its website in an hour (the demo's generated attack traffic fires them).
        {
          account: 'acme',
          fields: { ...base, name: 'IP under attack', domains: [], metric: 'ippAttack', period: 5, threshold: 0, groupIds: [acmeGroup] },
        },
        {
          account: 'acme',
          fields: {
            ...base,
            name: 'WAF events (www)',
            domains: ['www.acme-media.example'],
            metric: 'wafEvents',
            period: 60,
            threshold: 20,
            groupIds: [acmeGroup],
            channels: ['email'],
          },
        },
      );
    }
    if (globexDomains.length) {
      const bw = await quantileOf(app.traffic, globexDomains, 'sum(bytes) * 8 / 3600 / 1e6', 60, 0.7, ...window);
      rules.push({
        account: 'globex',
        fields: {
          ...base,
          name: 'Bandwidth peak',
          domains: globexDomains,
          metric: 'bandwidth',
          period: 60,
          threshold: bw,
          groupIds: [globexGroup],
          channels: ['email'],
        },
      });
    }
    for (const r of rules) {
      const id = await insertRule(app.db, r.account, crypto.randomUUID(), r.fields, r.account);
      if (r.fields.period === 60) await setRuleEvaluatedUntil(app.db, id, new Date(window[0] * 1000));
    }
    await evaluateRules(app, now, { ...app.config.monit.timing, lagSeconds: 0 });
    // No mail or SMS gateway in the demo: the outbox records them as not configured (never as sent).
    await deliverDue(app, now, app.config.monit.timing, { smtpFrom: '', webhookSecret: '', timeoutMs: 1000, allowPrivate: false });
    const probed = new Set([...acmeDomains, ...globexDomains]);
    await seedDemoProbes(
      app.traffic,
      all.filter((d) => probed.has(d.name)).map(({ name, account }) => ({ name, account })),
    );
  },
};
