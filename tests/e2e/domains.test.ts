import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openScreen, shot, signedInPage, switchLanguage, useBrowser } from './browser';

/**
 * The domain lifecycle as acme, in Chromium against the real server: create (two origins, cache
 * rules) → configuring → configured, edit, disable / enable, roll back a version, list filter and
 * paging; then acme_viewer sees no write buttons. Screenshots in Chinese and English.
 */
const NAME = 'e2e.acme-media.example';
const REMARK = 'Edited by the e2e test';
const TABS = ['Basic', 'Origin', 'Cache', 'HTTPS', 'Access control', 'Advanced'] as const;
const TABS_ZH = ['基本信息', '回源配置', '缓存配置', 'HTTPS配置', '访问控制', '高级配置'] as const;

const browser = useBrowser();

const row = (page: Page, name: string) => page.getByTestId(`row-actions-${name}`).locator('xpath=ancestor::tr');

async function showOnly(page: Page, name: string) {
  await page.goto(`/cdn/domain?filter=${encodeURIComponent(JSON.stringify({ name }))}`);
  await row(page, name).waitFor();
}

/** The row goes configuring → configured without a reload (the list polls). */
async function waitConfigured(page: Page, name: string) {
  await expect.poll(() => row(page, name).getByTestId('operation-configured').count(), { timeout: 20_000 }).toBe(1);
}

async function pickOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
}

