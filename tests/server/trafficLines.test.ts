import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { DEMO_LINES } from '../../server/demo/trafficLines';
import type { BandwidthPoint, LineArea, LineInfo, LineSummary } from '../../dataProviders/api/traffic';

type App = Awaited<ReturnType<typeof makeApp>>;
let app: App;
const cookies: Record<string, string> = {};
const post = (user: string, url: string, payload: Record<string, unknown> = {}, lang = 'en') =>
  call(app, cookies[user], { method: 'POST', url, payload, headers: { 'x-portal-lang': lang } });

/** The last two whole hours, in epoch seconds. */
let END = 0;
let START = 0;

beforeAll(async () => {
  app = await makeApp();
  for (const u of ['acme', 'globex', 'acme_viewer', 'nobody', 'admin']) cookies[u] = await signIn(app, u);
  const [row] = await app.traffic.query<{ last: number }>('SELECT toUInt32(max(ts)) AS last FROM traffic.line_bandwidth_1m');
  END = Math.floor(Number(row.last) / 3600) * 3600;
  START = END - 2 * 3600;
});
afterAll(async () => {
  await app.close();
});

describe('lines', () => {
  it('lists the lines with places in the caller’s language, the same for every customer', async () => {
    const en = (await post('acme', '/api/line/init')).body;
    expect(en.code).toBe('0');
    const lines = en.data as LineInfo[];
    expect(lines.map((l) => l.code)).toEqual(DEMO_LINES.map((l) => l.code).sort());
    const bj = lines.find((l) => l.code === 'cn-bj-01')!;
    expect(bj).toMatchObject({
      name: 'Beijing 1',
      nameZh: '北京一号线',
      address: 'Jiuxianqiao Road, Chaoyang District, Beijing',
      country: 'CN',
      province: 'Beijing',
      capacity: 400e9,
    });
    for (const l of lines) {
      const [lng, lat] = l.coordinates.split(',').map(Number);
      expect(Math.abs(lng)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
    const zh = (await post('acme', '/api/line/init', {}, 'zh')).body.data as LineInfo[];
    expect(zh.find((l) => l.code === 'cn-bj-01')).toMatchObject({ name: '北京一号线', address: '北京市朝阳区酒仙桥路' });
    expect((await post('globex', '/api/line/init')).body.data).toEqual(lines);
  });

  it('GET /cloud/line/area/query gives code, coordinates and address', async () => {
    const res = await call(app, cookies.globex, { method: 'GET', url: '/cloud/line/area/query', headers: { 'x-portal-lang': 'en' } });
    const areas = res.body.data as LineArea[];
    expect(areas).toHaveLength(DEMO_LINES.length);
    for (const a of areas) expect(Object.keys(a).sort()).toEqual(['address', 'code', 'coordinates']);
    expect(areas.find((a) => a.code === 'us-lax-01')).toEqual({
      code: 'us-lax-01',
      coordinates: '-118.2551,34.0489',
      address: '624 S Grand Ave, Los Angeles, CA 90017, USA',
    });
  });

  it('gives 1-minute and 5-minute bandwidth in bit/s with timestamps in seconds', async () => {
    const minutes = (await post('acme', '/api/line/data', { code: 'cn-sh-01', startTime: START, endTime: END - 1 })).body
      .data as BandwidthPoint[];
    expect(minutes).toHaveLength(120);
    expect(minutes[0].timestamp).toBe(START);
    minutes.forEach((p, i) => {
      expect(p.timestamp).toBe(START + i * 60);
      expect(p.outgoingBandWidth).toBeGreaterThan(p.incomingBandWidth);
      expect(p.incomingBandWidth).toBeGreaterThan(0);
    });
    const five = (await post('acme', '/api/line/sdwandata', { code: 'cn-sh-01', startTime: START, endTime: END - 1 })).body
      .data as BandwidthPoint[];
    expect(five).toHaveLength(24);
    five.forEach((p, i) => {
      expect(p.timestamp).toBe(START + i * 300);
      const inBucket = minutes.slice(i * 5, i * 5 + 5);
      const avg = (k: 'outgoingBandWidth' | 'incomingBandWidth') => inBucket.reduce((a, m) => a + m[k], 0) / 5;
      expect(Math.abs(p.outgoingBandWidth - avg('outgoingBandWidth'))).toBeLessThanOrEqual(3);
      expect(Math.abs(p.incomingBandWidth - avg('incomingBandWidth'))).toBeLessThanOrEqual(3);
    });
  });

  it('POST /linesapi/static_data answers raw per-line statistics', async () => {
    const res = await post('acme', '/linesapi/static_data', { startTime: START, endTime: END - 1 });
    // No envelope: the body is the array itself.
    expect(Array.isArray(res.body)).toBe(true);
    const stats = res.body as unknown as LineSummary[];
    expect(stats).toHaveLength(DEMO_LINES.length);
    const sh = stats.find((s) => s.code === 'cn-sh-01')!;
    const [sql] = await app.traffic.query<{ peak: number; avg: number }>(
      `SELECT max(out_bps) AS peak, avg(out_bps) AS avg FROM traffic.line_bandwidth_1m
       WHERE line = 'cn-sh-01' AND ts >= toDateTime({a:UInt32}) AND ts < toDateTime({b:UInt32})`,
      { a: START, b: END },
    );
    expect(sh.peakOut).toBe(Math.round(Number(sql.peak)));
    expect(Math.abs(sh.avgOut - Number(sql.avg))).toBeLessThanOrEqual(1);
    expect(sh.p95Out).toBeLessThanOrEqual(sh.peakOut);
    expect(sh.p95Out).toBeGreaterThanOrEqual(sh.avgOut * 0.8);
    expect(sh.peakUtilization).toBeCloseTo((sh.peakOut / sh.capacity) * 100, 1);
  });

  it('explains an unknown line and a range that is too long', async () => {
    expect((await post('acme', '/api/line/data', { code: 'xx-none' })).body).toMatchObject({ code: '1', msg: 'Lines is null' });
    expect((await post('acme', '/api/line/data', { code: 'cn-sh-01', startTime: END - 10 * 86400, endTime: END })).body).toMatchObject({
      code: '1',
      msg: 'Range too long: at most 7 days at 1-minute resolution and 31 days at 5 minutes',
    });
    // No range: the last 24 hours (up to 288 five-minute points; the newest may not be written yet under
    // load, so well over the 144 of 12 hours is what tells the default range).
    const day = (await post('acme', '/api/line/sdwandata', { code: 'hk-01' })).body.data as BandwidthPoint[];
    expect(day.length).toBeGreaterThanOrEqual(250);
    expect(day.length).toBeLessThanOrEqual(289);
  });

  it('needs the linesinfo right', async () => {
    expect((await post('nobody', '/api/line/init')).body.code).toBe('403');
    expect((await post('acme_viewer', '/api/line/data', { code: 'cn-sh-01' })).body.code).toBe('403');
    expect((await call(app, cookies.nobody, { method: 'GET', url: '/cloud/line/area/query' })).body.code).toBe('403');
    expect((await post('nobody', '/linesapi/static_data')).body.code).toBe('403');
    expect((await call(app, null, { method: 'POST', url: '/api/line/init' })).status).toBe(401);
    expect((await post('admin', '/api/line/init')).body.code).toBe('0');
  });
});
