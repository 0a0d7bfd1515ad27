import crypto from 'node:crypto';
import type { DemoSeeder } from './index';
import { insertContact, insertGroup, insertRule, type RuleFields } from '../stores/config/monit';
import { deliverDue, evaluateRules, monitTiming } from '../lib/monitEngine';
import { seedDemoProbes } from '../stores/traffic/monitProbe';

/**
 * Cloud monitoring demo (issue #20): contacts and a group for acme and globex, a handful of rules
 * whose thresholds are taken from the demo traffic itself (so that they fire at its real peaks and
 * restore off-peak), their history produced by the evaluation job over the last day, and
 * two days of availability records generated in SQL.
 */

const ACME_DOMAINS = ['www.acme-media.com', 'img.acme-media.com'];
const GLOBEX_DOMAINS = ['www.globex-corp.com'];

/** A quantile of a metric per period over the last day of the given domains' traffic. */
async function trafficQuantile(traffic: import('../stores/traffic/engine').TrafficEngine, domains: string[], expr: string, minutes: number, q: number): Promise<number> {
  const [row] = await traffic.query<{ v: number | string | null }>(
    `SELECT quantile(${q})(v) AS v FROM (
       SELECT toStartOfInterval(ts, toIntervalMinute({m:UInt32})) AS p, ${expr} AS v FROM traffic.access_log
       WHERE domain IN {domains:Array(String)} AND ts >= (SELECT max(ts) FROM traffic.access_log WHERE domain IN {domains:Array(String)}) - INTERVAL 1 DAY
       GROUP BY p)`,
    { domains, m: minutes },
  );
  const v = Number(row?.v ?? 0);
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}

export const seedMonit: DemoSeeder = {
  name: 'monit',
  async run(app) {
    const existing = new Set((await app.db.query<{ name: string }>('SELECT name FROM domains')).map((r) => r.name));
    const acmeDomains = ACME_DOMAINS.filter((d) => existing.has(d));
    const globexDomains = GLOBEX_DOMAINS.filter((d) => existing.has(d));
    const ops = await insertContact(app.db, 'acme', { name: 'Acme NOC', email: 'noc@acme.example', mobile: '+8613800138000', webhook: '', language: 'zh', remark: '24×7 NOC' });
    const lead = await insertContact(app.db, 'acme', { name: 'Jane Lee', email: 'jane.lee@acme.example', mobile: '13912345678', webhook: '', language: 'en', remark: 'CDN owner' });
    const acmeGroup = await insertGroup(app.db, 'acme', { name: 'CDN duty', description: 'Receives every CDN alert', contactIds: [ops, lead] });
    const gx = await insertContact(app.db, 'globex', { name: 'Globex Ops', email: 'ops@globex.example', mobile: '', webhook: '', language: 'en', remark: '' });
    const globexGroup = await insertGroup(app.db, 'globex', { name: 'Operations', description: 'Globex operations team', contactIds: [gx] });

    const base = { comparison: 'gt' as const, consecutive: 1, channels: ['email' as const, 'sms' as const], repeatMinutes: 0, muteWindows: [], timeZone: 'Asia/Shanghai', enabled: true };
    const rules: Array<{ account: string; fields: RuleFields }> = [];
    if (acmeDomains.length) {
      const bw = await trafficQuantile(app.traffic, acmeDomains, 'sum(bytes) * 8 / 3600 / 1e6', 60, 0.7);
      const r5 = await trafficQuantile(app.traffic, acmeDomains, 'countIf(status >= 500) * 100 / count()', 60, 0.8);
      rules.push(
        { account: 'acme', fields: { ...base, name: 'Bandwidth peak (www, img)', domains: acmeDomains, metric: 'bandwidth', period: 60, threshold: bw, groupIds: [acmeGroup], repeatMinutes: 120 } },
        { account: 'acme', fields: { ...base, name: '5xx rate high', domains: acmeDomains, metric: 'rate5xx', period: 60, threshold: r5, groupIds: [acmeGroup], consecutive: 2 } },
        { account: 'acme', fields: { ...base, name: 'Hit rate low', domains: acmeDomains, metric: 'hitRate', period: 15, comparison: 'lt', threshold: 50, groupIds: [acmeGroup], enabled: false } },
      );
    }
    if (globexDomains.length) {
      const bw = await trafficQuantile(app.traffic, globexDomains, 'sum(bytes) * 8 / 3600 / 1e6', 60, 0.7);
      rules.push({ account: 'globex', fields: { ...base, name: 'Bandwidth peak', domains: globexDomains, metric: 'bandwidth', period: 60, threshold: bw, groupIds: [globexGroup], channels: ['email'] } });
    }
    // History: the hourly rules are evaluated over the last day of demo traffic now, so that its
    // peak (the thresholds' quantiles) is in it whatever the hour of the seeding.
    const [{ last }] = await app.traffic.query<{ last: number | string }>('SELECT toUnixTimestamp(max(ts)) AS last FROM traffic.access_log');
    const now = new Date(Math.max(Number(last) * 1000, 0) || Date.now());
    for (const r of rules) {
      const id = await insertRule(app.db, r.account, crypto.randomUUID(), r.fields, r.account);
      if (r.fields.period === 60) await app.db.query('UPDATE monit_rules SET evaluated_until = $2 WHERE id = $1', [id, new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 24 * 3_600_000)]);
    }
    await evaluateRules(app, now, { ...monitTiming(), lagSeconds: 0 });
    // No mail or SMS gateway in the demo: the outbox records them as not configured (never as sent).
    await deliverDue(app, now, monitTiming(), { smtpFrom: '', webhookSecret: '', timeoutMs: 1000, allowPrivate: false });
    await seedDemoProbes(app.traffic, (await app.db.query<{ name: string; account: string }>(
      `SELECT name, account FROM domains WHERE name = ANY($1::text[]) ORDER BY name`, [[...acmeDomains, ...globexDomains]],
    )));
  },
};
