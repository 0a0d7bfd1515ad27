import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { UserSettingPage } from '../../resources/users/settings/UserSettingPage';
import { PortalApiError } from '../../dataProviders/http';
import type { ChangePasswordInput } from '../../dataProviders/shiro/users';
import { renderInAdmin, signInUser } from './harness';

const PATTERN = 'The password needs at least 8 characters and three of: upper-case letters, lower-case letters, digits, special characters';

function signIn(permissionList = ['portal:person:operation:*']) {
  signInUser({
    uid: 'u-viewer',
    username: 'acme_viewer',
    email: 'acme_viewer@acme.example',
    role: 'user',
    permissionList,
    isMain: false,
    userType: 1,
  });
}

function renderPage(changePassword: (input: ChangePasswordInput) => Promise<string>, locale: 'en' | 'zh' = 'en') {
  const spy = vi.fn(changePassword);
  const dataProvider = { ...testDataProvider(), changePassword: spy } as DataProvider;
  renderInAdmin(<UserSettingPage />, { dataProvider, locale });
  return spy;
}

/** The page rendered until its password form shows; the changePassword spy. */
async function openForm(changePassword: (input: ChangePasswordInput) => Promise<string>) {
  const spy = renderPage(changePassword);
  await screen.findByTestId('old-password');
  return spy;
}

const fields = () => ({
  current: screen.getByTestId('old-password'),
  next: screen.getByTestId('new-password'),
  confirm: screen.getByTestId('confirm-password'),
  submit: screen.getByRole('button', { name: /change password/i }),
});

async function fill(values: { current?: string; next?: string; confirm?: string }) {
  const f = fields();
  if (values.current) await userEvent.type(f.current, values.current);
  if (values.next) await userEvent.type(f.next, values.next);
  if (values.confirm) await userEvent.type(f.confirm, values.confirm);
  await userEvent.click(f.submit);
}

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});

describe('personal settings', () => {
  it("shows the user's username, account and email", async () => {
    renderPage(async () => 'modify successfully');
    expect(await screen.findByTestId('setting-username')).toHaveTextContent('acme_viewer');
    expect(screen.getByTestId('setting-account')).toHaveTextContent('acme');
    expect(screen.getByTestId('setting-account-name')).toHaveTextContent('Acme Media');
    expect(screen.getByTestId('setting-email')).toHaveTextContent('acme_viewer@acme.example');
  });

  it('requires all three fields', async () => {
    const spy = await openForm(async () => 'ok');
    await fill({});
    expect(await screen.findByText('Please enter the current password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the new password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('needs the confirmation to match', async () => {
    const spy = await openForm(async () => 'ok');
    await fill({ current: 'Viewer@2026', next: 'Viewer#2027x', confirm: 'Viewer#2027y' });
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('needs the new password to differ from the current one', async () => {
    const spy = await openForm(async () => 'ok');
    await fill({ current: 'Viewer@2026', next: 'Viewer@2026', confirm: 'Viewer@2026' });
    expect(await screen.findByText('The new password must differ from the current one')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it.each(['Vw@1', 'viewerviewer1', 'VIEWER-VIEWER'])('applies the strength rule to %s', async (weak) => {
    const spy = await openForm(async () => 'ok');
    await fill({ current: 'Viewer@2026', next: weak, confirm: weak });
    expect(await screen.findByText(PATTERN)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("sends the change, says 'modify successfully', empties the form and stores no password", async () => {
    const spy = await openForm(async () => 'modify successfully');
    await fill({ current: 'Viewer@2026', next: 'Viewer#2027x', confirm: 'Viewer#2027x' });
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith({
        username: 'acme_viewer',
        account: 'acme',
        oldPassword: 'Viewer@2026',
        newPassword: 'Viewer#2027x',
        signOutOthers: false,
      }),
    );
    expect(await screen.findByText('modify successfully')).toBeInTheDocument();
    await waitFor(() => expect((fields().current as HTMLInputElement).value).toBe(''));
    expect((fields().next as HTMLInputElement).value).toBe('');
    const stored =
      Object.keys(sessionStorage)
        .map((k) => sessionStorage.getItem(k) ?? '')
        .join('\n') +
      Object.keys(localStorage)
        .map((k) => localStorage.getItem(k) ?? '')
        .join('\n');
    expect(stored).not.toContain('Viewer#2027x');
    expect(stored).not.toContain('Viewer@2026');
    expect(stored).not.toMatch(/password/i);
  });

  it('offers to sign out the other sessions with the change (issue #22)', async () => {
    const spy = await openForm(async () => 'modify successfully');
    await userEvent.click(screen.getByLabelText('Sign out my other sessions (other browsers and devices)'));
    await fill({ current: 'Viewer@2026', next: 'Viewer#2027x', confirm: 'Viewer#2027x' });
    await waitFor(() => expect(spy).toHaveBeenCalledWith(expect.objectContaining({ newPassword: 'Viewer#2027x', signOutOthers: true })));
  });

  it("shows the server's message when it refuses", async () => {
    await openForm(async () => Promise.reject(new PortalApiError('The current password is wrong', '1', 200)));
    await fill({ current: 'Wrong@2026', next: 'Viewer#2027x', confirm: 'Viewer#2027x' });
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
  });

  it("falls back to 'Password change failed' when the reply has no message", async () => {
    await openForm(async () => Promise.reject(new PortalApiError('portal.errors.unknown', '1', 200)));
    await fill({ current: 'Viewer@2026', next: 'Viewer#2027x', confirm: 'Viewer#2027x' });
    expect(await screen.findByText('Password change failed')).toBeInTheDocument();
  });

  it('offers no password form with read-only person rights (the call would end the session)', async () => {
    sessionStorage.clear();
    signIn(['portal:person:view:*']);
    renderPage(async () => 'ok');
    expect(await screen.findByTestId('setting-username')).toHaveTextContent('acme_viewer');
    expect(screen.queryByTestId('old-password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /change password/i })).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    const spy = renderPage(async () => 'ok', 'zh');
    expect(await screen.findByRole('heading', { name: '个人设置' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /修改密码/ }));
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("the account's time zone (issue #35)", () => {
  it('shows the zone read-only to a sub-user', async () => {
    renderPage(async () => 'ok');
    expect(await screen.findByTestId('setting-time-zone')).toHaveTextContent('Asia/Shanghai');
    expect(screen.queryByTestId('save-time-zone')).toBeNull();
  });

  it('shows the main user the zone in a list and saves it through the personal-settings call', async () => {
    signInUser({
      uid: 'u-acme',
      username: 'acme',
      email: 'acme@acme.example',
      role: 'customer',
      isMain: true,
      userType: 2,
      timeZone: 'UTC',
    });
    const setTimeZone = vi.fn(async () => 'Time zone saved');
    renderInAdmin(<UserSettingPage />, { dataProvider: { ...testDataProvider(), setTimeZone } as DataProvider });
    const input = await screen.findByRole('combobox', { name: /time zone/i });
    expect(input).toHaveValue('UTC');
    // Saved as shown (the list of 400-odd zones is not opened: slow in the test DOM).
    await userEvent.click(screen.getByTestId('save-time-zone'));
    await waitFor(() => expect(setTimeZone).toHaveBeenCalledWith({ username: 'acme', account: 'acme', timeZone: 'UTC' }));
    expect(JSON.parse(sessionStorage.getItem('userinfo') ?? '{}').timeZone).toBe('UTC');
  });
});
