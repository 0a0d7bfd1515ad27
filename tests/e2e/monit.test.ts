import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settled, shot, signedInPage, switchLanguage, useBrowser } from './browser';

/**
 * Cloud monitoring in Chromium against the real server and its demo data: acme adds a contact (the
 * form's messages first), a contact group with it and a 5xx rule with a low threshold (loading and
 * success notices), in Chinese; then the alert history of the demo rules (notifications recorded as
 * not configured, the alarm events, the availability curves) in English. Delivery to a local SMTP
 * server and webhook receiver is tested on the server (tests/server/monit.test.ts).
 */
const browser = useBrowser();

const rows = (page: Page) => page.locator('table tbody tr');

describe('cloud monitoring (acme)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('adds a contact and a contact group (Chinese)', async () => {
    await page.goto('/CMonit/alertContact/create');
    await page.getByRole('heading', { name: '新增联系人' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('名称').fill('E2E 值班');
    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('邮箱格式错误').waitFor();
    await page.getByLabel('邮箱').fill('e2e@acme.example');
    await page.getByLabel('手机号').fill('13800138000');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功').first().waitFor();
    await page.waitForURL(/\/CMonit\/alertContact$/);
    await expect.poll(async () => (await rows(page).allTextContents()).some((t) => t.includes('e2e@acme.example')), { timeout: 20_000 }).toBe(true);

    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name').fill('E2E 联系组');
    await page.getByTestId('group-members').click();
    await page.getByRole('option', { name: 'E2E 值班' }).click();
    // Escape would close the dialog: a click on its title closes the member list only.
    await page.getByRole('dialog').getByRole('heading').click();
    await page.getByTestId('group-save').click();
    await expect.poll(async () => (await page.getByTestId('group-row').allTextContents()).some((t) => t.includes('E2E 联系组') && t.includes('E2E 值班')), { timeout: 20_000 }).toBe(true);
    await settled(page);
    await shot(page, 'monit-contacts-zh');
  });

  it('adds a rule on the 5xx rate with a low threshold, with the loading and success notices (Chinese)', async () => {
    await page.goto('/CMonit/alertRules/create');
    await page.getByRole('heading', { name: '新增规则' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('规则名称').fill('E2E 5xx');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请至少选择一个域名').first().waitFor();
    // Type to filter: the domain list arrives with the rule options (ruleDetail) after the form.
    await page.getByRole('combobox', { name: '域名' }).fill('www.acme-media');
    await page.getByRole('option', { name: 'www.acme-media.com', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('阈值').fill('0.01');
    await page.getByLabel('连续周期数').fill('1');
    await page.getByRole('combobox', { name: '通知联系组' }).click();
    await page.getByRole('option', { name: 'E2E 联系组' }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'monit-rule-form-zh');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功').first().waitFor();
    await page.waitForURL(/\/CMonit\/alertRules$/);
    await expect.poll(async () => (await rows(page).allTextContents()).find((t) => t.includes('E2E 5xx')) ?? '', { timeout: 20_000 }).toContain('5xx 比例 > 0.01%');
    await settled(page);
    await shot(page, 'monit-rules-zh');
  });

  it('shows the alert history, alarm events and availability records (English)', async () => {
    await switchLanguage(page, 'English');
    await page.goto('/CMonit/alertHistory');
    await page.getByRole('heading', { name: 'Alert history' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('history-status').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('history-status').first().textContent()).toMatch(/Not configured|Sent|Failed|Pending|No address|Muted/);
    await settled(page);
    await shot(page, 'monit-history-en');
    await page.getByRole('tab', { name: 'Alarm events' }).click();
    await expect.poll(() => page.getByTestId('alarm-records').locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'monit-alarms-en');
    await page.getByRole('tab', { name: 'Availability records' }).click();
    await expect.poll(() => page.locator('[data-testid="resource-records"] .recharts-line').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await settled(page);
    await shot(page, 'monit-availability-en');
  });
});
