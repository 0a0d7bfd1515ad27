/**
 * Shared helpers of the overview / service-info / lines / log / ranking / bill UI tests: a signed-in
 * acme user, a render helper whose data provider custom verbs are spies, and table readers.
 */
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { testDataProvider, type DataProvider, type Store } from 'react-admin';
import { LanguageSwitch } from '../../src/layout/LanguageSwitch';
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
