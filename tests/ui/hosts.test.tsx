import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { HostList } from '../../resources/hosts/HostList';
import { HostShow } from '../../resources/hosts/HostShow';
import { OverviewHostPage } from '../../resources/hosts/overview/OverviewHostPage';
import { PortalApiError } from '../../dataProviders/http';
import type { Area, Host, HostCountReply, HostTypeOverview } from '../../common/wire/hosts';
const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn(), callEnvelope: vi.fn() }));
vi.mock('../../dataProviders/http', async (orig) => ({ ...(await orig<typeof import('../../dataProviders/http')>()), ...http }));
import { hostsModule } from '../../dataProviders/api/hosts';
import { renderInAdmin, authFor } from './harness';

const AREAS: Area[] = [
  { code: 'ap-hk', nameZh: '中国香港', nameEn: 'Hong Kong', continent: 'Asia' },
  { code: 'cn-east', nameZh: '华东（上海）', nameEn: 'East China (Shanghai)', continent: 'Asia' },
];

const host = (over: Partial<Host> = {}): Host => ({
  id: 1,
  type: 'vps',
  hostName: 'acme-web-01',
  instanceId: 'ins-0001',
  publicIp: '203.0.113.5',
  privateIp: '10.1.0.5',
  area: 'ap-hk',
  account: 'acme',
  cpuCores: 4,
  memoryGb: 8,
  diskGb: 100,
  bandwidthMbps: 20,
  os: 'Debian 12',
  status: 'running',
  createTime: '2026-01-02T03:04:05.000Z',
  expireTime: '2027-06-01T00:00:00.000Z',
  expiringSoon: false,
  cpuAvg: 12.34,
  cpuPeak: 40,
  ...over,
});

function renderHosts(
  ui: ReactNode,
  dataProvider: DataProvider,
  {
    locale = 'en',
    authProvider = authFor(true),
    resource = 'cdn/cloudHostList',
  }: { locale?: 'en' | 'zh'; authProvider?: AuthProvider; resource?: string } = {},
) {
  return renderInAdmin(ui, { dataProvider, locale, authProvider, resource });
}

const methods = () => ({
  hostAreas: vi.fn(async () => AREAS),
  hostCustomers: vi.fn(async () => [{ account: 'acme', companyName: 'Acme Media', parent: null }]),
});

// The machine is shared: allow slow first renders of the lazy list parts.
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  http.post.mockReset();
  http.get.mockReset();
  http.callEnvelope.mockReset();
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('host provider', () => {
  const vps = hostsModule.resources!['cdn/cloudHostList'];
  const params = (filter: object) => ({ pagination: { page: 2, perPage: 50 }, sort: { field: 'hostName', order: 'ASC' as const }, filter });

  it('lists through /api/hostInfo/list/details with paging, sort, filters and the stored customs', async () => {
    sessionStorage.setItem('customAccounts', 'acme,globex');
    http.post.mockResolvedValueOnce({ list: [host()], total: 51 });
    const r = await vps.getList!('cdn/cloudHostList', params({ area: 'ap-hk', status: 'stopped', expiring: true }));
    expect(r).toMatchObject({ total: 51, data: [{ id: 1 }] });
    expect(http.post).toHaveBeenCalledWith('/api/hostInfo/list/details', {
      type: 'vps',
      pageNum: 2,
      pageSize: 50,
      sort: 'hostName',
      order: 'ASC',
      area: 'ap-hk',
      status: 'stopped',
      expiring: true,
      customs: 'acme,globex',
    });
  });

  it('searches through /api/hostInfo/search/fulltext and reads the field result; the customer filter wins over the stored customs', async () => {
    http.post.mockResolvedValueOnce({ result: [host({ id: 7 })], total: 1 });
    const r = await hostsModule.resources!['cdn/specialHostList'].getList!(
      'cdn/specialHostList',
      params({ q: ' 203.0 ', customer: 'globex' }),
    );
    expect(r.data.map((h) => h.id)).toEqual([7]);
    expect(http.post.mock.calls[0][0]).toBe('/api/hostInfo/search/fulltext');
    expect(http.post.mock.calls[0][1]).toMatchObject({ type: 'server', keyword: '203.0', customs: 'globex' });
  });

  it('details leave customs out for superadmin only; rename with no reply data is an error', async () => {
    http.post.mockResolvedValue({ list: [host()], total: 1, metrics: [] });
    sessionStorage.setItem('userinfo', JSON.stringify({ role: 'superadmin', username: 'admin' }));
    await vps.getOne!('cdn/cloudHostList', { id: 1 });
    expect(http.post.mock.calls[0][1]).toEqual({ id: 1, type: 'vps' });
    sessionStorage.setItem('userinfo', JSON.stringify({ role: 'customer', username: 'acme' }));
    await vps.getOne!('cdn/cloudHostList', { id: 1 });
    expect(http.post.mock.calls[1][1]).toEqual({ id: 1, type: 'vps', customs: '' });
    http.callEnvelope.mockResolvedValueOnce({ code: '0', data: null, msg: 'success' });
    await expect(vps.update!('cdn/cloudHostList', { id: 1, data: { hostName: 'x' }, previousData: host() })).rejects.toThrow(
      'resources.cdn/cloudHostList.renameError',
    );
  });
});

