import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, testDataProvider, type DataProvider } from 'react-admin';
import type { AccountNode } from '../../src/auth/userInfo';
import { SubAccountList } from '../../resources/users/subAccounts/SubAccountList';
import { SubAccountCreate } from '../../resources/users/subAccounts/SubAccountCreate';
import { SubAccountEdit } from '../../resources/users/subAccounts/SubAccountEdit';
import { PortalApiError } from '../../dataProviders/http';
import type { SubAccountRecord } from '../../dataProviders/cloud/users';
import { sessionApi } from '../../dataProviders/api/shell';
import { resourceRenderer, signInUser } from './harness';

// The stored account tree is re-read after create/delete; no server here.
vi.mock('../../dataProviders/api/shell', () => ({
  sessionApi: { autoLogin: vi.fn(async () => null), login: vi.fn(), logout: vi.fn() },
}));

const RESOURCE = 'page/userAccount';
const OPERATE = ['portal:account:operation:*'];

function signedIn(opts: { isMain?: boolean; role?: string; perms?: string[]; account?: string; children?: AccountNode[] } = {}) {
  const account = opts.account ?? 'acme';
  signInUser({
    username: account,
    email: `${account}@example.com`,
    role: opts.role ?? 'customer',
    account,
    accountName: account === 'acme' ? 'Acme Media' : account,
    accountChild: opts.children ?? [],
    permissionList: opts.perms ?? OPERATE,
    isMain: opts.isMain ?? true,
  });
}

const row = (identity: string, companyName: string, createTime = '2026-01-02T03:04:05Z'): SubAccountRecord => ({
  id: identity,
  identity,
  companyName,
  email: `${identity}@acme.example`,
  parent: 'acme',
  createTime,
});

function provider(rows: SubAccountRecord[], overrides: Partial<DataProvider> = {}) {
  const dp = {
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getOne: vi.fn(async (_r: string, p: { id: unknown }) => ({ data: rows.find((r) => r.id === p.id) ?? rows[0] })),
    getMany: vi.fn(async () => ({ data: rows })),
    create: vi.fn(async (_r: string, p: { data: Record<string, unknown> }) => ({ data: { ...p.data, id: p.data.identity } })),
    update: vi.fn(async (_r: string, p: { id: unknown; data: Record<string, unknown> }) => ({ data: { ...p.data, id: p.id } })),
    delete: vi.fn(async (_r: string, p: { id: unknown; previousData?: unknown }) => ({ data: p.previousData ?? { id: p.id } })),
    ...overrides,
  };
  return { dp, dataProvider: testDataProvider(dp as unknown as Partial<DataProvider>) };
}

const renderAt = resourceRenderer(
  <Resource name={RESOURCE} list={SubAccountList} create={SubAccountCreate} edit={SubAccountEdit} />,
  'account',
);

beforeEach(() => {
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('sub-account list', () => {
  it('shows identity, company name, email and create time, with create/edit/delete for an operator', async () => {
    signedIn({ children: [{ account: 'acme_video', accountName: 'Acme Video', accountChild: [] }] });
    const { dataProvider } = provider([row('acme_static', 'Acme Static Assets'), row('acme_video', 'Acme Video')]);
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByText('acme_static')).toBeInTheDocument();
    expect(screen.getByText('Acme Video')).toBeInTheDocument();
    expect(screen.getByText('acme_video@acme.example')).toBeInTheDocument();
    for (const h of ['Account identity', 'Company name', 'Email', 'Create time']) expect(screen.getByText(h)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /create/i })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /edit/i })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /delete/i })).toHaveLength(2);
  });

  it("shows 'Current user has no sub accounts' for a main account without any", async () => {
    signedIn();
    renderAt(`/${RESOURCE}`, provider([]).dataProvider);
    expect(await screen.findByText('Current user has no sub accounts')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /create/i })).toBeInTheDocument();
  });

  it("tells a sub-user 'This user is not main-accounts', without list call or create button", async () => {
    signedIn({ isMain: false, role: 'user', account: 'acme' });
    const { dp, dataProvider } = provider([row('acme_video', 'Acme Video')]);
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByText('This user is not main-accounts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /create/i })).not.toBeInTheDocument();
    expect(dp.getList).not.toHaveBeenCalled();
  });

  it('hides create, edit and delete without the operation right', async () => {
    signedIn({ perms: ['portal:account:view:*'] });
    renderAt(`/${RESOURCE}`, provider([row('acme_video', 'Acme Video')]).dataProvider);
    expect(await screen.findByText('acme_video')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /create/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /edit/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
  });

  it("tells staff without customers 'No account to choose from'", async () => {
    signedIn({ role: 'superadmin', account: 'provider', perms: ['portal:*'] });
    const { dp, dataProvider } = provider([]);
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByText('No account to choose from')).toBeInTheDocument();
    expect(dp.getList).not.toHaveBeenCalled();
  });

  it('lets staff pick the customer whose sub-accounts are listed', async () => {
    signedIn({
      role: 'superadmin',
      account: 'provider',
      perms: ['portal:*'],
      children: [
        { account: 'acme', accountName: 'Acme Media', accountChild: [] },
        { account: 'globex', accountName: 'Globex Corporation', accountChild: [] },
      ],
    });
    const { dp, dataProvider } = provider([row('acme_video', 'Acme Video')]);
    renderAt(`/${RESOURCE}`, dataProvider);
    await screen.findByText('acme_video');
    expect(dp.getList).toHaveBeenLastCalledWith(RESOURCE, expect.objectContaining({ filter: { customer: 'acme' } }));
    await userEvent.click(screen.getByRole('combobox', { name: /Parent account/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Globex Corporation/ }));
    await waitFor(() => expect(dp.getList).toHaveBeenLastCalledWith(RESOURCE, expect.objectContaining({ filter: { customer: 'globex' } })));
  });

  it('deletes after confirmation', async () => {
    signedIn();
    const { dp, dataProvider } = provider([row('acme_video', 'Acme Video')]);
    renderAt(`/${RESOURCE}`, dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the sub-account acme_video (Acme Video)? This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(dp.delete).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ id: 'acme_video' })));
    expect(await screen.findByText('Sub-account deleted')).toBeInTheDocument();
  });

  it("shows the server's refusal of a delete", async () => {
    signedIn();
    const refusal = new PortalApiError('This sub-account still has users and cannot be deleted', '1', 200);
    const { dataProvider } = provider([row('acme_video', 'Acme Video')], { delete: vi.fn(async () => Promise.reject(refusal)) });
    renderAt(`/${RESOURCE}`, dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: /delete/i }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('This sub-account still has users and cannot be deleted')).toBeInTheDocument();
    expect(screen.getByText('acme_video')).toBeInTheDocument();
  });

  it('speaks Chinese by default', async () => {
    signedIn();
    renderAt(`/${RESOURCE}`, provider([]).dataProvider, 'zh');
    expect(await screen.findByText('当前用户没有子账号')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '子账号管理' })).toBeInTheDocument();
  });
});

