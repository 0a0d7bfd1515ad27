import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { PortalApiError } from '../../dataProviders/http';
const api = vi.hoisted(() => ({
  login: vi.fn(),
  autoLogin: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('../../dataProviders/api/shell', () => ({ sessionApi: api }));
import { LoginPage, loginFieldError } from '../../src/pages/LoginPage';
import { createAuthProvider, loginFailureKey } from '../../src/auth/authProvider';
import { testI18n } from './harness';

const authProvider = createAuthProvider({ resourceModules: {}, availablePaths: new Set(['/cdn/domain']) });

function renderLogin(locale: 'zh' | 'en' = 'zh') {
  const i18nProvider = testI18n(locale);
  return render(
    <MemoryRouter initialEntries={['/newlogin']}>
      <AdminContext authProvider={authProvider} dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
        <LoginPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Types the credentials and submits the form (its button is named `login` in the page's language). */
function submitLogin(username: string, password: string, login: string) {
  fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: password } });
  fireEvent.submit(screen.getByRole('button', { name: login }).closest('form')!);
}

beforeEach(() => {
  api.login.mockReset();
  api.autoLogin.mockReset().mockRejectedValue(new PortalApiError('未登录', '1', 200));
});

describe('login field rules (spec §5)', () => {
  it('requires both fields and refuses spaces with the spec messages', () => {
    expect(loginFieldError('', 'username')).toBe('portal.login.usernameRequired');
    expect(loginFieldError('a b', 'username')).toBe('portal.login.usernameSpace');
    expect(loginFieldError('   ', 'password')).toBe('portal.login.passwordSpace');
    expect(loginFieldError('ok', 'password')).toBeNull();
  });

  it('maps the server Chinese failures to the catalogue keys', () => {
    expect(loginFailureKey('用户不存在')).toBe('portal.login.failedNoUser');
    expect(loginFailureKey('密码错误')).toBe('portal.login.failedPassword');
    expect(loginFailureKey('用户未激活')).toBe('portal.login.failedInactive');
    expect(loginFailureKey('')).toBe('portal.login.failedUnknown');
  });
});

describe('LoginPage', () => {
  it('shows the title, placeholders and the no-space message without calling the server', async () => {
    renderLogin('zh');
    expect(screen.getByText('客户服务系统')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: 'ac me' } });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不可传空格')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('tries auto-login once on open and clears stored screen state', async () => {
    sessionStorage.setItem('overview', 'old');
    renderLogin('zh');
    await waitFor(() => expect(api.autoLogin).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem('overview')).toBeNull();
    expect(sessionStorage.getItem('loginCount')).toBe('1');
  });

  it('does not auto-login once the counter reached 2', async () => {
    sessionStorage.setItem('loginCount', '2');
    renderLogin('zh');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.autoLogin).not.toHaveBeenCalled();
  });

  it('shows the translated failure in a red alert (English)', async () => {
    api.login.mockRejectedValue(new PortalApiError('用户不存在', '1', 200));
    renderLogin('en');
    submitLogin('ghost', 'Secret@123', 'Login');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Login failed：The user doesn't exist");
  });

  it('shows the Chinese failure for a wrong password', async () => {
    api.login.mockRejectedValue(new PortalApiError('密码错误', '1', 200));
    renderLogin('zh');
    submitLogin('acme', 'nope', '登录');
    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败：密码错误');
  });

  it('stores the user info with treeData and account_all on success', async () => {
    api.login.mockResolvedValue({
      code: '0',
      msg: 'success',
      data: {
        uid: 'u',
        username: 'acme',
        email: '',
        role: 'customer',
        account: 'acme',
        accountName: 'Acme Media',
        accountChild: [{ account: 'acme_video', accountName: 'Acme Video', accountChild: [] }],
        permissionList: ['portal:domain:view:*'],
        isMain: true,
        userType: 2,
      },
    });
    renderLogin('zh');
    submitLogin('acme', 'Acme@2026', '登录');
    await waitFor(() => expect(sessionStorage.getItem('userinfo')).not.toBeNull());
    const info = JSON.parse(sessionStorage.getItem('userinfo')!);
    expect(info.account_all).toBe('acme,acme_video');
    expect(info.treeData[0].children[0]).toEqual({ value: 'acme_video', title: 'Acme Video', children: [] });
    expect(sessionStorage.getItem('username')).toBe('acme');
  });
});