describe('host list', () => {
  it('shows hosts with area names, last-hour CPU and the warning colour for hosts expiring within 30 days', async () => {
    const getList = vi.fn(async () => ({
      data: [
        host(),
        host({
          id: 2,
          hostName: 'acme-db-02',
          expiringSoon: true,
          expireTime: '2026-12-01T00:00:00.000Z',
          cpuAvg: null,
          cpuPeak: null,
          status: 'stopped',
        }),
      ],
      total: 2,
    }));
    renderHosts(<HostList type="vps" />, { ...testDataProvider({ getList: getList as never }), ...methods() });
    expect(await screen.findByText('acme-web-01', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'VPS' })).toBeInTheDocument();
    expect(await screen.findAllByText('Hong Kong')).not.toHaveLength(0);
    expect(screen.getAllByTestId('host-cpu').map((c) => c.textContent)).toEqual(['12.3% / 40.0%', '—']);
    expect(screen.getAllByTestId('host-expiring')).toHaveLength(1);
    const expiringRow = screen.getByText('acme-db-02').closest('tr')!;
    expect(getComputedStyle(expiringRow).backgroundColor).toBe('rgba(237, 108, 2, 0.1)');
    expect(within(expiringRow).getByText('Stopped')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('cdn/cloudHostList', expect.objectContaining({ sort: { field: 'createTime', order: 'DESC' } }));
  });

  it('renames in place: rules checked while typing, the row replaced by the reply, "success"', async () => {
    let name = 'acme-web-01';
    const getList = vi.fn(async () => ({ data: [host({ hostName: name })], total: 1 }));
    const update = vi.fn(async (_r: string, p: { id: number; data: { hostName: string } }) => {
      name = p.data.hostName;
      return { data: host({ hostName: p.data.hostName }) };
    });
    renderHosts(<HostList type="vps" />, { ...testDataProvider({ getList: getList as never, update: update as never }), ...methods() });
    await screen.findByText('acme-web-01');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const box = screen.getByRole('textbox', { name: 'Host name' });
    await userEvent.clear(box);
    await userEvent.type(box, ' lead');
    expect(screen.getByText('The host name may not begin or end with a space')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(box);
    expect(screen.getByText('The host name cannot be empty')).toBeInTheDocument();
    await userEvent.type(box, 'edge-node-主');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('success')).toBeInTheDocument();
    expect(await screen.findByText('edge-node-主')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith('cdn/cloudHostList', expect.objectContaining({ id: 1, data: { hostName: 'edge-node-主' } }));
  });

  it("shows the server's msg when a rename is refused", async () => {
    const getList = vi.fn(async () => ({ data: [host()], total: 1 }));
    const update = vi.fn(async () => {
      throw new PortalApiError('The host name may have at most 64 characters', '1', 200);
    });
    renderHosts(<HostList type="vps" />, { ...testDataProvider({ getList: getList as never, update: update as never }), ...methods() });
    await screen.findByText('acme-web-01');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Host name' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The host name may have at most 64 characters')).toBeInTheDocument();
  });

  it('offers no rename to a viewer, and speaks Chinese', async () => {
    const getList = vi.fn(async () => ({ data: [host({ type: 'server' })], total: 1 }));
    renderHosts(
      <HostList type="server" />,
      { ...testDataProvider({ getList: getList as never }), ...methods() },
      { locale: 'zh', authProvider: authFor(false), resource: 'cdn/specialHostList' },
    );
    expect(await screen.findByText('acme-web-01')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '物理服务器' })).toBeInTheDocument();
    expect(screen.getByText('运行中')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '改名' })).toBeNull();
  });
});

