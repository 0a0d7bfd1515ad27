import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Admin, memoryStore, Resource, TestMemoryRouter, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { createAuthProvider } from '../../src/auth/authProvider';
import { ContactList } from '../../resources/monitoring/contacts/ContactList';
import { ContactCreate } from '../../resources/monitoring/contacts/ContactForms';
import { RuleList } from '../../resources/monitoring/rules/RuleList';
import { RuleCreate } from '../../resources/monitoring/rules/RuleForms';
import { HistoryPage } from '../../resources/monitoring/history/HistoryPage';
import type { AlertRule, Contact, ContactGroup, NotifyRecord } from '../../common/wire/monitoring';
import { authFor, signInUser } from './harness';

const http = vi.hoisted(() => ({ monitPost: vi.fn(), monitPut: vi.fn(), monitGet: vi.fn(), monitDelete: vi.fn() }));
vi.mock('../../dataProviders/monit/http', async (orig) => ({
  ...(await orig<typeof import('../../dataProviders/monit/http')>()),
  ...http,
}));
vi.mock('../../dataProviders/api/shell', () => ({ sessionApi: { autoLogin: vi.fn(async () => null), login: vi.fn(), logout: vi.fn() } }));
import {
  monitModule,
  memberRecord,
  CONTACT_RESOURCE,
  GROUP_MEMBER_RESOURCE,
  GROUP_RESOURCE,
  HISTORY_RESOURCE,
  RULE_RESOURCE,
} from '../../dataProviders/monit/monitoring';

configure({ asyncUtilTimeout: 8000 });

const contact: Contact = {
  id: 1,
  name: 'Ops',
  email: 'ops@acme.example',
  mobile: '+8613800138000',
  webhook: '',
  language: 'en',
  remark: 'NOC',
  groups: ['On call'],
  createTime: '2026-11-01T00:00:00Z',
  updateTime: '2026-11-01T00:00:00Z',
};
const group: ContactGroup = {
  id: 5,
  name: 'On call',
  description: 'night',
  members: [{ id: 1, name: 'Ops' }],
  createTime: '',
  updateTime: '',
};
const rule: AlertRule = {
  id: 3,
  uuid: '11111111-2222-4333-8444-555555555555',
  name: '5xx high',
  domains: ['www.acme-media.example'],
  metric: 'rate5xx',
  period: 5,
  comparison: 'gt',
  threshold: 10,
  consecutive: 2,
  restoreAfter: 2,
  groupIds: [5],
  channels: ['email', 'webhook'],
  unreachable: [],
  repeatMinutes: 0,
  muteWindows: [],
  timeZone: 'Asia/Shanghai',
  enabled: true,
  state: 'firing',
  breaches: 2,
  lastValue: 23.5,
  evaluatedUntil: null,
  createTime: '',
  updateTime: '',
};
const history: NotifyRecord = {
  id: 9,
  time: '2026-11-20T10:00:00Z',
  ruleUuid: rule.uuid,
  ruleName: '5xx high',
  contactName: 'Ops',
  channel: 'sms',
  target: '+8613800138000',
  status: 'not_configured',
  reason: 'SMS_URL not set',
  subject: '[Alert] 5xx high',
  content: 'Rule "5xx high" fired',
  attempts: 1,
  event: 'firing',
};

function provider(rules: AlertRule[] = [rule]) {
  const lists: Record<string, unknown[]> = {
    [CONTACT_RESOURCE]: [contact],
    [GROUP_RESOURCE]: [group],
    [RULE_RESOURCE]: rules,
    [HISTORY_RESOURCE]: [history],
  };
  const dp = {
    getList: vi.fn(async (resource: string) => ({ data: lists[resource] ?? [], total: (lists[resource] ?? []).length })),
    getOne: vi.fn(async (resource: string) => ({ data: (lists[resource] ?? [])[0] })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async (resource: string, p: { id: number }) => {
      const members = resource === GROUP_MEMBER_RESOURCE && p.id === group.id ? group.members.map((m) => memberRecord(group.id, m)) : [];
      return { data: members, total: members.length };
    }),
    create: vi.fn(async (_r: string, p: { data: Record<string, unknown> }) => {
      await new Promise((r) => setTimeout(r, 50));
      return { data: { ...p.data, id: 99 } };
    }),
    update: vi.fn(async (_r: string, p: { id: number; data: Record<string, unknown>; previousData: Record<string, unknown> }) => ({
      data: { ...p.previousData, ...p.data, id: p.id },
    })),
    delete: vi.fn(async (_r: string, p: { previousData: unknown }) => ({ data: p.previousData })),
    monitSendMsg: vi.fn(),
    monitRuleDetail: vi.fn(async () => ({
      rule: null,
      options: ['www.acme-media.example'],
      ipOptions: ['203.0.113.10', '203.0.113.11'],
      websiteOptions: ['shop.acme.example'],
    })),
    monitSetEnabled: vi.fn(async () => ({ ...rule, enabled: false })),
    monitAlarms: vi.fn(async () => ({ list: [], total: 0, pageNum: 1 })),
    monitResource: vi.fn(async () => ({ list: [], total: 0, pageNum: 1, stats: [] })),
  };
  return { dp, dataProvider: testDataProvider(dp as unknown as Partial<DataProvider>) };
}

