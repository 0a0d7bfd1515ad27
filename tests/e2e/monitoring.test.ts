import fs from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mailText, startSmtpSink, type SmtpSink } from '../server/smtpSink';
import { accessLogLine, startReceiver, type Receiver } from '../server/monitFixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, settled, shot, signInAs, switchLanguage, useBrowser } from './browser';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { seedTenants } from '../../server/demo/tenants';
import { seedDomains } from '../../server/demo/domains';
import { signWebhook } from '../../server/lib/monitDelivery';
import { seedDemoProbes } from '../../server/stores/traffic/monitoringProbe';

/**
 * Cloud monitoring end to end (issue #20), in Chromium against a server of its own: the shared e2e
 * server has no mail server and evaluates once a minute, so this file starts one with a local SMTP
 * server and webhook receiver, the evaluation every 2 s without lag and the outbox every second
 * (PORTAL_MONIT_*), and the demo's tenants and domains; its traffic is a few minutes of log lines of
 * www.acme-media.example with 2 % of 502s around now. acme adds a contact (the form's messages first) with
 * an email address and a webhook URL, a contact group with it and a rule on the 5xx rate with a low
 * threshold (loading and success notices), in Chinese; the job fires it, the mail arrives at the SMTP
 * server and the signed JSON at the webhook receiver; then the alert history shows both sent, the
 * alarm event and the availability curves, in English.
 */
const browser = useBrowser();

const rows = (page: Page) => page.locator('table tbody tr');
const DOMAIN = 'www.acme-media.example';
const SECRET = 'e2e-hook-secret';

const hooks: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
let smtp: SmtpSink;
let receiver: Receiver | undefined;
let hookUrl = '';
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let dataDir = '';
let baseURL = '';

/** Log lines of the domain, `perMinute` a minute with one 502 among them, for minutes [from, to) around now. */
function logLines(from: number, to: number, perMinute = 50): string {
  const m0 = Math.floor(Date.now() / 60_000) * 60;
  const out: string[] = [];
  for (let k = from; k < to; k++) {
    for (let i = 0; i < perMinute; i++) {
      out.push(
        accessLogLine({
          ts: m0 + k * 60 + (i % 60),
          domain: DOMAIN,
          url: `/e2e/${i}.jpg`,
          status: i === 0 ? 502 : 200,
          bytes: 20_000,
          request_time: 30,
          cache_hit: i % 2,
          client_ip: '203.0.113.7',
        }),
      );
    }
  }
  return out.join('\n');
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  receiver = await startReceiver((rq, body, rs) => {
    hooks.push({ headers: rq.headers, body });
    rs.writeHead(204).end();
  });
  hookUrl = `${receiver.base}/hook`;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-monit-'));
  // Only the demo's tenants and domains (seeding the whole demo would take minutes); the webhook receiver is on loopback.
  const config = configFromEnv({
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DEMO: '0',
    PORTAL_DEMO_LIVE: '0',
    PORTAL_ALLOW_PRIVATE_ORIGINS: '1',
    SMTP_URL: smtp.url,
    SMTP_FROM: 'alerts@portal.test',
    MONIT_WEBHOOK_SECRET: SECRET,
    PORTAL_MONIT_TICK_MS: '2000',
    PORTAL_MONIT_LAG_SECONDS: '0',
    PORTAL_MONIT_OUTBOX_MS: '1000',
    PORTAL_MONIT_PROBE_MS: '0',
  });
  app = await buildApp(config);
  await seedTenants.run(app);
  await seedDomains.run(app);
  await app.traffic.insertRaw('traffic.access_log', Buffer.from(logLines(-15, 15)), 'JSONEachRow');
  await seedDemoProbes(app.traffic, [{ name: DOMAIN, account: 'acme' }]);
  baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await receiver?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
});

