import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateBase, EditBase } from 'react-admin';
import { PortalApiError } from '../../dataProviders/http';
import { DomainForm } from '../../resources/domains/form/DomainForm';
import { buildDomain, domainMethods, makeProvider, renderWithAdmin, type DomainMethods } from './domainFixtures';

type User = ReturnType<typeof userEvent.setup>;

type CreateSpy = ReturnType<typeof vi.fn>;

function renderCreate(
  methods: DomainMethods = domainMethods(),
  create: CreateSpy = vi.fn(async () => ({ data: buildDomain() })),
  locale: 'en' | 'zh' = 'en',
) {
  const dataProvider = makeProvider(methods, { create: create as never });
  renderWithAdmin(
    <CreateBase resource="cdn/domain">
      <DomainForm />
    </CreateBase>,
    { dataProvider, locale },
  );
  return { create, methods };
}

const user = () => userEvent.setup({ delay: null });
const save = (u: User) => u.click(screen.getByRole('button', { name: /save|保存/i }));
async function tab(u: User, name: string) {
  const header = screen.getByRole('tab', { name });
  await u.click(header);
  await waitFor(() => expect(header).toHaveAttribute('aria-selected', 'true'));
}
const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });

/** Replaces the input's text in one input event (typing key by key is slow and adds nothing here). */
async function type(u: User, el: HTMLElement, text: string) {
  await u.clear(el);
  if (text) {
    await u.click(el);
    await u.paste(text);
  }
}

/** Name, ICP and the first origin filled with valid values (the form starts with one empty origin). */
async function fillValid(u: User, name = 'www.acme.example') {
  await type(u, textbox(/Domain name/), name);
  await type(u, textbox(/ICP number/), '京ICP备12345678号-1');
  await tab(u, 'Origin');
  await type(u, screen.getAllByRole('textbox', { name: 'Address' })[0], 'origin.acme.example');
}
/** Adds a row to the open tab's list and types `text` into the new (second) row's `label` box. */
async function addSecondRow(u: User, label: string, text: string) {
  await u.click(screen.getByRole('button', { name: 'Add' }));
  await type(u, screen.getAllByRole('textbox', { name: label })[1], text);
}
/** The create form rendered with its default provider and filled in validly; the user that filled it. */
async function validCreateForm(): Promise<User> {
  const u = user();
  renderCreate();
  await fillValid(u);
  return u;
}

async function expectMessage(text: string) {
  expect(await screen.findByText(text)).toBeInTheDocument();
}

beforeEach(() => {
  // The form keeps its tab in the URL (hash router): every test starts on the first tab.
  window.history.replaceState(null, '', '/');
  // Outside the app's /cdn/domain/create route the unsaved-changes guard takes tab changes for leaving
  // the form; the user would answer "leave" in its confirm box.
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});

describe('domain form validation (shared rules, spec messages)', () => {
  it('refuses an empty name with the spec message and sends nothing', async () => {
    const u = user();
    const { create, methods } = renderCreate();
    await save(u);
    await expectMessage('The domain name cannot be empty!');
    expect(create).not.toHaveBeenCalled();
    expect(methods.domainTestUrl).not.toHaveBeenCalled();
  });

  it('refuses a badly formed name', async () => {
    const u = user();
    renderCreate();
    await fillValid(u, 'not_a domain');
    await save(u);
    await expectMessage('Domain name format is incorrect!');
  });

  it('shows the Chinese text of the same rule', async () => {
    const u = user();
    renderCreate(domainMethods(), vi.fn(), 'zh');
    await save(u);
    await expectMessage('域名不能为空！');
  });

  it('refuses a duplicated origin', async () => {
    const u = await validCreateForm();
    await addSecondRow(u, 'Address', 'origin.acme.example');
    await save(u);
    await expectMessage('Source station repeat, please re-fill');
  });

  it('refuses an origin equal to the accelerated domain', async () => {
    const u = user();
    renderCreate();
    await fillValid(u, 'www.acme.example');
    await type(u, screen.getAllByRole('textbox', { name: 'Address' })[0], 'www.acme.example');
    await save(u);
    await expectMessage('The origin cannot be the accelerated domain itself');
  });

  it('requires the origin port', async () => {
    const u = await validCreateForm();
    await u.clear(screen.getByRole('spinbutton', { name: 'Port' }));
    await save(u);
    await expectMessage('The port cannot be empty');
  });

  it("requires the back directory to start and end with '/'", async () => {
    const u = await validCreateForm();
    await type(u, textbox(/Back directory/), 'static');
    await save(u);
    await expectMessage("The back directory must start and end with '/'");
  });

  it('requires a test URL that starts with /', async () => {
    const u = await validCreateForm();
    await type(u, textbox(/Test URL/), '');
    await save(u);
    await expectMessage('The test URL cannot be empty');
    await type(u, textbox(/Test URL/), 'index.html');
    await save(u);
    await expectMessage("The test URL must start with '/'");
  });

  it('allows at most 10 suffixes per cache rule', async () => {
    const u = await validCreateForm();
    await tab(u, 'Cache');
    await u.click(screen.getAllByRole('combobox', { name: 'Match by' })[0]);
    await u.click(await screen.findByRole('option', { name: 'File suffix' }));
    await type(u, screen.getAllByRole('textbox', { name: 'Paths or suffixes' })[0], 'a,b,c,d,e,f,g,h,i,j,k');
    await save(u);
    await expectMessage('Up to 10 suffixes');
  });

  it('rejects conflicting cache rules', async () => {
    const u = await validCreateForm();
    await tab(u, 'Cache');
    await addSecondRow(u, 'Paths or suffixes', '/');
    await save(u);
    await expectMessage('Caching policy conflicts, please check');
  });

  it('requires an integer cache time', async () => {
    const u = user();
    const { create } = renderCreate();
    await fillValid(u);
    await tab(u, 'Cache');
    await type(u, screen.getAllByRole('spinbutton', { name: 'Cache time' })[0], '1.5');
    await save(u);
    await expectMessage('The cache time must be an integer of 0 or more');
    expect(create).not.toHaveBeenCalled();
  });
});

