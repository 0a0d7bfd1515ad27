import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { authFor } from './domainFixtures';
import type { IppAlarm, IppEntry, IppStatistic } from '../../common/wire/ipProtection';

const http = vi.hoisted(() => ({ call: vi.fn(), callEnvelope: vi.fn() }));
vi.mock('../../dataProviders/http', async (orig) => ({ ...(await orig<typeof import('../../dataProviders/http')>()), ...http }));
import { ippModule } from '../../dataProviders/impapi/ipProtection';
import { IppList } from '../../resources/ipProtection/IppList';
import { IppCreate } from '../../resources/ipProtection/IppCreate';
import { IppDashboardsPage } from '../../resources/ipProtection/dashboards/IppDashboardsPage';
import { PortalApiError } from '../../dataProviders/http';

configure({ asyncUtilTimeout: 8000 });

const entry = (over: Partial<IppEntry> = {}): IppEntry => ({
  id: 1,
  account: 'acme',
  originIp: '47.100.23.18',
  protocol: 'TCP',
  ports: [22, 80, 443, 3389],
  ranges: [{ start: 8000, end: 8019 }],
  preset: 'web',
  cnamePrefix: 'acme-web',
  cname: 'acme-web.ipp.cdnportal.net',
  remark: 'Main website',
  status: 'configured',
  errorPorts: [],
  checkTime: null,
  createTime: '2026-11-20T01:00:00.000Z',
  updateTime: '2026-11-20T01:00:00.000Z',
  ...over,
});

function renderIn(ui: ReactNode, dataProvider: DataProvider, locale: 'en' | 'zh' = 'en', operate = true) {
  const i18nProvider = polyglotI18nProvider((l) => (l === 'en' ? en : zh), locale, [], { allowMissing: true });
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} authProvider={authFor(operate)}>
      <ResourceContextProvider value="ipP/ipset">{ui}</ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

beforeEach(() => {
  http.call.mockReset();
  http.callEnvelope.mockReset();
});

describe('ip protection provider', () => {
  const res = ippModule.resources!['ipP/ipset'];

  it('lists the whole manager list through /impapi with its success rule, then filters, sorts and pages here', async () => {
    http.call.mockResolvedValue([
      entry(),
      entry({
        id: 2,
        originIp: '47.100.23.40',
        cnamePrefix: 'acme-video',
        cname: 'acme-video.ipp.cdnportal.net',
        remark: '',
        status: 'disabled',
        createTime: '2026-11-21T00:00:00.000Z',
      }),
    ]);
    const r = await res.getList!('ipP/ipset', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: {},
    });
    expect(r).toMatchObject({ total: 2, data: [{ id: 2 }] });
    expect(http.call).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', url: '/impapi/protection/network/manager/list', successCodes: [0, '0'] }),
    );
    const f = await res.getList!('ipP/ipset', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'originIp', order: 'ASC' },
      filter: { q: 'WEB' },
    });
    expect(f.data.map((e) => e.id)).toEqual([1]);
    expect(
      (
        await res.getList!('ipP/ipset', {
          pagination: { page: 1, perPage: 20 },
          sort: { field: 'id', order: 'ASC' },
          filter: { status: 'disabled' },
        })
      ).total,
    ).toBe(1);
  });

  it('creates, updates (with the id), deletes and calls the verbs on their rows', async () => {
    http.call.mockResolvedValue(entry());
    await res.create!('ipP/ipset', { data: { originIp: '1.2.3.4' } });
    expect(http.call).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'POST', url: '/impapi/protection/network/manager/create', data: { originIp: '1.2.3.4' } }),
    );
    await res.update!('ipP/ipset', { id: 5, data: { originIp: '1.2.3.4' }, previousData: entry() });
    expect(http.call).toHaveBeenLastCalledWith(
      expect.objectContaining({
        url: '/impapi/protection/network/manager/update',
        data: { originIp: '1.2.3.4', id: 5, updateTime: entry().updateTime },
      }),
    );
    await ippModule.methods!.ippPortErrors(9);
    expect(http.call).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'GET', url: '/impapi/protection/network/manager/getPortErrorData/9' }),
    );
    await ippModule.methods!.ippAlarms({ pageNum: 2, type: 'synFlood' });
    expect(http.call).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'POST', url: '/impapi/monitor/alarm/record/page', data: { pageNum: 2, type: 'synFlood' } }),
    );
  });
});

