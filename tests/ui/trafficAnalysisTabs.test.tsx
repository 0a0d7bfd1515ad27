import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalApiError } from '../../dataProviders/http';
import { ALL_TABS, analysisProvider, renderScreen, replies, signedInAtNow, signInAcme, T0, tableRows } from './analysisFixtures';
import { switchToChinese } from './harness';

signedInAtNow();

const openTab = (tab: string) => sessionStorage.setItem('logTab', tab);
/** The screen rendered on `tab`. */
function renderTab(tab: string, ...args: Parameters<typeof renderScreen>) {
  openTab(tab);
  return renderScreen(...args);
}

describe('analysis tabs render known replies', () => {
  it('summary: totals formatted in base-1000 units', async () => {
    renderScreen('offLine');
    expect(await screen.findByTestId('summary-request')).toHaveTextContent('1,234,567');
    expect(screen.getByTestId('summary-flow')).toHaveTextContent('9.88 GB');
    expect(screen.getByTestId('summary-peak')).toHaveTextContent('52.30 Mbps');
    expect(screen.getByTestId('summary-peak')).toHaveTextContent('at 2026-05-14 09:00');
    expect(screen.getByTestId('summary-hit')).toHaveTextContent('81.00%');
  });

  it("each tab's request statistics come from its simple GET, formatted", async () => {
    const { methods } = renderTab('hit', 'offLine');
    const strip = await screen.findByTestId('request-stats-hit');
    expect(within(strip).getByText('Requests per 5 minutes')).toBeInTheDocument();
    await waitFor(() => expect(within(strip).getByTestId('stats-total')).toHaveTextContent('1,234,567'));
    expect(within(strip).getByTestId('stats-avg')).toHaveTextContent('4,287');
    expect(within(strip).getByTestId('stats-current')).toHaveTextContent('3,900');
    expect(within(strip).getByTestId('stats-max')).toHaveTextContent('12,345');
    expect(within(strip).getByTestId('stats-min')).toHaveTextContent('0');
    expect(methods.analysisSimple).toHaveBeenCalledWith('hitrate', expect.objectContaining({ interval: '5m' }));
    await userEvent.click(screen.getByTestId('tab-button-client'));
    await screen.findByTestId('request-stats-client');
    await waitFor(() => expect(methods.analysisSimple).toHaveBeenCalledWith('clientside', expect.anything()));
    // Offline without a domain, URL top waits for one: no simple call, the tab says why.
    await userEvent.click(screen.getByTestId('tab-button-top'));
    await screen.findByTestId('domains-required');
    expect(screen.queryByTestId('request-stats-top')).toBeNull();
    expect(methods.analysisSimple).not.toHaveBeenCalledWith('urltop', expect.anything());
  });

  it('real-time summary: bandwidth from the bandwidth/flow search, requests from the database curve', async () => {
    const methods = analysisProvider({
      analysisCurve: async () => [{ recordTime: T0, request: 777, hit: 700, miss: 77, flow: 1, status: {} }] as never,
    });
    renderScreen('onLine', methods);
    await screen.findByTestId('summary-request');
    await waitFor(() => expect(methods.bandAndFlow).toHaveBeenCalledTimes(1));
    expect(methods.analysisCurve).toHaveBeenCalledWith('request', expect.anything());
  });

  it('URL top: ranked URLs with requests, traffic and share; switches to flow', async () => {
    const { methods } = renderTab('top', 'onLine');
    expect(await tableRows('table-top')).toEqual([
      ['1', '/video/intro.mp4', '456,789', '4.50 GB', '37.00%'],
      ['2', '/index.html', '1,500', '2.05 KB', '0.12%'],
    ]);
    expect(screen.getByText('Total of the selection: 1,234,567')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('measure-flow'));
    await waitFor(() => expect(methods.analysisUrlTop).toHaveBeenCalledWith('onLine', expect.anything(), 'flow'));
    expect(await screen.findByText('Total of the selection: 1.23 MB')).toBeInTheDocument();
  });

  it('hit rate: hit percent = hit / request × 100 to 2 decimals; byte hit rate offline needs a domain', async () => {
    const { methods } = renderTab('hit', 'offLine');
    expect(await screen.findByTestId('hit-request-percent')).toHaveTextContent('74.98%');
    expect(await tableRows('table-hit-request')).toEqual([
      ['2026-05-14 09:00', '750', '250', '75.00%'],
      ['2026-05-14 09:05', '2', '1', '66.67%'],
    ]);
    const bytes = screen.getByTestId('hit-flow');
    expect(within(bytes).getByTestId('domains-required')).toHaveTextContent('domains is required');
    expect(methods.analysisHitRate).toHaveBeenCalledTimes(1);
    expect(methods.analysisHitRate).toHaveBeenCalledWith('offLine', expect.anything(), 'request');
  });

  it('hit rate online: curves from the database calls', async () => {
    openTab('hit');
    const methods = analysisProvider({
      analysisCurve: async (type) =>
        (type === 'byteRate'
          ? [{ recordTime: T0, flow: 3e9, hitFlow: 2.7e9, missFlow: 3e8, byteHitPercent: 90 }]
          : [{ recordTime: T0, request: 3, hit: 2, miss: 1, hitPercent: 66.67, missPercent: 33.33 }]) as never,
    });
    renderScreen('onLine', methods);
    expect(await tableRows('table-hit-request')).toEqual([['2026-05-14 09:00', '2', '1', '66.67%']]);
    expect(await tableRows('table-hit-flow')).toEqual([['2026-05-14 09:00', '2.70 GB', '300.00 MB', '90.00%']]);
    expect(methods.analysisCurve).toHaveBeenCalledWith('hitRate', expect.anything());
    expect(methods.analysisCurve).toHaveBeenCalledWith('byteRate', expect.anything());
  });

  it('client agents: a readable name over the full agent, and a label for empty agents', async () => {
    renderTab('client', 'onLine');
    expect(await tableRows('table-client')).toEqual([
      ['1', 'curl 8.5.0curl/8.5.0', '2,000', '3.00 MB', '66.67%'],
      ['2', '(no user agent)', '1,000', '1.00 KB', '33.33%'],
    ]);
  });

  it('referers: list plus back-to-origin curves on the real-time screen', async () => {
    renderTab('source', 'onLine');
    expect((await tableRows('table-source'))[1][1]).toBe('(direct, no referer)');
    expect(screen.getByTestId('origin-requests')).toHaveTextContent('Back-to-origin requests');
    expect(screen.getByTestId('origin-status')).toHaveTextContent('Back-to-origin status codes');
  });

  it('status codes: grouped by class, with requests, share and traffic per code', async () => {
    renderTab('status', 'onLine');
    expect(await tableRows('table-status')).toEqual([
      ['200', '2xx', '9,000', '90.00%', '9.00 KB'],
      ['404', '4xx', '900', '9.00%', '900.00 B'],
      ['502', '5xx', '99', '0.99%', '99.00 B'],
      ['499', '4xx', '1', '0.01%', '1.00 B'],
    ]);
  });

  it('independent IPs: count and top IPs worldwide or in China', async () => {
    renderTab('ip', 'onLine');
    expect(await screen.findByTestId('ip-count')).toHaveTextContent('4,321');
    expect(await tableRows('table-ip')).toEqual([['1', '73.1.2.3', 'United States', '—', 'Comcast', '12,345', '2.50 MB']]);
    await userEvent.click(screen.getByRole('button', { name: 'China' }));
    expect(await tableRows('table-ip')).toEqual([['1', '14.16.0.9', 'China', 'Guangdong', 'China Telecom', '999', '1.00 KB']]);
  });

  it('user distribution: countries and provinces ranked with names in the user language', async () => {
    renderTab('distribution', 'onLine');
    expect(await tableRows('table-countries')).toEqual([
      ['1', 'China', '7,000', '70.00%'],
      ['2', 'Germany', '2,000', '20.00%'],
      ['3', 'Japan', '1,000', '10.00%'],
    ]);
    expect(await tableRows('table-provinces')).toEqual([
      ['1', 'Guangdong', '5,000', '71.43%'],
      ['2', 'Inner Mongolia', '2,000', '28.57%'],
    ]);
    expect(screen.getByText('China: 7,000 (70.00% of the total)')).toBeInTheDocument();
  });

  it('renders names and labels in Chinese', async () => {
    renderTab('distribution', 'onLine', analysisProvider(), 'zh');
    expect(await tableRows('table-provinces')).toEqual([
      ['1', '广东', '5,000', '71.43%'],
      ['2', '内蒙古', '2,000', '28.57%'],
    ]);
    expect((await tableRows('table-countries'))[1][1]).toBe('德国');
    expect(screen.getByRole('tab', { name: '用户分布' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('button', { name: '导出 CSV' })).toHaveLength(2);
    expect(screen.getByText('中国：7,000（占总量 70.00%）')).toBeInTheDocument();
  });

  it('switching language re-renders tabs, tables and labels without a reload', async () => {
    renderTab('ip', 'onLine', analysisProvider(), 'en', true);
    expect(await tableRows('table-ip')).toEqual([['1', '73.1.2.3', 'United States', '—', 'Comcast', '12,345', '2.50 MB']]);
    await switchToChinese();
    await waitFor(() => expect(screen.getByRole('tab', { name: '独立 IP' })).toBeInTheDocument());
    expect(await tableRows('table-ip')).toEqual([['1', '73.1.2.3', '美国', '—', 'Comcast', '12,345', '2.50 MB']]);
    expect(screen.getByRole('columnheader', { name: '运营商' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-hit')).toHaveTextContent('请求命中率');
  });
});

describe('empty and error states', () => {
  it('shows the empty state when there is no traffic', async () => {
    renderTab('top', 'onLine', analysisProvider({ analysisUrlTop: async () => ({ count: 0, list: [] }) }));
    expect(await screen.findByTestId('analysis-empty')).toHaveTextContent('No traffic matches this search');
    expect(screen.getByTestId('export-url-top-request')).toBeDisabled();
  });

  it("shows the server's msg, or 'An unknown error'", async () => {
    renderTab(
      'client',
      'onLine',
      analysisProvider({ analysisAgent: async () => Promise.reject(new PortalApiError('Elasticsearch is busy', '1', 200)) }),
    );
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent('Elasticsearch is busy');
  });

  it("retries the server's busy answer (503) and then shows the figures", async () => {
    openTab('client');
    const busy = new PortalApiError('trafficBusy', '503', 503);
    let calls = 0;
    const methods = analysisProvider({
      analysisAgent: async () => {
        calls += 1;
        if (calls === 1) throw busy;
        return replies.agents;
      },
    });
    renderScreen('onLine', methods);
    expect((await tableRows('table-client')).length).toBe(2);
    expect(calls).toBe(2);
    expect(screen.queryByTestId('analysis-error')).toBeNull();
  });

  it("falls back to 'An unknown error'", async () => {
    renderTab('status', 'onLine', analysisProvider({ analysisStatusCode: async () => Promise.reject(new Error('boom')) }));
    expect((await screen.findAllByTestId('analysis-error'))[0]).toHaveTextContent('An unknown error');
  });

  it('offline user distribution and IPs need a domain: no call', async () => {
    const { methods, unmount } = renderTab('distribution', 'offLine');
    expect((await screen.findAllByTestId('domains-required')).length).toBe(2);
    expect(methods.analysisUserAll).not.toHaveBeenCalled();
    expect(methods.analysisUserCn).not.toHaveBeenCalled();
    unmount();
    const second = renderTab('ip', 'offLine');
    expect(await screen.findByTestId('domains-required')).toHaveTextContent('domains is required');
    expect(second.methods.analysisIndependentIp).not.toHaveBeenCalled();
  });
});

describe('tabs, rights and export', () => {
  it('shows only the tabs the user has rights to, and remembers the chosen one', async () => {
    signInAcme(['portal:log:view:*', 'portal:log:top:*', 'portal:log:hit:*']);
    renderScreen('onLine');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['URL top', 'Hit rate']);
    await userEvent.click(screen.getByRole('tab', { name: 'Hit rate' }));
    expect(sessionStorage.getItem('logTab')).toBe('hit');
  });

  it('says so when no tab is allowed', async () => {
    signInAcme(['portal:log:view:*']);
    renderScreen('onLine');
    expect(await screen.findByText(/no right to any analysis tab/)).toBeInTheDocument();
  });

  it('exports what the table shows as CSV', async () => {
    signInAcme(ALL_TABS);
    openTab('top');
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:analysis'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen('onLine');
    await tableRows('table-top');
    await userEvent.click(screen.getByTestId('export-url-top-request'));
    expect(click).toHaveBeenCalled();
    const csv = await blobs[0].text();
    expect(csv.replace('\uFEFF', '').split('\r\n').slice(0, 3)).toEqual([
      'Rank,URL,Requests,Traffic (B),Share (%)',
      '1,/video/intro.mp4,456789,4500000000,37',
      '2,/index.html,1500,2048,0.12',
    ]);
    expect(await screen.findByText('Exported 2 rows')).toBeInTheDocument();
    expect(replies.urlTop.list).toHaveLength(2);
  });
});
