import type { PortalConfig } from '../../server/config';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers';
import { seedTenants } from '../../server/demo/tenants';
import { randomStream } from '../../server/demo/trafficPlan';
import { ensureTrafficSchema } from '../../server/stores/traffic/schema';
import { allRollupTables } from '../../server/stores/traffic/rollups';

/**
 * A small access-log data set with known values for the analysis tests: rows generated here in
 * JavaScript (seeded, so every run is the same), inserted through the engine (the rollups fill
 * on insert), and the expectations computed from the same rows with plain JavaScript.
 */
export interface LogRow {
  ts: number;
  account: string;
  domain: string;
  url: string;
  method: string;
  status: number;
  bytes: number;
  request_time: number;
  cache_hit: number;
  client_ip: string;
  continent: string;
  country: string;
  province: string;
  isp: string;
  user_agent: string;
  referer: string;
  provider: string;
  edge_node: string;
}

export const DOMAINS = [
  { domain: 'a1.acme.test', account: 'acme', hit: 0.9 },
  { domain: 'a2.acme.test', account: 'acme', hit: 0.7 },
  { domain: 'v1.video.test', account: 'acme_video', hit: 0.8 },
  { domain: 'g1.globex.test', account: 'globex', hit: 0.6 },
];
const URLS = Array.from({ length: 15 }, (_, i) => `/path/${i}.jpg${i % 4 === 0 ? '?v=1' : ''}`);
const STATUSES = [200, 200, 200, 200, 200, 206, 301, 304, 404, 403, 500, 502, 99, 600];
const AGENTS = ['Chrome/120', 'Safari/17', 'curl/8.0', 'okhttp/4.9', 'Firefox/121'];
const REFERERS = ['', '', 'https://a.example/', 'https://b.example/x', 'https://c.example/', 'https://d.example/'];
const PROVIDERS = ['cdn-a', 'cdn-a', 'cdn-b', 'cdn-c'];
const PROVINCES = ['Guangdong', 'Beijing', 'Shanghai', 'Zhejiang', 'Sichuan'];
const ISPS = ['China Telecom', 'China Unicom', 'China Mobile', 'Other'];
const ABROAD = [
  { country: 'US', continent: 'North America' },
  { country: 'DE', continent: 'Europe' },
  { country: 'JP', continent: 'Asia' },
];

/** Start of the data: midnight UTC three days ago (inside every retention). */
export const DAY0 = Math.floor(Date.now() / 1000 / 86400) * 86400 - 3 * 86400;

export function generateRows(count = 3000, seed = 42): LogRow[] {
  const r = randomStream(seed);
  const pick = <T>(xs: readonly T[], skew = 1) => xs[Math.min(xs.length - 1, Math.floor(xs.length * Math.pow(r(), skew)))];
  const ipGeo = new Map<string, { continent: string; country: string; province: string; isp: string }>();
  const rows: LogRow[] = [];
  for (let i = 0; i < count; i++) {
    const d = pick(DOMAINS, 1.5);
    const ipN = Math.floor(Math.pow(r(), 2) * 300);
    const ip = `10.${Math.floor(ipN / 256)}.${ipN % 256}.${((ipN * 7) % 250) + 1}`;
    if (!ipGeo.has(ip)) {
      const cn = r() < 0.6;
      const abroad = pick(ABROAD);
      ipGeo.set(
        ip,
        cn ? { continent: 'Asia', country: 'CN', province: pick(PROVINCES), isp: pick(ISPS) } : { ...abroad, province: '', isp: 'Other' },
      );
    }
    rows.push({
      // Two days of second-precision times (so that 5-minute edges have rows on both sides).
      ts: DAY0 + Math.floor(r() * 2 * 86400),
      account: d.account,
      domain: d.domain,
      url: pick(URLS, 2),
      method: 'GET',
      status: pick(STATUSES),
      bytes: 100 + Math.floor(r() * 100_000),
      request_time: Math.floor(r() * 500),
      cache_hit: r() < d.hit ? 1 : 0,
      client_ip: ip,
      ...ipGeo.get(ip)!,
      user_agent: pick(AGENTS, 1.5),
      referer: pick(REFERERS),
      provider: pick(PROVIDERS),
      edge_node: `edge-${i % 3}`,
    });
  }
  return rows;
}

/** Empties every traffic table (base and rollups) and inserts the rows. */
export async function loadRows(app: FastifyInstance, rows: LogRow[]): Promise<void> {
  for (const t of ['traffic.access_log', ...allRollupTables()]) await app.traffic.exec(`TRUNCATE TABLE IF EXISTS ${t}`);
  const lines = rows
    .map((row) => JSON.stringify({ ...row, ts: new Date(row.ts * 1000).toISOString().slice(0, 19).replace('T', ' ') }))
    .join('\n');
  await app.traffic.insertRaw('traffic.access_log', Buffer.from(lines), 'JSONEachRow');
}

/** A server with the demo tenants and users only, and the given traffic. */
export async function analysisApp(rows: LogRow[], overrides: Partial<PortalConfig> = {}): Promise<FastifyInstance> {
  const app = await makeApp({ demo: false, ...overrides });
  await seedTenants.run(app);
  await ensureTrafficSchema(app.traffic);
  await loadRows(app, rows);
  return app;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC. */
export const utcText = (epoch: number, withSeconds = true) =>
  new Date(epoch * 1000)
    .toISOString()
    .slice(0, withSeconds ? 19 : 16)
    .replace('T', ' ');

export interface Expect {
  rows: LogRow[];
}

/** Rows of a half-open range [start, end) and a predicate. */
export const rowsIn = (rows: LogRow[], start: number, end: number, keep: (r: LogRow) => boolean = () => true) =>
  rows.filter((r) => r.ts >= start && r.ts < end && keep(r));

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const pct2 = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);
