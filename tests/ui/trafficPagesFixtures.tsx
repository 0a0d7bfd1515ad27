/**
 * Shared helpers of the overview / service-info / lines / log / ranking / bill UI tests: a signed-in
 * acme user, a render helper whose data provider custom verbs are spies, and table readers.
 */
import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { testDataProvider, type DataProvider, type Store } from 'react-admin';
import { LanguageSwitch } from '../../src/layout/LanguageSwitch';
import { PortalApiError } from '../../dataProviders/http';
import { renderInAdmin } from './harness';

// analysisFixtures also gives jsdom the ResizeObserver that recharts' ResponsiveContainer needs.
export { NOW, signedInAtNow, signInAcme, tableRows } from './analysisFixtures';

/** Every right of a customer main account (as the demo acme user). */
export const CUSTOMER = ['overview', 'serviceinfo', 'linesinfo', 'log', 'analysis', 'bill'].map((m) => `portal:${m}:operation:*`);

export type Spies = Record<string, ReturnType<typeof vi.fn>>;

/** Custom verbs answering with `replies`; each becomes a spy. */
export function spies(replies: Record<string, (...args: never[]) => unknown>): Spies {
  return Object.fromEntries(Object.entries(replies).map(([k, f]) => [k, vi.fn(f as (...a: unknown[]) => unknown)]));
}

export function renderPage(
  page: ReactElement,
  methods: Spies,
  { locale = 'en', withLanguageSwitch = false, store }: { locale?: 'en' | 'zh'; withLanguageSwitch?: boolean; store?: Store } = {},
) {
  const dataProvider = { ...testDataProvider(), ...methods } as unknown as DataProvider;
  const utils = renderInAdmin(
    <>
      {withLanguageSwitch && <LanguageSwitch />}
      {page}
    </>,
    { dataProvider, locale, store },
  );
  return { ...utils, methods };
}

/** Captures what CsvButton saves: the CSV text of each export. */
export function captureCsv(): { texts: () => Promise<string[]> } {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:test'));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { texts: () => Promise.all(blobs.map(async (b) => (await b.text()).replace('\uFEFF', ''))) };
}

/** Clicks the export button `testId`; the first `lines` lines of the first CSV saved. */
export async function exportedLines(csv: ReturnType<typeof captureCsv>, testId: string, lines = 2): Promise<string[]> {
  await userEvent.click(screen.getByTestId(testId));
  const [text] = await csv.texts();
  return text.split('\r\n').slice(0, lines);
}

/** A call the server refuses with `msg` (code "1"). */
export const refusedWith = (msg: string) => async () => Promise.reject(new PortalApiError(msg, '1', 200));
/** A call that fails without an answer (network, bug): `msg` must not be shown. */
export const brokenWith = (msg: string) => async () => Promise.reject(new Error(msg));