describe('domain form save flow', () => {
  it('asks before saving when the origin test fails, then resends with the bucket confirmation', async () => {
    const u = user();
    const methods = domainMethods();
    methods.domainTestUrl.mockResolvedValue({ result: 0, msg: 'connect ECONNREFUSED' } as never);
    const create = vi
      .fn()
      .mockRejectedValueOnce(new PortalApiError('This bucket has been bound by another domain name. Confirm binding?', '2', 200))
      .mockResolvedValueOnce({ data: buildDomain() });
    renderCreate(methods, create);
    await fillValid(u);
    await save(u);

    const probe = await screen.findByRole('dialog');
    expect(within(probe).getByText(/connect ECONNREFUSED.*Proceed anyway\?/)).toBeInTheDocument();
    await u.click(within(probe).getByRole('button', { name: 'Proceed' }));

    const bucket = await screen.findByText('This bucket has been bound by another domain name. Confirm binding?');
    await u.click(within(bucket.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    const first = create.mock.calls[0][1].data;
    expect(first).toMatchObject({ name: 'www.acme.example', icp: '京ICP备12345678号-1', type: 'download', scope: 'cn' });
    expect(first.origins).toEqual([{ role: 'main', type: 'domain', address: 'origin.acme.example', port: 80, weight: 10 }]);
    expect(first.cacheRules).toEqual([{ match: 'path', value: '/', time: 30, unit: 'd' }]);
    expect(first.confirmBucket).toBeUndefined();
    expect(create.mock.calls[1][1].data.confirmBucket).toBe(true);
    expect(methods.domainCheckIcp).toHaveBeenCalledWith({ icp: '京ICP备12345678号-1', domain: 'www.acme.example' });
    expect(await screen.findByText('Domain added; the configuration is being issued')).toBeInTheDocument();
  });

  it('does not save when the user declines after a failed origin test', async () => {
    const u = user();
    const methods = domainMethods();
    methods.domainTestUrl.mockResolvedValue({ result: 0, msg: 'timeout' } as never);
    const { create } = renderCreate(methods);
    await fillValid(u);
    await save(u);
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).not.toHaveBeenCalled();
  });

  it('fills the default cache rules of the type when the type changes (static 7 days)', async () => {
    const u = user();
    renderCreate();
    await u.click(screen.getByRole('combobox', { name: /Business type/ }));
    await u.click(await screen.findByRole('option', { name: 'Static' }));
    await tab(u, 'Cache');
    const values = screen.getAllByRole('textbox', { name: 'Paths or suffixes' }).map((i) => (i as HTMLInputElement).value);
    expect(values).toEqual(['php,jsp,asp,aspx,do', '/']);
    const times = screen.getAllByRole('spinbutton', { name: 'Cache time' }).map((i) => (i as HTMLInputElement).value);
    expect(times).toEqual(['0', '7']);
  });

  it('updates an existing domain and probes the origin only when origin settings changed', async () => {
    const u = user();
    const methods = domainMethods();
    const record = buildDomain({ id: 7, name: 'img.acme.example' });
    const update = vi.fn(async (_resource: string, _params: { id: number; data: object }) => ({ data: record }));
    const dataProvider = makeProvider(methods, { getOne: async () => ({ data: record }) as never, update: update as never });
    renderWithAdmin(
      <EditBase resource="cdn/domain" id={7} mutationMode="pessimistic">
        <DomainForm record={record} />
      </EditBase>,
      { dataProvider },
    );
    await type(u, await screen.findByRole('textbox', { name: /Remark/ }), 'images');
    await save(u);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1]).toMatchObject({ id: 7, data: { name: 'img.acme.example', context: 'images' } });
    expect(methods.domainTestUrl).not.toHaveBeenCalled();
    expect(await screen.findByText('Update successful')).toBeInTheDocument();
  });
});

describe('settings the edge nodes cannot serve (issue #33)', () => {
  it('says so under URL authentication, Brotli and origin redirects once edge nodes serve the domains, and not before', async () => {
    const methods = domainMethods();
    methods.domainEdgeNodes.mockResolvedValue({ total: 2, offline: [] });
    renderCreate(methods);
    const u = user();
    await tab(u, 'Advanced');
    expect(await screen.findByTestId('edge-unsupported-brotli')).toHaveTextContent('gzip only');
    expect(screen.getByTestId('edge-unsupported-originRedirect')).toHaveTextContent('do not follow origin redirects');
    await tab(u, 'Access control');
    expect(await screen.findByTestId('edge-unsupported-urlAuth')).toHaveTextContent('do not support URL authentication');
  });

  it('shows nothing with the embedded edge (no node registered)', async () => {
    const { methods } = renderCreate();
    const u = user();
    await tab(u, 'Advanced');
    await waitFor(() => expect(methods.domainEdgeNodes).toHaveBeenCalled());
    expect(screen.queryByTestId('edge-unsupported-brotli')).toBeNull();
  });
});