describe('sub-account forms', () => {
  it('validates identity, company name and email like the server, and sends nothing until valid', async () => {
    signedIn();
    const { dp, dataProvider } = provider([]);
    renderAt(`/${RESOURCE}/create`, dataProvider);
    const save = await screen.findByRole('button', { name: /save/i });
    const identity = screen.getByLabelText(/Account identity/);
    const company = screen.getByLabelText(/Company name/);
    const email = screen.getByLabelText(/Email/);
    // react-admin enables Save once the form is dirty
    await userEvent.type(company, ' ');
    await userEvent.click(save);
    expect(await screen.findByText('Account identity cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Company name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
    await userEvent.clear(company);

    await userEvent.type(identity, 'bad-id');
    await userEvent.type(company, 'Acme Music');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(save);
    expect(await screen.findByText('Account identity may contain only letters, digits and underscores')).toBeInTheDocument();
    expect(screen.getByText('Email format error')).toBeInTheDocument();
    await userEvent.clear(identity);
    await userEvent.type(identity, 'a'.repeat(65));
    expect(await screen.findByText('Account identity may have at most 64 characters')).toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();

    await userEvent.clear(identity);
    await userEvent.type(identity, 'acme_music');
    await userEvent.clear(email);
    await userEvent.type(email, 'music@acme.example');
    await userEvent.click(save);
    await waitFor(() =>
      expect(dp.create).toHaveBeenCalledWith(
        RESOURCE,
        expect.objectContaining({
          data: expect.objectContaining({
            identity: 'acme_music',
            companyName: 'Acme Music',
            email: 'music@acme.example',
            customer: 'acme',
          }),
        }),
      ),
    );
    expect(await screen.findByText('Sub-account created')).toBeInTheDocument();
    // the stored account tree (other screens' account pickers) is re-read
    expect(sessionApi.autoLogin).toHaveBeenCalled();
  });

  it("shows the server's message when it refuses a create", async () => {
    signedIn();
    const used = new PortalApiError('Account identity is already used', '1', 200);
    const { dataProvider } = provider([], { create: vi.fn(async () => Promise.reject(used)) });
    renderAt(`/${RESOURCE}/create`, dataProvider);
    await userEvent.type(await screen.findByLabelText(/Account identity/), 'acme_video');
    await userEvent.type(screen.getByLabelText(/Company name/), 'Video');
    await userEvent.type(screen.getByLabelText(/Email/), 'v@acme.example');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Account identity is already used')).toBeInTheDocument();
  });

  it('edits company name and email; the identity is read-only', async () => {
    signedIn({ children: [{ account: 'acme_video', accountName: 'Acme Video', accountChild: [] }] });
    const { dp, dataProvider } = provider([row('acme_video', 'Acme Video')]);
    renderAt(`/${RESOURCE}/acme_video`, dataProvider);
    const identity = await screen.findByDisplayValue('acme_video');
    expect(identity).toHaveAttribute('readonly');
    const email = screen.getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'video@');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Email format error')).toBeInTheDocument();
    const company = screen.getByLabelText(/Company name/);
    await userEvent.clear(company);
    expect(await screen.findByText('Company name cannot be empty')).toBeInTheDocument();
    expect(dp.update).not.toHaveBeenCalled();
    await userEvent.type(company, 'Acme Video Ltd');
    await userEvent.type(email, 'acme.example');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() =>
      expect(dp.update).toHaveBeenCalledWith(
        RESOURCE,
        expect.objectContaining({
          id: 'acme_video',
          data: expect.objectContaining({ companyName: 'Acme Video Ltd', email: 'video@acme.example' }),
        }),
      ),
    );
    expect(await screen.findByText('Sub-account saved')).toBeInTheDocument();
  });

  it("tells a sub-user on the create route 'This user is not main-accounts'", async () => {
    signedIn({ isMain: false, role: 'user' });
    const { dp, dataProvider } = provider([]);
    renderAt(`/${RESOURCE}/create`, dataProvider);
    expect(await screen.findByText('This user is not main-accounts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();
  });
});
