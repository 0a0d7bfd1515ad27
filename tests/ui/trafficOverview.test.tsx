import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview, Sequential } from '../../common/wire/traffic/index';
import { OverviewPage } from '../../resources/traffic/overview/OverviewPage';
import { RequireModule } from '../../src/kit/RequireModule';
import { curvePoints } from '../../resources/traffic/overview/OverviewCurve';
import { captureCsv, CUSTOMER, expectCallErrors, renderPage, signedInAtNow, signInAcme, spies, tableRows } from './trafficPagesFixtures';
import { switchToChinese } from './harness';

/** Frozen clock (local time): Thursday 2026-05-14 10:07:31. */
const T0 = new Date(2026, 4, 14, 9, 0, 0).getTime() / 1000;

const overview: Overview = {
  flow: 9_876_543_210,
  request: 1_234_567,
  hitPercent: 81,
  byteHitPercent: 91.13,
  peakBandwidth: 52_300_000,
  peakTime: T0,
  currentBandwidth: 12_345_678,
  curve: [
    { timestamp: T0, flow: 1_961_250_000, bandwidth: 52_300_000 },
    { timestamp: T0 + 300, flow: 1_000_000_000, bandwidth: 26_666_667 },
  ],
  topDomains: [
    {
      domain: 'video.acme.example',
      account: 'acme_video',
      flow: 8_000_000_000,
      request: 234_567,
      hitPercent: 92.5,
      peakBandwidth: 40_000_000,
    },
    { domain: 'www.acme.example', account: 'acme', flow: 1_876_543_210, request: 1_000_000, hitPercent: 78.12, peakBandwidth: 12_300_000 },
  ],
  domainCount: 2,
};
const sequential: Sequential = {
  current: { flow: 9_876_543_210, request: 1_234_567, peakBandwidth: 52_300_000, hitPercent: 81, startTime: T0, endTime: T0 },
  previous: { flow: 8_779_149_520, request: 1_276_043, peakBandwidth: 0, hitPercent: 79.5, startTime: T0 - 36_300, endTime: T0 - 32_400 },
  change: { flow: 12.5, request: -3.25, peakBandwidth: null, hitPercent: 1.89 },
};
const options = {
  domainMap: { acme: ['www.acme.example'], acme_video: ['video.acme.example'] },
  providerMap: { 'cdn-a': 'Line A' },
  domainList: [],
  providerList: [{ name: 'Line A', value: 'cdn-a' }],
};
const pullDown = { all: { continent: [], country: [] }, cn: { province: [], isp: [] } };

const methods = (over: Partial<Record<'overview' | 'sequential', () => Promise<unknown>>> = {}) =>
  spies({
    overview: async () => overview,
    sequential: async () => sequential,
    analysisOptions: async () => options,
    pullDownOffline: async () => pullDown,
    ...over,
  });

signedInAtNow(CUSTOMER);

