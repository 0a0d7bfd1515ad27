/**
 * Shared helpers of the overview / service-info / lines / log / ranking / bill UI tests: a signed-in
 * acme user, a render helper whose data provider custom verbs are spies, and table readers.
 */
import { expect, vi } from 'vitest';
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

/** Renders `page` with `methods` until the element `testId` shows `text` (an empty or error state), then unmounts it; its spies. */
export async function expectShown(page: ReactElement, methods: Spies, testId: string, text: string) {
  const rendered = renderPage(page, methods);
  expect(await screen.findByTestId(testId)).toHaveTextContent(text);
  rendered.unmount();
  return rendered.methods;
}

/**
 * Captures what CsvButton saves: the CSV text of each export; `exported` clicks the export button `testId`
 * and gives the first `lines` lines of the first CSV saved.
 */
export function captureCsv(): { texts: () => Promise<string[]>; exported: (testId: string, lines?: number) => Promise<string[]> } {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:test'));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const texts = () => Promise.all(blobs.map(async (b) => (await b.text()).replace('\uFEFF', '')));
  return {
    texts,
    exported: async (testId, lines = 2) => {
      await userEvent.click(screen.getByTestId(testId));
      const [text] = await texts();
      return text.split('\r\n').slice(0, lines);
    },
  };
}

/** Data-provider calls that fail: refused by the server with `msg` (code "1"), or broken without an answer (`msg` not shown). */
export const failing = {
  refused: (msg: string) => async () => Promise.reject(new PortalApiError(msg, '1', 200)),
  broken: (msg: string) => async () => Promise.reject(new Error(msg)),
};

/**
 * The page with one call failing (`failingWith` puts it among the methods): refused, `testId` shows the
 * server's `msg`; broken, 'An unknown error'.
 */
export async function expectCallErrors(
  page: ReactElement,
  failingWith: (call: () => Promise<never>) => Spies,
  testId: string,
  msg: string,
) {
  await expectShown(page, failingWith(failing.refused(msg)), testId, msg);
  await expectShown(page, failingWith(failing.broken('socket hang up')), testId, 'An unknown error');
}
