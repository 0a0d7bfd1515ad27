import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WafDashboardsPage } from '../../resources/websites/dashboards/WafDashboardsPage';
import type { StatisticData } from '../../common/wire/websites';
import { renderPage, spies } from './trafficPagesFixtures';
import { PortalApiError } from '../../dataProviders/http';

/**
 * The WAF dashboard page (issue #18): totals formatted with the unit helpers, a card per
 * security-event chart, and the empty state of each when the range holds no events (en, zh).
 */

const now = Math.floor(Date.now() / 1000 / 300) * 300 * 1000;
const data = (over: Partial<StatisticData> = {}): StatisticData => ({
  byteList: [{ time: now - 600_000, flow: 2_500_000, bandwidth: 33_333 }],
  countList: [{ time: now - 600_000, count: 12_345 }],
  interval: 300,
  domains: ['www.acme-media.example'],
  eventCountList: [
    { time: now - 600_000, count: 1200 },
    { time: now - 300_000, count: 34 },
  ],
  totalEvents: 1234,
  topCategories: [
    { category: 'sqli', count: 900 },
    { category: 'rate', count: 334 },
  ],
  topIps: [{ ip: '45.1.2.3', country: 'NL', count: 1000 }],
  topCountries: [
    { country: 'NL', count: 1000 },
    { country: '', count: 234 },
  ],
  actions: [
    { action: 'block_ip', count: 1000 },
    { action: 'alert', count: 234 },
  ],
  ...over,
});
const methods = (d: StatisticData) => spies({ getList: async () => ({ data: [], total: 0 }), wafStatistic: async () => d });

describe('WAF dashboard page', () => {
  it('shows the event totals and a card for each event chart (English)', async () => {
    const m = methods(data());
    renderPage(<WafDashboardsPage />, m);
    await screen.findByText('1,234');
    expect(screen.getByText('12,345')).toBeTruthy();
    // stopped: all but the alerts, 1000 of 1234
    expect(screen.getByText('81.04%')).toBeTruthy();
    for (const key of ['events', 'categories', 'actions', 'ips', 'countries']) expect(screen.getByTestId(`waf-chart-${key}`)).toBeTruthy();
    expect(screen.getByText('Top attack categories')).toBeTruthy();
    expect(screen.getByText('Top attacking IPs')).toBeTruthy();
    expect(screen.queryAllByTestId('waf-events-empty')).toHaveLength(0);
    const body = m.wafStatistic.mock.calls[0][0] as { startTime: number; endTime: number };
    expect(body.endTime - body.startTime).toBe(86_400);
  });

  it('says so in each chart when the range holds no events (Chinese)', async () => {
    renderPage(
      <WafDashboardsPage />,
      methods(data({ eventCountList: [], totalEvents: 0, topCategories: [], topIps: [], topCountries: [], actions: [] })),
      { locale: 'zh' },
    );
    await waitFor(() => expect(screen.getAllByTestId('waf-events-empty')).toHaveLength(5));
    expect(screen.getAllByText('该时间范围内没有安全事件')).toHaveLength(5);
    expect(screen.getByText('攻击类型排行')).toBeTruthy();
  });

  it("shows the server's message in place of the charts when the statistics fail, with a retry", async () => {
    let calls = 0;
    const m = spies({
      getList: async () => ({ data: [], total: 0 }),
      wafStatistic: async () => {
        calls += 1;
        if (calls === 1) throw new PortalApiError('pages.dcdn/dashboards.empty', '1', 200);
        return data();
      },
    });
    renderPage(<WafDashboardsPage />, m);
    const error = await screen.findByTestId('waf-error');
    expect(error).toHaveTextContent('No access logs for these websites in this range');
    expect(screen.queryAllByTestId('waf-total')).toHaveLength(0);
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByText('1,234');
  });
});
