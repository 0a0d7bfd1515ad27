import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import type { Domain } from '../../common/wire/domains';
import { DomainList } from '../../resources/domains/DomainList';
import { domainsCsv } from '../../resources/domains/domainExporter';
import { authFor, buildDomain, domainMethods, makeProvider, renderWithAdmin } from './domainFixtures';
import { signInUser } from './harness';

const KNOWN: Domain[] = [
  buildDomain({
    id: 1,
    name: 'www.acme.example',
    type: 'static',
    scope: 'all',
    protocol: 'https',
    certificateName: 'Acme wildcard',
    status: 'on',
  }),
  buildDomain({ id: 2, name: 'dl.acme.example', type: 'download', status: 'off' }),
  buildDomain({ id: 3, name: 'promo.acme.example', type: 'static', status: 'freeze', deliveryType: 'ticket' }),
  buildDomain({ id: 4, name: 'vod.acme.example', type: 'vod', status: 'on', operationState: 'configuring' }),
];

function renderList({ operate = true, pages = [KNOWN] }: { operate?: boolean; pages?: Domain[][] } = {}) {
  let call = 0;
  const getList = vi.fn(async (_r: string, _p: GetListParams) => {
    const data = pages[Math.min(call++, pages.length - 1)];
    return { data, total: 42 };
  });
  const methods = domainMethods();
  const deleteOne = vi.fn(async (_r: string, p: { id: unknown }) => ({ data: { id: p.id } }));
  const domainSetStatus = vi.fn(async (id: number, status: string) =>
    buildDomain({ id, status: status as Domain['status'], operationState: 'configuring' }),
  );
  const dataProvider = { ...makeProvider(methods, { getList: getList as never, delete: deleteOne as never }), domainSetStatus };
  renderWithAdmin(<DomainList />, { dataProvider, authProvider: authFor(operate) });
  return { getList, methods, deleteOne, domainSetStatus };
}

/** The signed-in user's role (provider staff roles start with 'super'). */
function signedInAs(role: string) {
  signInUser({
    username: role,
    email: `${role}@example.com`,
    role,
    account: role === 'customer' ? 'acme' : 'provider',
    accountName: 'Test',
    userType: role === 'customer' ? 2 : 3,
  });
}

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

/** The operable list rendered until `name` shows; its user and spies. */
async function listShowing(name: string) {
  const u = userEvent.setup();
  const spies = renderList();
  await screen.findByText(name);
  return { u, ...spies };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
});

