import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settled, shot, signedInPage, switchLanguage, useBrowser } from './browser';

/**
 * Website protection (issue #18) in Chromium against the real server: acme creates a website with a
 * certificate (Chinese), opens it, adds an access-control policy blocking a country on its page, tests
 * a request and sees it blocked, adds two rules on their pages and reorders them (English), dry-runs a
 * rule over the demo website's access logs (English, then Chinese), and opens the dashboard with its
 * security-event charts from the demo events.
 */
const browser = useBrowser();

describe('website protection (acme)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('creates a website with a certificate and lands on the list (Chinese)', async () => {
    await page.goto('/dcdn/website');
    await page.getByText('www.acme-media.example').first().waitFor({ timeout: 30_000 });
    // the screen's title, every column named, the portal's time format, a page size shown
    await page.getByRole('heading', { name: 'WAF网站' }).waitFor();
    for (const name of ['状态', '检测', '更新时间']) await page.getByRole('columnheader', { name }).waitFor();
    await expect(page.locator('tr', { hasText: 'www.acme-media.example' }).textContent()).resolves.toMatch(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );
    await expect(page.getByRole('combobox').filter({ hasText: '20' }).count()).resolves.toBeGreaterThan(0);
    await shot(page, 'website-list-zh');
    await page.goto('/dcdn/website/create');
    await page.getByLabel('防护地址（CNAME）').waitFor({ timeout: 30_000 });
    await page.getByLabel('域名', { exact: true }).fill('e2e.acme-media.example');
    await page.getByLabel('源站地址').fill('http://203.0.113.10:8080');
    await page.getByLabel('备注').fill('e2e site');
    await page.getByRole('combobox', { name: 'SSL证书' }).click();
    await page.getByRole('option', { name: /Acme Media wildcard/ }).click();
    await shot(page, 'website-create-zh');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/dcdn\/website$/);
    await page.getByText('e2e.acme-media.example').waitFor();
    await expect
      .poll(async () => page.locator('tr', { hasText: 'e2e.acme-media.example' }).getByTestId('website-status').textContent(), {
        timeout: 30_000,
      })
      .toBe('已配置');
    await shot(page, 'website-created-zh');
  });

  it('adds a policy blocking a country, tests a request, adds and reorders rules (English)', async () => {
    await switchLanguage(page, 'English');
    await page.goto('/dcdn/website');
    // the longer English labels still fit the page: no sideways scrolling, the row actions wrap
    await page.getByRole('heading', { name: 'WAF websites' }).waitFor();
    await page.locator('tr', { hasText: 'e2e.acme-media.example' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'website-list-en');
    await page.locator('tr', { hasText: 'e2e.acme-media.example' }).getByRole('link', { name: 'Edit' }).click();
    await page.getByText('Protection policies').waitFor();
    await page.getByTestId('add-policy').click();
    await page.waitForURL(/\/dcdn\/website\/\d+\/policies\/create$/);
    await page.getByTestId('policy-name').fill('Block RU');
    await page.getByTestId('policy-countries').fill('RU');
    await shot(page, 'website-policy-page-en');
    await page.getByTestId('policy-save').click();
    await page.waitForURL(/\/dcdn\/website\/\d+$/);
    await page.getByTestId('policy-table').getByText('Block RU').waitFor();
    await page.getByTestId('test-country').fill('RU');
    await page.getByTestId('test-run').click();
    await expect.poll(() => page.getByTestId('test-action').textContent()).toBe('Blocked');
    await page.getByTestId('test-decision').scrollIntoViewIfNeeded();
    await shot(page, 'website-test-blocked-en');
    for (const name of ['first rule', 'second rule']) {
      await page.getByTestId('add-rule').click();
      await page.waitForURL(/\/rules\/create$/);
      await page.getByTestId('rule-name').fill(name);
      await page.getByTestId('rule-filter-value-0').fill('/api');
      await page.getByTestId('rule-save').click();
      await page.waitForURL(/\/dcdn\/website\/\d+$/);
      await page.getByTestId('rule-table').getByText(name).waitFor();
    }
    await page.getByTestId('rule-row-0').getByRole('button', { name: 'Move down' }).click();
    await expect.poll(() => page.getByTestId('rule-row-0').textContent()).toContain('second rule');
    await page.getByTestId('rule-table').scrollIntoViewIfNeeded();
    await shot(page, 'website-rules-en');
  });

  it("dry-runs a rule over the demo website's last 24 hours of access logs (English, then Chinese)", async () => {
    await page.goto('/dcdn/website');
    await page.locator('tr', { hasText: 'www.acme-media.example' }).getByRole('link', { name: 'Edit' }).click();
    await page.getByTestId('add-rule').click();
    await page.waitForURL(/\/rules\/create$/);
    await page.getByTestId('rule-name').fill('images');
    await page.getByTestId('rule-filter-value-0').fill('/');
    await page.getByTestId('dry-run-button').click();
    const summary = page.getByTestId('dry-run-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toMatch(/^[\d,]+ of [\d,]+ requests would have matched$/);
    await page.getByTestId('dry-run').scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'website-dry-run-en');
    // Cancel goes back one step without saving
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/dcdn\/website\/\d+$/);
    expect(await page.getByTestId('rule-table').getByText('images').count()).toBe(0);
    await switchLanguage(page, '简体中文');
    await page.getByTestId('add-rule').click();
    await page.getByTestId('rule-name').fill('images');
    await page.getByTestId('rule-filter-value-0').fill('/');
    await page.getByTestId('dry-run-button').click();
    await expect.poll(() => page.getByTestId('dry-run-summary').textContent(), { timeout: 30_000 }).toMatch(/个请求中有 .* 个会被命中$/);
    await page.getByTestId('dry-run').scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'website-dry-run-zh');
    await switchLanguage(page, 'English');
  });

  it('opens the dashboard with the security-event charts (English, then Chinese)', async () => {
    await page.goto('/dcdn/dashboards');
    await page.getByTestId('waf-dashboards').waitFor();
    await settled(page);
    // The demo's events of the last 24 hours: a chart in each card (no empty state), categories and actions named.
    const charts = ['events', 'categories', 'actions', 'ips', 'countries'];
    for (const key of charts)
      await page.getByTestId(`waf-chart-${key}`).locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('waf-events-empty').count()).resolves.toBe(0);
    await page.getByTestId('waf-chart-categories').getByText('Rate limiting').first().waitFor();
    await page
      .getByTestId('waf-chart-actions')
      .getByText(/Rate limited/)
      .first()
      .waitFor();
    await page.getByText('Top attacking IPs').waitFor();
    await page.getByRole('heading', { level: 1, name: 'WAF dashboards' }).waitFor();
    await shot(page, 'waf-dashboards-en');
    await switchLanguage(page, '简体中文');
    await page.goto('/dcdn/dashboards');
    await page.getByRole('heading', { level: 1, name: 'WAF大盘' }).waitFor();
    await settled(page);
    for (const key of charts)
      await page.getByTestId(`waf-chart-${key}`).locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
    await page.getByText('攻击类型排行').waitFor();
    await page.getByTestId('waf-chart-categories').getByText('频率限制').first().waitFor();
    await shot(page, 'waf-dashboards-zh');
  });
});
