import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Resource, testDataProvider, type DataProvider } from 'react-admin';
import { readUserInfo } from '../../src/auth/storage';
import { StaleRecordError } from '../../dataProviders/http';
import { grantablePermissions } from '../../common/rules/shell/permissionCatalog';
import { PermissionTable } from '../../resources/users/PermissionPicker';
import { UserList } from '../../resources/users/UserList';
import { UserCreate } from '../../resources/users/UserCreate';
import { UserEdit } from '../../resources/users/UserEdit';
import type { SubUserRecord } from '../../dataProviders/shiro/users';
import { resourceRenderer, signInUser, testI18n } from './harness';

const RESOURCE = 'page/user';
const MAIN = [
  'portal:domain:operation:*',
  'portal:log:operation:*',
  'portal:user:operation:*',
  'portal:bill:operation:*',
  'portal:overview:operation:*',
];
const LIMITED = ['portal:user:operation:*', 'portal:domain:view:*', 'portal:log:view:*', 'portal:log:top:*'];

const i18n = testI18n;

function signedIn(perms: string[]) {
  signInUser({
    uid: 'me',
    email: 'acme@acme.example',
    accountChild: [
      { account: 'acme_video', accountName: 'Acme Video', accountChild: [] },
      { account: 'acme_static', accountName: 'Acme Static Assets', accountChild: [] },
    ],
    permissionList: perms,
  });
}