describe('domains (acme)', () => {
  let page: Page;
  let detailUrl = '';
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('lists the domains with status and configuration state, in Chinese and English', async () => {
    await openScreen(page, '/cdn/domain', '域名列表');
    await row(page, 'www.acme-media.example').waitFor();
    expect(await page.getByTestId('status-freeze').count()).toBeGreaterThan(0);
    await shot(page, 'domains-list-zh');
    await page.goto('/cdn/domain/create');
    for (const name of TABS_ZH) {
      await tab(page, name);
      await shot(page, `domains-form-${TABS[TABS_ZH.indexOf(name)].replace(' ', '-').toLowerCase()}-zh`);
    }
    await switchLanguage(page, 'English');
    await openScreen(page, '/cdn/domain', 'Domain list');
    await row(page, 'www.acme-media.example').waitFor();
    await shot(page, 'domains-list-en');
  });

  it('creates a domain with two origins and cache rules; it goes configuring → configured', async () => {
    await page.getByRole('link', { name: 'Add domain' }).click();
    await page.waitForURL(/\/cdn\/domain\/create/);
    // The form chunk loads on demand: until then the list (with its own name filter) is still shown.
    await page.getByRole('heading', { name: 'Add domain' }).waitFor();
    await page.getByRole('textbox', { name: /Domain name/ }).fill(NAME);
    await page.getByRole('textbox', { name: /ICP number/ }).fill('沪ICP备18032511号-1');
    await shot(page, 'domains-form-basic-en');

    await tab(page, 'Origin');
    await page.getByRole('textbox', { name: 'Address' }).first().fill('origin-a.acme-media.example');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await pickOption(page, page.getByRole('combobox', { name: 'Role' }).nth(1), 'Backup');
    await page.getByRole('textbox', { name: 'Address' }).nth(1).fill('origin-b.acme-media.example');
    await page.getByRole('textbox', { name: /Test URL/ }).fill('/health.html');
    await shot(page, 'domains-form-origin-en');

    await tab(page, 'Cache');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await pickOption(page, page.getByRole('combobox', { name: 'Match by' }).nth(1), 'File suffix');
    await page.getByRole('textbox', { name: 'Paths or suffixes' }).nth(1).fill('jpg,png,webp');
    await page.getByRole('spinbutton', { name: 'Cache time' }).nth(1).fill('7');
    // Priority is the order: the suffix rule goes above the catch-all '/' rule.
    await page.getByRole('button', { name: 'Move up' }).nth(1).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Paths or suffixes' }).first().inputValue()).toBe('jpg,png,webp');
    await shot(page, 'domains-form-cache-en');
    for (const name of ['HTTPS', 'Access control', 'Advanced'] as const) {
      await tab(page, name);
      await shot(page, `domains-form-${name.replace(' ', '-').toLowerCase()}-en`);
    }

    await page.getByRole('button', { name: 'Save' }).click();
    // The demo origins do not exist: the probe fails and the user proceeds anyway.
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Proceed anyway\?/).waitFor({ timeout: 20_000 });
    await shot(page, 'domains-probe-failed-en');
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Domain added; the configuration is being issued').waitFor();
    await page.waitForURL((u) => u.pathname === '/cdn/domain');

    await page.getByRole('textbox', { name: 'Domain name' }).fill('e2e.acme');
    await row(page, NAME).waitFor();
    await expect.poll(() => row(page, NAME).getByTestId('operation-configuring').count()).toBe(1);
    await shot(page, 'domains-configuring-en');
    await waitConfigured(page, NAME);
  });

  it('shows the new domain in the detail view: origins and the cache strategy in priority order', async () => {
    await row(page, NAME).getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL(/\/cdn\/domain\/\d+\/show/);
    detailUrl = page.url().replace(/\/show.*$/, '/show');
    await page.goto(`${detailUrl}/origin`);
    const origins = page.getByTestId('origins-value');
    await expect.poll(() => origins.innerText()).toContain('Main · Domain · origin-a.acme-media.example:80');
    expect(await origins.innerText()).toContain('Backup · Domain · origin-b.acme-media.example:80');
    await page.goto(`${detailUrl}/cache`);
    const strategy = page.getByTestId('strategy-table');
    await expect.poll(() => strategy.locator('tbody tr').first().innerText()).toContain('jpg, png, webp');
    expect(await strategy.locator('tbody tr').nth(1).innerText()).toContain('30 days');
    await shot(page, 'domains-detail-cache-en');
  });

  it('edits the domain and the list shows it configuring, then configured', async () => {
    await showOnly(page, NAME);
    await row(page, NAME).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/cdn\/domain\/\d+$/);
    await page.getByRole('heading', { name: `Edit domain ${NAME}` }).waitFor();
    const remark = page.getByRole('textbox', { name: 'Remark' });
    await expect.poll(() => page.getByRole('textbox', { name: /Domain name/ }).inputValue()).toBe(NAME);
    await remark.fill(REMARK);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update successful').waitFor();
    await page.waitForURL((u) => u.pathname === '/cdn/domain');
    await expect.poll(() => row(page, NAME).getByTestId('operation-configuring').count()).toBe(1);
    await waitConfigured(page, NAME);
  });

  it('disables and enables it after confirmation', async () => {
    await showOnly(page, NAME);
    await row(page, NAME).getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByText(`Disable ${NAME}?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Domain disabled; the configuration is being issued').waitFor();
    await expect.poll(() => row(page, NAME).getByTestId('status-off').count()).toBe(1);
    await waitConfigured(page, NAME);
    // Disabled: edit is refused with the spec's message.
    await row(page, NAME).getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Domain configuring, the status cannot be changed!').waitFor();

    await row(page, NAME).getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Domain enabled; the configuration is being issued').waitFor();
    await expect.poll(() => row(page, NAME).getByTestId('status-on').count()).toBe(1);
    await waitConfigured(page, NAME);
  });

  it('compares a version with the current configuration and rolls back to it', async () => {
    await page.goto(`${detailUrl}/history`);
    const table = page.getByTestId('history-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    expect(await table.locator('tbody tr').first().innerText()).toContain('Current');
    await shot(page, 'domains-history-en');
    await page.getByTestId('compare-1').click();
    const diff = page.getByTestId('version-diff');
    await expect.poll(() => diff.innerText()).toContain(REMARK);
    expect(await diff.innerText()).toContain('Remark');
    await page.waitForTimeout(300);
    await shot(page, 'domains-history-diff-en');
    await page.getByRole('dialog').getByTestId('rollback-1').click();
    await page.getByText(`Roll back ${NAME} to version 1?`).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Rolled back to version 1; the configuration is being issued').waitFor();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(5);
    await expect.poll(() => page.getByTestId('operation-configured').count(), { timeout: 20_000 }).toBe(1);
    await page.goto(detailUrl);
    await page.getByText('Domain detail e2e.acme-media.example').waitFor();
    expect(await page.getByText(REMARK).count()).toBe(0);

    await switchLanguage(page, '简体中文');
    await page.goto(`${detailUrl}/history`);
    await page.getByTestId('compare-2').click();
    await page.getByTestId('version-diff').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'domains-history-diff-zh');
    await page.keyboard.press('Escape');
    await page.goto(detailUrl);
    await page.getByText('域名详情 e2e.acme-media.example').waitFor();
    await shot(page, 'domains-detail-zh');
    await switchLanguage(page, 'English');
    await page.goto(detailUrl);
    await page.getByText('Domain detail e2e.acme-media.example').waitFor();
    await shot(page, 'domains-detail-en');
  });

  it('filters the list by status and pages through it', async () => {
    await page.goto(`/cdn/domain?filter=${encodeURIComponent('{}')}`);
    await row(page, 'img.acme-media.example').waitFor();
    await expect.poll(() => page.getByText(/^1-20 of \d+$/).count()).toBe(1);
    const total = Number((await page.getByText(/^1-20 of \d+$/).innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.getByText(`21-${total} of ${total}`).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(total - 20);

    await pickOption(page, page.getByRole('combobox', { name: 'Status' }), 'Disabled');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('status-on').count()).toBe(0);
    const disabled = await page.getByTestId('status-off').count();
    expect(disabled).toBeGreaterThan(0);
    expect(await page.locator('tbody tr').count()).toBe(disabled);
    await shot(page, 'domains-filter-disabled-en');
  });
});

describe('domains (acme_viewer, view only)', () => {
  let page: Page;
  signedInPage(browser, 'acme_viewer', 'Viewer@2026', (p) => (page = p));

  it('shows domains without any write button', async () => {
    await page.goto('/cdn/domain');
    await row(page, 'img.acme-media.example').waitFor();
    const actions = page.getByTestId('row-actions-img.acme-media.example');
    await actions.getByRole('link', { name: '详情' }).waitFor();
    expect(await actions.getByRole('link', { name: '编辑' }).count()).toBe(0);
    expect(await actions.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('link', { name: '添加域名' }).count()).toBe(0);
    await actions.getByRole('link', { name: '历史版本' }).click();
    await page.getByTestId('history-table').waitFor();
    expect(await page.getByRole('button', { name: '回滚' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '编辑' }).count()).toBe(0);
    await shot(page, 'domains-viewer-history-zh');
  });
});