function renderAt(path: string, dataProvider: DataProvider, locale: 'en' | 'zh' = 'en', auth?: AuthProvider) {
  const i18nProvider = polyglotI18nProvider((l) => (l === 'en' ? en : zh), locale, [], { allowMissing: true });
  const modules = {
    [CONTACT_RESOURCE]: 'cloudMonit',
    [RULE_RESOURCE]: 'cloudMonit',
    [HISTORY_RESOURCE]: 'cloudMonit',
    [GROUP_RESOURCE]: 'cloudMonit',
    [GROUP_MEMBER_RESOURCE]: 'cloudMonit',
  };
  const authProvider =
    auth ??
    createAuthProvider({
      resourceModules: modules,
      availablePaths: new Set([CONTACT_RESOURCE, RULE_RESOURCE, HISTORY_RESOURCE].map((r) => `/${r}`)),
    });
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <Resource name={CONTACT_RESOURCE} list={ContactList} create={ContactCreate} />
        <Resource name={RULE_RESOURCE} list={RuleList} create={RuleCreate} />
        <Resource name={HISTORY_RESOURCE} list={HistoryPage} />
      </Admin>
    </TestMemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  signInUser({ permissionList: ['portal:cloudMonit:operation:*'] });
});

describe('monit provider', () => {
  it('maps the history filters to POST /monit/notify/history with server paging', async () => {
    http.monitPost.mockResolvedValueOnce({ list: [history], total: 41, pageNum: 3 });
    const r = await monitModule.resources[HISTORY_RESOURCE].getList!(HISTORY_RESOURCE, {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'time', order: 'DESC' },
      filter: { status: 'failed', ruleName: ' 5xx ', startTime: '2026-11-20T00:00:00Z' },
    });
    expect(r.total).toBe(41);
    expect(http.monitPost).toHaveBeenCalledWith(
      '/monit/notify/history',
      expect.objectContaining({
        pageNum: 3,
        pageSize: 20,
        status: 'failed',
        ruleName: '5xx',
        startTime: Math.floor(Date.parse('2026-11-20T00:00:00Z') / 1000),
      }),
    );
  });

  it('disables by GET /monit/rule/disable?uuid and enables by PUT /monit/rule/enable', async () => {
    http.monitGet.mockResolvedValueOnce(rule);
    http.monitPut.mockResolvedValueOnce(rule);
    await monitModule.methods.monitSetEnabled(rule.uuid, false);
    expect(http.monitGet).toHaveBeenCalledWith('/monit/rule/disable', { uuid: rule.uuid });
    await monitModule.methods.monitSetEnabled(rule.uuid, true);
    expect(http.monitPut).toHaveBeenCalledWith('/monit/rule/enable', { uuid: rule.uuid });
  });
});