function Picker({ granter, kept = [], initial = [] }: { granter: string[]; kept?: string[]; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <PermissionTable value={value} onChange={setValue} granter={granter} kept={kept} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const renderPicker = (props: Parameters<typeof Picker>[0]) =>
  render(
    <AdminContext i18nProvider={i18n()} store={memoryStore()}>
      <Picker {...props} />
    </AdminContext>,
  );
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];
const radio = (name: string) => screen.getByRole('radio', { name });

beforeEach(() => sessionStorage.clear());

describe('permission picker', () => {
  it('produces portal:<module>:<level>:* strings from the radios and log-tab checkboxes', async () => {
    const user = userEvent.setup();
    renderPicker({ granter: ['portal:*'] });
    expect(screen.getByText('CDN')).toBeInTheDocument();
    expect(screen.getAllByText('Website protection').length).toBeGreaterThan(0);
    await user.click(radio('Domains: Read-only'));
    expect(value()).toEqual(['portal:domain:view:*']);
    await user.click(radio('Certificates: Operable'));
    await user.click(radio('Logs and analysis: Read-only'));
    await user.click(screen.getByRole('checkbox', { name: 'URL top' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hit rate' }));
    expect(value()).toEqual([
      'portal:domain:view:*',
      'portal:log:view:*',
      'portal:log:top:*',
      'portal:log:hit:*',
      'portal:certificate:operation:*',
    ]);
    // Log operation covers every tab: they show ticked and locked, and are not sent separately.
    await user.click(radio('Logs and analysis: Operable'));
    expect(screen.getByRole('checkbox', { name: 'Status codes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Status codes' })).toBeDisabled();
    expect(value()).toEqual(['portal:domain:view:*', 'portal:log:operation:*', 'portal:certificate:operation:*']);
    await user.click(radio('Domains: None'));
    expect(value()).toEqual(['portal:log:operation:*', 'portal:certificate:operation:*']);
    await user.click(screen.getByRole('checkbox', { name: 'All rights' }));
    expect(value()).toEqual(['portal:*']);
  });

  it('reads existing strings back into the radios', () => {
    renderPicker({ granter: ['portal:*'], initial: ['portal:overview:operation:*', 'portal:log:distribution:*'] });
    expect(radio('Overview: Operable')).toBeChecked();
    expect(radio('Domains: None')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'User distribution' })).toBeChecked();
  });

  it('enables only what the signed-in user may grant', () => {
    renderPicker({ granter: LIMITED });
    expect(screen.queryByRole('checkbox', { name: 'All rights' })).toBeNull();
    expect(radio('Domains: Read-only')).toBeEnabled();
    expect(radio('Domains: Operable')).toBeDisabled();
    expect(radio('Bills: Read-only')).toBeDisabled();
    expect(radio('Bills: None')).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'URL top' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Hit rate' })).toBeDisabled();
  });

  it('a right the edited user already holds may stay or go, but no new one appears', async () => {
    const user = userEvent.setup();
    renderPicker({ granter: LIMITED, kept: ['portal:bill:operation:*'], initial: ['portal:bill:operation:*'] });
    expect(radio('Bills: Operable')).toBeChecked();
    expect(radio('Bills: Operable')).toBeEnabled();
    expect(radio('Bills: Read-only')).toBeDisabled();
    await user.click(radio('Bills: None'));
    expect(value()).toEqual([]);
  });
});

/** The big edit form renders slowly on a loaded machine. */
const SLOW = { timeout: 10_000 };

const row = (over: Partial<SubUserRecord> = {}): SubUserRecord => ({
  id: 'u-1',
  uid: 'u-1',
  username: 'alice',
  email: 'alice@acme.example',
  account: 'acme',
  accountName: 'Acme Media',
  creator: 'acme',
  createTime: '2026-01-02T03:04:05Z',
  updateTime: '2026-01-03T03:04:05Z',
  permissions: ['portal:domain:view:*', 'portal:user:operation:*'],
  accounts: [],
  enabled: true,
  ...over,
});

function provider(rows: SubUserRecord[], extra: Record<string, unknown> = {}) {
  const dp = {
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getOne: vi.fn(async () => ({ data: rows[0] })),
    getMany: vi.fn(async () => ({ data: rows })),
    create: vi.fn(async (_r: string, p: { data: Record<string, unknown> }) => ({ data: { ...row(), ...p.data, id: 'new' } })),
    update: vi.fn(async (_r: string, p: { id: unknown; data: Record<string, unknown> }) => ({ data: { ...row(), ...p.data, id: p.id } })),
    userEnable: vi.fn(async (uid: string, enabled: boolean) => ({
      record: { ...row(), uid, enabled },
      msg: enabled ? 'Enabled' : 'Disabled',
    })),
    // The server's grantable list for the signed-in user (GET /shiro/self/, decrypted).
    userAllData: vi.fn(async () => ({
      users: rows,
      accounts: [],
      permissions: grantablePermissions(readUserInfo()?.permissionList ?? []),
    })),
    ...extra,
  };
  return { dp, dataProvider: testDataProvider(dp as unknown as Partial<DataProvider>) };
}

const renderAt = resourceRenderer(<Resource name={RESOURCE} list={UserList} create={UserCreate} edit={UserEdit} />, 'user');

describe('user list', () => {
  it('shows the fields and a rights summary, and write buttons for an operator; the switch asks first', async () => {
    signedIn(MAIN);
    const user = userEvent.setup();
    const { dp, dataProvider } = provider([row()]);
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.getByText('alice@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Acme Media')).toBeInTheDocument();
    const summary = screen.getByTestId('permission-summary');
    expect(within(summary).getByText('Users')).toBeInTheDocument();
    expect(within(summary).getByText('Domains')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /create/i })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /edit/i })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /delete/i })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'alice: Enabled' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its permissions are kept/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(dp.userEnable).toHaveBeenCalledWith('u-1', false));
  });

  it('a read-only user sees no write buttons and a locked switch', async () => {
    signedIn(['portal:user:view:*']);
    const { dataProvider } = provider([row()]);
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /edit/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
    expect(screen.getByRole('switch', { name: 'alice: Enabled' })).toBeDisabled();
  });
});

