import type { DemoSeeder } from './index';
import type { ConfigDb } from '../stores/config/db';
import type { TrafficEngine } from '../stores/traffic/engine';
import { insertIppEntry, ippChallenge, markIppProofVerified, type IppEntryFields } from '../stores/config/ipProtection';
import { lastIppTrafficSecond, seedIppTraffic, type DemoIppSeries } from '../stores/traffic/ipProtection';
import { demoSeeded } from '../stores/config/shellDemo';
import { topUpToNow } from './liveTraffic';
import { runIppDetector } from '../lib/ippDetector';
import { normalizePorts, type IppStatus } from '../../common/rules/ipProtection';

/**
 * Demo IP protection (issue #19): protected origin IPs of acme (and its sub-accounts) and globex in
 * several states, 7 days of network traffic per IP with daily patterns and a few attacks, and the
 * alarms the detector finds in those samples (not canned rows). Every IP is from the documentation
 * ranges (the outbound guard refuses them: a check of a demo entry sends nothing) and belongs to its
 * tenant: an origin of a demo domain or website, or proven (PROVEN, a verified proof as if its file
 * had been served).
 */

interface DemoEntry {
  account: string;
  fields: Omit<IppEntryFields, 'ports' | 'ranges'> & { ports: number[]; ranges: Array<{ start: number; end: number }> };
  status: IppStatus;
  series: Omit<DemoIppSeries, 'ip'>;
}

const entry = (
  account: string,
  originIp: string,
  cnamePrefix: string,
  preset: '' | 'server' | 'web',
  ports: number[],
  ranges: Array<{ start: number; end: number }>,
  status: IppStatus,
  series: DemoEntry['series'],
  remark = '',
): DemoEntry => ({
  account,
  status,
  series,
  fields: { originIp, protocol: 'TCP', cnamePrefix, preset, ports, ranges, remark },
});

export const DEMO_IPP: DemoEntry[] = [
  entry(
    'acme',
    '203.0.113.30',
    'acme-web',
    'web',
    [8080],
    [],
    'configured',
    {
      mbps: 400,
      attacks: [
        { agoMinutes: 2 * 1440 + 300, minutes: 35, protocol: 'tcp', times: 12 },
        { agoMinutes: 5 * 1440 + 100, minutes: 18, protocol: 'udp', times: 9 },
      ],
    },
    'Main website',
  ),
  entry(
    'acme_video',
    '198.51.100.12',
    'acme-video',
    'server',
    [1935],
    [{ start: 8000, end: 8019 }],
    'configured',
    {
      mbps: 900,
      attacks: [{ agoMinutes: 1440 + 600, minutes: 50, protocol: 'udp', times: 8 }],
    },
    'Live ingest',
  ),
  entry('acme_static', '203.0.113.207', 'acme-static', 'web', [], [], 'originToBeChecked', {
    mbps: 150,
    attacks: [{ agoMinutes: 3 * 1440 + 45, minutes: 12, protocol: 'icmp', times: 15 }],
  }),
  entry(
    'acme',
    '203.0.113.208',
    'acme-game',
    '',
    [7000],
    [{ start: 7100, end: 7199 }],
    'disabled',
    { mbps: 60, attacks: [] },
    'Game servers',
  ),
  entry(
    'globex',
    '192.0.2.80',
    'globex-shop',
    'web',
    [],
    [],
    'configured',
    {
      mbps: 300,
      attacks: [{ agoMinutes: 4 * 1440 + 200, minutes: 25, protocol: 'tcp', times: 10 }],
    },
    'Shop',
  ),
  entry('globex', '192.0.2.11', 'globex-api', 'server', [9443], [], 'configured', { mbps: 120, attacks: [] }),
];

/** Demo entries whose IP is proven by a verification file (the others are origins of demo domains and websites). */
const PROVEN: Array<[account: string, ip: string]> = [
  ['acme_static', '203.0.113.207'],
  ['acme', '203.0.113.208'],
];

const series = (): DemoIppSeries[] => DEMO_IPP.map((e) => ({ ip: e.fields.originIp, ...e.series }));

/** Demo mode: extends the demo samples to the present minute (at most a day back), like the host metrics. */
export async function topUpDemoIppTraffic(engine: TrafficEngine, db: ConfigDb, now = Date.now()): Promise<number> {
  if (!(await demoSeeded(db, 'ipp'))) return 0;
  const last = await lastIppTrafficSecond(
    engine,
    DEMO_IPP.map((e) => e.fields.originIp),
  );
  // attacks stay in the past: the top-up adds normal traffic only
  return topUpToNow(last, now, (end, minutes) =>
    seedIppTraffic(
      engine,
      series().map((s) => ({ ...s, attacks: [] })),
      end,
      minutes,
    ),
  );
}

export const seedIpp: DemoSeeder = {
  name: 'ipp',
  async run(app) {
    for (const [account, ip] of PROVEN) {
      await ippChallenge(app.db, account, ip, `demo-proof-${account}`);
      await markIppProofVerified(app.db, account, ip);
    }
    for (const e of DEMO_IPP) {
      const { ports, ranges } = normalizePorts(e.fields.ports, e.fields.ranges, e.fields.preset);
      await insertIppEntry(app.db, e.account, { ...e.fields, ports, ranges }, e.status, null);
    }
    await seedIppTraffic(app.traffic, series());
    await runIppDetector(app.db, app.traffic);
  },
};
