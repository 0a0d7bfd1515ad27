import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from 'react-admin';
import { PortalApiError } from '../../dataProviders/http';
import type { BillDetail, BillOverview, BillQuery, BillSum, PriceModel } from '../../common/wire/traffic/index';
import { BillPage } from '../../resources/traffic/bill/BillPage';
import { formatYuan } from '../../resources/traffic/bill/money';
import { captureCsv, CUSTOMER, expectShown, failing, renderPage, signedInAtNow, spies, tableRows } from './trafficPagesFixtures';
import { switchToChinese } from './harness';

const priceModel: PriceModel = {
  currency: 'yuan',
  trafficTiers: [
    { uptoGB: 10_000, yuanPerGB: 0.24 },
    { uptoGB: null, yuanPerGB: 0.18 },
  ],
  yuanPerMbps95: 30,
};
const overview: BillOverview = {
  months: [
    { month: '2026-04', flow: 2_000_000_000_000, request: 9_000_000, domainCount: 2, trafficFee: 480, bandwidthFee: 1_234.5 },
    { month: '2026-05', flow: 9_876_543_210_000, request: 1_234_567, domainCount: 2, trafficFee: 2_370.37, bandwidthFee: 12_345.67 },
  ],
  total: { flow: 11_876_543_210_000, request: 10_234_567, trafficFee: 2_850.37, bandwidthFee: 13_580.17 },
  priceModel,
};
const sum: BillSum = {
  list: [
    {
      month: '2026-05',
      domain: 'video.acme.example',
      account: 'acme_video',
      flow: 8_000_000_000_000,
      request: 234_567,
      peakBandwidth: 4_000_000_000,
      p95Bandwidth: 3_210_000_000,
      trafficFee: 1_920,
      bandwidthFee: 96_300,
    },
    {
      month: '2026-05',
      domain: 'www.acme.example',
      account: 'acme',
      flow: 1_876_543_210_000,
      request: 1_000_000,
      peakBandwidth: 120_000_000,
      p95Bandwidth: 98_765_432,
      trafficFee: 450.37,
      bandwidthFee: 2_962.96,
    },
  ],
  total: { flow: 9_876_543_210_000, request: 1_234_567, trafficFee: 2_370.37, bandwidthFee: 99_262.96 },
  priceModel,
};
const detail: BillDetail = {
  list: [
    {
      date: '2026-05-01',
      month: '2026-05',
      domain: 'video.acme.example',
      account: 'acme_video',
      flow: 600_000_000_000,
      request: 20_000,
      peakBandwidth: 3_900_000_000,
      trafficFee: 144,
    },
    {
      date: '2026-05-01',
      month: '2026-05',
      domain: 'www.acme.example',
      account: 'acme',
      flow: 100_000_000_000,
      request: 70_000,
      peakBandwidth: 110_000_000,
      trafficFee: 24,
    },
    {
      date: '2026-05-02',
      month: '2026-05',
      domain: 'video.acme.example',
      account: 'acme_video',
      flow: 700_000_000_000,
      request: 21_000,
      peakBandwidth: 4_000_000_000,
      trafficFee: 168,
    },
  ],
  priceModel,
};

type Calls = Record<'billOverview' | 'billSum' | 'billDetail', (q: BillQuery) => Promise<unknown>>;
const methods = (over: Partial<Calls> = {}) =>
  spies({ billOverview: async () => overview, billSum: async () => sum, billDetail: async () => detail, ...over });

signedInAtNow(CUSTOMER);

