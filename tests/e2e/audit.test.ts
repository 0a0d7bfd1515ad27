import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, shot, signedInNewPage, signedInPage, switchLanguage, useBrowser } from './browser';

/**
 * The audit log (issue #22) in Chromium against the real server: acme creates, edits and deletes a
 * sub-account (through the API, as the browser's session), then finds the three calls on
 * /page/audit, filtered by call, with the before/after of the edit (Chinese, then English);
 * acme_viewer has neither the menu entry nor the call.
 */
const browser = useBrowser();
const GROUP = 'acme_audit_e2e';

const rows = (page: Page) => page.locator('table tbody tr');

describe('audit log (acme)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it("records a sub-account's creation, edit and deletion and shows the edit's changes (Chinese)", async () => {
    const api = async (method: 'GET' | 'POST', url: string, data?: object) => {
      const res = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data });
      return (await res.json()) as { code: string; msg: string };
    };
    await api('GET', `/cloud/customer/delDomainGroup?domainGroup=${GROUP}`);
    expect(
      (
        await api('POST', '/cloud/customer/portalAddDomainGroup', {
          identity: GROUP,
          companyName: 'Audit Team',
          email: 'audit@acme.example',
        })
      ).code,
    ).toBe('0');
    expect(
      (
        await api('POST', '/cloud/customer/editDomainGroup', {
          identity: GROUP,
          companyName: 'Audit Team Renamed',
          email: 'audit2@acme.example',
        })
      ).code,
    ).toBe('0');
    expect((await api('GET', `/cloud/customer/delDomainGroup?domainGroup=${GROUP}`)).code).toBe('0');

    await openScreen(page, '/page/audit', '审计日志', 20_000);
    await page
      .getByRole('menuitem', { name: '审计日志' })
      .or(page.getByRole('link', { name: '审计日志' }))
      .first()
      .waitFor();
    await page.getByRole('textbox', { name: '操作', exact: true }).fill('DomainGroup');
    await expect.poll(() => rows(page).first().textContent(), { timeout: 20_000 }).toContain('/cloud/customer/delDomainGroup');
    const texts = await rows(page).allTextContents();
    expect(texts.slice(0, 3).map((t) => t.match(/\/cloud\/customer\/\w+/)?.[0])).toEqual([
      '/cloud/customer/delDomainGroup',
      '/cloud/customer/editDomainGroup',
      '/cloud/customer/portalAddDomainGroup',
    ]);
    expect(texts[0]).toContain('acme');
    expect(texts[0]).toContain('成功');
    await rows(page).filter({ hasText: '/cloud/customer/editDomainGroup' }).first().click();
    const changes = page.getByTestId('audit-changes');
    await changes.waitFor();
    await expect.poll(() => changes.textContent()).toContain('Audit Team Renamed');
    expect(await changes.textContent()).toContain('audit@acme.example');
    await shot(page, 'audit-list-zh');
  });

  it('the same list in English, with the export button', async () => {
    await switchLanguage(page, 'English');
    await openScreen(page, '/page/audit', 'Audit log', 20_000);
    await page.getByRole('textbox', { name: 'Call', exact: true }).fill('editDomainGroup');
    await expect.poll(() => rows(page).first().textContent(), { timeout: 20_000 }).toContain('/cloud/customer/editDomainGroup');
    await rows(page).first().click();
    await page.getByTestId('audit-changes').getByText('Audit Team Renamed').waitFor();
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Succeeded');
    await shot(page, 'audit-list-en');
  });
});

describe('audit log (acme_viewer)', () => {
  it('has no menu entry and the call is refused', async () => {
    const page = await signedInNewPage(browser(), 'acme_viewer', 'Viewer@2026');
    const res = await page.request.post('/api/audit/search', { data: {} });
    expect(((await res.json()) as { code: string }).code).toBe('403');
    await page.goto('/page/usersetting');
    await page.getByText('个人设置').first().waitFor();
    expect(await page.getByText('审计日志').count()).toBe(0);
    await page.context().close();
  });
});
