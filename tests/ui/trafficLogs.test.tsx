import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogRow, LogSearchQuery, LogSearchResult } from '../../dataProviders/api/traffic';
import { LogPage } from '../../resources/traffic/logs/LogPage';
import { buildLogQuery, initialLogForm, noLogFilters, validIp, validStatus } from '../../resources/traffic/logs/logForm';
import { CUSTOMER, expectCallErrors, failing, NOW, renderPage, signedInAtNow, spies, tableRows } from './trafficPagesFixtures';
import { switchToChinese } from './harness';

const row = (over: Partial<LogRow> = {}): LogRow => ({
  time: '2026-05-14 09:59:59',
  timestamp: new Date(2026, 4, 14, 9, 59, 59).getTime() / 1000,
  account: 'acme_video',
  domain: 'video.acme.example',
  url: '/video/intro.mp4?start=10',
  method: 'GET',
  status: 206,
  bytes: 1_234_567,
  requestTime: 1_234,
  cacheHit: 'HIT',
  clientIp: '203.0.113.7',
  continent: 'North America',
  country: 'US',
  province: '',
  isp: 'Comcast',
  userAgent: 'Mozilla/5.0 (Macintosh)',
  referer: 'https://www.acme.example/',
  provider: 'cdn-a',
  edgeNode: 'edge-lax-3',
  ...over,
});
const reply: LogSearchResult = {
  list: [
    row(),
    row({
      time: '2026-05-14 09:59:58',
      status: 502,
      bytes: 512,
      requestTime: 30_001,
      cacheHit: 'MISS',
      clientIp: '14.16.0.9',
      country: 'CN',
      province: 'Guangdong',
      isp: 'China Telecom',
    }),
  ],
  total: 45,
  pageNum: 1,
  pageSize: 20,
};
const options = {
  domainMap: { acme: ['www.acme.example'], acme_video: ['video.acme.example'] },
  providerMap: { 'cdn-a': 'Line A' },
  domainList: [],
  providerList: [],
};
const pullDown = {
  all: {
    continent: [],
    country: [
      { name: 'US', value: 'US' },
      { name: 'CN', value: 'CN' },
    ],
  },
  cn: { province: [{ name: 'Guangdong', value: 'Guangdong' }], isp: [{ name: 'China Telecom', value: 'China Telecom' }] },
};

type Calls = Record<'logSearch' | 'logDownloadId' | 'logDownloadCheck', (...a: never[]) => Promise<unknown>>;
const methods = (over: Partial<Calls> = {}) =>
  spies({
    logSearch: async () => reply,
    logDownloadId: async () => '/api/log/download/abc123',
    logDownloadCheck: async () => 200,
    analysisOptions: async () => options,
    pullDownOffline: async () => pullDown,
    ...over,
  });

/** Cells of the log table rows (the first, the expand button, left out). */
async function logRows(): Promise<string[][]> {
  return (await tableRows('table-logs')).map((cells) => cells.slice(1));
}

signedInAtNow(CUSTOMER);

describe('log page: search', () => {
  it('searches today on opening and shows the rows formatted', async () => {
    const { methods: m } = renderPage(<LogPage />, methods());
    expect(await logRows()).toEqual([
      [
        '09:59:592026-05-14',
        'video.acme.example',
        '/video/intro.mp4?start=10',
        '206',
        '1.23 MB',
        '1,234 ms',
        'Hit',
        '203.0.113.7United States · Comcast',
      ],
      [
        '09:59:582026-05-14',
        'video.acme.example',
        '/video/intro.mp4?start=10',
        '502',
        '512.00 B',
        '30,001 ms',
        'Miss',
        '14.16.0.9China · Guangdong · China Telecom',
      ],
    ]);
    expect(screen.getByTestId('log-total')).toHaveTextContent('45 rows match');
    expect(m.logSearch).toHaveBeenCalledWith({
      accounts: [],
      domains: [],
      startTime: '2026-05-14 00:00:00',
      endTime: '2026-05-14 10:05:00',
      ...noLogFilters(),
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('opens a row to show the agent, referer, line and edge node', async () => {
    renderPage(<LogPage />, methods());
    await logRows();
    fireEvent.click(screen.getAllByRole('button', { name: 'Details' })[0]);
    const details = await screen.findByText('Mozilla/5.0 (Macintosh)');
    expect(details.closest('td')).toHaveTextContent('https://www.acme.example/');
    expect(details.closest('td')).toHaveTextContent('Line A');
    expect(details.closest('td')).toHaveTextContent('edge-lax-3');
  });

  it('sends the filters; a malformed IP is explained and not sent', async () => {
    const { methods: m } = renderPage(<LogPage />, methods());
    await logRows();
    await userEvent.type(screen.getByTestId('filter-status'), '5xx, 404');
    await userEvent.click(screen.getByTestId('filter-cache'));
    await userEvent.click(await screen.findByRole('option', { name: 'Miss' }));
    await userEvent.type(screen.getByTestId('filter-url'), '/video/');
    await userEvent.type(screen.getByTestId('filter-ip'), '10.0.0.300');
    await userEvent.click(screen.getByTestId('log-search'));
    expect(await screen.findByTestId('log-problem')).toHaveTextContent('Client IP: Format error');
    expect(m.logSearch).toHaveBeenCalledTimes(1);
    await userEvent.clear(screen.getByTestId('filter-ip'));
    await userEvent.type(screen.getByTestId('filter-ip'), '10.0.0.0/8');
    await userEvent.click(screen.getByTestId('preset-yesterday'));
    await userEvent.click(screen.getByTestId('log-search'));
    await waitFor(() =>
      expect(m.logSearch).toHaveBeenLastCalledWith(
        expect.objectContaining({
          status: '5xx,404',
          cacheHit: 'miss',
          clientIp: '10.0.0.0/8',
          url: '/video/',
          startTime: '2026-05-13 00:00:00',
          endTime: '2026-05-13 23:59:59',
          pageNum: 1,
        }),
      ),
    );
    expect(screen.queryByTestId('log-problem')).not.toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const { methods: m } = renderPage(<LogPage />, methods());
    await logRows();
    expect(screen.getByTestId('log-pagination')).toHaveTextContent('1–20 of 45');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(m.logSearch).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 2, pageSize: 20 })));
  });

  it('empty and error states', async () => {
    const first = renderPage(<LogPage />, methods({ logSearch: async () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 }) }));
    expect(await screen.findByTestId('logs-empty')).toHaveTextContent('No log rows match this search.');
    expect(screen.getByTestId('log-download-button')).toBeDisabled();
    first.unmount();
    await expectCallErrors(<LogPage />, (logSearch) => methods({ logSearch }), 'logs-error', 'The range may cover at most 31 days');
  });
});

