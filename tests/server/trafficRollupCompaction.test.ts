import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers';
import { compactRollups } from '../../server/stores/traffic/compaction';
import { allRollupTables, FORCE_MERGE_AFTER_SECONDS } from '../../server/stores/traffic/rollups';

type App = Awaited<ReturnType<typeof makeApp>>;
let app: App;
const DAY = 86_400;
const nowS = Math.floor(Date.now() / 1000);
const startOfToday = Math.floor(nowS / DAY) * DAY;

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

const parts = () =>
  app.traffic.query<{ table: string; partition_id: string; n: number | string }>(
    `SELECT table, partition_id, count() AS n FROM system.parts WHERE active AND database = 'traffic' AND startsWith(table, 'r_')
     GROUP BY table, partition_id ORDER BY table, partition_id`,
  );

const figures = async () => ({
  totals: await app.traffic.query(
    'SELECT bucket, sum(requests) AS r, sum(bytes) AS b, sum(s4) AS s4 FROM traffic.r_totals_1h GROUP BY bucket ORDER BY bucket',
  ),
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

describe('rollup partitions in few parts', () => {
  it('every rollup table merges old parts in the background: day partitions after 10 minutes, month partitions hourly', async () => {
    const tables = await app.traffic.query<{ name: string; partition_key: string; q: string }>(
      "SELECT name, partition_key, create_table_query AS q FROM system.tables WHERE database = 'traffic' AND startsWith(name, 'r_')",
    );
    expect(tables.map((t) => `traffic.${t.name}`).sort()).toEqual(allRollupTables().sort());
    for (const t of tables) {
      const age = t.partition_key.includes('toYYYYMMDD') ? FORCE_MERGE_AFTER_SECONDS.day : FORCE_MERGE_AFTER_SECONDS.month;
      expect(t.q, t.name).toContain(`min_age_to_force_merge_seconds = ${age}`);
    }
    // Sketches and look-up tables keep hours in day partitions: a day's query merges only its day.
    const byName = new Map(tables.map((t) => [t.name, t.partition_key]));
    for (const name of ['r_ipsk_1h', 'r_urlsk_1h', 'r_ip_1h', 'r_url_1h', 'r_totals_5m']) expect(byName.get(name)).toContain('toYYYYMMDD');
    expect(byName.get('r_totals_1h')).toContain('toYYYYMM(');
    // The account-wide sums are small: a week's curve reads one month part, not seven day parts.
    for (const name of ['r_totalsa_5m', 'r_statusa_5m', 'r_totalsa_1h']) expect(byName.get(name)).toContain('toYYYYMM(');
  });

  it('the base table merges each past day into one part in the background', async () => {
    const [t] = await app.traffic.query<{ q: string }>(
      "SELECT create_table_query AS q FROM system.tables WHERE database = 'traffic' AND name = 'access_log'",
    );
    expect(t.q).toContain('min_age_to_force_merge_seconds = 3600');
    expect(t.q).toContain('min_age_to_force_merge_on_partition_only = 1');
  });

  it('compactRollups merges every partition into one part at once and changes no figure', async () => {
    const before = await figures();
    expect((await parts()).some((p) => Number(p.n) > 1)).toBe(true);
    const report = await compactRollups(app.traffic);
    expect(report.partitions).toBeGreaterThan(0);
    expect((await parts()).every((p) => Number(p.n) === 1)).toBe(true);
    expect(await figures()).toEqual(before);
    const totals = before.totals as { r: number | string }[];
    expect(totals.reduce((a, r) => a + Number(r.r), 0)).toBe(3 * 400 + 3 * 300);
    expect((await compactRollups(app.traffic)).partitions).toBe(0);
  });
});
