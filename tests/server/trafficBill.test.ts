import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, signIn } from './helpers';
import { analysisApp, DAY0, generateRows, type LogRow } from './analysisFixture';
import type { BillDetail, BillOverview, BillSum } from '../../common/wire/traffic/index';

/**
 * Bills on a data set with known 5-minute samples: b1.acme.test has one heavy request in each of
 * the 576 five-minute buckets of two days (about 12 000 GB in all, so the month crosses the first
 * traffic tier), b2.acme.test a little traffic, and globex traffic acme must never be billed for.
 */
const template = generateRows(1, 1)[0];
/** `n` rows of one domain from the template, the i-th with the time and bytes `at(i)`. */
const rowsOf = (n: number, account: string, domain: string, at: (i: number) => Pick<LogRow, 'ts' | 'bytes'>): LogRow[] =>
  Array.from({ length: n }, (_, i) => ({ ...template, account, domain, ...at(i) }));
const heavy = rowsOf(576, 'acme', 'b1.acme.test', (i) => ({ ts: DAY0 + i * 300 + 7, bytes: (1 + ((i * 37) % 576)) * 72_000_000 }));
const light = rowsOf(20, 'acme', 'b2.acme.test', (i) => ({ ts: DAY0 + i * 3600, bytes: 5_000_000 }));
const foreign = rowsOf(10, 'globex', 'gb.globex.test', (i) => ({ ts: DAY0 + i * 600, bytes: 9e12 }));

/** The documented price model, computed independently here. */
const TIERS = [
  [10_000, 0.24],
  [50_000, 0.23],
  [100_000, 0.21],
  [Infinity, 0.18],
] as const;
function tiered(bytes: number): number {
  const gb = bytes / 1e9;
  let lower = 0;
  let cost = 0;
  for (const [upper, price] of TIERS) {
    cost += price * Math.max(0, Math.min(gb, upper) - lower);
    lower = upper;
  }
  return cost;
}
const round2 = (x: number) => Math.round(x * 100) / 100;

const month = new Date(DAY0 * 1000).toISOString().slice(0, 7);
const monthStart = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) / 1000;
const monthEnd = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1) / 1000;
const query = { startMonth: month, endMonth: month, timeZone: 'UTC' };

let app: FastifyInstance;
let acme: string;
beforeAll(async () => {
  app = await analysisApp([...heavy, ...light, ...foreign]);
  acme = await signIn(app, 'acme');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function bill<T>(url: string, payload: object = query): Promise<T> {
  const res = await call(app, acme, { method: 'POST', url, payload, headers: { 'x-portal-lang': 'en' } });
  expect(res.body.code, `${url}: ${res.body.msg}`).toBe('0');
  return res.body.data as T;
}

/** 95th-percentile bandwidth (bps) of b1 and its fee, for the month's 5-minute count so far. */
function p95(now: number) {
  const n = Math.max(1, Math.floor((Math.min(monthEnd, now) - monthStart) / 300));
  const sorted = heavy.map((r) => r.bytes).sort((a, b) => b - a);
  const sample = sorted[Math.floor(n * 0.05)] ?? 0;
  const bps = Math.round((sample * 8) / 300);
  const fee = round2((((sample * 8) / 300 / 1e6) * 30 * (n * 300)) / (monthEnd - monthStart));
  return { bps, fee };
}

describe('bills', () => {
  it('billSum: tiered traffic fee and 95th-percentile bandwidth per domain and month', async () => {
    const before = Math.floor(Date.now() / 1000);
    const sumReply = await bill<BillSum>('/api/bill/billSum');
    const after = Math.floor(Date.now() / 1000);
    expect(sumReply.list.map((r) => r.domain)).toEqual(['b1.acme.test', 'b2.acme.test']);
    const b1 = sumReply.list[0];
    const flow = heavy.reduce((a, r) => a + r.bytes, 0);
    expect(b1).toMatchObject({ month, account: 'acme', flow, request: 576 });
    expect(flow / 1e9).toBeGreaterThan(10_000); // the month crosses the first tier
    expect(b1.trafficFee).toBe(round2(tiered(flow)));
    expect(b1.peakBandwidth).toBe(Math.round((576 * 72_000_000 * 8) / 300));
    // The server's "now" lies between before and after: either count of 5-minute samples.
    expect([p95(before), p95(after)].map((x) => x.bps)).toContain(b1.p95Bandwidth);
    expect([p95(before), p95(after)].map((x) => x.fee)).toContain(b1.bandwidthFee);
    expect(b1.p95Bandwidth).toBeGreaterThan(0);
    expect(b1.p95Bandwidth).toBeLessThan(b1.peakBandwidth);
    expect(sumReply.total.flow).toBe(flow + 20 * 5_000_000);
    expect(sumReply.total.trafficFee).toBe(round2(tiered(flow) + tiered(20 * 5_000_000)));
    expect(sumReply.priceModel.currency).toBe('yuan');
  });

  it('billDetail: the days of a month add up to the month', async () => {
    const detail = await bill<BillDetail>('/api/bill/billDetail');
    const b1 = detail.list.filter((r) => r.domain === 'b1.acme.test');
    const day = (i: number) => new Date((DAY0 + i * 86400) * 1000).toISOString().slice(0, 10);
    expect(b1.map((r) => r.date)).toEqual([day(0), day(1)]);
    const d1 = heavy.slice(0, 288).reduce((a, r) => a + r.bytes, 0);
    const d2 = heavy.slice(288).reduce((a, r) => a + r.bytes, 0);
    expect(b1.map((r) => r.flow)).toEqual([d1, d2]);
    // Day 2 is priced from where day 1 left the month-to-date total.
    expect(b1[0].trafficFee).toBe(round2(tiered(d1)));
    expect(b1[1].trafficFee).toBe(round2(tiered(d1 + d2) - tiered(d1)));
    expect(Math.abs(b1[0].trafficFee + b1[1].trafficFee - round2(tiered(d1 + d2)))).toBeLessThanOrEqual(0.01);
    expect(detail.list.some((r) => r.domain === 'gb.globex.test')).toBe(false);
  });

  it('overview: monthly totals of all domains; months validated', async () => {
    const ov = await bill<BillOverview>('/api/bill/overview');
    expect(ov.months).toHaveLength(1);
    expect(ov.months[0]).toMatchObject({ month, domainCount: 2, request: 596 });
    const sumReply = await bill<BillSum>('/api/bill/billSum');
    expect(ov.total.trafficFee).toBe(sumReply.total.trafficFee);
    expect(ov.total.bandwidthFee).toBe(sumReply.total.bandwidthFee);
    const bad = await call(app, acme, {
      method: 'POST',
      url: '/api/bill/billSum',
      payload: { startMonth: '2026-13', endMonth: '2026-01' },
      headers: { 'x-portal-lang': 'en' },
    });
    expect(bad.body.code).toBe('1');
    const globex = await signIn(app, 'globex');
    const theirs = await call(app, globex, { method: 'POST', url: '/api/bill/billSum', payload: query });
    expect((theirs.body.data as BillSum).list.map((r) => r.domain)).toEqual(['gb.globex.test']);
  });
});
