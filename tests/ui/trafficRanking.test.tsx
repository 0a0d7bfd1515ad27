import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DosageEntry } from '../../common/wire/traffic/index';
import { CustomRankPage } from '../../resources/traffic/ranking/CustomRankPage';
import { captureCsv, CUSTOMER, expectCallErrors, renderPage, signedInAtNow, spies, tableRows } from './trafficPagesFixtures';
import { switchToChinese } from './harness';

const byFlow: DosageEntry[] = [
  {
    custom: 'video.acme.example',
    account: 'acme_video',
    ratio: 80.99,
    amount: 8_000_000_000,
    flow: 8_000_000_000,
    request: 234_567,
    providers: ['cdn-a', 'cdn-b'],
  },
  {
    custom: 'www.acme.example',
    account: 'acme',
    ratio: 19.01,
    amount: 1_876_543_210,
    flow: 1_876_543_210,
    request: 1_000_000,
    providers: ['cdn-a'],
  },
];
const byRequest: DosageEntry[] = [
  { ...byFlow[1], ratio: 81, amount: 1_000_000 },
  { ...byFlow[0], ratio: 19, amount: 234_567 },
];
const options = {
  domainMap: { acme: ['www.acme.example'], acme_video: ['video.acme.example'] },
  providerMap: { 'cdn-a': 'Line A', 'cdn-b': 'Line B' },
  domainList: [],
  providerList: [],
};
const pullDown = { all: { continent: [], country: [] }, cn: { province: [], isp: [] } };

const methods = (dosageSort: (q: { sortBy?: string }) => Promise<unknown> = async (q) => (q.sortBy === 'request' ? byRequest : byFlow)) =>
  spies({ dosageSort, analysisOptions: async () => options, pullDownOffline: async () => pullDown });

signedInAtNow(CUSTOMER);

describe('usage ranking page', () => {
  it('ranks domains by traffic with share and line names', async () => {
    const { methods: m } = renderPage(<CustomRankPage />, methods());
    expect(await tableRows('table-ranking')).toEqual([
      ['1', 'video.acme.example', 'acme_video', '8.00 GB', '234,567', '80.99%', 'Line A, Line B'],
      ['2', 'www.acme.example', 'acme', '1.88 GB', '1,000,000', '19.01%', 'Line A'],
    ]);
    expect(screen.getByTestId('ranking-total')).toHaveTextContent('2 domains, 9.88 GB in total');
    expect(m.dosageSort).toHaveBeenCalledWith({
      accounts: ['acme', 'acme_video', 'acme_static'],
      domains: [],
      providers: [],
      startTime: '2026-05-14 00:00:00',
      endTime: '2026-05-14 10:05:00',
      sortBy: 'flow',
    });
  });

  it('ranks by requests, sorts by a column and changes the range', async () => {
    const { methods: m } = renderPage(<CustomRankPage />, methods());
    await tableRows('table-ranking');
    await userEvent.click(screen.getByTestId('sortby-request'));
    await waitFor(() => expect(m.dosageSort).toHaveBeenLastCalledWith(expect.objectContaining({ sortBy: 'request' })));
    await waitFor(async () => expect((await tableRows('table-ranking'))[0].slice(0, 2)).toEqual(['1', 'www.acme.example']));
    expect(screen.getByRole('columnheader', { name: /Share of requests/ })).toBeInTheDocument();
    // Sorting by the traffic column puts the largest traffic first; the rank stays the rank by requests.
    await userEvent.click(within(screen.getByTestId('table-ranking')).getByText('Traffic'));
    await waitFor(async () => {
      const rows = await tableRows('table-ranking');
      expect(rows.map((r) => r[3])).toEqual(['1.88 GB', '8.00 GB']);
    });
    await userEvent.click(within(screen.getByTestId('table-ranking')).getByText('Traffic'));
    await waitFor(async () => expect((await tableRows('table-ranking')).map((r) => r[0])).toEqual(['2', '1']));
    await userEvent.click(screen.getByTestId('preset-lastMonth'));
    await waitFor(() =>
      expect(m.dosageSort).toHaveBeenLastCalledWith(
        expect.objectContaining({ startTime: '2026-04-01 00:00:00', endTime: '2026-04-30 23:59:59' }),
      ),
    );
  });

  it('exports the ranking as CSV with raw numbers', async () => {
    const csv = captureCsv();
    renderPage(<CustomRankPage />, methods());
    await tableRows('table-ranking');
    expect(await csv.exported('export-usage-ranking-flow', 3)).toEqual([
      'Rank,Domain,Account,Traffic (B),Requests,Share of traffic (%),Lines',
      '1,video.acme.example,acme_video,8000000000,234567,80.99,Line A Line B',
      '2,www.acme.example,acme,1876543210,1000000,19.01,Line A',
    ]);
  });

  it('empty and error states', async () => {
    const first = renderPage(
      <CustomRankPage />,
      methods(async () => []),
    );
    expect(await screen.findByTestId('ranking-empty')).toHaveTextContent('No domain had traffic in this range.');
    expect(screen.getByTestId('export-usage-ranking-flow')).toBeDisabled();
    first.unmount();
    await expectCallErrors(<CustomRankPage />, methods, 'ranking-error', 'Ranking is being rebuilt');
  });

  it('switching language re-renders headers and totals', async () => {
    renderPage(<CustomRankPage />, methods(), { withLanguageSwitch: true });
    await tableRows('table-ranking');
    await switchToChinese();
    await waitFor(() => expect(screen.getByTestId('ranking-total')).toHaveTextContent('共 2 个域名，总流量 9.88 GB'));
    expect(screen.getByRole('columnheader', { name: /流量占比/ })).toBeInTheDocument();
  });
});