describe('protected IP form', () => {
  const submit = () => fireEvent.click(screen.getByTestId('ipp-save'));
  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it("shows the spec's messages, the forbidden ports and the preset's ports; a valid entry is sent with the preset and the range", async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { id: 3, ...p.data } }));
    renderIn(<IppCreate />, testDataProvider({ create: create as unknown as DataProvider['create'] }));
    expect(await screen.findByTestId('ipp-forbidden')).toHaveTextContent(
      'Forbidden ports: 25, 53, 111, 135, 137, 138, 139, 445, 1900, 11211',
    );
    submit();
    expect(await screen.findByText('Cannot be empty')).toBeInTheDocument();
    type(/Origin IP/, '300.1.2.3');
    submit();
    expect(await screen.findByText('Format error')).toBeInTheDocument();
    type(/Origin IP/, '8.8.8.8');
    type(/CNAME prefix/, 'shop-1');
    submit();
    expect(await screen.findByText('Either ports or a range is required')).toBeInTheDocument();
    type(/^Ports/, '80, 445');
    submit();
    expect(await screen.findByText('Port 445 is forbidden')).toBeInTheDocument();
    type(/^Ports/, '8080');
    fireEvent.click(screen.getByLabelText(/Web server/));
    expect(await screen.findByTestId('ipp-preset-ports')).toHaveTextContent('22, 3389, 80, 443');
    await userEvent.click(screen.getByRole('button', { name: /add/i }));
    const start = await screen.findByLabelText(/Start port/);
    fireEvent.change(start, { target: { value: '9010' } });
    fireEvent.change(screen.getByLabelText(/End port/), { target: { value: '9000' } });
    submit();
    expect(await screen.findByText('Range Error')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/End port/), { target: { value: '9200' } });
    submit();
    expect(await screen.findByText('No more than 100 ports per range')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/End port/), { target: { value: '9019' } });
    submit();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][1].data).toEqual({
      originIp: '8.8.8.8',
      protocol: 'TCP',
      ports: [8080],
      ranges: [{ start: 9010, end: 9019 }],
      preset: 'web',
      cnamePrefix: 'shop-1',
      remark: '',
    });
  });

  it('proves an origin IP: gets the file to serve, then verifies it (issue #35)', async () => {
    const proof = {
      originIp: '198.51.100.9',
      account: 'acme',
      token: 'f00d',
      path: '/.well-known/cdn-portal-verification/f00d.txt',
      url: 'http://198.51.100.9/.well-known/cdn-portal-verification/f00d.txt',
      verified: false,
      verifyTime: null,
    };
    const ippOwnershipChallenge = vi.fn(async () => proof);
    const ippOwnershipVerify = vi.fn(async () => ({ ...proof, verified: true, verifyTime: '2026-11-28T10:00:00.000Z' }));
    renderIn(<IppCreate />, testDataProvider({ ippOwnershipChallenge, ippOwnershipVerify } as Partial<DataProvider>));
    const panel = await screen.findByTestId('ipp-ownership');
    expect(within(panel).getByRole('button', { name: 'Get verification file' })).toBeDisabled();
    type(/Origin IP/, '198.51.100.9');
    fireEvent.click(within(panel).getByRole('button', { name: 'Get verification file' }));
    expect(await within(panel).findByTestId('ipp-ownership-token')).toHaveTextContent('f00d');
    expect(panel).toHaveTextContent(`Serve this text at ${proof.url} (HTTP, port 80):`);
    expect(ippOwnershipChallenge).toHaveBeenCalledWith({ originIp: '198.51.100.9' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    expect(await within(panel).findByText('198.51.100.9 is verified as yours')).toBeInTheDocument();
  }, 60_000);

  it('speaks Chinese by default', async () => {
    renderIn(<IppCreate />, testDataProvider(), 'zh');
    fireEvent.click(await screen.findByTestId('ipp-save'));
    expect(await screen.findByText('不能为空')).toBeInTheDocument();
    expect(screen.getByText('添加受防护 IP')).toBeInTheDocument();
  });
});