describe('user form', () => {
  it("shows the server's rules as messages before any call, then sends the chosen rights", async () => {
    signedIn(MAIN);
    const user = userEvent.setup();
    const { dp, dataProvider } = provider([]);
    renderAt(`/${RESOURCE}/create`, dataProvider);
    const save = await screen.findByRole('button', { name: /save/i });
    await user.click(save);
    expect(await screen.findByText('Username cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one permission')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Username/), 'a b');
    await user.type(screen.getByLabelText(/Email/), 'nope');
    await user.type(screen.getByLabelText(/Password/), 'Ab1!x');
    await user.click(save);
    expect(await screen.findByText('The username needs 3 to 32 letters, digits, underscores, dots or hyphens')).toBeInTheDocument();
    expect(screen.getByText('Email format error')).toBeInTheDocument();
    expect(screen.getByText('The password needs at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'abcdefghij');
    expect(await screen.findByText(/needs three of/)).toBeInTheDocument();
    expect(screen.getByText('Too weak')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Username/));
    await user.type(screen.getByLabelText(/Username/), 'dom.viewer');
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'dom@acme.example');
    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'Str0ng!pass');
    expect(screen.getByText('Good')).toBeInTheDocument();
    await user.click(radio('Domains: Read-only'));
    await user.click(screen.getByRole('checkbox', { name: /Acme Video/ }));
    expect(radio('Bills: Operable')).toBeEnabled();
    expect(radio('Website protection: Read-only')).toBeDisabled();
    expect(dp.userAllData).toHaveBeenCalled();
    await user.click(save);
    await waitFor(() => expect(dp.create).toHaveBeenCalled());
    expect(dp.create.mock.calls[0][1].data).toMatchObject({
      username: 'dom.viewer',
      email: 'dom@acme.example',
      password: 'Str0ng!pass',
      permissions: ['portal:domain:view:*'],
      accounts: ['acme_video'],
    });
  });

  it('shows the messages in Chinese', async () => {
    signedIn(MAIN);
    const user = userEvent.setup();
    const { dataProvider } = provider([]);
    renderAt(`/${RESOURCE}/create`, dataProvider, 'zh');
    await user.click(await screen.findByRole('button', { name: /保存/ }));
    expect(await screen.findByText('用户名不能为空')).toBeInTheDocument();
    expect(screen.getByText('邮箱不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一项权限')).toBeInTheDocument();
    expect(screen.getByText('域名管理')).toBeInTheDocument();
  });

  it('edit keeps the password when left empty and offers only grantable rights plus those held', async () => {
    signedIn(LIMITED);
    const user = userEvent.setup();
    const target = row({ permissions: ['portal:bill:view:*', 'portal:domain:view:*'] });
    const { dp, dataProvider } = provider([target]);
    renderAt(`/${RESOURCE}/u-1`, dataProvider);
    expect(await screen.findByDisplayValue('alice')).toBeInTheDocument();
    expect(radio('Bills: Read-only')).toBeChecked();
    expect(radio('Bills: Operable')).toBeDisabled();
    await user.click(radio('Logs and analysis: Read-only'));
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(dp.update).toHaveBeenCalled());
    const sent = dp.update.mock.calls[0][1].data as Record<string, unknown>;
    expect(sent.permissions).toEqual(['portal:domain:view:*', 'portal:log:view:*', 'portal:bill:view:*']);
    expect(sent.password ?? '').toBe('');
  });

  it('a save refused as stale (code 409) says so in a dialog and keeps what was typed; reload shows the stored record', async () => {
    signedIn(LIMITED);
    const user = userEvent.setup();
    const { dp, dataProvider } = provider([row({ permissions: ['portal:domain:view:*'] })]);
    dp.update.mockRejectedValue(new StaleRecordError('The record was changed by someone else. Reload it and try again.', '409', 200));
    renderAt(`/${RESOURCE}/u-1`, dataProvider);
    const email = await screen.findByDisplayValue('alice@acme.example');
    fireEvent.change(email, { target: { value: 'typed@acme.example' } });
    await user.click(screen.getByRole('button', { name: /save/i }));
    const dialog = await screen.findByTestId('stale-record-dialog', {}, SLOW);
    expect(within(dialog).getByText('The record was changed by someone else. Reload it and try again.')).toBeInTheDocument();
    // The read time went with the save (react-admin's previousData).
    expect(dp.update.mock.calls[0][1]).toMatchObject({ previousData: { updateTime: row().updateTime } });
    await user.click(within(dialog).getByTestId('stale-record-keep'));
    await waitFor(() => expect(screen.queryByTestId('stale-record-dialog')).toBeNull(), SLOW);
    expect(screen.getByDisplayValue('typed@acme.example')).toBeInTheDocument();
    // Reload: the record as someone else left it replaces what was typed.
    dp.getOne.mockResolvedValue({
      data: row({ permissions: ['portal:domain:view:*'], email: 'someone@acme.example', updateTime: '2026-01-04T03:04:05.123Z' }),
    });
    await user.click(screen.getByRole('button', { name: /save/i }));
    await user.click(within(await screen.findByTestId('stale-record-dialog', {}, SLOW)).getByTestId('stale-record-reload'));
    expect(await screen.findByDisplayValue('someone@acme.example', {}, SLOW)).toBeInTheDocument();
  }, 60_000);
});

