import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, newPage, openScreen, shot, signedInPage, signInAs, switchLanguage, useBrowser } from './browser';
import { createCipher } from '../../server/lib/cipher';

/**
 * Sub-accounts as acme (create, list, edit, delete) and the own-password change as acme_viewer
 * (change, sign in with the new one, change back). acme's own password is never touched.
 */
const VIEWER = 'acme_viewer';
const VIEWER_PW = 'Viewer@2026';
const VIEWER_NEW = 'Viewer#2027e2e';
const GROUP = 'acme_e2e_team';

const browser = useBrowser();
afterAll(async () => {
  await restoreViewerPassword();
});

/** Safety net for a failed run: puts acme_viewer's demo password back through the API. */
async function restoreViewerPassword(): Promise<void> {
  const cipher = createCipher(process.env.PORTAL_CIPHER_KEY ?? 'CdnPortalKey2026');
  const url = new URL('/api/newLogin', baseURL());
  url.search = new URLSearchParams({ username: VIEWER, password: cipher.aesEncrypt(VIEWER_NEW) }).toString();
  const res = await fetch(url);
  if ((await res.json()).code !== '0') return;
  const cookie = String(res.headers.get('set-cookie')).split(';')[0];
  const change = new URL('/shiro/self/safeupdatepassword', baseURL());
  change.search = new URLSearchParams({
    username: VIEWER,
    account: 'acme',
    oldPassword: cipher.aesEncrypt(VIEWER_NEW),
    password: cipher.aesEncrypt(VIEWER_PW),
  }).toString();
  await fetch(change, { headers: { cookie } });
}

