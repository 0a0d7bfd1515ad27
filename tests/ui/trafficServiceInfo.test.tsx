import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceInfo, ServiceInfoInit } from '../../common/wire/traffic/index';
import { ServiceInfoPage } from '../../resources/traffic/serviceInfo/ServiceInfoPage';
import { monthsSince } from '../../resources/traffic/serviceInfo/months';
import { captureCsv, CUSTOMER, expectShown, failing, NOW, renderPage, signedInAtNow, spies, tableRows } from './trafficPagesFixtures';
import { switchToChinese } from './harness';

const day = (d: number) => new Date(2026, 4, d, 0, 0, 0).getTime() / 1000;

const init: ServiceInfoInit = {
  account: 'acme',
  companyName: 'Acme Media',
  accounts: [
    { identity: 'acme', companyName: 'Acme Media', parent: null },
    { identity: 'acme_video', companyName: 'Acme Video', parent: 'acme' },
    { identity: 'acme_static', companyName: 'Acme Static', parent: 'acme' },
  ],
  domains: ['static.acme.example', 'video.acme.example', 'www.acme.example'],
  providers: [
    { name: 'Line A', value: 'cdn-a' },
    { name: 'Line B', value: 'cdn-b' },
  ],
  firstTime: new Date(2026, 2, 20).getTime() / 1000,
  lastTime: day(14),
};
const info: ServiceInfo = {
  account: 'acme',
  companyName: 'Acme Media',
  month: '2026-05',
  services: [
    { name: 'vod', domainCount: 1, flow: 8_000_000_000, request: 234_567, peakBandwidth: 40_000_000 },
    { name: 'static', domainCount: 2, flow: 1_876_543_210, request: 1_000_000, peakBandwidth: 12_300_000 },
  ],
  domains: [
    {
      domain: 'video.acme.example',
      account: 'acme_video',
      type: 'vod',
      flow: 8_000_000_000,
      request: 234_567,
      peakBandwidth: 40_000_000,
      providers: ['cdn-a', 'cdn-b'],
      lastSeen: day(14) + 36_000,
    },
    {
      domain: 'www.acme.example',
      account: 'acme',
      type: 'static',
      flow: 1_876_543_210,
      request: 1_000_000,
      peakBandwidth: 12_300_000,
      providers: ['cdn-a'],
      lastSeen: day(13),
    },
    {
      domain: 'static.acme.example',
      account: 'acme_static',
      type: 'static',
      flow: 0,
      request: 0,
      peakBandwidth: 0,
      providers: [],
      lastSeen: null,
    },
  ],
};

const methods = (over: Partial<Record<'serviceInfo' | 'serviceInfoInit', () => Promise<unknown>>> = {}) =>
  spies({ serviceInfoInit: async () => init, serviceInfo: async () => info, ...over });

signedInAtNow(CUSTOMER);

describe('service info page', () => {
  it('shows the account, its services and every domain with its usage', async () => {
    const { methods: m } = renderPage(<ServiceInfoPage />, methods());
    expect(await screen.findByTestId('card-company')).toHaveTextContent('Acme Media');
    expect(screen.getByTestId('card-subaccounts')).toHaveTextContent('2');
    expect(screen.getByTestId('card-domains')).toHaveTextContent('3');
    expect(screen.getByTestId('card-span')).toHaveTextContent('2026-03-20 – 2026-05-14');
    expect(screen.getByTestId('account-card')).toHaveTextContent('Line B');
    const vod = await screen.findByTestId('service-vod');
    expect(vod).toHaveTextContent('Video on demand');
    expect(vod).toHaveTextContent('8.00 GB');
    expect(vod).toHaveTextContent('40.00 Mbps');
    expect(screen.getByTestId('service-static')).toHaveTextContent('1,000,000');
    expect(await tableRows('table-service-domains')).toEqual([
      ['video.acme.example', 'acme_video', 'Video on demand', '8.00 GB', '234,567', '40.00 Mbps', 'Line A, Line B', '2026-05-14 10:00'],
      ['www.acme.example', 'acme', 'Static content', '1.88 GB', '1,000,000', '12.30 Mbps', 'Line A', '2026-05-13 00:00'],
      ['static.acme.example', 'acme_static', 'Static content', '0.00 B', '0', '0.00 bps', '—', 'No traffic this month'],
    ]);
    expect(m.serviceInfoInit).toHaveBeenCalledWith();
    expect(m.serviceInfo).toHaveBeenCalledWith({ account: 'acme', month: '2026-05' });
  });

  it('asks for a sub-account and another month', async () => {
    const { methods: m } = renderPage(<ServiceInfoPage />, methods());
    await screen.findByTestId('table-service-domains');
    await userEvent.click(screen.getByTestId('serviceinfo-account'));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Video (acme_video)' }));
    await waitFor(() => expect(m.serviceInfo).toHaveBeenLastCalledWith({ account: 'acme_video', month: '2026-05' }));
    await userEvent.click(screen.getByTestId('serviceinfo-month'));
    const months = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(months).toEqual(['2026-05', '2026-04', '2026-03']);
    await userEvent.click(screen.getByRole('option', { name: '2026-03' }));
    await waitFor(() => expect(m.serviceInfo).toHaveBeenLastCalledWith({ account: 'acme_video', month: '2026-03' }));
  });

  it('exports the domains as CSV with raw numbers', async () => {
    const csv = captureCsv();
    renderPage(<ServiceInfoPage />, methods());
    await screen.findByTestId('table-service-domains');
    expect(await csv.exported('export-service-domains-acme-2026-05')).toEqual([
      'Domain,Account,Service,Traffic (B),Requests,Peak bandwidth (bps),Lines,Last traffic',
      'video.acme.example,acme_video,Video on demand,8000000000,234567,40000000,Line A Line B,2026-05-14 10:00',
    ]);
  });

  it('months offered: from the first traffic to now, newest first, at most 12', () => {
    expect(monthsSince(null, NOW)).toEqual(['2026-05']);
    expect(monthsSince(new Date(2024, 0, 1).getTime() / 1000, NOW)).toHaveLength(12);
  });

  it('empty and error states', async () => {
    await expectShown(
      <ServiceInfoPage />,
      methods({ serviceInfo: async () => ({ ...info, services: [], domains: [] }) }),
      'serviceinfo-empty',
      'This account has no domains yet.',
    );
    const refused = await expectShown(
      <ServiceInfoPage />,
      methods({ serviceInfoInit: failing.refused('Account store offline') }),
      'serviceinfo-init-error',
      'Account store offline',
    );
    expect(refused.serviceInfo).not.toHaveBeenCalled();
    await expectShown(<ServiceInfoPage />, methods({ serviceInfo: failing.broken('boom') }), 'serviceinfo-error', 'An unknown error');
  });

  it('switching language re-renders the service names and headers', async () => {
    renderPage(<ServiceInfoPage />, methods(), { withLanguageSwitch: true });
    await screen.findByTestId('table-service-domains');
    await switchToChinese();
    await waitFor(() => expect(screen.getByTestId('service-vod')).toHaveTextContent('视频点播'));
    expect(screen.getByRole('columnheader', { name: '最近流量' })).toBeInTheDocument();
    expect((await tableRows('table-service-domains'))[2][7]).toBe('本月无流量');
  });
});
