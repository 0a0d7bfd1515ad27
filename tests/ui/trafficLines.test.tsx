import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BandwidthPoint, LineArea, LineInfo, LineSummary } from '../../dataProviders/api/traffic';
import { LinesPage } from '../../resources/traffic/lines/LinesPage';
import { bandwidthPoints } from '../../resources/traffic/lines/LineBandwidth';
import { mapLines, parseCoordinates } from '../../resources/traffic/lines/lineModel';
import { placeLabels } from '../../resources/traffic/lines/labelPlacement';
import { CUSTOMER, expectShown, failing, renderPage, signedInAtNow, spies, tableRows } from './trafficPagesFixtures';
import { switchToChinese } from './harness';

const T0 = new Date(2026, 4, 14, 9, 0, 0).getTime() / 1000;

const line = (
  code: string,
  en: string,
  zh: string,
  coordinates: string,
  country: string,
  capacity: number,
  lang: 'en' | 'zh' = 'en',
): LineInfo => ({
  code,
  name: lang === 'en' ? en : zh,
  nameEn: en,
  nameZh: zh,
  coordinates,
  address: `${en} data centre`,
  addressEn: `${en} data centre`,
  addressZh: `${zh}机房`,
  country,
  province: '',
  capacity,
});
const linesIn = (lang: 'en' | 'zh') => [
  line('cn-bj-01', 'Beijing 1', '北京一号线', '116.49,39.97', 'CN', 400e9, lang),
  line('hk-01', 'Hong Kong 1', '香港一号线', '114.24,22.26', 'HK', 200e9, lang),
  line('us-lax-01', 'Los Angeles 1', '洛杉矶一号线', '-118.26,34.05', 'US', 100e9, lang),
];
const areas: LineArea[] = [
  { code: 'cn-bj-01', coordinates: '116.49,39.97', address: 'Beijing' },
  { code: 'hk-01', coordinates: '114.24,22.26', address: 'Hong Kong' },
  { code: 'us-lax-01', coordinates: '-118.26,34.05', address: 'Los Angeles' },
];
const stats: LineSummary[] = [
  {
    code: 'cn-bj-01',
    name: 'Beijing 1',
    capacity: 400e9,
    peakIn: 8_320_000_000,
    peakOut: 129_010_000_000,
    avgIn: 5e9,
    avgOut: 108_930_000_000,
    p95Out: 125_540_000_000,
    peakUtilization: 32.25,
  },
  {
    code: 'hk-01',
    name: 'Hong Kong 1',
    capacity: 200e9,
    peakIn: 7_870_000_000,
    peakOut: 74_280_000_000,
    avgIn: 4e9,
    avgOut: 62_310_000_000,
    p95Out: 71_660_000_000,
    peakUtilization: 37.14,
  },
];
const points: BandwidthPoint[] = [
  { timestamp: T0, outgoingBandWidth: 120e9, incomingBandWidth: 8e9 },
  { timestamp: T0 + 300, outgoingBandWidth: 125e9, incomingBandWidth: 8.3e9 },
];

type Calls = Record<'lineInit' | 'lineAreas' | 'lineStaticData' | 'lineData' | 'lineSdwanData', (...a: never[]) => Promise<unknown>>;
const methods = (over: Partial<Calls> = {}) =>
  spies({
    lineInit: async () => linesIn((sessionStorage.getItem('isChinese') ?? 'english') === 'english' ? 'en' : 'zh'),
    lineAreas: async () => areas,
    lineStaticData: async () => stats,
    lineData: async () => points,
    lineSdwanData: async () => points,
    ...over,
  });

signedInAtNow(CUSTOMER);
beforeEach(() => {
  sessionStorage.setItem('isChinese', 'english');
});

