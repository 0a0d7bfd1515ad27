/**
 * Overview, service info, lines, logs, usage ranking and bills in Chromium against the demo data:
 * as acme (every right) in both languages, and as acme_viewer (overview and logs only).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settled, shot, signedInPage, switchLanguage, useBrowser } from './browser';

const browser = useBrowser();

async function open(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId(ready).first().waitFor({ timeout: 60_000 });
  await settled(page);
}

/** Clicks an export button and returns the saved file's suggested name and text. */
async function exportCsv(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8').replace('\uFEFF', '') };
}

async function chooseFirstDomain(page: Page): Promise<string> {
  await page.getByTestId('filter-domains').locator('input').click();
  const option = page.getByRole('option').first();
  const chosen = (await option.textContent()) ?? '';
  await option.click();
  await page.keyboard.press('Escape');
  return chosen;
}

const BYTES = /^\d+\.\d{2} [KMGTPE]?B$/;
const BANDWIDTH = /^\d+\.\d{2} [KMGTPE]?bps$/;

describe('traffic screens as acme (Chromium, demo data)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('overview: figures, change against the previous period, curve, top domains; range, domain, export', async () => {
    await open(page, '/cdn/newoverview', 'tile-flow-value');
    expect(await page.getByTestId('tile-flow-value').textContent()).toMatch(BYTES);
    expect(await page.getByTestId('tile-peak-value').textContent()).toMatch(BANDWIDTH);
    expect(await page.getByTestId('tile-hit-value').textContent()).toMatch(/^\d+\.\d{2}%$/);
    await page.getByTestId('change-flow').waitFor();
    expect(await page.locator('[data-testid="overview-curve"] .recharts-area').count()).toBe(1);
    expect(await page.getByTestId('table-top-domains').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'traffic-overview-zh');

    const today = await page.getByTestId('tile-flow-value').textContent();
    await page.getByTestId('preset-week').click();
    await settled(page);
    await page.getByTestId('tile-flow-value').waitFor();
    expect(await page.getByTestId('range-shown').textContent()).toMatch(/\d{4}-\d{2}-\d{2} 00:00/);
    expect(await page.getByTestId('tile-flow-value').textContent()).not.toBe(today);

    const domain = await chooseFirstDomain(page);
    await settled(page);
    const rows = page.getByTestId('table-top-domains').locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe(domain);

    const csv = await exportCsv(page, 'export-overview-top-domains');
    expect(csv.name).toMatch(/^overview-top-domains-.*\.csv$/);
    expect(csv.text.split('\r\n')[1]).toContain(domain);
  });

  it('service info: the account, its services and domains; a sub-account; export', async () => {
    await open(page, '/cdn/newserviceinfo', 'table-service-domains');
    expect(await page.getByTestId('card-company').textContent()).toContain('Acme Media');
    expect(await page.getByTestId('services').locator('[data-testid^="service-"]').count()).toBeGreaterThan(0);
    await shot(page, 'traffic-serviceinfo-zh');
    await page.getByTestId('serviceinfo-account').click();
    await page.getByRole('option', { name: /acme_video/ }).click();
    await settled(page);
    const accounts = await page.getByTestId('table-service-domains').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(accounts)).toEqual(new Set(['acme_video']));
    const csv = await exportCsv(
      page,
      /* account and month in the name */ (await page.locator('[data-testid^="export-service-domains-"]').getAttribute('data-testid'))!,
    );
    expect(csv.name).toMatch(/^service-domains-acme_video-\d{4}-\d{2}.*\.csv$/);
  });

  it('lines: maps, a clicked line and its 1-minute curve, the table', async () => {
    await open(page, '/cdn/linesinfo', 'table-lines');
    await page.getByTestId('lines-map-world').waitFor();
    await page.getByTestId('lines-map-china').waitFor();
    expect(await page.locator('[data-testid^="world-line-"]').count()).toBeGreaterThan(5);
    const chinaMarker = page.locator('[data-testid^="china-line-"]').last();
    const code = (await chinaMarker.getAttribute('data-testid'))!.replace('china-line-', '');
    await chinaMarker.click();
    await page.getByTestId('line-bandwidth').getByText(code, { exact: false }).first().waitFor();
    await page.getByTestId('step-minute').click();
    await settled(page);
    expect(await page.getByTestId('line-peak-out').locator('p').nth(1).textContent()).toMatch(BANDWIDTH);
    expect(await page.locator('[data-testid="line-bandwidth"] .recharts-line, [data-testid="line-bandwidth"] .recharts-area').count()).toBe(
      2,
    );
    await shot(page, 'traffic-lines-zh');
    const csv = await exportCsv(page, 'export-lines');
    expect(csv.text.split('\r\n').length).toBeGreaterThan(5);
  });

  it('logs: rows of the account tree, filters, paging, download of the range', async () => {
    const searched = page.waitForRequest((r) => r.url().endsWith('/api/log/searchList'));
    await page.goto('/cdn/newlog');
    const body = JSON.parse((await searched).postData() ?? '{}') as { accountAll?: string };
    expect(body.accountAll?.split(',').sort()).toEqual(['acme', 'acme_static', 'acme_video']);
    await page.getByTestId('table-logs').waitFor({ timeout: 60_000 });
    await settled(page);
    await shot(page, 'traffic-logs-zh');

    const domain = await chooseFirstDomain(page);
    await page.getByTestId('filter-status').fill('2xx');
    await page.getByTestId('preset-yesterday').click();
    await page.getByTestId('log-search').click();
    await settled(page);
    const domains = await page.getByTestId('table-logs').locator('tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(domains)).toEqual(new Set([domain]));
    const statuses = await page.getByTestId('table-logs').locator('tbody tr td:nth-child(5)').allTextContents();
    expect(statuses.every((s) => /^2\d\d$/.test(s))).toBe(true);
    await page.getByRole('button', { name: '下一页' }).click();
    await settled(page);
    expect(await page.getByTestId('log-pagination').textContent()).toMatch(/第 21–40 条/);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByTestId('log-download-button').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^access-log_${domain.replace(/\./g, '\\.')}_\\d{14}-\\d{14}\\.csv\\.gz$`));
    await page.getByText('已开始下载').waitFor();
  });

  it('usage ranking: by traffic and by requests, sorted by a column, exported', async () => {
    await open(page, '/cdn/customRank', 'table-ranking');
    const first = await page.getByTestId('table-ranking').locator('tbody tr').first().locator('td').allTextContents();
    expect(first[0]).toBe('1');
    expect(first[3]).toMatch(BYTES);
    expect(first[5]).toMatch(/\d+\.\d{2}%$/);
    await shot(page, 'traffic-ranking-zh');
    await page.getByTestId('sortby-request').click();
    await settled(page);
    await page.getByRole('columnheader', { name: /请求数占比/ }).waitFor();
    await page.getByTestId('preset-threeDays').click();
    await settled(page);
    await page.getByTestId('table-ranking').getByText('请求数', { exact: true }).click();
    await settled(page);
    const csv = await exportCsv(page, 'export-usage-ranking-request');
    expect(csv.text.split('\r\n')[0]).toBe('排名,域名,账号,流量 (B),请求数,请求数占比 (%),线路');
  });

  it('bills: both billing methods in yuan, monthly sum and daily detail, exported', async () => {
    await open(page, '/page/bill', 'table-bill-sum');
    expect(await page.getByTestId('bill-traffic-fee-value').textContent()).toMatch(/^¥[\d,]+\.\d{2}$/);
    expect(await page.getByTestId('bill-bandwidth-fee-value').textContent()).toMatch(/^¥[\d,]+\.\d{2}$/);
    const sumRow = await page.getByTestId('table-bill-sum').locator('tbody tr').first().locator('td').allTextContents();
    expect(sumRow[6]).toMatch(/^¥[\d,]+\.\d{2}$/);
    await shot(page, 'traffic-bill-zh');
    await page.getByTestId('bill-tab-detail').click();
    await page.getByTestId('table-bill-detail').waitFor();
    await settled(page);
    const csv = await exportCsv(page, (await page.locator('[data-testid^="export-bill-detail-"]').getAttribute('data-testid'))!);
    expect(csv.text.split('\r\n')[0]).toBe('日期,域名,账号,流量 (B),请求数,峰值带宽 (bps),流量费用 (CNY)');
  });

  it('in English: every screen re-rendered, screenshots', async () => {
    await open(page, '/cdn/newoverview', 'tile-flow-value');
    await switchLanguage(page, 'English');
    await page.getByText('Request hit rate').waitFor();
    await settled(page);
    await shot(page, 'traffic-overview-en');
    for (const [path, ready, name, text] of [
      ['/cdn/newserviceinfo', 'table-service-domains', 'serviceinfo', 'Lines in use:'],
      ['/cdn/linesinfo', 'table-lines', 'lines', 'All lines'],
      ['/cdn/newlog', 'table-logs', 'logs', 'rows match'],
      ['/cdn/customRank', 'table-ranking', 'ranking', 'Domain ranking'],
      ['/page/bill', 'table-bill-sum', 'bill', 'Traffic billing'],
    ] as const) {
      await open(page, path, ready);
      await page.getByText(text).first().waitFor();
      if (name === 'lines') await page.getByTestId('lines-map-china').waitFor();
      await settled(page);
      await shot(page, `traffic-${name}-en`);
    }
    await switchLanguage(page, '简体中文');
    await page.getByText('按流量计费').first().waitFor();
  });
});

describe('traffic screens as acme_viewer (overview and logs only)', () => {
  let page: Page;
  signedInPage(browser, 'acme_viewer', 'Viewer@2026', (p) => (page = p));

  it('sees the overview and the logs, and can download logs', async () => {
    expect(new URL(page.url()).pathname).toBe('/cdn/newoverview');
    await page.getByTestId('tile-flow-value').waitFor({ timeout: 60_000 });
    await settled(page);
    const menu = await page.locator('.RaMenu-open, .RaMenu-closed').first().innerText();
    expect(menu).toContain('概览');
    expect(menu).toContain('日志');
    for (const hidden of ['服务信息', '线路', '用量排行']) expect(menu).not.toContain(hidden);
    await shot(page, 'traffic-viewer-overview-zh');
    await open(page, '/cdn/newlog', 'table-logs');
    await chooseFirstDomain(page);
    await page.getByTestId('log-search').click();
    await settled(page);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByTestId('log-download-button').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv\.gz$/);
  });

  it('reaches no lines, ranking, service info or bills, and stays signed in', async () => {
    for (const path of ['/cdn/linesinfo', '/cdn/customRank', '/cdn/newserviceinfo', '/page/bill']) {
      await page.goto(path);
      await page.getByTestId('page-forbidden').waitFor();
    }
    await shot(page, 'traffic-viewer-forbidden-zh');
    const menu = await page.locator('.RaMenu-open, .RaMenu-closed').first().innerText();
    expect(menu).not.toContain('账单');
    await page.goto('/cdn/newoverview');
    await page.getByTestId('tile-flow-value').waitFor({ timeout: 60_000 });
  });
});