describe('host details', () => {
  it('shows the configuration and the 24 h curves', async () => {
    const metrics = Array.from({ length: 288 }, (_, i) => ({
      timestamp: 1_764_000_000 + i * 300,
      cpu: 20 + (i % 50),
      mem: 40,
      inBps: 1e6,
      outBps: 2e6,
    }));
    const getOne = vi.fn(async () => ({ data: { ...host({ expiringSoon: true }), metrics } }));
    renderHosts(<HostShow id={1} />, { ...testDataProvider({ getOne: getOne as never }), ...methods() });
    await waitFor(() => expect(screen.getByTestId('host-fact-instanceId')).toHaveTextContent('ins-0001'));
    expect(screen.getByTestId('host-fact-area')).toHaveTextContent('Hong Kong');
    expect(screen.getByTestId('host-fact-expireTime')).toHaveTextContent('Expires within 30 days');
    expect(screen.getByTestId('host-curves')).toHaveTextContent('CPU and memory');
    expect(screen.queryByTestId('host-no-metrics')).toBeNull();
  });

  it('says so when there is no utilisation data', async () => {
    const getOne = vi.fn(async () => ({ data: { ...host({ status: 'stopped', cpuAvg: null, cpuPeak: null }), metrics: [] } }));
    renderHosts(<HostShow id={1} />, { ...testDataProvider({ getOne: getOne as never }), ...methods() });
    expect(await screen.findByTestId('host-no-metrics')).toHaveTextContent('No utilisation data in the last 24 hours');
  });
});

describe('host overview', () => {
  const count: HostCountReply = {
    total: 72,
    expiring: 5,
    byType: { vps: 60, server: 12 },
    byStatus: { running: 60, stopped: 8, expired: 1, creating: 1, error: 2 },
    byTypeStatus: {
      vps: { running: 50, stopped: 6, expired: 1, creating: 1, error: 2 },
      server: { running: 10, stopped: 2, expired: 0, creating: 0, error: 0 },
    },
  };
  const view: HostTypeOverview = {
    type: 'vps',
    hosts: 60,
    running: 50,
    cpuCores: 300,
    memoryGb: 600,
    diskGb: 6000,
    bandwidthMbps: 2000,
    expiring: 4,
    areas: [{ area: 'ap-hk', hosts: 10, running: 8, stopped: 2, expiring: 1, cpuCores: 40, memoryGb: 80, bandwidthMbps: 200 }],
    expiringHosts: [host({ expiringSoon: true, hostName: 'soon-01' })],
  };

  it('shows counts by type and status, the VPS view, and opens the filtered list from an area', async () => {
    const hostCount = vi.fn(async () => count);
    const hostOverview = vi.fn(async () => view);
    const hostAreaSearch = vi.fn(async () => ({ list: [host({ id: 5, hostName: 'hk-area-05' })], total: 10 }));
    renderHosts(<OverviewHostPage />, { ...testDataProvider(), ...methods(), hostCount, hostOverview, hostAreaSearch });
    await waitFor(() => expect(screen.getByTestId('host-total-value')).toHaveTextContent('72'));
    expect(screen.getByTestId('host-count-vps-value')).toHaveTextContent('60');
    expect(screen.getByTestId('host-count-server-value')).toHaveTextContent('12');
    expect(within(screen.getByTestId('host-status-table')).getAllByRole('row')[1]).toHaveTextContent('VPS506112');
    expect(await screen.findByText(/soon-01/)).toBeInTheDocument();
    expect(hostOverview).toHaveBeenCalledWith('vps');
    await userEvent.click(screen.getByTestId('host-area-search-ap-hk'));
    expect(await screen.findByText('hk-area-05')).toBeInTheDocument();
    expect(screen.getByTestId('host-area-search')).toHaveTextContent('Hosts in Hong Kong (10)');
    expect(hostAreaSearch).toHaveBeenCalledWith('vps', 'ap-hk', 10);
    await userEvent.click(await screen.findByTestId('host-area-row-ap-hk'));
    await waitFor(() => expect(decodeURIComponent(window.location.href)).toContain('/cdn/cloudHostList?filter={"area":"ap-hk"}'));
  });
});
