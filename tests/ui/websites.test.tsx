import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { authFor } from './domainFixtures';
import { WebsiteCreate } from '../../resources/websites/WebsiteCreate';
import { TestRequestPanel } from '../../resources/websites/TestRequestPanel';
import { RulePanel } from '../../resources/websites/RulePanel';
import { PolicyPanel } from '../../resources/websites/PolicyPanel';
import type { Policy, Rule } from '../../dataProviders/impapi/websiteTypes';

const impapi = vi.hoisted(() => ({ impapiGet: vi.fn(), impapiPost: vi.fn() }));
vi.mock('../../dataProviders/impapi/http', async (orig) => ({ ...(await orig<typeof import('../../dataProviders/impapi/http')>()), ...impapi }));
// eslint-disable-next-line import/first
import { websitesModule, WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';

configure({ asyncUtilTimeout: 8000 });

const policy = (over: Partial<Policy> = {}): Policy => ({
  id: 1, websiteId: 5, account: 'acme', name: 'Block RU', description: '', type: 1, enabled: true, countries: ['RU'], urls: [], ips: [], clientAppIds: [],
  exceptions: [], waf: { xss: 'block_request', sqli: 'block_request', rfi: 'block_request', illegalResource: 'block_request' }, createTime: '', updateTime: '', ...over,
});
const rule = (over: Partial<Rule> = {}): Rule => ({
  id: 10, websiteId: 5, account: 'acme', name: 'r1', enabled: true, actionType: 3, action: { mode: 'block' }, filters: [], clientAppIds: [], interval: 60,
  priority: 1, status: 'configured', createTime: '', updateTime: '', ...over,
});

function provider(): DataProvider {
  const base = testDataProvider({});
  return { ...base, ...websitesModule.methods, [WEBSITE_RESOURCE]: undefined, ...websitesModule.resources[WEBSITE_RESOURCE] } as unknown as DataProvider;
}

function renderUi(ui: ReactNode, locale: 'en' | 'zh' = 'en') {
  const i18nProvider = polyglotI18nProvider((l) => (l === 'en' ? en : zh), locale, [], { allowMissing: true });
  return render(
    <AdminContext dataProvider={provider()} i18nProvider={i18nProvider} store={memoryStore()} authProvider={authFor(true)}>
      <ResourceContextProvider value={WEBSITE_RESOURCE}>{ui}</ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

/** Routes the mocked /impapi calls by URL. */
function serve(routes: Record<string, unknown | ((body: unknown) => unknown)>) {
  const answer = async (url: string, body?: unknown) => {
    const key = Object.keys(routes).find((k) => url.endsWith(k));
    if (!key) throw new Error(`unexpected call ${url}`);
    const v = routes[key];
    return typeof v === 'function' ? (v as (b: unknown) => unknown)(body) : v;
  };
  impapi.impapiGet.mockImplementation(answer);
  impapi.impapiPost.mockImplementation(answer);
}

beforeEach(() => {
  impapi.impapiGet.mockReset();
  impapi.impapiPost.mockReset();
});

describe('website form', () => {
  it('shows the spec\'s messages and sends nothing while invalid; sends the website once valid', async () => {
    serve({ '/randomDoamin': 'wafabcdefghijkl.w.cdnportal.net', '/certificate/search': [], '/manager/create': (b: unknown) => ({ id: 9, ...(b as object) }) });
    const user = userEvent.setup();
    renderUi(<WebsiteCreate />);
    await screen.findByDisplayValue('wafabcdefghijkl.w.cdnportal.net');
    await user.type(screen.getByLabelText(/^Domain/), 'not a domain');
    await user.type(screen.getByLabelText('Origin'), 'ftp://x');
    await user.click(screen.getByLabelText(/^Remark/));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Format error')).toHaveLength(2);
    expect(screen.getByText('The remark may have at most 100 characters')).toBeTruthy();
    expect(impapi.impapiPost).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Domain/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Cannot be empty')).not.toHaveLength(0);
    await user.type(screen.getByLabelText(/^Domain/), 'shop.example.com');
    await user.clear(screen.getByLabelText('Origin'));
    await user.type(screen.getByLabelText('Origin'), 'http://203.0.113.10:8080');
    await user.clear(screen.getByLabelText(/^Remark/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(impapi.impapiPost).toHaveBeenCalledWith('/impapi/protection/application/manager/create', expect.objectContaining({
      domain: 'shop.example.com', protectionAddress: 'wafabcdefghijkl.w.cdnportal.net', origins: [{ address: 'http://203.0.113.10:8080', weight: 100, role: 'active' }],
    })));
  }, 120_000);
});

describe('test a request', () => {
  it('runs the engine on the stored policies and rules and shows what decided (both languages)', async () => {
    serve({ '/policy/list/5': [policy()], '/rule/list/5': [] });
    const user = userEvent.setup();
    const { unmount } = renderUi(<TestRequestPanel websiteId={5} />);
    fireEvent.change(screen.getByTestId('test-country'), { target: { value: 'RU' } });
    await waitFor(() => expect((screen.getByTestId('test-country') as HTMLInputElement).value).toBe('RU'));
    await user.click(screen.getByTestId('test-run'));
    expect((await screen.findByTestId('test-action')).textContent).toBe('Blocked');
    expect(screen.getByTestId('test-decision').textContent).toContain('Access control list “Block RU”');
    expect(screen.getByTestId('test-decision').textContent).toContain('country RU is blocked');
    expect(impapi.impapiGet).toHaveBeenCalledWith('/impapi/protection/application/policy/list/5');
    unmount();
    renderUi(<TestRequestPanel websiteId={5} />, 'zh');
    await user.click(screen.getByTestId('test-run'));
    expect((await screen.findByTestId('test-decision')).textContent).toContain('没有命中任何策略或规则');
  }, 60_000);
});

describe('rules and policies', () => {
  it('moves a rule down and sends the new order', async () => {
    const rules = [rule({ id: 10, name: 'first', priority: 1 }), rule({ id: 11, name: 'second', priority: 2 })];
    serve({
      '/rule/list/5': rules, '/rule-filter/list': [], '/client-app/list': [],
      '/rule/priority': (b: unknown) => (b as { ids: number[] }).ids.map((id, i) => ({ ...rules.find((r) => r.id === id)!, priority: i + 1 })),
    });
    const user = userEvent.setup();
    renderUi(<RulePanel websiteId={5} />);
    const row0 = await screen.findByTestId('rule-row-0');
    await user.click(within(row0).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(impapi.impapiPost).toHaveBeenCalledWith('/impapi/protection/application/rule/priority', { websiteId: 5, ids: [11, 10] }));
    await waitFor(() => expect(within(screen.getByTestId('rule-row-0')).getByText('second')).toBeTruthy());
  });

  it('refuses an unsafe regular expression in a rule filter before sending', async () => {
    serve({ '/rule/list/5': [], '/rule-filter/list': [{ field: 'path', operators: ['equals', 'regex'] }], '/client-app/list': [] });
    const user = userEvent.setup();
    renderUi(<RulePanel websiteId={5} />);
    await user.click(await screen.findByTestId('add-rule'));
    await user.type(screen.getByTestId('rule-name'), 'r');
    await user.type(screen.getByTestId('rule-filter-value-0'), '(a+)+$');
    // startsWith is fine; the regex operator is not for this pattern
    const dialog = screen.getByTestId('rule-dialog');
    await user.click(within(dialog).getAllByRole('combobox')[3]);
    await user.click(await screen.findByRole('option', { name: 'regular expression' }));
    await user.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('The regular expression is invalid or may take too long')).toBeTruthy();
    expect(impapi.impapiPost).not.toHaveBeenCalled();
  }, 60_000);

  it('creates an access-control policy with the typed countries', async () => {
    serve({ '/policy/list/5': [], '/client-app/list': [], '/policy/create': (b: unknown) => policy(b as Partial<Policy>) });
    const user = userEvent.setup();
    renderUi(<PolicyPanel websiteId={5} />);
    await user.click(await screen.findByTestId('add-policy'));
    await user.type(screen.getByTestId('policy-name'), 'Geo');
    await user.type(screen.getByTestId('policy-countries'), 'Russia');
    await user.click(screen.getByTestId('policy-save'));
    expect(await screen.findByText('Format error')).toBeTruthy();
    await user.clear(screen.getByTestId('policy-countries'));
    await user.type(screen.getByTestId('policy-countries'), 'ru, kp');
    await user.click(screen.getByTestId('policy-save'));
    await waitFor(() => expect(impapi.impapiPost).toHaveBeenCalledWith('/impapi/protection/application/policy/create', expect.objectContaining({ websiteId: 5, name: 'Geo', type: 1, countries: ['RU', 'KP'] })));
  }, 60_000);
});