describe('protected IP list', () => {
  const list = [
    entry(),
    entry({ id: 2, originIp: '47.100.23.40', cnamePrefix: 'acme-video', status: 'originToBeChecked', errorPorts: [8001, 8002] }),
    entry({ id: 3, originIp: '47.100.23.77', cnamePrefix: 'acme-game', status: 'disabled' }),
  ];
  const provider = (extra: Record<string, unknown> = {}) =>
    ({
      ...testDataProvider({ getList: (async () => ({ data: list, total: list.length })) as unknown as DataProvider['getList'] }),
      ...extra,
    }) as DataProvider;

  it('shows states, failed ports and the actions each state allows; a refused action says why', async () => {
    renderIn(<IppList />, provider());
    const rows = await screen.findAllByTestId('ipp-origin');
    expect(rows.map((r) => r.textContent)).toEqual(['47.100.23.18', '47.100.23.40', '47.100.23.77']);
    expect(screen.getAllByTestId('ipp-status').map((c) => c.textContent)).toEqual(['Configured', 'Origin to be checked', 'Disabled']);
    expect(screen.getByTestId('ipp-error-ports')).toHaveTextContent('8001, 8002');
    // the disabled entry offers Enable; Check is refused there with the state
    const third = rows[2].closest('tr')!;
    expect(within(third).getByTestId('ipp-enable')).toBeInTheDocument();
    fireEvent.click(within(third).getByTestId('ipp-checkConfig'));
    expect(await screen.findByText('Not possible while the entry is Disabled')).toBeInTheDocument();
  });

  it('checks an entry after confirmation and reports the ports that did not answer', async () => {
    const ippCheckConfig = vi.fn(async () => entry({ status: 'originToBeChecked', errorPorts: [443] }));
    renderIn(<IppList />, provider({ ippCheckConfig }));
    const first = (await screen.findAllByTestId('ipp-origin'))[0].closest('tr')!;
    fireEvent.click(within(first).getByTestId('ipp-checkConfig'));
    fireEvent.click(await screen.findByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('1 port(s) of 47.100.23.18 did not answer')).toBeInTheDocument();
    expect(ippCheckConfig).toHaveBeenCalledWith(1);
  });

  it('a view-only user sees no write actions; failed ports open with their reasons', async () => {
    const ippPortErrors = vi.fn(async () => ({
      id: 2,
      originIp: '47.100.23.40',
      checkTime: '2026-11-25T01:00:00.000Z',
      checkedPorts: 24,
      errors: [{ port: 8001, reason: 'refused', detail: 'ECONNREFUSED' }],
    }));
    renderIn(<IppList />, provider({ ippPortErrors }), 'en', false);
    const second = (await screen.findAllByTestId('ipp-origin'))[1].closest('tr')!;
    expect(screen.queryByTestId('ipp-add')).toBeNull();
    expect(within(second).queryByTestId('ipp-disable')).toBeNull();
    fireEvent.click(within(second).getByTestId('ipp-portErrors'));
    const dialog = await screen.findByTestId('ipp-port-errors');
    expect(dialog).toHaveTextContent('Connection refused');
    expect(dialog).toHaveTextContent('ECONNREFUSED');
  });
});