describe('group members (sub-resource alertGroupMembers)', () => {
  const other: ContactGroup = {
    id: 6,
    name: 'Day',
    description: '',
    members: [
      { id: 1, name: 'Ops' },
      { id: 2, name: 'Dev' },
    ],
    createTime: '',
    updateTime: '',
  };
  const byGroup = (id: number) =>
    monitModule.resources[GROUP_MEMBER_RESOURCE].getManyReference!(GROUP_MEMBER_RESOURCE, {
      target: 'groupId',
      id,
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });

  it('getManyReference by groupId: the rows of every group asked at once come from one POST /monit/group/list', async () => {
    const groups = { list: [group, other], total: 2, pageNum: 1 };
    http.monitPost.mockResolvedValueOnce(groups).mockResolvedValueOnce(groups);
    const [a, b] = await Promise.all([byGroup(5), byGroup(6)]);
    expect(http.monitPost).toHaveBeenCalledTimes(1);
    expect(http.monitPost).toHaveBeenCalledWith('/monit/group/list', { pageNum: 1, pageSize: 1000 });
    expect(a).toEqual({ data: [{ id: '5:1', groupId: 5, contactId: 1, name: 'Ops' }], total: 1 });
    expect(b.data.map((m) => m.id)).toEqual(['6:1', '6:2']);
    // a later read asks the server again
    await byGroup(5);
    expect(http.monitPost).toHaveBeenCalledTimes(2);
    await expect(
      monitModule.resources[GROUP_MEMBER_RESOURCE].getManyReference!(GROUP_MEMBER_RESOURCE, {
        target: 'contactId',
        id: 1,
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow(/not supported/);
  });

  it('delete is DELETE /monit/group/delete/{groupId}/{contactId}', async () => {
    http.monitDelete.mockResolvedValueOnce({ ...other, members: [{ id: 2, name: 'Dev' }] });
    const m = memberRecord(6, { id: 1, name: 'Ops' });
    await monitModule.resources[GROUP_MEMBER_RESOURCE].delete!(GROUP_MEMBER_RESOURCE, { id: m.id, previousData: m });
    expect(http.monitDelete).toHaveBeenCalledWith('/monit/group/delete/6/1');
  });

  it('the groups table shows the members through the sub-resource; an operator removes one from its chip', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${CONTACT_RESOURCE}`, dataProvider);
    const row = await screen.findByTestId('group-row');
    await within(row).findByText('Ops');
    expect(dp.getManyReference).toHaveBeenCalledWith(GROUP_MEMBER_RESOURCE, expect.objectContaining({ target: 'groupId', id: 5 }));
    await userEvent.setup().click(await within(row).findByTestId('CancelIcon'));
    await waitFor(() => expect(dp.delete).toHaveBeenCalledWith(GROUP_MEMBER_RESOURCE, expect.objectContaining({ id: '5:1' })));
    expect(await screen.findByText('Operation successful')).toBeInTheDocument();
  }, 60_000);

  it('without the operation right the member chips cannot be removed', async () => {
    signInUser({ uid: 'u2', username: 'viewer', email: 'v@example.com', permissionList: ['portal:cloudMonit:view:*'], isMain: false });
    renderAt(`/${CONTACT_RESOURCE}`, provider().dataProvider);
    const chip = await within(await screen.findByTestId('group-row')).findByText('Ops');
    await new Promise((r) => setTimeout(r, 500)); // the right is read asynchronously (canAccess): give it time to show wrongly
    expect(within(chip.closest('.MuiChip-root') as HTMLElement).queryByTestId('CancelIcon')).toBeNull();
  }, 60_000);
});

describe('contact groups (sub-resource CMonit/alertGroup)', () => {
  const groups = monitModule.resources[GROUP_RESOURCE];

  it("getList is POST /monit/group/list with the server's paging and keyword; add, update and delete are the contract's calls", async () => {
    http.monitPost.mockResolvedValueOnce({ list: [group], total: 31, pageNum: 2 });
    const r = await groups.getList!(GROUP_RESOURCE, {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: { q: ' call ' },
    });
    expect(r).toEqual({ data: [group], total: 31 });
    expect(http.monitPost).toHaveBeenCalledWith('/monit/group/list', { pageNum: 2, pageSize: 10, keyword: 'call' });

    http.monitPost.mockResolvedValueOnce({ list: [group], total: 1, pageNum: 1 });
    expect((await groups.getOne!(GROUP_RESOURCE, { id: 5 })).data).toEqual(group);

    http.monitPut.mockResolvedValueOnce(group);
    await groups.create!(GROUP_RESOURCE, { data: { name: 'On call', description: 'night', contactIds: [1] } });
    expect(http.monitPut).toHaveBeenCalledWith('/monit/group/add', { name: 'On call', description: 'night', contactIds: [1] });

    http.monitPost.mockResolvedValueOnce(group);
    await groups.update!(GROUP_RESOURCE, { id: 5, data: { name: 'On call', description: '', contactIds: [] }, previousData: group });
    expect(http.monitPost).toHaveBeenLastCalledWith('/monit/group/update', { id: 5, name: 'On call', description: '', contactIds: [] });

    http.monitDelete.mockResolvedValueOnce(null);
    await groups.delete!(GROUP_RESOURCE, { id: 5, previousData: group });
    expect(http.monitDelete).toHaveBeenCalledWith('/monit/group/delete/5');
  });

  it('the contacts screen reads the groups through the resource (search included) and adds, edits and deletes them', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${CONTACT_RESOURCE}`, dataProvider);
    const user = userEvent.setup();
    const panel = await screen.findByTestId('groups-panel');
    const row = await within(panel).findByTestId('group-row');
    expect(within(row).getByText('night')).toBeInTheDocument();
    expect(dp.getList).toHaveBeenCalledWith(GROUP_RESOURCE, expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));

    await user.type(within(panel).getByPlaceholderText('Search name or description'), 'call');
    await waitFor(() => expect(dp.getList).toHaveBeenCalledWith(GROUP_RESOURCE, expect.objectContaining({ filter: { q: 'call' } })));

    await user.click(within(panel).getByTestId('group-add'));
    await user.type(await screen.findByTestId('group-name'), 'Day desk');
    await user.click(screen.getByTestId('group-save'));
    await waitFor(() =>
      expect(dp.create).toHaveBeenCalledWith(
        GROUP_RESOURCE,
        expect.objectContaining({ data: { name: 'Day desk', description: '', contactIds: [] } }),
      ),
    );
    expect(await screen.findByText('Operation successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await within(panel).findByTestId('group-row')).getByTestId('group-edit'));
    const name = await screen.findByTestId('group-name');
    expect(name).toHaveValue('On call');
    await user.clear(name);
    await user.type(name, 'On call 2');
    await user.click(screen.getByTestId('group-save'));
    await waitFor(() =>
      expect(dp.update).toHaveBeenCalledWith(
        GROUP_RESOURCE,
        expect.objectContaining({ id: 5, data: { name: 'On call 2', description: 'night', contactIds: [1] } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await within(panel).findByTestId('group-row')).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Delete "On call"?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(dp.delete).toHaveBeenCalledWith(GROUP_RESOURCE, expect.objectContaining({ id: 5 })));
  }, 90_000);

  it('a view-only user sees the contacts and the groups, but no write buttons', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${CONTACT_RESOURCE}`, dataProvider, 'en', authFor(false));
    expect(await screen.findByText('ops@acme.example')).toBeInTheDocument();
    const row = await screen.findByTestId('group-row');
    expect(within(row).getByText('night')).toBeInTheDocument();
    await within(row).findByText('Ops');
    expect(dp.getList).toHaveBeenCalledWith(GROUP_RESOURCE, expect.anything());
    await new Promise((r) => setTimeout(r, 500)); // the right is read asynchronously (canAccess): give it time to show wrongly
    for (const id of ['group-add', 'group-edit', 'contact-send', 'CancelIcon']) expect(screen.queryByTestId(id)).toBeNull();
    for (const name of [/Add contact/, /^Edit$/, /Delete/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit|Add contact/ })).toBeNull();
  }, 60_000);

  it('with the operation right the write buttons show', async () => {
    renderAt(`/${CONTACT_RESOURCE}`, provider().dataProvider, 'en', authFor(true));
    const row = await screen.findByTestId('group-row');
    expect(await within(row).findByTestId('group-edit')).toBeInTheDocument();
    expect(screen.getByTestId('group-add')).toBeInTheDocument();
    expect(await screen.findByTestId('contact-send')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Delete/ }).length).toBe(2);
  }, 60_000);
});

describe('monit screens', () => {
  it('contacts: lists contacts and groups with members', async () => {
    renderAt(`/${CONTACT_RESOURCE}`, provider().dataProvider);
    expect(await screen.findByText('ops@acme.example')).toBeInTheDocument();
    expect(await screen.findByText('Contact groups')).toBeInTheDocument();
    expect(await screen.findByText('night')).toBeInTheDocument();
    expect(screen.getAllByText('Ops').length).toBeGreaterThan(1);
  }, 60_000);

  it('contacts in Chinese: the group table pages in Chinese like the contact list', async () => {
    renderAt(`/${CONTACT_RESOURCE}`, provider().dataProvider, 'zh');
    expect(await screen.findByText('night')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('每页行数：')).toHaveLength(2));
    expect(screen.queryByText(/Rows per page/)).toBeNull();
  }, 60_000);

  it("contact form: the server's rules in the form, then a loading notice and a success notice", async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${CONTACT_RESOURCE}/create`, dataProvider);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Name/);
    await user.type(name, 'Night desk');
    await user.type(screen.getByLabelText('Email'), 'bad-address');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('The email address format is incorrect')).toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Enter at least one of email, mobile number and webhook')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'desk@acme.example');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    expect(await screen.findByText('Operation successful')).toBeInTheDocument();
    expect(dp.create).toHaveBeenCalledWith(
      CONTACT_RESOURCE,
      expect.objectContaining({ data: expect.objectContaining({ name: 'Night desk', email: 'desk@acme.example', language: 'zh' }) }),
    );
  }, 90_000);

  it('rules: condition, state and the enable switch (in Chinese)', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${RULE_RESOURCE}`, dataProvider, 'zh');
    expect(await screen.findByText('5xx 比例 > 10% · 5 分钟 × 2')).toBeInTheDocument();
    expect(screen.getByText('告警中')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('停用'));
    await waitFor(() => expect(dp.monitSetEnabled).toHaveBeenCalledWith(rule.uuid, false));
  }, 60_000);

  it("rules: an availability rule's condition, and the availability metrics among the metric choices", async () => {
    const { dp, dataProvider } = provider([
      { ...rule, name: 'Origin down', metric: 'probeFailRate', threshold: 50, period: 1, consecutive: 1, state: 'ok', lastValue: 0 },
    ]);
    renderAt(`/${RULE_RESOURCE}`, dataProvider);
    expect(await screen.findByText('Availability: failed probes > 50% · 1 min × 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Metric' }));
    expect(await screen.findByRole('option', { name: 'Availability: failed probes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Availability: average probe time' }));
    await waitFor(() =>
      expect(dp.getList).toHaveBeenCalledWith(
        RULE_RESOURCE,
        expect.objectContaining({ filter: expect.objectContaining({ metric: 'probeTotalTime' }) }),
      ),
    );
  }, 60_000);

  it('rule form: an availability metric shows what is probed, and its threshold is checked before saving', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${RULE_RESOURCE}/create`, dataProvider);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Metric/ }));
    await user.click(await screen.findByRole('option', { name: 'Availability: failed probes (%)' }));
    expect(await screen.findByTestId('probe-hint')).toHaveTextContent(/probed from the server every minute/);
    const threshold = screen.getByLabelText('Threshold');
    await user.clear(threshold);
    await user.type(threshold, '120');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(/The threshold is out of range/)).toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();
  }, 60_000);

  it("rules: a security rule's condition and targets (none: all of the account's), and who cannot be notified", async () => {
    const { dataProvider } = provider([
      {
        ...rule,
        name: 'WAF storm',
        metric: 'wafEvents',
        domains: [],
        threshold: 100,
        consecutive: 1,
        lastValue: 7,
        unreachable: [{ id: 2, name: 'Jane Lee', channels: ['webhook'] }],
      },
    ]);
    renderAt(`/${RULE_RESOURCE}`, dataProvider);
    expect(await screen.findByText('Security: website security events > 100 events · 5 min × 1')).toBeInTheDocument();
    expect(screen.getByText("All of the account's protected websites")).toBeInTheDocument();
    expect(screen.getByText('7 events')).toBeInTheDocument();
    expect(screen.getByTestId('rule-unreachable')).toHaveTextContent('Cannot notify: Jane Lee (Webhook)');
  }, 60_000);

  it('rule form: an attack metric picks protected IPs (none: all), keeps restoreAfter in 1–10 and saves both', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${RULE_RESOURCE}/create`, dataProvider, 'zh');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/规则名称/), 'IP attacks');
    await user.click(await screen.findByRole('combobox', { name: /监控指标/ }));
    await user.click(await screen.findByRole('option', { name: '安全：防护IP遭受攻击次数 (次)' }));
    expect(await screen.findByText(/不选则监控账号下全部防护IP/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '防护IP' }));
    await user.click(await screen.findByRole('option', { name: '203.0.113.11' }));
    await user.click(screen.getByRole('combobox', { name: /通知联系组/ }));
    await user.click(await screen.findByRole('option', { name: 'On call' }));
    await user.keyboard('{Escape}');
    const restore = screen.getByLabelText('恢复所需正常周期数');
    expect(restore).toHaveValue(2);
    await user.clear(restore);
    await user.type(restore, '11');
    await user.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('恢复所需正常周期数为1–10')).toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();
    await user.clear(restore);
    await user.type(restore, '3');
    await user.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() =>
      expect(dp.create).toHaveBeenCalledWith(
        RULE_RESOURCE,
        expect.objectContaining({
          data: expect.objectContaining({ metric: 'ippAttack', domains: ['203.0.113.11'], restoreAfter: 3, groupIds: [5] }),
        }),
      ),
    );
  }, 90_000);

  it('history: attempts with status and reason, and the alarm tab', async () => {
    const { dp, dataProvider } = provider();
    renderAt(`/${HISTORY_RESOURCE}`, dataProvider);
    expect(await screen.findByText('Not configured')).toBeInTheDocument();
    expect(screen.getByText('SMS_URL not set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Alarm events' }));
    await waitFor(() => expect(dp.monitAlarms).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 20 })));
  });
});