async function logout(page: Page, label: RegExp) {
  await page.getByRole('button', { name: label }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/newlogin'));
}

describe('sub-accounts (acme)', () => {
  let page: Page;
  signedInPage(browser, 'acme', 'Acme@2026', (p) => (page = p));

  it('lists the demo sub-accounts, in Chinese and in English', async () => {
    await page.goto('/page/userAccount');
    // The first screen of the file loads its lazy chunks: on a loaded machine more than the poll's default second.
    await expect.poll(() => page.getByText('acme_video', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: '子账号管理' }).count()).toBe(1);
    await page.getByText('Acme Static Assets').waitFor();
    await shot(page, 'sub-accounts-list-zh');
    await switchLanguage(page, 'English');
    await page.getByRole('heading', { name: 'Sub-accounts' }).waitFor();
    await page.getByText('Company name').first().waitFor();
    await shot(page, 'sub-accounts-list-en');
  });

  it('creates a sub-account after the form rules are met, and shows it first', async () => {
    await page.getByRole('link', { name: /create/i }).click();
    await page.waitForURL(/\/page\/userAccount\/create/);
    await page.getByLabel(/Company name/).fill('x');
    await page.getByLabel(/Company name/).fill('');
    await page.getByLabel(/Account identity/).fill('bad id!');
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Account identity may contain only letters, digits and underscores').waitFor();
    await page.getByText('Company name cannot be empty').waitFor();
    await page.getByText('Email format error').waitFor();
    await shot(page, 'sub-accounts-create-errors-en');

    await page.getByLabel(/Account identity/).fill(GROUP);
    await page.getByLabel(/Company name/).fill('Acme E2E Team');
    await page.getByLabel(/^Email/).fill('e2e@acme.example');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Sub-account created').waitFor();
    await page.waitForURL((u) => u.pathname === '/page/userAccount');
    const firstRow = page.locator('tbody tr').first();
    await expect.poll(() => firstRow.innerText()).toContain(GROUP);
    expect(await firstRow.innerText()).toContain('Acme E2E Team');
    await shot(page, 'sub-accounts-created-en');
  });

  it('refuses a duplicate identity with the server message', async () => {
    await page.getByRole('link', { name: /create/i }).click();
    await page.getByLabel(/Account identity/).fill('acme_video');
    await page.getByLabel(/Company name/).fill('Duplicate');
    await page.getByLabel(/^Email/).fill('dup@acme.example');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Account identity is already used').waitFor();
    await page.goto('/page/userAccount');
  });

  it('edits the new sub-account', async () => {
    const row = page.locator('tbody tr', { hasText: GROUP });
    await row.getByRole('link', { name: /edit/i }).click();
    await page.waitForURL(new RegExp(`/page/userAccount/${GROUP}$`));
    await expect.poll(() => page.getByLabel(/Company name/).inputValue()).toBe('Acme E2E Team');
    expect(await page.getByLabel(/Account identity/).isEditable()).toBe(false);
    await page.getByLabel(/Company name/).fill('Acme E2E Team Renamed');
    await expect.poll(() => page.getByRole('button', { name: /save/i }).isEnabled()).toBe(true);
    await shot(page, 'sub-accounts-edit-en');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Sub-account saved').waitFor();
    await page.waitForURL((u) => u.pathname === '/page/userAccount');
    await page.getByText('Acme E2E Team Renamed').waitFor();
  });

  it('deletes it after confirmation', async () => {
    const row = page.locator('tbody tr', { hasText: GROUP });
    await row.getByRole('button', { name: /delete/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Delete the sub-account ${GROUP}`).waitFor();
    await page.waitForTimeout(400); // let the dialog finish fading in
    await shot(page, 'sub-accounts-delete-confirm-en');
    await dialog.getByRole('button', { name: /confirm/i }).click();
    await page.getByText('Sub-account deleted').waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: GROUP }).count()).toBe(0);
    await switchLanguage(page, '简体中文');
    await page.getByRole('heading', { name: '子账号管理' }).waitFor();
    await page.getByText('acme_video').waitFor();
    await shot(page, 'sub-accounts-after-delete-zh');
  });
});

describe('own password change (acme_viewer)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser());
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows the profile and the form, and checks the rules before sending', async () => {
    await signInAs(page, VIEWER, VIEWER_PW);
    await openScreen(page, '/page/usersetting', '个人设置');
    await expect.poll(() => page.getByTestId('setting-username').innerText()).toBe(VIEWER);
    await shot(page, 'user-setting-zh');
    await switchLanguage(page, 'English');
    await page.getByRole('heading', { name: 'Personal settings' }).waitFor();
    await page.getByTestId('old-password').fill(VIEWER_PW);
    await page.getByTestId('new-password').fill(VIEWER_NEW);
    await page.getByTestId('confirm-password').fill('Something@else1');
    await page.getByTestId('change-password').click();
    await page.getByText('The two passwords do not match').waitFor();
    await page.getByTestId('new-password').fill('weakpass');
    await page.getByText(/The password needs at least 8 characters/).waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'user-setting-errors-en');
  });

  it('says when the current password is wrong', async () => {
    await page.getByTestId('old-password').fill('Wrong@2026x');
    await page.getByTestId('new-password').fill(VIEWER_NEW);
    await page.getByTestId('confirm-password').fill(VIEWER_NEW);
    await page.getByTestId('change-password').click();
    await page.getByText('The current password is wrong').waitFor();
  });

  it('changes the password, signs in with the new one, and changes it back', async () => {
    await page.getByTestId('old-password').fill(VIEWER_PW);
    await page.getByTestId('new-password').fill(VIEWER_NEW);
    await page.getByTestId('confirm-password').fill(VIEWER_NEW);
    await page.getByTestId('change-password').click();
    await page.getByText('modify successfully').waitFor();
    await expect.poll(() => page.getByTestId('old-password').inputValue()).toBe('');
    await page.waitForTimeout(400); // let the notice finish appearing
    await shot(page, 'user-setting-success-en');
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(VIEWER_NEW);

    await logout(page, /logout/i);
    await signInAs(page, VIEWER, VIEWER_NEW);
    await page.goto('/page/usersetting');
    await page.getByTestId('old-password').fill(VIEWER_NEW);
    await page.getByTestId('new-password').fill(VIEWER_PW);
    await page.getByTestId('confirm-password').fill(VIEWER_PW);
    await page.getByTestId('change-password').click();
    await page.getByText(/modify successfully|修改成功/).waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'user-setting-success-zh');
    await logout(page, /logout|退出/i);
    await signInAs(page, VIEWER, VIEWER_PW);
    expect(new URL(page.url()).pathname).not.toMatch(/^\/newlogin/);
  });
});