describe('IP protection dashboards', () => {
  const statistic: IppStatistic = {
    points: [
      { time: 1_764_000_000_000, ingressBandwidth: 8e6, ingressFlow: 6e7, egressBandwidth: 2e6, egressFlow: 1.5e7 },
      { time: 1_764_000_300_000, ingressBandwidth: 9e6, ingressFlow: 6.75e7, egressBandwidth: 3e6, egressFlow: 2.25e7 },
    ],
    granularity: '5m',
    peakIngressBandwidth: 9e6,
    peakEgressBandwidth: 3e6,
    totalIngressFlow: 1.275e8,
    totalEgressFlow: 3.75e7,
    areaIngressFlow: { Beijing: 1e8, other: 2.75e7 },
    areaEgressFlow: { Beijing: 3.75e7 },
  };
  const alarm: IppAlarm = {
    id: 7,
    entryId: 1,
    account: 'acme',
    originIp: '47.100.23.18',
    type: 'synFlood',
    state: 'ended',
    startTime: 1_764_000_000_000,
    endTime: 1_764_000_600_000,
    durationSeconds: 600,
    peakBps: 4e9,
    peakPps: 1_200_000,
  } as IppAlarm;
  const provider = (over: Record<string, unknown> = {}) =>
    ({
      ...testDataProvider(),
      ippEntries: vi.fn(async () => [entry(), entry({ id: 2, originIp: '47.100.23.40', cnamePrefix: 'acme-video' })]),
      ippStatistic: vi.fn(async () => statistic),
      ippStatList: vi.fn(async () => [
        {
          id: 1,
          originIp: '47.100.23.18',
          cname: 'acme-web.ipp.cdnportal.net',
          status: 'configured',
          ingressFlow: 1.275e8,
          egressFlow: 3.75e7,
          peakIngressBandwidth: 9e6,
          alarms: 1,
        },
      ]),
      ippAlarms: vi.fn(async () => ({ list: [alarm], total: 1, pageNum: 1 })),
      ...over,
    }) as unknown as DataProvider;

  beforeEach(() => sessionStorage.setItem('userinfo', JSON.stringify({ account: 'acme', username: 'acme' })));

  it('shows the totals, the per-IP table and the alarm history; a row narrows to its IP, an alarm opens its details', async () => {
    const dp = provider();
    renderIn(<IppDashboardsPage />, dp);
    const perIp = await screen.findByTestId('ipp-stat-list');
    expect(await within(perIp).findByText('47.100.23.18')).toBeInTheDocument();
    expect(
      within(perIp)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Origin IPProtection addressStatusIngressEgressPeak ingress bandwidthAlarms',
      expect.stringMatching(/^47\.100\.23\.18acme-web\.ipp\.cdnportal\.netConfigured.+1$/),
    ]);
    await waitFor(() => expect(screen.getByTestId('ipp-peak-in')).toHaveTextContent(/9(\.00)? Mbps/));
    const row = await screen.findByTestId('ipp-alarm-row');
    expect(row).toHaveTextContent('SYN flood');
    fireEvent.click(row);
    const detail = await screen.findByTestId('ipp-alarm-detail');
    expect(detail).toHaveTextContent('1.2M packets/s');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(within(perIp).getByText('47.100.23.18'));
    await waitFor(() =>
      expect((dp as unknown as { ippStatistic: ReturnType<typeof vi.fn> }).ippStatistic).toHaveBeenLastCalledWith(
        expect.objectContaining({ ip: '47.100.23.18' }),
      ),
    );
  });

  it("says when no attack was detected, and shows the server's message when the statistics fail", async () => {
    renderIn(
      <IppDashboardsPage />,
      provider({
        ippAlarms: vi.fn(async () => ({ list: [], total: 0, pageNum: 1 })),
        ippStatistic: vi.fn(async () => {
          throw new PortalApiError('The statistics store is not available', 1, 200);
        }),
      }),
    );
    expect(await screen.findByText('No attack detected in this range')).toBeInTheDocument();
    expect(await screen.findByText('The statistics store is not available')).toBeInTheDocument();
  });

  it('says the IP is empty when the account protects none', async () => {
    renderIn(<IppDashboardsPage />, provider({ ippEntries: vi.fn(async () => []) }), 'en');
    expect(await screen.findByTestId('ipp-ip-empty')).toHaveTextContent('IP is empty and cannot be queried');
    expect(screen.queryByTestId('ipp-alarms')).toBeNull();
  });
});
