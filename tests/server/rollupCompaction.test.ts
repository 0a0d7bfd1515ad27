import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers';
import { compactClosedPartitions } from '../../server/stores/traffic/compaction';

type App = Awaited<ReturnType<typeof makeApp>>;
let app: App;
const NOW = new Date();
const DAY = 86_400;
const nowS = Math.floor(NOW.getTime() / 1000);
const startOfToday = Math.floor(nowS / DAY) * DAY;
const yesterdayId = new Date((startOfToday - DAY) * 1000).toISOString().slice(0, 10).replace(/-/g, '');

async function insert(ts: number, n: number, url: string) {
  // One INSERT: one new part in the base table and in each rollup it feeds.
  await app.traffic.exec(
    `INSERT INTO traffic.access_log (ts, account, domain, url, method, status, bytes, cache_hit, client_ip, country, provider)
     SELECT toDateTime({ts:UInt32} + number % 600, 'UTC'), 'acme', 'www.acme-compact.com', concat({url:String}, toString(number % 7)), 'GET',
       if(number % 10 = 0, 404, 200), 1000 + number, number % 2, toIPv4(167772160 + number % 50), 'CN', 'cdn-a'
     FROM numbers({n:UInt32})`,
    { ts, n, url },
  );
}

const parts = (where: string, params: Record<string, unknown> = {}) =>
  app.traffic.query<{ table: string; partition_id: string; n: number | string }>(
    `SELECT table, partition_id, count() AS n FROM system.parts WHERE active AND database = 'traffic' AND startsWith(table, 'r_') AND ${where}
     GROUP BY table, partition_id ORDER BY table, partition_id`,
    params,
  );

const figures = async () => ({
  totals: await app.traffic.query('SELECT bucket, sum(requests) AS r, sum(bytes) AS b, sum(s4) AS s4 FROM traffic.r_totals_1h GROUP BY bucket ORDER BY bucket'),
  urls: await app.traffic.query('SELECT url_h, sum(requests) AS r, sum(bytes) AS b FROM traffic.r_url_1h GROUP BY url_h ORDER BY url_h'),
  ips: await app.traffic.query('SELECT uniqCombined64Merge(14)(ips) AS n FROM traffic.r_ipsk_1d'),
});

beforeAll(async () => {
  app = await makeApp({ demo: false });
  for (let i = 0; i < 3; i++) await insert(startOfToday - DAY + 7200, 400, `/y${i}/`);
  for (let i = 0; i < 3; i++) await insert(Math.max(startOfToday, nowS - 3600), 300, `/t${i}/`);
});
afterAll(async () => {
  await app.close();
});

describe('compaction of closed rollup partitions', () => {
  it("merges yesterday's partitions into one part each and changes no figure", async () => {
    const before = await figures();
    const report = await compactClosedPartitions(app.traffic, NOW);
    const yesterday = await parts('partition_id = {id:String}', { id: yesterdayId });
    // The 5-minute levels and the URL and IP hour tables partition by day.
    expect(yesterday.length).toBeGreaterThanOrEqual(5);
    expect(yesterday.every((p) => Number(p.n) === 1)).toBe(true);
    expect(await figures()).toEqual(before);
    expect(report.partitions).toBeGreaterThanOrEqual(0);
    // Nothing left to do for closed days.
    expect((await compactClosedPartitions(app.traffic, NOW)).partitions).toBe(0);
  });

  it('compacts today and this month once they are closed too', async () => {
    const before = await figures();
    // Forty days on, today and this month are closed too.
    await compactClosedPartitions(app.traffic, new Date(NOW.getTime() + 40 * DAY * 1000));
    const all = await parts('1');
    expect(all.every((p) => Number(p.n) === 1)).toBe(true);
    expect(await figures()).toEqual(before);
    const totals = before.totals as { r: number | string }[];
    expect(totals.reduce((a, r) => a + Number(r.r), 0)).toBe(3 * 400 + 3 * 300);
  });
});