describe('log page: download (spec §8)', () => {
  const download = async (over: Partial<Calls>) => {
    const open = vi.fn();
    const utils = renderPage(<LogPage onOpenDownload={open} />, methods(over));
    await logRows();
    await userEvent.click(screen.getByTestId('log-download-button'));
    return { ...utils, open };
  };

  it('makes the file, checks its address, then opens it', async () => {
    const { methods: m, open } = await download({});
    expect(await screen.findByText(/The download has started/)).toBeInTheDocument();
    const query = m.logDownloadId.mock.calls[0][0] as LogSearchQuery;
    expect(query).toMatchObject({ startTime: '2026-05-14 00:00:00', endTime: '2026-05-14 10:05:00' });
    expect(query).not.toHaveProperty('pageNum');
    expect(m.logDownloadCheck).toHaveBeenCalledWith('/api/log/download/abc123');
    expect(open).toHaveBeenCalledWith('/api/log/download/abc123');
  });

  it('an address whose check does not answer 200 is wrong', async () => {
    const { open } = await download({ logDownloadCheck: async () => 404 });
    expect(await screen.findByTestId('log-download-error')).toHaveTextContent(
      'The download address is wrong, please contact customer service',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('a failed check shows a translated text, never the raw error message (issue #37)', async () => {
    await download({ logDownloadCheck: failing.broken('Network Error') });
    const shown = await screen.findByTestId('log-download-error');
    expect(shown).toHaveTextContent('Download Failed');
    expect(shown).not.toHaveTextContent('Network Error');
  });

  it("the server's msg, or 'Download Failed'", async () => {
    const first = await download({
      logDownloadId: failing.refused('More than 1,000,000 rows: narrow the search'),
    });
    expect(await screen.findByTestId('log-download-error')).toHaveTextContent('More than 1,000,000 rows: narrow the search');
    first.unmount();
    await download({ logDownloadId: failing.refused('portal.errors.unknown') });
    expect(await screen.findByTestId('log-download-error')).toHaveTextContent('Download Failed');
  });
});

describe('log page: language and form rules', () => {
  it('switching language re-renders headers, filters and rows', async () => {
    renderPage(<LogPage />, methods(), { withLanguageSwitch: true });
    await logRows();
    await switchToChinese();
    await waitFor(() => expect(screen.getByRole('columnheader', { name: '耗时' })).toBeInTheDocument());
    const rows = await logRows();
    expect(rows[0][5]).toBe('1,234 毫秒');
    expect(rows[0][6]).toBe('命中');
    expect(rows[1][7]).toBe('14.16.0.9中国 · 广东 · 中国电信');
    expect(screen.getByTestId('log-download-button')).toHaveTextContent('下载日志（45 条）');
  });

  it('validates status codes and IPs', () => {
    expect(validStatus('404')).toBe(true);
    expect(validStatus('5xx, 200')).toBe(true);
    expect(validStatus('600')).toBe(false);
    expect(validIp('203.0.113.0/24')).toBe(true);
    expect(validIp('256.1.1.1')).toBe(false);
    expect(validIp('1.2.3.4/33')).toBe(false);
    const built = buildLogQuery(
      { ...initialLogForm(NOW), timeSelect: 'userDefined', start: new Date(2026, 3, 1), end: new Date(2026, 4, 14) },
      NOW,
    );
    expect(built).toEqual({ ok: false, problem: 'tooLong' });
  });
});
