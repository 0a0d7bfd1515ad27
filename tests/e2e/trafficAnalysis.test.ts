import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, settled, shot, signInAs, switchLanguage, useBrowser } from './browser';

const TABS = ['top', 'hit', 'client', 'source', 'status', 'ip', 'distribution'] as const;
/** What each tab shows once its data is in (a table of the demo traffic). */
const TAB_TABLE: Record<(typeof TABS)[number], string> = {
  top: 'table-top',
  hit: 'table-hit-request',
  client: 'table-client',
  source: 'table-source',
  status: 'table-status',
  ip: 'table-ip',
  distribution: 'table-provinces',
};

const browser = useBrowser();

async function openTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
  await page.getByTestId(`tab-button-${tab}`).click();
  await page.getByTestId(TAB_TABLE[tab]).first().waitFor();
  await settled(page);
  expect(await page.getByTestId('analysis-error').count()).toBe(0);
  // The tab's request statistics (its simple GET): the search's total, formatted.
  const stats = page.getByTestId(`request-stats-${tab}`);
  expect(await stats.getByTestId('stats-total').textContent()).toMatch(/[\d,]+$/);
  expect(await stats.getByTestId('stats-max').textContent()).toMatch(/[1-9][\d,]*$/);
}

/** Opens every tab in turn and saves a screenshot analysis-<variant>-<tab>-<lang> of each. */
async function shotEveryTab(page: Page, variant: 'off' | 'on', lang: 'zh' | 'en'): Promise<void> {
  for (const tab of TABS) {
    await openTab(page, tab);
    await shot(page, `analysis-${variant}-${tab}-${lang}`);
  }
}

async function chooseDomain(page: Page, name?: string): Promise<string> {
  await page.getByTestId('search-domains').locator('input').click();
  const option = name ? page.getByRole('option', { name }) : page.getByRole('option').first();
  const chosen = (await option.textContent()) ?? '';
  await option.click();
  await page.keyboard.press('Escape');
  return chosen;
}

async function search(page: Page): Promise<void> {
  await page.getByTestId('search-submit').click();
  await settled(page);
}

describe('traffic analysis as acme (Chromium, demo data)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser());
    // The demo store answers in well under a second; the margin is for a busy 2-core machine.
    page.setDefaultTimeout(90_000);
    await signInAs(page, 'acme', 'Acme@2026');
  });
  afterAll(async () => {
    await page?.context().close();
  });
  afterEach(async (ctx) => {
    // What the screen showed when a step failed (the run's other screenshots stay as they were).
    if (ctx.task.result?.state === 'fail') await shot(page, 'analysis-failed-step').catch(() => undefined);
  });

  it('offline: asks for a domain first, then shows every tab with real numbers (Chinese)', async () => {
    await page.goto('/cdn/analysisOff');
    await page.getByTestId('analysis-summary').waitFor();
    await settled(page);
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'URL 排行',
      '命中率',
      '客户端',
      '来源',
      '状态码',
      '独立 IP',
      '用户分布',
    ]);
    await page.getByTestId('tab-button-top').click();
    await page.getByTestId('domains-required').waitFor();
    expect(await page.getByTestId('summary-request').textContent()).toMatch(/请求数[\d,]+/);

    const domain = await chooseDomain(page);
    expect(domain).toMatch(/\./);
    await search(page);
    await shotEveryTab(page, 'off', 'zh');
    // The URL top table holds URLs, request counts and base-1000 traffic.
    await page.getByTestId('tab-button-top').click();
    const firstRow = await page.getByTestId('table-top').locator('tbody tr').first().locator('td').allTextContents();
    expect(firstRow[0]).toBe('1');
    expect(firstRow[1]).toMatch(/^\//);
    expect(firstRow[2]).toMatch(/^[\d,]+$/);
    expect(firstRow[3]).toMatch(/^\d+\.\d{2} [KMGTPE]?B$/);
    expect(firstRow[4]).toMatch(/^\d+\.\d{2}%$/);
  }, 300_000);

  it('offline: changes the range, exports a CSV and switches to English', async () => {
    await page.getByTestId('preset-yesterday').click();
    const range = await page.getByTestId('search-range').textContent();
    expect(range).toMatch(/\d{4}-\d{2}-\d{2} 00:00:00 至 \d{4}-\d{2}-\d{2} 23:59:59/);
    await search(page);
    await openTab(page, 'top');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-url-top-request').click()]);
    expect(download.suggestedFilename()).toMatch(/^url-top-request-\d{8}-\d{6}\.csv$/);
    const csv = await download.createReadStream().then(
      (s) =>
        new Promise<string>((resolve) => {
          let text = '';
          s.on('data', (c: Buffer) => (text += c.toString('utf8')));
          s.on('end', () => resolve(text));
        }),
    );
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('排名,URL,请求数,流量 (B),占比 (%)');
    expect(lines.length).toBeGreaterThan(1);

    await page.getByTestId('preset-today').click();
    await search(page);
    await switchLanguage(page, 'English');
    await page.getByRole('tab', { name: 'URL top' }).waitFor();
    await page.getByRole('heading', { name: 'Traffic analysis' }).waitFor();
    await shotEveryTab(page, 'off', 'en');
  }, 300_000);

  it('online: every tab in English and Chinese, with the database curves', async () => {
    await page.goto('/cdn/analysisOn');
    await page.getByTestId('analysis-summary').waitFor();
    await settled(page);
    // Minute precision, no domain needed.
    expect(await page.getByTestId('search-range').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} 00:00 to \d{4}-\d{2}-\d{2} \d{2}:\d[05]$/);
    await shotEveryTab(page, 'on', 'en');
    await page.getByTestId('tab-button-source').click();
    await page.getByTestId('origin-requests').locator('svg.recharts-surface').first().waitFor();
    await switchLanguage(page, '简体中文');
    await page.getByRole('tab', { name: '用户分布' }).waitFor();
    await shotEveryTab(page, 'on', 'zh');
  }, 300_000);

  it('online: narrows to one domain and a longer range', async () => {
    await page.getByTestId('tab-button-hit').click();
    const before = await page.getByTestId('summary-request').textContent();
    await chooseDomain(page);
    await page.getByTestId('preset-threeDays').click();
    await search(page);
    await openTab(page, 'hit');
    const after = await page.getByTestId('summary-request').textContent();
    expect(after).not.toBe(before);
    expect(await page.getByTestId('hit-request-percent').textContent()).toMatch(/\d+\.\d{2}%/);
    await shot(page, 'analysis-on-hit-3days-zh');
  }, 300_000);
});

describe('traffic analysis as acme_viewer (tab rights top and hit)', () => {
  it('sees only URL top and hit rate on both screens', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(90_000);
    await signInAs(page, 'acme_viewer', 'Viewer@2026');
    for (const path of ['/cdn/analysisOff', '/cdn/analysisOn']) {
      await page.goto(path);
      await page.getByTestId('analysis-summary').waitFor();
      await settled(page);
      expect(await page.getByRole('tab').allTextContents()).toEqual(['URL 排行', '命中率']);
    }
    await openTab(page, 'hit');
    await shot(page, 'analysis-viewer-on-hit-zh');
    await page.context().close();
  }, 300_000);
});
