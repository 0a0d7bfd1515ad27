import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analysisProvider, NOW, renderScreen, signInAcme } from './analysisFixtures';
import type { AnalysisSearch } from '../../common/wire/traffic/index';

/** The texts of a listbox's options, in order. */
const optionTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);

// Frozen clock (local time): Thursday 2026-05-14 10:07:31. Only Date is faked, timers stay real.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signInAcme();
});
afterEach(() => vi.useRealTimers());

/** The search of the latest call of a spy (variant, search, ...). */
const lastSearch = (spy: ReturnType<typeof vi.fn>): AnalysisSearch => spy.mock.calls[spy.mock.calls.length - 1][1] as AnalysisSearch;

describe('analysis search bar', () => {
  it('opens on today, start of today to now rounded down to 5 minutes, all accounts, 5-minute points', async () => {
    const { methods } = renderScreen('offLine');
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalled());
    const search = lastSearch(methods.analysisCount);
    expect(search.startTime).toBe('2026-05-14 00:00:00');
    expect(search.endTime).toBe('2026-05-14 10:05:00');
    expect(search.timeSelect).toBe('today');
    expect(search.interval).toBe('5m');
    expect(search.accounts).toEqual(['acme', 'acme_video', 'acme_static']);
    expect(methods.analysisCount.mock.calls[0][0]).toBe('offLine');
    expect(screen.getByTestId('search-range')).toHaveTextContent('2026-05-14 00:00:00 to 2026-05-14 10:05:00');
  });

  it('applies each preset with its range and a granularity fitting its length', async () => {
    const { methods } = renderScreen('offLine');
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(1));
    const cases: Array<[string, string, string, string]> = [
      ['Yesterday', '2026-05-13 00:00:00', '2026-05-13 23:59:59', '5m'],
      ['Last 3 days', '2026-05-12 00:00:00', '2026-05-14 10:05:00', '1h'],
      ['Last 7 days', '2026-05-08 00:00:00', '2026-05-14 10:05:00', '1h'],
      ['This month', '2026-05-01 00:00:00', '2026-05-14 10:05:00', '1d'],
      ['Last month', '2026-04-01 00:00:00', '2026-04-30 23:59:59', '1d'],
      ['Today', '2026-05-14 00:00:00', '2026-05-14 10:05:00', '5m'],
    ];
    for (const [label, start, end, interval] of cases) {
      await userEvent.click(screen.getByRole('button', { name: label }));
      expect(screen.getByTestId('search-range')).toHaveTextContent(`${start} to ${end}`);
      const before = methods.analysisCount.mock.calls.length;
      await userEvent.click(screen.getByTestId('search-submit'));
      await waitFor(() => expect(methods.analysisCount.mock.calls.length).toBe(before + 1));
      const s = lastSearch(methods.analysisCount);
      expect([label, s.startTime, s.endTime, s.interval]).toEqual([label, start, end, interval]);
    }
  });

  it('uses minute precision on the real-time screen', async () => {
    const { methods } = renderScreen('onLine');
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalled());
    expect(methods.analysisCount.mock.calls[0][0]).toBe('onLine');
    expect(lastSearch(methods.analysisCount)).toMatchObject({ startTime: '2026-05-14 00:00', endTime: '2026-05-14 10:05' });
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(screen.getByTestId('search-range')).toHaveTextContent('2026-05-13 00:00 to 2026-05-13 23:59');
  });

  it('the real-time screen searches again every 5 minutes while the range runs to now', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const { methods } = renderScreen('onLine');
    await vi.waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(5 * 60_000);
    await vi.waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(2));
    expect(lastSearch(methods.analysisCount)).toMatchObject({ startTime: '2026-05-14 00:00', endTime: '2026-05-14 10:10' });
  });

  it('validates a custom range and does not search when it is wrong', async () => {
    const { methods } = renderScreen('offLine');
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const start = screen.getByTestId('search-start');
    const end = screen.getByTestId('search-end');

    fireEvent.change(start, { target: { value: '2026-05-14T09:00:00' } });
    fireEvent.change(end, { target: { value: '2026-05-14T08:00:00' } });
    await userEvent.click(screen.getByTestId('search-submit'));
    expect(await screen.findByTestId('search-problem')).toHaveTextContent('The start time must be before the end time');

    fireEvent.change(start, { target: { value: '2026-03-01T00:00:00' } });
    await userEvent.click(screen.getByTestId('search-submit'));
    expect(screen.getByTestId('search-problem')).toHaveTextContent('A search may cover at most 31 days');

    fireEvent.change(start, { target: { value: '' } });
    await userEvent.click(screen.getByTestId('search-submit'));
    expect(screen.getByTestId('search-problem')).toHaveTextContent('Please choose a start time');
    expect(methods.analysisCount).toHaveBeenCalledTimes(1);

    // A valid range to the second; an end later than now becomes now rounded down to 5 minutes.
    fireEvent.change(start, { target: { value: '2026-05-14T08:15:42' } });
    fireEvent.change(end, { target: { value: '2026-05-14T23:00:00' } });
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('search-problem')).not.toBeInTheDocument();
    expect(lastSearch(methods.analysisCount)).toMatchObject({
      startTime: '2026-05-14 08:15:42',
      endTime: '2026-05-14 10:05:00',
      timeSelect: 'userDefined',
    });
  });

  it("offline URL top shows 'domains is required' without a call, and calls once a domain is chosen", async () => {
    sessionStorage.setItem('logTab', 'top');
    const { methods } = renderScreen('offLine');
    expect(await screen.findByTestId('domains-required')).toHaveTextContent('domains is required');
    expect(methods.analysisUrlTop).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Domains' }));
    await userEvent.click(await screen.findByRole('option', { name: 'video.acme.example' }));
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(methods.analysisUrlTop).toHaveBeenCalled());
    expect(lastSearch(methods.analysisUrlTop).domains).toEqual(['video.acme.example']);
    expect(screen.queryByTestId('domains-required')).not.toBeInTheDocument();
  });

  it('keeps the last search of the screen when it is opened again (language switch, navigation)', async () => {
    const first = renderScreen('offLine');
    await waitFor(() => expect(first.methods.analysisOptions).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('combobox', { name: 'Domains' }));
    await userEvent.click(await screen.findByRole('option', { name: 'www.acme.example' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(first.methods.analysisCount).toHaveBeenCalledTimes(2));
    first.unmount();
    const again = renderScreen('offLine');
    await waitFor(() => expect(again.methods.analysisCount).toHaveBeenCalledTimes(1));
    expect(lastSearch(again.methods.analysisCount)).toMatchObject({
      domains: ['www.acme.example'],
      timeSelect: 'yesterday',
      startTime: '2026-05-13 00:00:00',
    });
    expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the real-time URL top needs no domain', async () => {
    sessionStorage.setItem('logTab', 'top');
    const { methods } = renderScreen('onLine');
    await waitFor(() => expect(methods.analysisUrlTop).toHaveBeenCalled());
    expect(screen.queryByTestId('domains-required')).not.toBeInTheDocument();
  });

  it('offers the domains of the chosen accounts and sends those accounts', async () => {
    const { methods } = renderScreen('offLine');
    await waitFor(() => expect(methods.analysisOptions).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('combobox', { name: 'Accounts' }));
    const list = await screen.findByRole('listbox');
    expect(optionTexts(list)).toEqual(['All accounts', 'Acme Media', 'Acme Video', 'Acme Static']);
    await userEvent.click(within(list).getByRole('option', { name: 'Acme Static' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Domains' }));
    const domains = await screen.findByRole('listbox');
    expect(optionTexts(domains)).toEqual(['static.acme.example']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(2));
    expect(lastSearch(methods.analysisCount).accounts).toEqual(['acme_static']);
  });

  it('sends providers and area filters from the option lists', async () => {
    const methods = analysisProvider();
    renderScreen('offLine', methods);
    await waitFor(() => expect(methods.pullDownOffline).toHaveBeenCalled());
    await userEvent.click(screen.getByTestId('search-more'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Providers' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Line B' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Province' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Guangdong' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(methods.analysisCount).toHaveBeenCalledTimes(2));
    expect(lastSearch(methods.analysisCount)).toMatchObject({ providers: ['cdn-b'], province: ['Guangdong'] });
  });
});