describe('domain list', () => {
  it('shows every row with its type, scope, HTTPS, status, operation state and delivery type', async () => {
    const { getList } = renderList();
    expect(await screen.findByText('www.acme.example')).toBeInTheDocument();
    expect(within(row('www.acme.example')).getByText('Static')).toBeInTheDocument();
    expect(within(row('www.acme.example')).getByText('Global')).toBeInTheDocument();
    expect(within(row('www.acme.example')).getByTestId('https-chip')).toHaveTextContent('HTTPS');
    expect(within(row('www.acme.example')).getByTestId('status-on')).toHaveTextContent('Enabled');
    expect(within(row('dl.acme.example')).getByTestId('status-off')).toHaveTextContent('Disabled');
    expect(within(row('promo.acme.example')).getByTestId('status-freeze')).toHaveTextContent('Frozen');
    expect(within(row('promo.acme.example')).getByText('Ticket')).toBeInTheDocument();
    expect(within(row('www.acme.example')).getByTestId('operation-configured')).toHaveTextContent('Configured');
    expect(within(row('vod.acme.example')).getByTestId('operation-configuring')).toHaveTextContent('Configuring');
    expect(screen.getByText('1-20 of 42')).toBeInTheDocument();
    // Server-side paging and sorting: the first call asks page 1, newest first.
    expect(getList.mock.calls[0][1]).toMatchObject({ pagination: { page: 1, perPage: 20 }, sort: { field: 'createTime', order: 'DESC' } });
  });

  it('reloads while a row is configuring and stops once every row is configured', async () => {
    const configured = KNOWN.map((d) => ({ ...d, operationState: 'configured' as const }));
    const { getList } = renderList({ pages: [KNOWN, configured] });
    expect(await screen.findByTestId('configuring-hint')).toBeInTheDocument();
    await waitFor(() => expect(within(row('vod.acme.example')).getByTestId('operation-configured')).toBeInTheDocument(), { timeout: 6000 });
    expect(screen.queryByTestId('configuring-hint')).not.toBeInTheDocument();
    const calls = getList.mock.calls.length;
    await new Promise((r) => setTimeout(r, 3000));
    expect(getList.mock.calls.length).toBe(calls);
  }, 20_000);

  it('refuses edit and status change while configuring with the spec message', async () => {
    const { u, methods } = await listShowing('vod.acme.example');
    await u.click(within(row('vod.acme.example')).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Domain configuring, the status cannot be changed!')).toBeInTheDocument();
    await u.click(within(row('vod.acme.example')).getByRole('button', { name: 'Disable' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(methods.domainDisable).not.toHaveBeenCalled();
  });

  it('disables a domain after confirmation', async () => {
    const { u, methods } = await listShowing('www.acme.example');
    await u.click(within(row('www.acme.example')).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Disable www.acme.example?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(methods.domainDisable).toHaveBeenCalledWith(1));
    expect(await screen.findByText('Domain disabled; the configuration is being issued')).toBeInTheDocument();
  });

  it('deletes a domain after confirmation, then reloads the list', async () => {
    const { u, deleteOne, getList } = await listShowing('www.acme.example');
    await u.click(within(row('www.acme.example')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete www.acme.example?')).toBeInTheDocument();
    // Cancel leaves it alone.
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteOne).not.toHaveBeenCalled();
    const loads = getList.mock.calls.length;
    await u.click(within(row('www.acme.example')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('cdn/domain', expect.objectContaining({ id: 1 })));
    expect(await screen.findByText('Domain www.acme.example deleted')).toBeInTheDocument();
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(loads));
  });

  it('refuses to delete a configuring domain with the spec message', async () => {
    const { u, deleteOne } = await listShowing('vod.acme.example');
    await u.click(within(row('vod.acme.example')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Domain configuring, the status cannot be changed!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteOne).not.toHaveBeenCalled();
  });

  it('offers freeze and unfreeze to provider staff only', async () => {
    signedInAs('customer');
    const first = renderList();
    await screen.findByText('www.acme.example');
    expect(screen.queryByRole('button', { name: 'Freeze' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unfreeze' })).not.toBeInTheDocument();
    // A customer sees Enable on a frozen domain, refused with the frozen message.
    expect(within(row('promo.acme.example')).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(first.domainSetStatus).not.toHaveBeenCalled();
    cleanup();

    signedInAs('superadmin');
    const { u, domainSetStatus } = await listShowing('www.acme.example');
    // Staff unfreeze a frozen domain instead of enabling it.
    expect(within(row('promo.acme.example')).getByRole('button', { name: 'Unfreeze' })).toBeInTheDocument();
    expect(within(row('promo.acme.example')).queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    await u.click(within(row('www.acme.example')).getByRole('button', { name: 'Freeze' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Freeze www.acme.example?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(domainSetStatus).toHaveBeenCalledWith(1, 'freeze'));
    expect(await screen.findByText('Domain frozen; the configuration is being issued')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(within(row('promo.acme.example')).getByRole('button', { name: 'Unfreeze' }));
    dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(domainSetStatus).toHaveBeenCalledWith(3, 'on'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Refused while configuring, like the server.
    await u.click(within(row('vod.acme.example')).getByRole('button', { name: 'Freeze' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(domainSetStatus).toHaveBeenCalledTimes(2);
  });

  it('shows no write buttons to a view-only user', async () => {
    renderList({ operate: false });
    await screen.findByText('www.acme.example');
    const actions = within(row('www.acme.example'));
    expect(actions.getByRole('link', { name: 'Detail' })).toBeInTheDocument();
    expect(actions.getByRole('link', { name: 'History' })).toBeInTheDocument();
    expect(actions.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add domain/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });

  it('shows the list in Chinese', async () => {
    const methods = domainMethods();
    renderWithAdmin(<DomainList />, {
      dataProvider: makeProvider(methods, { getList: (async () => ({ data: KNOWN, total: 4 })) as never }),
      authProvider: authFor(true),
      locale: 'zh',
    });
    await screen.findByText('www.acme.example');
    expect(within(row('dl.acme.example')).getByText('已停用')).toBeInTheDocument();
    expect(within(row('vod.acme.example')).getByText('配置中')).toBeInTheDocument();
    expect(screen.getByText('域名列表')).toBeInTheDocument();
  });

  it.each(['en', 'zh'] as const)("shows a failed domain with the edge node's message and names offline nodes (%s)", async (locale) => {
    const methods = domainMethods();
    methods.domainEdgeNodes.mockResolvedValue({ total: 2, offline: ['edge-b'] });
    const failed = buildDomain({
      id: 9,
      name: 'broken.acme.example',
      operationState: 'failed',
      operationError: { node: 'edge-a', message: 'nginx: [emerg] host not found' },
    });
    renderWithAdmin(<DomainList />, {
      dataProvider: makeProvider(methods, { getList: (async () => ({ data: [failed], total: 1 })) as never }),
      authProvider: authFor(true),
      locale,
    });
    const chip = await screen.findByTestId('operation-failed');
    expect(chip).toHaveTextContent(locale === 'en' ? 'Failed' : '配置失败');
    await userEvent.setup().hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('edge-a');
    expect(await screen.findByTestId('offline-nodes')).toHaveTextContent(locale === 'en' ? 'Edge nodes offline' : '离线的边缘节点');
    expect(screen.getByTestId('offline-nodes')).toHaveTextContent('edge-b');
  });
});

describe('domain CSV export', () => {
  it('writes translated headers and values, quoting where needed', () => {
    const t = (key: string) =>
      ({ 'resources.cdn/domain.fields.name': 'Domain name', 'resources.cdn/domain.values.status.on': 'Enabled' })[key] ?? key;
    const csv = domainsCsv([buildDomain({ name: 'a.example', context: 'say "hi", ok', labels: ['x'] })], t as never);
    const [head, line] = csv.split('\r\n');
    expect(head.startsWith('Domain name,')).toBe(true);
    expect(line).toContain('a.example');
    expect(line).toContain('Enabled');
    expect(line).toContain('"say ""hi"", ok"');
  });
});

describe('domain messages', () => {
  it('has a Chinese text for every English one', async () => {
    const [en, zh] = await Promise.all([import('../../i18n/en/domains'), import('../../i18n/zh/domains')]);
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(zh.default).sort()).toEqual(keys(en.default).sort());
    expect(keys(zh.default.resources['cdn/liveDomain']).sort()).toEqual(keys(en.default.resources['cdn/liveDomain']).sort());
    expect(en.default.resources['cdn/domain'].notifications.configuringBlocked).toBe('Domain configuring, the status cannot be changed!');
    expect(en.default.resources['cdn/domain'].notifications.noHistory).toBe('No history version');
  });
});