describe('bill page', () => {
  it('formats yuan with 2 decimals and separators', () => {
    expect(formatYuan(1234.5)).toBe('¥1,234.50');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(96300)).toBe('¥96,300.00');
    expect(formatYuan(0.005)).toBe('¥0.01');
  });

  it('shows the month under both billing methods, the history and the prices', async () => {
    const { methods: m } = renderPage(<BillPage />, methods());
    expect(await screen.findByTestId('bill-traffic-fee-value')).toHaveTextContent('¥2,370.37');
    expect(screen.getByTestId('bill-bandwidth-fee-value')).toHaveTextContent('¥12,345.67');
    expect(screen.getByTestId('bill-flow-value')).toHaveTextContent('9.88 TB');
    expect(screen.getByTestId('price-model')).toHaveTextContent('0 to 10,000 GB: ¥0.24 per GB');
    expect(screen.getByTestId('price-model')).toHaveTextContent('Above 10,000 GB: ¥0.18 per GB');
    expect(screen.getByTestId('price-model')).toHaveTextContent('¥30.00 per Mbps');
    const accounts = ['acme', 'acme_video', 'acme_static'];
    expect(m.billOverview).toHaveBeenCalledWith({ accounts, startMonth: '2025-12', endMonth: '2026-05' });
    expect(m.billSum).toHaveBeenCalledWith({ accounts, startMonth: '2026-05', endMonth: '2026-05' });
  });

  it('monthly sum per domain with both fees, and its CSV', async () => {
    const csv = captureCsv();
    renderPage(<BillPage />, methods());
    expect(await tableRows('table-bill-sum')).toEqual([
      ['video.acme.example', 'acme_video', '8.00 TB', '234,567', '4.00 Gbps', '3.21 Gbps', '¥1,920.00', '¥96,300.00'],
      ['www.acme.example', 'acme', '1.88 TB', '1,000,000', '120.00 Mbps', '98.77 Mbps', '¥450.37', '¥2,962.96'],
    ]);
    expect(screen.getByTestId('bill-sum-total')).toHaveTextContent(
      '2 domains, traffic 9.88 TB; traffic billing ¥2,370.37, 95th percentile billing ¥99,262.96',
    );
    expect(await csv.exported('export-bill-sum-2026-05')).toEqual([
      'Domain,Account,Traffic (B),Requests,Peak bandwidth (bps),95th percentile bandwidth (bps),Traffic fee (CNY),95th percentile fee (CNY)',
      'video.acme.example,acme_video,8000000000000,234567,4000000000,3210000000,1920.00,96300.00',
    ]);
  });

  it('daily detail, filtered by domain', async () => {
    renderPage(<BillPage />, methods());
    await userEvent.click(await screen.findByTestId('bill-tab-detail'));
    expect(await tableRows('table-bill-detail')).toEqual([
      ['2026-05-01', 'video.acme.example', 'acme_video', '600.00 GB', '20,000', '3.90 Gbps', '¥144.00'],
      ['2026-05-01', 'www.acme.example', 'acme', '100.00 GB', '70,000', '110.00 Mbps', '¥24.00'],
      ['2026-05-02', 'video.acme.example', 'acme_video', '700.00 GB', '21,000', '4.00 Gbps', '¥168.00'],
    ]);
    await userEvent.click(screen.getByTestId('bill-detail-domain'));
    await userEvent.click(await screen.findByRole('option', { name: 'www.acme.example' }));
    expect(await tableRows('table-bill-detail')).toEqual([
      ['2026-05-01', 'www.acme.example', 'acme', '100.00 GB', '70,000', '110.00 Mbps', '¥24.00'],
    ]);
  });

  it('another month asks again; the query is kept as the current one even when the call fails', async () => {
    const store = memoryStore();
    const failing = async (q: BillQuery) =>
      q.startMonth === '2026-03' ? Promise.reject(new PortalApiError('Billing is closed for maintenance', '1', 200)) : sum;
    const { methods: m } = renderPage(<BillPage />, methods({ billSum: failing }), { store });
    await tableRows('table-bill-sum');
    expect(screen.getByTestId('bill-current-query')).toHaveTextContent('Showing the bill of 2026-05 for 3 accounts');
    await userEvent.click(screen.getByTestId('bill-month'));
    await userEvent.click(await screen.findByRole('option', { name: '2026-03' }));
    expect(await screen.findByTestId('bill-sum-error')).toHaveTextContent('Billing is closed for maintenance');
    expect(m.billSum).toHaveBeenLastCalledWith(expect.objectContaining({ startMonth: '2026-03', endMonth: '2026-03' }));
    await waitFor(() => expect(store.getItem<BillQuery>('bill.query')?.startMonth).toBe('2026-03'));
    expect(screen.getByTestId('bill-current-query')).toHaveTextContent('2026-03');
  });

  it('empty month and unknown errors', async () => {
    await expectShown(
      <BillPage />,
      methods({ billSum: async () => ({ ...sum, list: [] }) }),
      'bill-sum-empty',
      'No usage to bill in 2026-05.',
    );
    await expectShown(<BillPage />, methods({ billOverview: failing.broken('x') }), 'bill-overview-error', 'An unknown error');
  });

  it('switching language re-renders the bill', async () => {
    renderPage(<BillPage />, methods(), { withLanguageSwitch: true });
    await tableRows('table-bill-sum');
    await switchToChinese();
    await waitFor(() => expect(screen.getByTestId('bill-traffic-fee')).toHaveTextContent('按流量计费'));
    expect(screen.getByRole('columnheader', { name: /95 峰值费用/ })).toBeInTheDocument();
    expect(screen.getByTestId('price-model')).toHaveTextContent('超过 10,000 GB：每 GB ¥0.18');
  });
});