describe('cloud monitoring (acme)', () => {
  let page: Page;
  beforeAll(async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, baseURL });
    page = await context.newPage();
    await signInAs(page, 'acme', 'Acme@2026');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('adds a contact with an email address and a webhook, and a contact group (Chinese)', async () => {
    await openScreen(page, '/CMonit/alertContact/create', '新增联系人', 30_000);
    await page.getByLabel('名称').fill('E2E 值班');
    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('邮箱格式错误').waitFor();
    await page.getByLabel('邮箱').fill('e2e@acme.example');
    await page.getByLabel('手机号').fill('13800138000');
    await page.getByLabel('Webhook 地址').fill(hookUrl);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功').first().waitFor();
    await page.waitForURL(/\/CMonit\/alertContact$/);
    await expect
      .poll(async () => (await rows(page).allTextContents()).some((t) => t.includes('e2e@acme.example')), { timeout: 20_000 })
      .toBe(true);

    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name').fill('E2E 联系组');
    await page.getByTestId('group-members').click();
    await page.getByRole('option', { name: 'E2E 值班' }).click();
    // Escape would close the dialog: a click on its title closes the member list only.
    await page.getByRole('dialog').getByRole('heading').click();
    await page.getByTestId('group-save').click();
    await expect
      .poll(
        async () => (await page.getByTestId('group-row').allTextContents()).some((t) => t.includes('E2E 联系组') && t.includes('E2E 值班')),
        { timeout: 20_000 },
      )
      .toBe(true);
    await settled(page);
    await shot(page, 'monit-contacts-zh');
  });

  it('adds a rule on the 5xx rate with a low threshold (Chinese); it fires and the mail and the webhook arrive', async () => {
    await openScreen(page, '/CMonit/alertRules/create', '新增规则', 30_000);
    await page.getByLabel('规则名称').fill('E2E 5xx');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请至少选择一个域名').first().waitFor();
    // Type to filter: the domain list arrives with the rule options (ruleDetail) after the form.
    await page.getByRole('combobox', { name: '域名' }).fill('www.acme-media');
    await page.getByRole('option', { name: DOMAIN, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('阈值').fill('0.01');
    await page.getByLabel('连续周期数').fill('1');
    await page.getByRole('combobox', { name: '通知联系组' }).click();
    await page.getByRole('option', { name: 'E2E 联系组' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Webhook' }).check(); // email is checked by default
    await shot(page, 'monit-rule-form-zh');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功').first().waitFor();
    await page.waitForURL(/\/CMonit\/alertRules$/);
    await expect
      .poll(async () => (await rows(page).allTextContents()).find((t) => t.includes('E2E 5xx')) ?? '', { timeout: 20_000 })
      .toContain('5xx 比例 > 0.01%');
    await settled(page);
    await shot(page, 'monit-rules-zh');

    // The job evaluates the last complete 5-minute period (2 % of 502s > 0.01 %) and the outbox sends.
    await expect.poll(() => smtp.mails.filter((m) => m.to === 'e2e@acme.example').length, { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => hooks.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const mail = mailText(smtp.mails.find((m) => m.to === 'e2e@acme.example')!.body);
    expect(mail).toContain('规则“E2E 5xx”触发');
    expect(mail).toContain(DOMAIN);
    const hook = hooks[0];
    expect(hook.headers['x-portal-signature']).toBe(signWebhook(SECRET, String(hook.headers['x-portal-timestamp']), hook.body));
    const payload = JSON.parse(hook.body) as {
      event: string;
      rule: { name: string };
      metric: string;
      threshold: number;
      value: number;
      domains: string[];
    };
    expect(payload).toMatchObject({
      event: 'firing',
      rule: { name: 'E2E 5xx' },
      metric: 'rate5xx',
      threshold: 0.01,
      value: 2,
      domains: [DOMAIN],
    });
    // One event, one message per channel: the later periods keep it firing without a repeat.
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.mails.filter((m) => m.to === 'e2e@acme.example')).toHaveLength(1);
    expect(hooks).toHaveLength(1);
  });

  it('shows the sent notifications, the alarm event and the availability records in the history (English)', async () => {
    await switchLanguage(page, 'English');
    await openScreen(page, '/CMonit/alertHistory', 'Alert history', 30_000);
    const sent = async () =>
      (await rows(page).allTextContents()).filter((t) => t.includes('E2E 5xx') && t.includes('Firing') && t.includes('Sent'));
    await expect.poll(async () => (await sent()).length, { timeout: 30_000 }).toBe(2);
    const [a, b] = await sent();
    expect([a, b].some((t) => t.includes('e2e@acme.example'))).toBe(true);
    expect([a, b].some((t) => t.includes(hookUrl))).toBe(true);
    await settled(page);
    await shot(page, 'monit-history-en');
    await page.getByRole('tab', { name: 'Alarm events' }).click();
    await expect
      .poll(
        async () => (await page.getByTestId('alarm-records').locator('tbody tr').allTextContents()).some((t) => t.includes('E2E 5xx')),
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, 'monit-alarms-en');
    await page.getByRole('tab', { name: 'Availability records' }).click();
    await expect
      .poll(() => page.locator('[data-testid="resource-records"] .recharts-line').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await settled(page);
    await shot(page, 'monit-availability-en');
  });
});
