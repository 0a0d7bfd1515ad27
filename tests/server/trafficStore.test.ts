import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers';
import { ensureTrafficSchema, ACCESS_LOG_COLUMNS } from '../../server/stores/traffic/schema';
import { CLIENT_APP_VERSION, clientAppColumnReady } from '../../server/stores/traffic/clientAppColumn';
import { clientAppOf } from '../../common/rules/websites/catalogue';
import { generateDemoTraffic, DEMO_ROWS } from '../../server/demo/traffic';
import { DEMO_LINES } from '../../server/demo/trafficLines';
import { clearIngestLeftovers, ingestLogs } from '../../server/stores/traffic/ingest';
import { whileRollupsStale } from '../../server/stores/traffic/rollupStore';
import {
  DOMAIN_HOURS_PER_STATEMENT,
  ROLLUPS,
  ROLLUP_VERSION,
  SKETCH_N,
  UNIQ_PRECISION,
  allRollupTables,
  rollupTable,
} from '../../server/stores/traffic/rollups';
import { demoInsertSql, type DemoDomain } from '../../server/stores/traffic/trafficDemo';
import { planDomains } from '../../server/demo/trafficPlan';

type App = Awaited<ReturnType<typeof makeApp>>;
let app: App;
let tmp: string;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
/** an hour ago, as epoch seconds and as ISO 8601 (the retention TTL would drop older rows) */
const T = Math.floor(NOW / 1000) - 3600;
const ISO = new Date(T * 1000).toISOString().replace('.000', '');
const DOMAINS: DemoDomain[] = [
  { name: 'www.acme-test.com', account: 'acme', type: 'static', scope: 'cn', status: 'on' },
  { name: 'video.acme-test.com', account: 'acme_video', type: 'vod', scope: 'cn', status: 'on' },
  { name: 'dl.globex-test.com', account: 'globex', type: 'download', scope: 'all', status: 'on' },
];
const SCALE = 0.01;

const num = (v: unknown) => Number(v);
const one = async <T = Record<string, unknown>>(sql: string, params?: Record<string, unknown>) =>
  (await app.traffic.query<T>(sql, params))[0];

beforeAll(async () => {
  app = await makeApp({ demo: false, ingestToken: 'shipper-secret-1' });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'traffic-store-'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
  await app.close();
});

