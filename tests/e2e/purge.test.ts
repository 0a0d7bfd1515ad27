import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, shot, signedInNewPage, signedInPage, switchLanguage, useBrowser } from './browser';

/**
 * Purge and prefetch in Chromium against the real server (embedded edge at a tenth of its delays):
 * acme purges URLs and watches the task reach verified, purges a directory, prefetches; acme_viewer
 * sees the tasks but no submit. Chinese first, then English.
 */
const browser = useBrowser();

const firstRow = (page: Page) => page.locator('table tbody tr').first();

describe('purge and prefetch (acme)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('purges URLs and watches the task reach verified (Chinese)', async () => {
    await openScreen(page, '/cdn/newurlPush', 'URL刷新');
    await page.getByTestId('purge-quota').waitFor();
    await page
      .getByRole('textbox', { name: 'URL刷新' })
      .fill('https://www.acme-media.example/e2e/a.js\nhttps://www.acme-media.example/e2e/b.css\nwww.acme-media.example/bad');
    await expect.poll(() => page.getByTestId('purge-counter').textContent()).toBe('共 3 行，无效 1 行');
    await page.getByTestId('purge-bad-lines').waitFor();
    await shot(page, 'purge-url-bad-zh');
    await page
      .getByRole('textbox', { name: 'URL刷新' })
      .fill('https://www.acme-media.example/e2e/a.js\nhttps://www.acme-media.example/e2e/b.css');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('推送成功').first().waitFor();
    await shot(page, 'purge-url-done-zh');
    await page.goto('/cdn/newsearchTask');
    await page.getByRole('heading', { name: '刷新任务' }).first().waitFor();
    await expect.poll(() => firstRow(page).textContent(), { timeout: 60_000, interval: 1000 }).toContain('已验证 2');
    await firstRow(page).getByText('https://www.acme-media.example/e2e/a.js').click();
    await page.getByText('https://www.acme-media.example/e2e/b.css').waitFor();
    await shot(page, 'purge-tasks-zh');
  });

  it('purges a directory and prefetches (English)', async () => {
    await switchLanguage(page, 'English');
    await openScreen(page, '/cdn/newdirPush', 'Directory purge');
    await page.getByTestId('purge-quota').waitFor();
    await page.getByRole('textbox', { name: 'Directory purge' }).fill('https://www.acme-media.example/e2e-dir/');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Push Success').first().waitFor();
    await shot(page, 'purge-dir-en');
    await page.goto('/cdn/prefetch');
    await page.getByRole('textbox', { name: 'Prefetch' }).fill('https://www.acme-media.example/e2e/big.zip');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Push Success').first().waitFor();
    await page.goto('/cdn/prefetchTask');
    await page.getByRole('heading', { name: 'Prefetch tasks' }).first().waitFor();
    // The demo origin does not exist on this network: the fetch fails with its reason.
    await expect.poll(() => firstRow(page).textContent(), { timeout: 60_000, interval: 1000 }).toMatch(/Failed|Verified/);
    await firstRow(page).getByText('https://www.acme-media.example/e2e/big.zip').click();
    await page
      .getByTestId(/task-detail-/)
      .first()
      .waitFor();
    await shot(page, 'prefetch-tasks-en');
  });
});

describe('purge (acme_viewer)', () => {
  it('sees the tasks but no submit', async () => {
    const page = await signedInNewPage(browser(), 'acme_viewer', 'Viewer@2026');
    await page.goto('/cdn/newurlPush');
    await page.getByText('您可以查看任务，但无权提交。').waitFor();
    expect(await page.getByRole('button', { name: '提交' }).count()).toBe(0);
    await page.goto('/cdn/newsearchTask');
    await firstRow(page).waitFor();
    expect(await page.getByRole('button', { name: '重新提交失败项' }).count()).toBe(0);
    await shot(page, 'purge-viewer-zh');
    await page.context().close();
  });
});
