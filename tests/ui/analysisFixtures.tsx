/**
 * Shared fixtures of the analysis UI tests: a signed-in acme user, known server replies, and a render
 * helper with a data provider whose analysis methods are spies.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { AnalysisScreen } from '../../resources/traffic/analysis/AnalysisScreen';
import { LanguageSwitch } from '../../src/layout/LanguageSwitch';
import type { trafficMethods } from '../../dataProviders/api/traffic';
import type {
  AnalysisVariant,
  CountDetail,
  HitRateList,
  IpList,
  RankedList,
  StatusData,
  UrlTopList,
  UserListAll,
  UserListCn,
} from '../../common/wire/traffic/index';
import { renderInAdmin, signInUser } from './harness';

// jsdom has no ResizeObserver; recharts' ResponsiveContainer needs one (it then draws at size 0).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Text of every cell of a Datagrid, row by row. */
export async function tableRows(testId: string): Promise<string[][]> {
  const table = await screen.findByTestId(testId, {}, { timeout: 5000 });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

export const ALL_TABS = [
  'portal:overview:view:*',
  'portal:log:view:*',
  ...['top', 'hit', 'client', 'source', 'status', 'ip', 'distribution'].map((t) => `portal:log:${t}:*`),
];

export function signInAcme(permissionList: string[] = ALL_TABS) {
  signInUser({
    uid: 'u-acme',
    email: 'ops@acme.example',
    role: 'user',
    accountChild: [
      { account: 'acme_video', accountName: 'Acme Video', accountChild: [] },
      { account: 'acme_static', accountName: 'Acme Static', accountChild: [] },
    ],
    permissionList,
  });
}

/** The frozen clock of the analysis tests (local time): Thursday 2026-05-14 10:07:31. */
export const NOW = new Date(2026, 4, 14, 10, 7, 31);
/**
 * Registers the hooks of a page test: the clock (Date only) frozen at NOW and acme signed in with
 * `permissionList` before each test; real time and restored spies after it.
 */
export function signedInAtNow(permissionList?: string[]) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signInAcme(permissionList);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** A 5-minute bucket inside today's range (seconds, as on the wire): 09:00. */
export const T0 = new Date(2026, 4, 14, 9, 0, 0).getTime() / 1000;

export const replies = {
  options: {
    domainMap: { acme: ['www.acme.example'], acme_video: ['video.acme.example'], acme_static: ['static.acme.example'] },
    providerMap: { 'cdn-a': 'Line A', 'cdn-b': 'Line B' },
    domainList: [],
    providerList: [
      { name: 'Line A', value: 'cdn-a' },
      { name: 'Line B', value: 'cdn-b' },
    ],
  },
  pullDown: {
    all: {
      continent: [{ name: 'Asia', value: 'Asia' }],
      country: [
        { name: 'CN', value: 'CN' },
        { name: 'US', value: 'US' },
      ],
    },
    cn: { province: [{ name: 'Guangdong', value: 'Guangdong' }], isp: [{ name: 'China Telecom', value: 'China Telecom' }] },
  },
  simple: {
    total: 1_234_567,
    avg: 4286.69,
    current: 3_900,
    max: 12_345,
    min: 0,
    histogramList: [{ key: T0, value: 12_345 }],
    urltermsList: [],
    HIT: 0,
    MISS: 0,
    hitPercent: 0,
    agentList: [],
    referrerList: [],
    ipCount: 0,
    independentIPList: [],
    userDistributionList: [],
    statusCode0: 0,
    statusCode1: 0,
    statusCode2: 0,
    statusCode3: 0,
    statusCode4: 0,
    statusCode5: 0,
  },
  bandAndFlow: { bandAndFlowList: [{ timestamp: T0, flow: 1_961_250_000, bandwidth: 52_300_000 }], totalFlow: 1_961_250_000 },
  count: {
    count: {
      request: 1_234_567,
      flow: 9_876_543_210,
      hit: 1_000_000,
      miss: 234_567,
      hitFlow: 9e9,
      missFlow: 876_543_210,
      hitPercent: 81.0,
      byteHitPercent: 91.13,
      peakBandwidth: 52_300_000,
      peakTime: T0,
    },
    listTC: [
      {
        recordTime: T0,
        request: 600_000,
        hit: 500_000,
        miss: 100_000,
        status: { statusCode0: 0, statusCode1: 0, statusCode2: 560_000, statusCode3: 30_000, statusCode4: 9_000, statusCode5: 1_000 },
      },
    ],
    listBT: [{ recordTime: T0, flow: 5e9, bandwidth: 52_300_000 }],
  } satisfies CountDetail,
  urlTop: {
    count: 1_234_567,
    list: [
      { url: '/video/intro.mp4', request: 456_789, flow: 4_500_000_000, percent: 37 },
      { url: '/index.html', request: 1_500, flow: 2_048, percent: 0.12 },
    ],
  } satisfies UrlTopList,
  hitRate: {
    hitList: [
      { recordTime: T0, value: 750, percent: 75 },
      { recordTime: T0 + 300, value: 2, percent: 66.67 },
    ],
    missList: [
      { recordTime: T0, value: 250, percent: 25 },
      { recordTime: T0 + 300, value: 1, percent: 33.33 },
    ],
    hit: 752,
    miss: 251,
    hitPercent: 74.98,
    missPercent: 25.02,
  } satisfies HitRateList,
  agents: {
    count: 3_000,
    list: [
      { name: 'curl/8.5.0', request: 2_000, flow: 3_000_000, percent: 66.67 },
      { name: '', request: 1_000, flow: 1_000, percent: 33.33 },
    ],
  } satisfies RankedList,
  status: {
    list: [
      { code: 200, value: 9_000, percent: 90 },
      { code: 404, value: 900, percent: 9 },
      { code: 502, value: 99, percent: 0.99 },
      { code: 499, value: 1, percent: 0.01 },
    ],
    statusCode0: 0,
    statusCode1: 0,
    statusCode2: 9_000,
    statusCode3: 0,
    statusCode4: 901,
    statusCode5: 99,
  } satisfies StatusData,
  ips: {
    count: 4_321,
    listAll: [{ ip: '73.1.2.3', request: 12_345, flow: 2_500_000, country: 'US', province: '', isp: 'Comcast' }],
    listCN: [{ ip: '14.16.0.9', request: 999, flow: 1_000, country: 'CN', province: 'Guangdong', isp: 'China Telecom' }],
  } satisfies IpList,
  userAll: {
    count: 10_000,
    continentList: [
      { name: 'Asia', value: 8_000, percent: 80 },
      { name: 'Europe', value: 2_000, percent: 20 },
    ],
    countryList: [
      { name: 'CN', value: 7_000, percent: 70 },
      { name: 'DE', value: 2_000, percent: 20 },
      { name: 'JP', value: 1_000, percent: 10 },
    ],
  } satisfies UserListAll,
  userCn: {
    count: 10_000,
    countCN: 7_000,
    ispList: [{ name: 'China Telecom', value: 7_000, percent: 100 }],
    provinceList: [
      { name: 'Guangdong', value: 5_000, percent: 71.43 },
      { name: 'Inner Mongolia', value: 2_000, percent: 28.57 },
    ],
  } satisfies UserListCn,
};

type Methods = typeof trafficMethods;

/** Analysis methods answering the known replies; override any of them per test. */
export function analysisProvider(overrides: Partial<{ [K in keyof Methods]: Methods[K] }> = {}) {
  const methods = {
    analysisOptions: vi.fn(async () => replies.options),
    pullDownOffline: vi.fn(async () => replies.pullDown),
    analysisCount: vi.fn(async () => replies.count),
    analysisUrlTop: vi.fn(async () => replies.urlTop),
    analysisHitRate: vi.fn(async () => replies.hitRate),
    analysisAgent: vi.fn(async () => replies.agents),
    analysisSource: vi.fn(async () => replies.agents),
    analysisStatusCode: vi.fn(async () => replies.status),
    analysisIndependentIp: vi.fn(async () => replies.ips),
    analysisUserAll: vi.fn(async () => replies.userAll),
    analysisUserCn: vi.fn(async () => replies.userCn),
    analysisCurve: vi.fn(async () => []),
    analysisSimple: vi.fn(async () => replies.simple),
    bandAndFlow: vi.fn(async () => replies.bandAndFlow),
    ...Object.fromEntries(Object.entries(overrides).map(([k, f]) => [k, vi.fn(f as (...a: unknown[]) => unknown)])),
  };
  return methods as unknown as { [K in keyof typeof methods]: ReturnType<typeof vi.fn> };
}

export function renderScreen(
  variant: AnalysisVariant,
  methods = analysisProvider(),
  locale: 'en' | 'zh' = 'en',
  withLanguageSwitch = false,
) {
  const dataProvider = { ...testDataProvider(), ...methods } as unknown as DataProvider;
  const utils = renderInAdmin(
    <>
      {withLanguageSwitch && <LanguageSwitch />}
      <AnalysisScreen variant={variant} />
    </>,
    { dataProvider, locale },
  );
  return { ...utils, methods };
}
