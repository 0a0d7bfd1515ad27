import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signedInNewPage, switchLanguage, useBrowser } from './browser';

const browser = useBrowser();

const SUB = 'e2e_domain_viewer';
const SUB_PASSWORD = 'Dom@in2026view';

async function openUsers(page: Page) {
  await page.goto('/page/user');
  await page.getByRole('heading', { name: /用户列表|User list/ }).waitFor();
}

describe('sub-users (Chromium)', () => {
  let acme: Page;

  it('acme sees its sub-users in both languages', async () => {
    acme = await signedInNewPage(browser(), 'acme', 'Acme@2026');
    await openUsers(acme);
    await acme.getByText('acme_viewer', { exact: true }).waitFor();
    await expect(acme.getByText('frozen', { exact: true }).isVisible()).resolves.toBe(true);
    await shot(acme, 'users-list-zh');
    await switchLanguage(acme, 'English');
    await acme.getByRole('heading', { name: 'User list' }).waitFor();
    await acme.getByText('Create time').waitFor();
    await shot(acme, 'users-list-en');
  });

  it('creates a sub-user with read-only domain rights through the form', async () => {
    await acme.getByRole('link', { name: 'Create' }).click();
    await acme.getByRole('heading', { name: 'New user' }).waitFor();
    await acme.getByRole('button', { name: 'Save' }).click();
    await acme.getByText('Username cannot be empty').waitFor();
    await acme.getByText('Choose at least one permission').waitFor();
    await shot(acme, 'users-create-validation-en');

    await acme.getByLabel(/Username/).fill(SUB);
    await acme.getByLabel(/Email/).fill(`${SUB}@acme.example`);
    await acme.getByLabel(/Password/).fill(SUB_PASSWORD);
    await acme.getByRole('radio', { name: 'Domains: Read-only', exact: true }).check();
    // Read-only users too, so that the sub-user has a page of this screen to look at.
    await acme.getByRole('radio', { name: 'Users: Read-only', exact: true }).check();
    await acme.getByText('Strong').waitFor();
    await shot(acme, 'users-create-filled-en');
    await acme.getByRole('button', { name: 'Save' }).click();
    await acme.waitForURL('**/page/user');
    await acme.getByText(SUB, { exact: true }).waitFor();
    await shot(acme, 'users-list-after-create-en');
  });

  it('the sub-user sees only permitted menus, no write buttons, and the server refuses a forged write', async () => {
    const sub = await signedInNewPage(browser(), SUB, SUB_PASSWORD);
    // Landing page: the first permitted page, the domain list, read-only.
    expect(new URL(sub.url()).pathname).toBe('/cdn/domain');
    const side = sub.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
    await expect.poll(() => side.getByRole('menuitem').count()).toBe(1);
    await sub.waitForLoadState('networkidle');
    await expect(sub.getByRole('link', { name: '添加域名' }).count()).resolves.toBe(0);
    await shot(sub, 'users-subuser-domains-zh');
    const nav = sub.locator('header nav');
    await openUsers(sub);
    // Top menu: no Imperva, IPP or cloud monitoring; the Page area offers only Users.
    await expect(nav.getByText('Imperva').count()).resolves.toBe(0);
    await expect(nav.getByText('IPP').count()).resolves.toBe(0);
    await expect(nav.getByText('云监控').count()).resolves.toBe(0);
    await side.getByText('用户管理').waitFor();
    for (const hidden of ['子账号', '个人设置', '证书管理', '账单']) await expect(side.getByText(hidden).count()).resolves.toBe(0);
    await sub.getByText('acme_viewer', { exact: true }).waitFor();
    await expect(sub.getByRole('link', { name: /新建|Create/ }).count()).resolves.toBe(0);
    await expect(sub.getByRole('link', { name: /编辑|Edit/ }).count()).resolves.toBe(0);
    await expect(sub.getByRole('button', { name: /删除|Delete/ }).count()).resolves.toBe(0);
    await expect(sub.getByRole('switch').first().isDisabled()).resolves.toBe(true);
    await shot(sub, 'users-subuser-readonly-zh');
    await switchLanguage(sub, 'English');
    await sub.getByRole('heading', { name: 'User list' }).waitFor();
    await shot(sub, 'users-subuser-readonly-en');

    // The browser hides the buttons; the server is what refuses.
    const forged = await sub.request.post('/shiro/self/create/english', {
      data: { username: 'forged_user', email: 'f@acme.example', password: 'F0rged!pass', permissions: ['portal:domain:view:*'] },
    });
    expect((await forged.json()).code).toBe('403');
    const forgedEnable = await sub.request.post('/shiro/self/enable', { data: { uid: 'anything', enabled: false } });
    expect((await forgedEnable.json()).code).toBe('403');
    const domainAdd = await sub.request.post('/api/domain/add', { data: { name: 'forged.example.com' } });
    expect((await domainAdd.json()).code).toBe('403');

    // acme disables the sub-user (with confirmation): its open session ends at its next request.
    await acme.getByRole('switch', { name: `${SUB}: Enabled` }).click();
    await acme
      .getByRole('dialog')
      .getByText(/Its permissions are kept/)
      .waitFor();
    await acme.waitForTimeout(400); // let the dialog finish fading in for the screenshot
    await shot(acme, 'users-disable-confirm-en');
    await acme.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await acme.getByRole('switch', { name: `${SUB}: Disabled` }).waitFor();
    await sub.reload();
    await sub.waitForURL('**/newlogin', { timeout: 20_000 });
    await sub.getByTestId('username').fill(SUB);
    await sub.getByTestId('password').fill(SUB_PASSWORD);
    await sub.keyboard.press('Enter');
    await sub
      .getByRole('alert')
      .getByText(/User is not activated|用户未激活/)
      .waitFor();
    await shot(sub, 'users-subuser-disabled-login');
    await sub.context().close();
  });

  it("the edit form shows the picker with the user's current rights (Chinese)", async () => {
    await switchLanguage(acme, '简体中文');
    await acme
      .getByRole('row', { name: new RegExp(SUB) })
      .getByRole('link', { name: '编辑' })
      .click();
    await acme.getByRole('heading', { name: `编辑用户 ${SUB}` }).waitFor();
    await expect(acme.getByRole('radio', { name: '域名管理: 只读', exact: true }).isChecked()).resolves.toBe(true);
    await expect(acme.getByRole('radio', { name: '网站防护: 只读' }).isChecked()).resolves.toBe(false);
    await shot(acme, 'users-edit-zh');
    await acme.context().close();
  });
});