describe('schema', () => {
  it('creates access_log exactly as designed, and the line tables', async () => {
    const all = await app.traffic.query<{ name: string; type: string; default_kind: string }>(
      "SELECT name, type, default_kind FROM system.columns WHERE database = 'traffic' AND table = 'access_log' ORDER BY position",
    );
    // the written columns, then client_app computed from user_agent on insert
    const cols = all.filter((c) => c.default_kind === '');
    expect(cols.map((c) => c.name)).toEqual([...ACCESS_LOG_COLUMNS]);
    expect(all.filter((c) => c.default_kind !== '')).toEqual([
      { name: 'client_app', type: 'LowCardinality(String)', default_kind: 'MATERIALIZED' },
    ]);
    const types = Object.fromEntries(cols.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({
      ts: "DateTime('UTC')",
      client_ip: 'IPv4',
      status: 'UInt16',
      bytes: 'UInt64',
      cache_hit: 'UInt8',
      domain: 'LowCardinality(String)',
    });
    const [engine] = await app.traffic.query<{ sorting_key: string; partition_key: string; engine: string }>(
      "SELECT sorting_key, partition_key, engine FROM system.tables WHERE database = 'traffic' AND name = 'access_log'",
    );
    expect(engine).toEqual({ sorting_key: 'account, domain, ts', partition_key: 'toYYYYMMDD(ts)', engine: 'MergeTree' });
    const tables = (await app.traffic.query<{ name: string }>("SELECT name FROM system.tables WHERE database = 'traffic'")).map(
      (t) => t.name,
    );
    expect(tables).toEqual(expect.arrayContaining(['lines', 'line_bandwidth_1m', 'line_bandwidth_5m', 'line_bandwidth_5m_mv']));
  });

  it('can run again on an existing store', async () => {
    await ensureTrafficSchema(app.traffic);
    await ensureTrafficSchema(app.traffic);
  });

  it('adds client_app to a store made before it, and rewrites it when the WAF catalogue changes', async () => {
    const who = { account: 'upgrade-test', domain: 'upgrade.example' };
    const uas = [
      'curl/8.4.0',
      'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh) Version/17.1 Safari/605.1.15',
      'okhttp/4',
      'sqlmap/1.7',
    ];
    const expected = uas.map((ua) => clientAppOf(ua) ?? '');
    const apps = async () =>
      (
        await app.traffic.query<{ app: string }>(
          'SELECT client_app AS app FROM traffic.access_log WHERE account = {account:String} AND domain = {domain:String} ORDER BY bytes',
          who,
        )
      ).map((r) => r.app);
    // every active part of access_log holds the column itself (not computed when read)
    const partsWithout = async () =>
      num(
        (await one<{ n: number }>(
          `SELECT count() AS n FROM system.parts AS p WHERE p.database = 'traffic' AND p.table = 'access_log' AND p.active AND p.name NOT IN
         (SELECT name FROM system.parts_columns WHERE database = 'traffic' AND table = 'access_log' AND active AND column = 'client_app')`,
        ))!.n,
      );
    const waitForRewrite = async () => {
      for (let i = 0; i < 300 && !(await clientAppColumnReady(app.traffic)); i++) await new Promise((r) => setTimeout(r, 100));
    };
    // a store from before the column: rows written without it
    await app.traffic.exec('ALTER TABLE traffic.access_log DROP COLUMN client_app');
    await app.traffic.insertRaw(
      'traffic.access_log',
      uas
        .map((ua, i) =>
          JSON.stringify({
            ts: T,
            ...who,
            url: '/',
            method: 'GET',
            status: 200,
            bytes: i,
            request_time: 1,
            cache_hit: 1,
            client_ip: '10.0.0.1',
            continent: '',
            country: 'CN',
            province: '',
            isp: '',
            user_agent: ua,
            referer: '',
            provider: '',
            edge_node: '',
          }),
        )
        .join('\n'),
      'JSONEachRow',
    );
    expect(await partsWithout()).toBeGreaterThan(0);
    await ensureTrafficSchema(app.traffic);
    await waitForRewrite();
    expect(await clientAppColumnReady(app.traffic)).toBe(true);
    expect(await partsWithout()).toBe(0);
    expect(await apps()).toEqual(expected);
    // a column of another catalogue (its version in the comment): modified and rewritten at the next start
    await app.traffic.exec(
      `ALTER TABLE traffic.access_log MODIFY COLUMN client_app LowCardinality(String) MATERIALIZED 'stale' COMMENT 'wafCatalogue old'`,
    );
    await app.traffic.exec('ALTER TABLE traffic.access_log MATERIALIZE COLUMN client_app SETTINGS mutations_sync = 1');
    expect(new Set(await apps())).toEqual(new Set(['stale']));
    await ensureTrafficSchema(app.traffic);
    await waitForRewrite();
    expect(await apps()).toEqual(expected);
    const [col] = await app.traffic.query<{ comment: string }>(
      "SELECT comment FROM system.columns WHERE database = 'traffic' AND table = 'access_log' AND name = 'client_app'",
    );
    expect(col.comment).toBe(CLIENT_APP_VERSION);
    // the demo traffic tests below count every row
    await app.traffic.exec('ALTER TABLE traffic.access_log DELETE WHERE account = {account:String} SETTINGS mutations_sync = 2', {
      account: who.account,
    });
    expect(await apps()).toEqual([]);
  });
});

describe('demo traffic', () => {
  let result: Awaited<ReturnType<typeof generateDemoTraffic>>;
  beforeAll(async () => {
    result = await generateDemoTraffic(app.traffic, DOMAINS, { scale: SCALE, now: NOW });
  });

  it('writes the planned number of rows, for every domain, in the last 7 days', async () => {
    expect(result.rows).toBeGreaterThanOrEqual(Math.round(DEMO_ROWS * SCALE) - DOMAINS.length);
    expect(result.rows).toBeLessThanOrEqual(Math.round(DEMO_ROWS * SCALE) + DOMAINS.length);
    const total = await one<{ n: string; lo: number; hi: number }>(
      'SELECT count() AS n, min(toUInt32(ts)) AS lo, max(toUInt32(ts)) AS hi FROM traffic.access_log',
    );
    expect(num(total.n)).toBe(result.rows);
    expect(num(total.lo)).toBeGreaterThanOrEqual(NOW / 1000 - 7 * 86400);
    expect(num(total.hi)).toBeLessThan(NOW / 1000);
    const owners = await app.traffic.query<{ domain: string; account: string }>(
      'SELECT DISTINCT domain, toString(account) AS account FROM traffic.access_log ORDER BY domain',
    );
    expect(owners).toEqual(DOMAINS.map((d) => ({ domain: d.name, account: d.account })).sort((a, b) => a.domain.localeCompare(b.domain)));
  });

  it('looks like CDN traffic: every status class, high hit ratio, evening peak, mainland vs world mix', async () => {
    const classes = await app.traffic.query<{ c: number }>('SELECT DISTINCT intDiv(status, 100) AS c FROM traffic.access_log ORDER BY c');
    expect(classes.map((c) => num(c.c))).toEqual([2, 3, 4, 5]);
    const hits = await app.traffic.query<{ domain: string; hit: number }>(
      'SELECT domain, avg(cache_hit) AS hit FROM traffic.access_log GROUP BY domain',
    );
    for (const h of hits) expect(num(h.hit)).toBeGreaterThan(0.8);
    const hours = await app.traffic.query<{ h: number; c: string }>(
      "SELECT toHour(ts, 'Asia/Shanghai') AS h, count() AS c FROM traffic.access_log WHERE account = 'acme' GROUP BY h",
    );
    const by = new Map(hours.map((r) => [num(r.h), num(r.c)]));
    expect(by.get(21)!).toBeGreaterThan(2 * by.get(4)!);
    const cn = await app.traffic.query<{ account: string; share: number }>(
      "SELECT toString(account) AS account, countIf(country = 'CN') / count() AS share FROM traffic.access_log GROUP BY account",
    );
    const share = new Map(cn.map((r) => [r.account, num(r.share)]));
    expect(share.get('acme')!).toBeGreaterThan(0.95);
    expect(share.get('globex')!).toBeLessThan(0.6);
    const ips = await one<{ bad: string }>(
      "SELECT countIf(client_ip = toIPv4('0.0.0.0') OR url = '' OR user_agent = '') AS bad FROM traffic.access_log",
    );
    expect(num(ips.bad)).toBe(0);
  });

  it('writes the demo lines with 7 days of 1-minute bandwidth and the 5-minute rollup', async () => {
    expect(result.lineSamples).toBe(DEMO_LINES.length * 7 * 1440);
    const lines = await one<{ n: string }>('SELECT count() AS n FROM traffic.lines FINAL');
    expect(num(lines.n)).toBe(DEMO_LINES.length);
    const five = await one<{ s: string; n: string }>('SELECT sum(samples) AS s, uniqExact(line, ts) AS n FROM traffic.line_bandwidth_5m');
    expect(num(five.s)).toBe(result.lineSamples);
    expect(num(five.n)).toBeGreaterThanOrEqual(DEMO_LINES.length * 7 * 288);
  });

  it('writes the same rows in windows of hours as in one statement', async () => {
    // The generator writes a few hours per statement (memory); a row is a hash of its domain, hour
    // and index, so the windows must give exactly the rows of one statement over the 7 days.
    const start = Math.floor(NOW / 1000) - 7 * 86400;
    const plans = planDomains(DOMAINS, 3000, start);
    for (const t of ['one', 'windows'])
      await app.traffic.exec(`CREATE TABLE traffic.demo_${t} AS traffic.access_log ENGINE = MergeTree ORDER BY tuple()`);
    try {
      await app.traffic.exec(demoInsertSql(plans, start, 168, 7919, 'traffic.demo_one').sql);
      for (const [from, to] of [
        [0, 50],
        [50, 121],
        [121, 168],
      ]) {
        const insert = demoInsertSql(plans, start, 168, 7919, 'traffic.demo_windows', { from, to });
        if (insert.rows) await app.traffic.exec(insert.sql);
      }
      const digest = (t: string) =>
        one(`SELECT count() AS n, groupBitXor(cityHash64(*)) AS x, sum(cityHash64(*) % 1000003) AS s FROM traffic.demo_${t}`);
      const whole = await digest('one');
      expect(num(whole.n)).toBeGreaterThan(2900);
      expect(await digest('windows')).toEqual(whole);
    } finally {
      for (const t of ['one', 'windows']) await app.traffic.exec(`DROP TABLE IF EXISTS traffic.demo_${t}`);
    }
  });

  it("fills every rollup exactly as inserting the rows through access_log's views does, and leaves nothing behind", async () => {
    // The portal generates into a table of its own, fills the rollups from it and attaches the
    // parts to access_log; the reference writes the same rows through the base table's views.
    const leftovers = async () =>
      (
        await app.traffic.query<{ name: string }>(
          "SELECT name FROM system.tables WHERE database = 'traffic' AND (name = 'demo_stage' OR startsWith(name, 'fill_'))",
        )
      ).map((t) => t.name);
    expect(await leftovers()).toEqual([]);
    const digests = async () => {
      const out: Record<string, unknown> = {};
      for (const def of ROLLUPS) {
        for (const level of def.levels) {
          const keys = ['account', ...(def.accountWide ? [] : ['domain']), 'bucket', ...def.dims.map((d) => d.name)];
          const values = [
            ...(def.attrs ?? []).map((a) => `any(${a.name})`),
            ...def.measures.map((m) => `sum(${m})`),
            // A top-K state names its keys in an order that ties leave open, and over more keys than
            // its capacity a choice among ties: the distinct counts and the sizes of the tops compare.
            ...(def.states ?? []).map((st) =>
              st.name === 'ips' ? `uniqCombined64Merge(${UNIQ_PRECISION})(ips)` : `length(topKWeightedMerge(${SKETCH_N})(${st.name}))`,
            ),
          ];
          const [d] = await app.traffic.query<{ n: string; x: string }>(
            `SELECT count() AS n, toString(groupBitXor(cityHash64(*))) AS x FROM (SELECT ${[...keys, ...values].join(', ')} FROM ${rollupTable(def, level)}
             WHERE account IN {accounts:Array(String)} GROUP BY ${keys.join(', ')})`,
            // The demo's accounts: the rollups also hold the rows of the schema tests above.
            { accounts: DOMAINS.map((d) => d.account) },
          );
          out[rollupTable(def, level)] = d;
        }
      }
      return out;
    };
    const staged = await digests();
    expect(Object.values(staged).every((d) => num((d as { n: string }).n) > 0)).toBe(true);
    for (const t of ['traffic.access_log', ...allRollupTables()]) await app.traffic.exec(`TRUNCATE TABLE ${t}`);
    const again = await generateDemoTraffic(app.traffic, DOMAINS, { scale: SCALE, now: NOW, throughViews: 168 });
    expect(again.rows).toBe(result.rows);
    expect(await digests()).toEqual(staged);
  });

  it('leaves the rollups to be rebuilt from the base table when a fill stops halfway', async () => {
    const sums = async () =>
      one<{ rollup: string; base: string }>(
        `SELECT (SELECT sum(requests) FROM traffic.r_totals_1d WHERE account IN {a:Array(String)}) AS rollup,
              (SELECT count() FROM traffic.access_log WHERE account IN {a:Array(String)}) AS base`,
        { a: DOMAINS.map((d) => d.account) },
      );
    // A fill that wrote a day of sums twice and then failed.
    await expect(
      whileRollupsStale(app.traffic, async () => {
        await app.traffic.exec(`INSERT INTO traffic.r_totals_1d SELECT * FROM traffic.r_totals_1d WHERE account IN {a:Array(String)}`, {
          a: DOMAINS.map((d) => d.account),
        });
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    const broken = await sums();
    expect(num(broken.rollup)).toBe(2 * num(broken.base));
    expect(num((await one<{ n: string }>('SELECT count() AS n FROM traffic.rollup_meta'))!.n)).toBe(0);
    // The next start rebuilds every rollup from access_log.
    await ensureTrafficSchema(app.traffic);
    const fixed = await sums();
    expect(num(fixed.rollup)).toBe(num(fixed.base));
    expect(num(fixed.base)).toBe(result.rows);
    expect(await one<{ v: number }>('SELECT max(version) AS v FROM traffic.rollup_meta')).toEqual({ v: ROLLUP_VERSION });
  });

  it('skips what is already there when run again', async () => {
    const again = await generateDemoTraffic(app.traffic, DOMAINS, { scale: SCALE, now: NOW });
    expect(again.rows).toBe(0);
    expect(again.lineSamples).toBe(0);
    const total = await one<{ n: string }>('SELECT count() AS n FROM traffic.access_log');
    expect(num(total.n)).toBe(result.rows);
  });
});

describe('ingest', () => {
  const GOOD = 3000;
  let lines: string[];
  /** line numbers (1-based) of the malformed lines planted in the file */
  const BAD: Record<number, string> = {};

  beforeAll(async () => {
    const file = path.join(tmp, 'source.jsonl');
    await app.traffic.exec(
      `INSERT INTO FUNCTION file({f:String}, 'JSONEachRow') SELECT * REPLACE ('ingest.test' AS domain) FROM traffic.access_log ORDER BY ts LIMIT ${GOOD}`,
      { f: file },
    );
    const good = (await fs.readFile(file, 'utf8')).trim().split('\n');
    expect(good).toHaveLength(GOOD);
    const planted: Array<[number, string]> = [
      [5, 'not json at all'],
      [77, '{"ts":"2026-03-18 10:00:00","account":"acme","domain":"ingest.test","url":"/a","status":"two hundred"}'],
      [400, '{"ts":"2026-03-18 10:00:00","account":"acme","domain":"ingest.test","url":"/a","status":70000}'],
      [1500, '{"ts":"2026-03-18 10:00:00","domain":"ingest.test","url":"/no-account","status":200}'],
      [2200, '{"ts":"2026-03-18 10:00:00","account":"acme","domain":"ingest.test","url":"/bad-ip","status":200,"client_ip":"300.1.1.1"}'],
      [2999, '{"ts":"2026-03-18 10:00:00","account":"acme","domain":"ingest.test","url":"/cut"'],
    ];
    lines = [...good];
    for (const [n, text] of planted) {
      lines.splice(n - 1, 0, text);
      BAD[n] = text;
    }
    // Accepted variants: epoch seconds, ISO time, an unknown field, a blank line, CRLF.
    lines.push(`{"ts":${T},"account":"acme","domain":"ingest.test","url":"/epoch","status":200,"client_ip":"1.2.3.4"}`);
    lines.push(`{"ts":"${ISO}","account":"acme","domain":"ingest.test","url":"/iso","status":304,"shipper":"vector"}\r`);
    lines.push('');
  });

  const source = (text: string | Buffer, chunk = 7000) => {
    const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
    const parts: Buffer[] = [];
    for (let i = 0; i < buf.length; i += chunk) parts.push(buf.subarray(i, i + chunk));
    return Readable.from(parts);
  };
  const loaded = async (domain: string) =>
    num((await one<{ n: string }>('SELECT count() AS n FROM traffic.access_log WHERE domain = {d:String}', { d: domain })).n);
  const expectedBad = () =>
    Object.keys(BAD)
      .map(Number)
      .sort((a, b) => a - b);

  it('loads the good lines in batches and names every malformed line', async () => {
    const text = lines.map((l) => l.replace('"ingest.test"', '"plain.test"')).join('\n');
    const progress: number[] = [];
    const report = await ingestLogs(app.traffic, source(text), {
      tmpDir: tmp,
      batchBytes: 256 * 1024,
      onProgress: (p) => progress.push(p.rows),
    });
    expect(report.rejectedLines).toEqual(expectedBad());
    expect(report.rejected).toBe(expectedBad().length);
    expect(report.rows).toBe(GOOD + 2);
    expect(report.batches).toBeGreaterThan(3);
    expect(progress.length).toBe(report.batches);
    expect(progress[progress.length - 1]).toBe(report.rows);
    expect(await loaded('plain.test')).toBe(GOOD + 2);
    const variants = await app.traffic.query<{ url: string; ts: number; status: number }>(
      "SELECT url, toUInt32(ts) AS ts, status FROM traffic.access_log WHERE domain = 'plain.test' AND url IN ('/epoch', '/iso') ORDER BY url",
    );
    expect(variants.map((v) => [v.url, num(v.ts), num(v.status)])).toEqual([
      ['/epoch', T, 200],
      ['/iso', T, 304],
    ]);
  });

  it('moves batches before they span more domain-hours than one insert may hold, and loads every line', async () => {
    // 25 domains × 24 hours = 600 domain-hours (> DOMAIN_HOURS_PER_STATEMENT): several moves.
    const hour0 = Math.floor(T / 3600) * 3600 - 30 * 3600;
    const spanLines: string[] = [];
    for (let h = 0; h < 24; h++)
      for (let d = 0; d < 25; d++)
        for (let i = 0; i < 2; i++)
          spanLines.push(
            JSON.stringify({
              ts: hour0 + h * 3600 + i * 60,
              account: 'acme',
              domain: `span${d}.test`,
              url: `/f${i}`,
              status: 200,
              bytes: 100,
              client_ip: '1.2.3.4',
            }),
          );
    expect(spanLines.length / 2).toBeGreaterThan(DOMAIN_HOURS_PER_STATEMENT);
    const report = await ingestLogs(app.traffic, source(spanLines.join('\n')), { tmpDir: tmp, batchBytes: 8 * 1024 });
    expect(report.rows).toBe(spanLines.length);
    const [base] = await app.traffic.query<{ n: string }>("SELECT count() AS n FROM traffic.access_log WHERE startsWith(domain, 'span')");
    const [hours] = await app.traffic.query<{ n: string; dh: string }>(
      "SELECT sum(requests) AS n, uniqExact(domain, bucket) AS dh FROM traffic.r_totals_1h WHERE startsWith(domain, 'span')",
    );
    expect([num(base.n), num(hours.n), num(hours.dh)]).toEqual([600 * 2, 600 * 2, 600]);
  });

  it('reads gzip (detected by its bytes) the same way', async () => {
    const text = lines.map((l) => l.replace('"ingest.test"', '"gzip.test"')).join('\n');
    const report = await ingestLogs(app.traffic, source(zlib.gzipSync(text), 4096), { tmpDir: tmp, batchBytes: 512 * 1024 });
    expect(report.rejectedLines).toEqual(expectedBad());
    expect(report.rows).toBe(GOOD + 2);
    expect(await loaded('gzip.test')).toBe(GOOD + 2);
  });

  it('never half-loads a batch: past the error limit the batch at fault is not loaded at all', async () => {
    const text = lines.map((l) => l.replace('"ingest.test"', '"limit.test"')).join('\n');
    const report = await ingestLogs(app.traffic, source(text), { tmpDir: tmp, batchBytes: 64 * 1024 * 1024, maxErrors: 2 });
    expect(report.aborted).toMatch(/more than 2 malformed lines/);
    expect(report.rows).toBe(0);
    expect(await loaded('limit.test')).toBe(0);
  });

  it('keeps the whole batches before a stop, and nothing of the batch that crossed the limit', async () => {
    const text = lines.map((l) => l.replace('"ingest.test"', '"stop.test"')).join('\n');
    const report = await ingestLogs(app.traffic, source(text), { tmpDir: tmp, batchBytes: 256 * 1024, maxErrors: 3 });
    const at = Number(/starting at line (\d+)/.exec(report.aborted ?? '')?.[1]);
    expect(at).toBeGreaterThan(400);
    expect(at).toBeLessThanOrEqual(1500);
    // lines 1 .. at-1 were whole batches holding the bad lines 5, 77 and 400
    expect(report.rows).toBe(at - 1 - 3);
    expect(await loaded('stop.test')).toBe(report.rows);
    const [last] = await app.traffic.query<{ n: string }>("SELECT count() AS n FROM traffic.access_log WHERE domain = 'stop.test'");
    expect(num(last.n)).toBe(report.rows);
  });

  it('accepts a batch over HTTP with the ingest token only', async () => {
    const body = zlib.gzipSync(lines.map((l) => l.replace('"ingest.test"', '"http.test"')).join('\n'));
    const post = (auth?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/log/ingest',
        payload: body,
        headers: { 'content-type': 'application/gzip', ...(auth ? { authorization: auth } : {}) },
      });
    expect((await post()).statusCode).toBe(401);
    expect((await post('Bearer wrong')).statusCode).toBe(401);
    expect(await loaded('http.test')).toBe(0);
    const res = await post('Bearer shipper-secret-1');
    expect(res.statusCode).toBe(200);
    const reply = res.json() as { code: string; data: { rows: number; rejectedLines: number[] } };
    expect(reply.code).toBe('0');
    expect(reply.data.rows).toBe(GOOD + 2);
    expect(reply.data.rejectedLines).toEqual(expectedBad());
    expect(await loaded('http.test')).toBe(GOOD + 2);
    // A server without a token configured accepts nothing.
    const token = app.config.ingestToken;
    app.config.ingestToken = undefined;
    try {
      expect((await post('Bearer shipper-secret-1')).statusCode).toBe(503);
    } finally {
      app.config.ingestToken = token;
    }
  });

  it('a load cut short leaves nothing behind once the server starts again: batch files and staging tables go', async () => {
    const dir = path.join(tmp, 'leftovers');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'ingest_dead_1.jsonl'), '{}\n');
    await app.traffic.exec(
      `CREATE TABLE traffic.ingest_dead_1 (${ACCESS_LOG_COLUMNS.map((c) => `${c} String`).join(', ')}) ENGINE = Memory`,
    );
    const staging = async () =>
      num(
        (await one<{ n: string }>("SELECT count() AS n FROM system.tables WHERE database = 'traffic' AND startsWith(name, 'ingest_')"))?.n,
      );
    const before = await one<{ n: string }>('SELECT count() AS n FROM traffic.access_log');
    await clearIngestLeftovers(app.traffic, dir);
    await expect(fs.stat(dir)).rejects.toThrow();
    if (app.traffic.kind !== 'chdb') {
      // A ClickHouse server's fresh staging table may belong to a load another process is running.
      expect(await staging()).toBe(1);
      await clearIngestLeftovers(app.traffic, dir, 0);
    }
    expect(await staging()).toBe(0);
    // The loaded rows and the rollups stay.
    expect((await one<{ n: string }>('SELECT count() AS n FROM traffic.access_log'))?.n).toBe(before?.n);
    expect(
      num((await one<{ n: string }>("SELECT count() AS n FROM system.tables WHERE database = 'traffic' AND startsWith(name, 'r_')"))?.n),
    ).toBeGreaterThan(0);
  });

  it('npm run ingest --server sends the file to a running server in parts, line numbers continuing', async () => {
    const file = path.join(tmp, 'server.jsonl');
    await fs.writeFile(file, lines.map((l) => l.replace('"ingest.test"', '"parts.test"')).join('\n'));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const run = promisify(execFile);
    const out = await run(
      process.execPath,
      ['--import', 'tsx', path.resolve('server/cli/ingest.ts'), file, '--batch-mb', '0.5', '--server', address],
      {
        env: { ...process.env, PORTAL_INGEST_TOKEN: 'shipper-secret-1' },
      },
    ).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout + err.stderr }),
    );
    expect(out.code).toBe(2);
    expect(out.stdout).toContain(`rejected lines: ${expectedBad().join(', ')}`);
    expect(await loaded('parts.test')).toBe(GOOD + 2);
  }, 120_000);

  it('npm run ingest loads a file into a data dir and reports the rejected lines', async () => {
    const file = path.join(tmp, 'cli.jsonl.gz');
    await fs.writeFile(file, zlib.gzipSync(lines.map((l) => l.replace('"ingest.test"', '"cli.test"')).join('\n')));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'traffic-cli-'));
    try {
      const run = promisify(execFile);
      const out = await run(process.execPath, ['--import', 'tsx', path.resolve('server/cli/ingest.ts'), file, '--batch-mb', '1'], {
        // On a ClickHouse server (server-ch) the command loads into the server the app reads.
        env: {
          ...process.env,
          PORTAL_DATA_DIR: dataDir,
          ...(app.config.clickhouseUrl ? { CLICKHOUSE_URL: app.config.clickhouseUrl } : {}),
        },
      }).then(
        () => ({ code: 0, stdout: '' }),
        (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout + err.stderr }),
      );
      expect(out.code).toBe(2);
      expect(out.stdout).toContain(`loaded ${(GOOD + 2).toLocaleString('en-US')} rows`);
      expect(out.stdout).toContain(`rejected lines: ${expectedBad().join(', ')}`);
      expect(out.stdout).toContain('[ingest] batch');
      if (app.config.clickhouseUrl) expect(await loaded('cli.test')).toBe(GOOD + 2);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    }
  }, 120_000);
});
