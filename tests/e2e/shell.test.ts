import { describe, expect, it } from 'vitest';
import { newPage, shot, signedInNewPage, signInAs, switchLanguage, useBrowser } from './browser';

const browser = useBrowser();

describe('shell, sign-in and session (Chromium)', () => {
  it('shows the login screen and refuses spaces without calling the server', async () => {
    const page = await newPage(browser());
    await page.goto('/newlogin');
    await expect(page.getByRole('heading', { name: '客户服务系统' }).isVisible()).resolves.toBe(true);
    await page.getByTestId('username').fill('ac me');
    await page.getByTestId('password').fill('x');
    await page.keyboard.press('Enter');
    await page.getByText('用户名不可传空格').waitFor();
    await shot(page, 'shell-login-validation-zh');
    await page.context().close();
  });

  it('signs in acme, lands on its first allowed page, switches to English and back, signs out', async () => {
    const page = await signedInNewPage(browser(), 'acme', 'Acme@2026');
    expect(new URL(page.url()).pathname).toBe('/cdn/newoverview');
    await page.getByTestId('greeting').waitFor();
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('您好，acme');
    await shot(page, 'shell-acme-landing-zh');
    await switchLanguage(page, 'English');
    await page.getByText('Hello, acme').waitFor();
    await page.getByRole('button', { name: 'About' }).click();
    await page.getByText('Version V4.1.2').waitFor();
    await page.keyboard.press('Escape');
    await shot(page, 'shell-acme-landing-en');
    // The stored choice survives a reload: an English start loads its messages (a chunk of their
    // own) before the first render, and no Chinese text flashes or stays.
    await page.reload();
    await page.getByText('Hello, acme').waitFor();
    await expect(page.getByText('您好，acme').count()).resolves.toBe(0);
    await switchLanguage(page, '简体中文');
    await page.getByText('您好，acme').waitFor();
    await page.getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/newlogin');
    // Signed out: a protected page goes back to sign-in.
    await page.goto('/page/usersetting');
    await page.waitForURL('**/newlogin');
    await page.context().close();
  });

  it('restores the originally requested page after sign-in', async () => {
    const page = await newPage(browser());
    let toLogin = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame() && f.url().endsWith('/newlogin')) toLogin += 1;
    });
    await page.goto('/page/userAccount');
    await page.waitForURL('**/newlogin');
    await page.getByTestId('username').waitFor();
    await page.waitForTimeout(500);
    // One trip to sign-in, not a loop of sign-outs (react-admin clears its cache on each one).
    expect(toLogin).toBeLessThanOrEqual(2);
    await signInAs(page, 'acme', 'Acme@2026');
    expect(new URL(page.url()).pathname).toBe('/page/userAccount');
    await page.getByText('acme_video', { exact: true }).first().waitFor();
    await shot(page, 'shell-restored-url');
    await page.context().close();
  });

  it('sends a user without permissions to /newwelcome', async () => {
    const page = await signedInNewPage(browser(), 'nobody', 'Nobody@2026');
    await page.waitForURL('**/newwelcome');
    await page.getByText('403').first().waitFor();
    await shot(page, 'shell-newwelcome');
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL('**/newlogin');
    // The server session ended too: auto-login does not bounce back to the 403 page, and another
    // user can sign in from this browser.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/newlogin');
    await signInAs(page, 'acme', 'Acme@2026');
    await page.getByText('您好，acme').waitFor();
    await page.context().close();
  });

  it('refuses a disabled user with the not-activated message', async () => {
    const page = await newPage(browser());
    await page.goto('/newlogin');
    await page.getByTestId('username').fill('frozen');
    await page.getByTestId('password').fill('Frozen@2026');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('登录失败：用户未激活').waitFor();
    await shot(page, 'shell-frozen');
    await page.context().close();
  });

  it('shows only the permitted top menu to acme_viewer', async () => {
    const page = await signedInNewPage(browser(), 'acme_viewer', 'Viewer@2026');
    const nav = page.locator('header nav');
    await nav.getByText('CDN').waitFor();
    await expect(nav.getByText('Imperva').count()).resolves.toBe(0);
    await expect(nav.getByText('账户管理').count()).resolves.toBe(1);
    await shot(page, 'shell-viewer');
    await page.context().close();
  });
});

describe('content security policy (issue #22)', () => {
  it('the built app runs under the policy: no violation reported while signing in and using several screens', async () => {
    const page = await newPage(browser());
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
    });
    await page.context().addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const w = window as unknown as { __csp?: string[] };
        (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const reported = async () =>
      (await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).map((v) => `event: ${v}`);
    const res = await page.goto('/newlogin');
    expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    await signInAs(page, 'acme', 'Acme@2026');
    await page.getByTestId('greeting').waitFor();
    violations.push(...(await reported()));
    for (const url of ['/cdn/domain', '/page/userAccount', '/page/user']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      violations.push(...(await reported()));
    }
    const api = await page.context().newPage();
    await api.goto('/openapi/index.html');
    await api.waitForLoadState('load');
    violations.push(...(await api.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).map((v) => `openapi: ${v}`));
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
