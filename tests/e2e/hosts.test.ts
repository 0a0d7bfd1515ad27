import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, settled, shot, signedInPage, switchLanguage, useBrowser } from './browser';

/**
 * Hosts in Chromium against the real server and its demo hosts: acme goes from the overview to the
 * list of one area, searches, renames a host in place and opens its 24-hour curves (Chinese), then
 * the dedicated servers and the overview's bar chart in English.
 */
const browser = useBrowser();

const rows = (page: Page) => page.locator('table tbody tr');

describe('hosts (acme)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('overview counts, then an area opens the filtered VPS list (Chinese)', async () => {
    await openScreen(page, '/cdn/overviewHost', '主机概览');
    await expect.poll(() => page.getByTestId('host-total-value').textContent()).toBe('72');
    expect(await page.getByTestId('host-count-vps-value').textContent()).toBe('60');
    expect(await page.getByTestId('host-count-server-value').textContent()).toBe('12');
    await page.getByTestId('host-area-row-ap-hk').waitFor();
    await settled(page);
    await shot(page, 'hosts-overview-zh');
    await page.getByTestId('host-area-row-ap-hk').click();
    await page.waitForURL(/\/cdn\/cloudHostList/);
    await page.getByRole('heading', { name: '云主机' }).waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(10);
    const areas = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(areas.every((t) => t.includes('中国香港'))).toBe(true);
    await shot(page, 'hosts-vps-area-zh');
  });

  it('searches by name, renames in place, opens the 24 h curves (Chinese)', async () => {
    await openScreen(page, '/cdn/cloudHostList', '云主机');
    await rows(page).first().waitFor();
    await page.getByPlaceholder('主机名、IP或实例ID').fill('media');
    await expect
      .poll(
        async () => {
          const texts = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
          return texts.length > 0 && texts.every((t) => t.includes('media'));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, 'hosts-search-zh');

    const first = rows(page).first();
    await first.getByRole('button', { name: '改名' }).click();
    const box = first.getByRole('textbox', { name: '主机名' });
    await box.fill(' bad');
    await first.getByText('主机名首尾不能有空格').waitFor();
    await box.fill('e2e-媒体-01');
    await first.getByRole('button', { name: '保存' }).click();
    await page.getByText('修改成功').first().waitFor();
    await expect.poll(() => rows(page).first().getByTestId('host-name').textContent()).toBe('e2e-媒体-01');
    await shot(page, 'hosts-renamed-zh');

    await page.getByPlaceholder('主机名、IP或实例ID').fill('');
    await page.getByRole('combobox', { name: '状态' }).click();
    await page.getByRole('option', { name: '运行中' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    // the list has reloaded: a full page of running hosts, each with its last-hour CPU
    await expect
      .poll(
        async () => {
          const texts = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
          return texts.length === 20 && texts.every((t) => t.includes('运行中') && t.includes('%'));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    await rows(page).first().locator('code').click();
    await page.waitForURL(/\/cdn\/cloudHostList\/\d+\/show/);
    await page
      .getByTestId('host-curves')
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        await shot(page, 'hosts-detail-failed');
        throw e;
      });
    await expect
      .poll(() => page.locator('[data-testid="host-curves"] .recharts-surface').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await settled(page);
    await shot(page, 'hosts-detail-zh');
  });

  it('dedicated servers with the expiring warning and the overview bar chart (English)', async () => {
    await switchLanguage(page, 'English');
    await openScreen(page, '/cdn/specialHostList', 'Dedicated servers');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(12);
    expect(await page.getByTestId('host-expiring').count()).toBeGreaterThan(0);
    await shot(page, 'hosts-servers-en');
    await openScreen(page, '/cdn/overviewHost', 'Host overview');
    await page.getByRole('tab', { name: 'Dedicated servers' }).click();
    await page.getByTestId('host-view-server').waitFor();
    await page.locator('[data-testid="host-view-server"] .recharts-bar-rectangle').first().waitFor();
    await settled(page);
    await shot(page, 'hosts-overview-servers-en');
    await page.locator('[data-testid="host-view-server"] .recharts-bar-rectangle path').first().click();
    await page.waitForURL(/\/cdn\/specialHostList/);
    const filter = decodeURIComponent(new URL(page.url()).search);
    expect(filter).toMatch(/"area":"[a-z-]+"/);
    await page.getByRole('heading', { name: 'Dedicated servers' }).waitFor();
    await page.getByTestId('host-name').first().waitFor({ timeout: 20_000 });
    // every row is in the clicked area (the area is the fourth column)
    const areas = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''));
    expect(areas.length).toBeGreaterThan(0);
    expect(new Set(areas).size).toBe(1);
    await settled(page);
    await shot(page, 'hosts-servers-area-en');
  });

  it('both host lists fit a 1440 px screen in English and Chinese: the table scrolls inside its card, never the page', async () => {
    for (const [language, lang] of [
      ['English', 'en'],
      ['简体中文', 'zh'],
    ] as const) {
      if (lang === 'zh') await switchLanguage(page, language);
      for (const [url, name] of [
        ['/cdn/cloudHostList', 'vps'],
        ['/cdn/specialHostList', 'servers'],
      ]) {
        await page.goto(url);
        await page.getByTestId('host-name').first().waitFor({ timeout: 20_000 });
        await settled(page);
        const width = await page.evaluate(() => ({ page: document.scrollingElement!.scrollWidth, screen: window.innerWidth }));
        expect(width.screen).toBe(1440);
        expect(width.page, `${url} (${lang})`).toBeLessThanOrEqual(width.screen);
        await shot(page, `hosts-${name}-1440-${lang}`);
      }
    }
  });
});