describe('lines page', () => {
  it('places every line on the world map and the Chinese ones on the China map', async () => {
    renderPage(<LinesPage />, methods());
    expect(await screen.findByTestId('world-line-us-lax-01', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('world-line-cn-bj-01')).toBeInTheDocument();
    expect(await screen.findByTestId('china-line-hk-01', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('china-line-us-lax-01')).not.toBeInTheDocument();
    expect(screen.getByText('Lines worldwide (3)')).toBeInTheDocument();
    expect(screen.getByText('Lines in China (2)')).toBeInTheDocument();
  });

  it('shows the first line, then the clicked one: statistics and 5-minute or 1-minute bandwidth', async () => {
    const { methods: m } = renderPage(<LinesPage />, methods());
    expect(await screen.findByText('Beijing 1 (cn-bj-01)')).toBeInTheDocument();
    expect(await screen.findByTestId('line-peak-out')).toHaveTextContent('129.01 Gbps');
    expect(screen.getByTestId('line-p95-out')).toHaveTextContent('125.54 Gbps');
    expect(screen.getByTestId('line-capacity')).toHaveTextContent('400.00 GbpsPeak utilisation 32.25%');
    await waitFor(() =>
      expect(m.lineSdwanData).toHaveBeenCalledWith({ code: 'cn-bj-01', startTime: '2026-05-14 00:00:00', endTime: '2026-05-14 10:05:00' }),
    );
    fireEvent.click(await screen.findByTestId('china-line-hk-01', {}, { timeout: 10_000 }));
    expect(await screen.findByText('Hong Kong 1 (hk-01)')).toBeInTheDocument();
    expect(screen.getByTestId('line-peak-out')).toHaveTextContent('74.28 Gbps');
    await waitFor(() => expect(m.lineSdwanData).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'hk-01' })));
    await userEvent.click(screen.getByTestId('step-minute'));
    await waitFor(() => expect(m.lineData).toHaveBeenCalledWith(expect.objectContaining({ code: 'hk-01' })));
    // One-minute points cover at most a week: 'this month' is not offered.
    expect(screen.queryByTestId('preset-month')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('preset-yesterday'));
    await waitFor(() =>
      expect(m.lineData).toHaveBeenLastCalledWith({ code: 'hk-01', startTime: '2026-05-13 00:00:00', endTime: '2026-05-13 23:59:59' }),
    );
    expect(m.lineStaticData).toHaveBeenLastCalledWith({ startTime: '2026-05-13 00:00:00', endTime: '2026-05-13 23:59:59' });
  });

  it('lists every line with its statistics; a click on a name chooses it', async () => {
    renderPage(<LinesPage />, methods());
    await waitFor(async () => expect((await tableRows('table-lines'))[0][4]).toBe('129.01 Gbps'), { timeout: 5000 });
    expect(await tableRows('table-lines')).toEqual([
      ['Beijing 1', 'cn-bj-01', 'Beijing 1 data centre', '400.00 Gbps', '129.01 Gbps', '8.32 Gbps', '108.93 Gbps', '125.54 Gbps', '32.25%'],
      ['Hong Kong 1', 'hk-01', 'Hong Kong 1 data centre', '200.00 Gbps', '74.28 Gbps', '7.87 Gbps', '62.31 Gbps', '71.66 Gbps', '37.14%'],
      ['Los Angeles 1', 'us-lax-01', 'Los Angeles 1 data centre', '100.00 Gbps', '—', '—', '—', '—', '—'],
    ]);
    await userEvent.click(screen.getByTestId('line-row-us-lax-01'));
    expect(await screen.findByText('Los Angeles 1 (us-lax-01)')).toBeInTheDocument();
  });

  it("says 'Lines is null' when there are none, and shows errors", async () => {
    const empty = await expectShown(<LinesPage />, methods({ lineInit: async () => [] }), 'lines-empty', 'Lines is null');
    expect(empty.lineStaticData).not.toHaveBeenCalled();
    await expectShown(
      <LinesPage />,
      methods({ lineInit: failing.refused('Line service unavailable') }),
      'lines-error',
      'Line service unavailable',
    );
    await expectShown(<LinesPage />, methods({ lineSdwanData: failing.broken('x') }), 'line-curve-error', 'An unknown error');
  });

  it('switching language asks for the names again and re-renders the labels', async () => {
    const { methods: m } = renderPage(<LinesPage />, methods(), { withLanguageSwitch: true });
    expect(await screen.findByText('Beijing 1 (cn-bj-01)')).toBeInTheDocument();
    await switchToChinese();
    expect(await screen.findByText('北京一号线（cn-bj-01）')).toBeInTheDocument();
    expect(screen.getByTestId('line-peak-out')).toHaveTextContent('出口峰值');
    expect(m.lineInit.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('line helpers', () => {
  it('parses coordinates and prefers the area query', () => {
    expect(parseCoordinates('116.49, 39.97')).toEqual({ lng: 116.49, lat: 39.97 });
    expect(parseCoordinates('200,10')).toBeNull();
    expect(parseCoordinates('abc')).toBeNull();
    const placed = mapLines(linesIn('en'), [{ code: 'hk-01', coordinates: '114.2,22.3', address: '' }]);
    expect(placed.find((l) => l.code === 'hk-01')).toMatchObject({ lng: 114.2, lat: 22.3 });
    expect(placed.find((l) => l.code === 'cn-bj-01')).toMatchObject({ lng: 116.49, lat: 39.97 });
  });

  it('places labels without overlaps, dropping those with no room', () => {
    const labels = placeLabels(
      [
        { key: 'a', x: 100, y: 100, text: 'Guangzhou 1' },
        { key: 'b', x: 104, y: 104, text: 'Hong Kong 1' },
        { key: 'c', x: 400, y: 100, text: 'Tokyo 1' },
      ],
      { width: 500, height: 300 },
    );
    expect(labels.map((l) => l.key)).toEqual(['a', 'b', 'c']);
    // The two close markers get labels on different sides, so none overlaps.
    expect(labels[0].anchor === labels[1].anchor && labels[0].y === labels[1].y).toBe(false);
    const crowded = placeLabels(
      Array.from({ length: 12 }, (_, i) => ({ key: String(i), x: 50 + (i % 2), y: 50 + (i % 3), text: 'Line number' })),
      { width: 200, height: 120 },
    );
    expect(crowded.length).toBeLessThan(12);
    expect(crowded.length).toBeGreaterThan(0);
  });

  it('turns bandwidth timestamps (seconds) into chart milliseconds within the range', () => {
    const range = { start: new Date(T0 * 1000), end: new Date((T0 + 300) * 1000) };
    expect(bandwidthPoints(points, range)).toEqual([{ time: T0 * 1000, outgoing: 120e9, incoming: 8e9 }]);
  });
});