describe('users data provider (dataProviders/shiro/users.ts)', () => {
  it('speaks the /shiro/self contract: search body, {language} from the locale, updateaccount only when accounts changed, decrypted all-data', async () => {
    const { http, HttpResponse } = await import('msw');
    const { setupServer } = await import('msw/node');
    const { encryptJson } = await import('../../dataProviders/cipher');
    const { usersProvider } = await import('../../dataProviders/shiro/users');
    const seen: Array<{ method: string; path: string; body: unknown }> = [];
    const record = { ...row(), id: undefined };
    const reply = (data: unknown) => HttpResponse.json({ code: '0', data, msg: 'success' });
    const server = setupServer(
      http.all('*/shiro/self/*', async ({ request }) => {
        const path = new URL(request.url).pathname;
        const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
        seen.push({ method: request.method, path, body });
        if (path === '/shiro/self/search') return reply({ list: [record], total: 1, pageNum: 1, pageSize: 10 });
        if (path === '/shiro/self/') return reply(encryptJson({ users: [record], accounts: [], permissions: ['portal:domain:view:*'] }));
        if (path.startsWith('/shiro/self/delete/')) return reply({ uid: 'u-1' });
        return reply({ ...record, accounts: (body as { accounts?: string[] })?.accounts ?? [] });
      }),
    );
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const dp = usersProvider.resources[RESOURCE] as DataProvider;
      sessionStorage.setItem('isChinese', 'english');
      const list = await dp.getList(RESOURCE, {
        pagination: { page: 2, perPage: 5 },
        sort: { field: 'createTime', order: 'DESC' },
        filter: { username: ' al ', enabled: 'false' },
      });
      expect(list).toMatchObject({ total: 1, data: [{ id: 'u-1', username: 'alice' }] });
      expect(seen[0]).toEqual({
        method: 'POST',
        path: '/shiro/self/search',
        body: { username: 'al', enabled: false, pageNum: 2, pageSize: 5 },
      });

      await dp.update(RESOURCE, {
        id: 'u-1',
        data: { email: 'a@acme.example', permissions: ['portal:domain:view:*'], accounts: [] },
        previousData: row(),
      });
      expect(seen.map((s) => s.path).slice(1)).toEqual(['/shiro/self/update/english']);
      // the time the user was read at: a stale save is refused (issue #35 item 4)
      expect(seen[1].body).toMatchObject({ uid: 'u-1', updateTime: row().updateTime });
      sessionStorage.setItem('isChinese', 'chinese');
      await dp.update(RESOURCE, {
        id: 'u-1',
        data: { email: 'a@acme.example', permissions: ['portal:domain:view:*'], accounts: ['acme_video'] },
        previousData: row(),
      });
      expect(seen.map((s) => s.path).slice(2)).toEqual(['/shiro/self/update/chinese', '/shiro/self/updateaccount/chinese']);
      expect(seen[3].body).toEqual({ uid: 'u-1', accounts: ['acme_video'] });

      await dp.create(RESOURCE, {
        data: { username: 'bob', email: 'b@acme.example', password: 'Str0ng!pass', permissions: ['portal:domain:view:*'] },
      });
      expect(seen[4]).toMatchObject({ path: '/shiro/self/create/chinese', body: { username: 'bob', accounts: [] } });
      await dp.delete(RESOURCE, { id: 'u-1', previousData: row() });
      expect(seen[5]).toMatchObject({ method: 'DELETE', path: '/shiro/self/delete/u-1' });
      await usersProvider.methods.userEnable('u-1', false);
      expect(seen[6]).toEqual({ method: 'POST', path: '/shiro/self/enable', body: { uid: 'u-1', enabled: false } });
      const all = await usersProvider.methods.userAllData();
      expect(all.permissions).toEqual(['portal:domain:view:*']);
      expect(all.users[0].username).toBe('alice');
    } finally {
      server.close();
    }
  });
});
