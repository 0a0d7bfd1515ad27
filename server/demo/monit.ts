import crypto from 'node:crypto';
import type { DemoSeeder } from './index';
import { insertContact, insertGroup, insertRule, type RuleFields } from '../stores/config/monitoring';
import { deliverDue, evaluateRules, monitTiming } from '../lib/monitEngine';
import { seedDemoProbes } from '../stores/traffic/monitoringProbe';

/**
 * Cloud monitoring demo (issue #20): contacts and a group for acme and globex, a handful of rules
 * whose thresholds are taken from the demo traffic itself (so that they fire at its real peaks and
 * restore off-peak), their history produced by the evaluation job over the last ten periods, and
 * two days of availability records generated in SQL.
 */

const ACME_DOMAINS = ['www.acme-media.com', 'img.acme-media.com'];
const GLOBEX_DOMAINS = ['www.globex-corp.com'];

/**
 * A quantile of a metric per period of the given domains' traffic over [from, to) (seconds): the
 * periods the demo evaluates, so that a quantile below 1 is exceeded in some of them at any hour of
 * the seeding and at any traffic scale. Three significant digits (the tests' scale is small).
 */
async function trafficQuantile(traffic: import('../stores/traffic/engine').TrafficEngine, domains: string[], expr: string, minutes: number, q: number, from: number, to: number): Promise<number> {
  const [row] = await traffic.query<{ v: number | string | null }>(
    `SELECT quantileExact({q:Float64})(v) AS v FROM (
       SELECT toStartOfInterval(ts, toIntervalMinute({m:UInt32})) AS p, ${expr} AS v FROM traffic.access_log
       WHERE domain IN {domains:Array(String)} AND ts >= toDateTime({from:UInt32}, 'UTC') AND ts < toDateTime({to:UInt32}, 'UTC')
       GROUP BY p)`,
    { domains, m: minutes, q, from, to },
  );
  const v = Number(row?.v ?? 0);
  return Number.isFinite(v) && v > 0 ? Number(v.toPrecision(3)) : 0;
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

    // The hourly rules are evaluated over the last ten hours of demo traffic (the engine's catch-up).
    const [{ last }] = await app.traffic.query<{ last: number | string }>('SELECT toUnixTimestamp(max(ts)) AS last FROM traffic.access_log');
    const now = new Date(Math.max(Number(last) * 1000, 0) || Date.now());
    const hourEnd = Math.floor(now.getTime() / 3_600_000) * 3600;
    const window = [hourEnd - 10 * 3600, hourEnd] as const;
    const base = { comparison: 'gt' as const, consecutive: 1, channels: ['email' as const, 'sms' as const], repeatMinutes: 0, muteWindows: [], timeZone: 'Asia/Shanghai', enabled: true };
    const rules: Array<{ account: string; fields: RuleFields }> = [];
    if (acmeDomains.length) {
      const bw = await trafficQuantile(app.traffic, acmeDomains, 'sum(bytes) * 8 / 3600 / 1e6', 60, 0.7, ...window);
      const r5 = await trafficQuantile(app.traffic, acmeDomains, 'countIf(status >= 500) * 100 / count()', 60, 0.8, ...window);
      // Request counts are whole numbers at any scale: this rule fires in the busier of the ten hours.
      const reqs = await trafficQuantile(app.traffic, acmeDomains, 'count()', 60, 0.6, ...window);
      rules.push(
        { account: 'acme', fields: { ...base, name: 'Bandwidth peak (www, img)', domains: acmeDomains, metric: 'bandwidth', period: 60, threshold: bw, groupIds: [acmeGroup], repeatMinutes: 120 } },
        { account: 'acme', fields: { ...base, name: 'Requests peak (www, img)', domains: acmeDomains, metric: 'requests', period: 60, threshold: reqs, groupIds: [acmeGroup] } },
        { account: 'acme', fields: { ...base, name: '5xx rate high', domains: acmeDomains, metric: 'rate5xx', period: 60, threshold: r5, groupIds: [acmeGroup], consecutive: 2 } },
        { account: 'acme', fields: { ...base, name: 'Hit rate low', domains: acmeDomains, metric: 'hitRate', period: 15, comparison: 'lt', threshold: 50, groupIds: [acmeGroup], enabled: false } },
      );
    }
    if (globexDomains.length) {
      const bw = await trafficQuantile(app.traffic, globexDomains, 'sum(bytes) * 8 / 3600 / 1e6', 60, 0.7, ...window);
      rules.push({ account: 'globex', fields: { ...base, name: 'Bandwidth peak', domains: globexDomains, metric: 'bandwidth', period: 60, threshold: bw, groupIds: [globexGroup], channels: ['email'] } });
    }
    for (const r of rules) {
      const id = await insertRule(app.db, r.account, crypto.randomUUID(), r.fields, r.account);
      if (r.fields.period === 60) await app.db.query('UPDATE monit_rules SET evaluated_until = $2 WHERE id = $1', [id, new Date(window[0] * 1000)]);
    }
    await evaluateRules(app, now, { ...monitTiming(), lagSeconds: 0 });
    // No mail or SMS gateway in the demo: the outbox records them as not configured (never as sent).
    await deliverDue(app, now, monitTiming(), { smtpFrom: '', webhookSecret: '', timeoutMs: 1000, allowPrivate: false });
    await seedDemoProbes(app.traffic, (await app.db.query<{ name: string; account: string }>(
      `SELECT name, account FROM domains WHERE name = ANY($1::text[]) ORDER BY name`, [[...acmeDomains, ...globexDomains]],
    )));
  },
};