describe('overview page', () => {
  it('shows the figures in base-1000 units with the change against the previous period', async () => {
    const { methods: m } = renderPage(<OverviewPage />, methods());
    expect(await screen.findByTestId('tile-flow-value')).toHaveTextContent('9.88 GB');
    expect(screen.getByTestId('tile-current-value')).toHaveTextContent('12.35 Mbps');
    expect(screen.getByTestId('tile-current')).toHaveTextContent('Average of 10:00–10:05');
    expect(screen.getByTestId('tile-peak-value')).toHaveTextContent('52.30 Mbps');
    expect(screen.getByTestId('tile-peak')).toHaveTextContent('at 05-14 09:00');
    expect(screen.getByTestId('tile-request-value')).toHaveTextContent('1,234,567');
    expect(screen.getByTestId('tile-hit-value')).toHaveTextContent('81.00%');
    expect(screen.getByTestId('tile-hit')).toHaveTextContent('Byte hit rate 91.13%');
    expect(await screen.findByTestId('change-flow')).toHaveTextContent('12.50% vs previous periodPrevious: 8.78 GB');
    expect(screen.getByTestId('change-request')).toHaveTextContent('3.25% vs previous periodPrevious: 1,276,043');
    expect(screen.getByTestId('change-peak')).toHaveTextContent('No data in the previous period');
    // Hit rates compare in percentage points.
    expect(screen.getByTestId('change-hit')).toHaveTextContent('1.50 pp vs previous periodPrevious: 79.50%');
    expect(screen.getByTestId('sequential-range')).toHaveTextContent('previous period of the same length: 05-13 22:55 to 05-14 00:00');
    // The whole account tree, today from midnight to now rounded down to 5 minutes.
    expect(m.overview).toHaveBeenCalledWith({
      accounts: ['acme', 'acme_video', 'acme_static'],
      domains: [],
      startTime: '2026-05-14 00:00:00',
      endTime: '2026-05-14 10:05:00',
      interval: '5m',
    });
    expect(m.sequential).toHaveBeenCalledWith(m.overview.mock.calls[0][0]);
  });

  it('lists the top domains and exports them as CSV', async () => {
    const csv = captureCsv();
    renderPage(<OverviewPage />, methods());
    expect(await tableRows('table-top-domains')).toEqual([
      ['1', 'video.acme.example', 'acme_video', '8.00 GB', '81.00%', '234,567', '92.50%', '40.00 Mbps'],
      ['2', 'www.acme.example', 'acme', '1.88 GB', '19.00%', '1,000,000', '78.12%', '12.30 Mbps'],
    ]);
    expect(await csv.exported('export-overview-top-domains')).toEqual([
      'Rank,Domain,Account,Traffic (B),Share of traffic (%),Requests,Hit rate (%),Peak bandwidth (bps)',
      '1,video.acme.example,acme_video,8000000000,81,234567,92.5,40000000',
    ]);
  });

  it('asks again for another range: the last 7 days by the hour', async () => {
    const { methods: m } = renderPage(<OverviewPage />, methods());
    await screen.findByTestId('tile-flow-value');
    await userEvent.click(screen.getByTestId('preset-week'));
    await waitFor(() =>
      expect(m.overview).toHaveBeenLastCalledWith(
        expect.objectContaining({ startTime: '2026-05-08 00:00:00', endTime: '2026-05-14 10:05:00', interval: '1h' }),
      ),
    );
    expect(screen.getByTestId('range-shown')).toHaveTextContent('2026-05-08 00:00 to 2026-05-14 10:05');
  });

  it('refresh reads the same range again', async () => {
    const { methods: m } = renderPage(<OverviewPage />, methods());
    await screen.findByTestId('tile-flow-value');
    await userEvent.click(screen.getByTestId('overview-refresh'));
    await waitFor(() => expect(m.overview).toHaveBeenCalledTimes(2));
    expect(m.overview.mock.calls[1][0]).toEqual(m.overview.mock.calls[0][0]);
  });

  it('turns curve timestamps (seconds) into milliseconds inside the range', () => {
    const range = { start: new Date(T0 * 1000), end: new Date((T0 + 300) * 1000) };
    expect(curvePoints(overview.curve, range)).toEqual([{ time: T0 * 1000, bandwidth: 52_300_000, flow: 1_961_250_000 }]);
  });

  it('shows the empty state when the range has no traffic', async () => {
    renderPage(
      <OverviewPage />,
      methods({ overview: async () => ({ ...overview, flow: 0, request: 0, topDomains: [], curve: [], domainCount: 0 }) }),
    );
    expect(await screen.findByTestId('overview-empty')).toHaveTextContent('No traffic in this range');
  });

  it("shows the server's msg, or 'An unknown error'", async () => {
    await expectCallErrors(<OverviewPage />, (overview) => methods({ overview }), 'overview-error', 'Traffic store is busy');
  });

  it('switching language re-renders labels and dates without a reload', async () => {
    renderPage(<OverviewPage />, methods(), { withLanguageSwitch: true });
    expect(await screen.findByTestId('tile-flow')).toHaveTextContent('Traffic');
    await switchToChinese();
    await waitFor(() => expect(screen.getByTestId('tile-flow')).toHaveTextContent('流量'));
    expect(screen.getByTestId('tile-peak')).toHaveTextContent('出现于 05-14 09:00');
    expect(screen.getByTestId('change-flow')).toHaveTextContent('较上一周期 12.50%上一周期：8.78 GB');
    expect(screen.getByRole('button', { name: '近 7 天' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '流量占比' })).toBeInTheDocument();
  });

  it('without the overview right: says so and makes no call', async () => {
    signInAcme(['portal:log:view:*']);
    const { methods: m } = renderPage(
      <RequireModule module="overview">
        <OverviewPage />
      </RequireModule>,
      methods(),
    );
    expect(await screen.findByTestId('page-forbidden')).toHaveTextContent('You do not have permission for this page');
    expect(m.overview).not.toHaveBeenCalled();
  });
});
