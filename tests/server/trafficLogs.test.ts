import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import type { LogRow, LogSearchResult } from '../../dataProviders/api/traffic';

type App = Awaited<ReturnType<typeof makeApp>>;
let app: App;
const cookies: Record<string, string> = {};

/** Known rows, one a minute from BASE, on three test domains of two tenants. */
const BASE = Math.floor(Date.now() / 3_600_000) * 3600 - 6 * 3600;
interface Fixture {
  ts: number;
  account: string;
  domain: string;
  url: string;
  status: number;
  cache_hit: number;
  client_ip: string;
  country: string;
  province: string;
  isp: string;
  bytes: number;
}
const STATUSES = [200, 200, 304, 404, 502, 206];
function rows(domain: string, account: string, n: number): Fixture[] {
  return Array.from({ length: n }, (_, i) => ({
    ts: BASE + i * 60,
    account,
    domain,
    url: i % 7 === 0 ? `/special/${i}.mp4?x=1` : `/path/${i}.jpg`,
    status: STATUSES[i % STATUSES.length],
    cache_hit: i % 4 === 0 ? 0 : 1,
    client_ip: `10.0.${i % 3}.${i}`,
    country: i % 5 === 0 ? 'US' : 'CN',
    province: i % 5 === 0 ? '' : 'Guangdong',
    isp: i % 5 === 0 ? 'Comcast' : 'China Telecom',
    bytes: 1000 + i,
  }));
}
const ACME = rows('logs.acme-test.com', 'acme', 60);
const VIDEO = rows('logs.acme-video-test.com', 'acme_video', 40);
const GLOBEX = rows('logs.globex-test.com', 'globex', 30);
const ALL = [...ACME, ...VIDEO, ...GLOBEX];

const search = (user: string, body: Record<string, unknown>) =>
  call(app, cookies[user], { method: 'POST', url: '/api/log/searchList', payload: body, headers: { 'x-portal-lang': 'en' } });
const listOf = (res: Awaited<ReturnType<typeof search>>) => res.body.data as LogSearchResult;
const range = { startTime: BASE, endTime: BASE + 2 * 3600 - 1 };

beforeAll(async () => {
  app = await makeApp();
  const text = ALL.map((r) =>
    JSON.stringify({
      ...r,
      ts: r.ts,
      method: 'GET',
      request_time: 12,
      user_agent: 'curl/8.5.0',
      referer: '',
      provider: 'cdn-a',
      edge_node: 'gd-ct-01',
      continent: r.country === 'US' ? 'North America' : 'Asia',
    }),
  ).join('\n');
  await app.traffic.insertRaw('traffic.access_log', Buffer.from(text), 'JSONEachRow');
  for (const u of ['acme', 'acme_viewer', 'globex', 'admin', 'nobody']) cookies[u] = await signIn(app, u);
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/log/searchList', () => {
  it('pages raw rows newest first with the total', async () => {
    const first = listOf(await search('acme', { domains: ['logs.acme-test.com'], ...range, pageSize: 10 }));
    expect(first.total).toBe(60);
    expect(first.pageNum).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.list.map((r) => r.timestamp)).toEqual(Array.from({ length: 10 }, (_, i) => BASE + (59 - i) * 60));
    const row = first.list[0];
    const src = ACME[59];
    expect(row).toMatchObject({
      domain: src.domain,
      account: 'acme',
      url: src.url,
      status: src.status,
      bytes: src.bytes,
      clientIp: src.client_ip,
      cacheHit: 'HIT',
      method: 'GET',
      requestTime: 12,
    });
    expect(row.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const last = listOf(await search('acme', { domains: ['logs.acme-test.com'], ...range, pageSize: 10, pageNum: 6 }));
    expect(last.list.map((r) => r.timestamp)).toEqual(Array.from({ length: 10 }, (_, i) => BASE + (9 - i) * 60));
    const beyond = listOf(await search('acme', { domains: ['logs.acme-test.com'], ...range, pageSize: 10, pageNum: 7 }));
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(60);
  });

  it('filters by status, cache, client IP, URL, place and time', async () => {
    const count = async (extra: Record<string, unknown>) =>
      listOf(await search('acme', { domains: ['logs.acme-test.com'], ...range, ...extra })).total;
    const expected = (f: (r: Fixture) => boolean) => ACME.filter(f).length;
    expect(await count({ status: '4xx' })).toBe(expected((r) => r.status >= 400 && r.status < 500));
    expect(await count({ status: '404,502' })).toBe(expected((r) => r.status === 404 || r.status === 502));
    expect(await count({ status: ['5xx', '304'] })).toBe(expected((r) => r.status >= 500 || r.status === 304));
    expect(await count({ cacheHit: 'miss' })).toBe(expected((r) => r.cache_hit === 0));
    expect(await count({ cacheHit: 'hit' })).toBe(expected((r) => r.cache_hit === 1));
    expect(await count({ clientIp: '10.0.1.4' })).toBe(1);
    expect(await count({ clientIp: '10.0.2.0/24' })).toBe(expected((r) => r.client_ip.startsWith('10.0.2.')));
    expect(await count({ url: '/special/' })).toBe(expected((r) => r.url.includes('/special/')));
    expect(await count({ country: ['US'] })).toBe(expected((r) => r.country === 'US'));
    expect(await count({ province: 'Guangdong', isp: ['China Telecom'] })).toBe(expected((r) => r.province === 'Guangdong'));
    // Both ends inclusive at the precision written: 10 minutes from BASE = 11 rows at whole minutes.
    expect(await count({ startTime: BASE, endTime: BASE + 600 })).toBe(11);
    const zone = 'Asia/Shanghai';
    const wall = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    expect(await count({ startTime: wall(BASE + 60), endTime: wall(BASE + 179), timeZone: zone })).toBe(2);
  });

  it('explains a malformed filter', async () => {
    const bad = async (extra: Record<string, unknown>) => (await search('acme', { ...range, ...extra })).body;
    expect(await bad({ status: 'abc' })).toMatchObject({ code: '1', msg: 'Status code format error: enter e.g. 404 or 5xx' });
    expect(await bad({ timeZone: 'Mars/Olympus' })).toMatchObject({ code: '1', msg: 'Unknown time zone' });
    expect(await bad({ clientIp: '10.0.0.300' })).toMatchObject({ code: '1', msg: expect.stringContaining('IP format error') });
    expect(await bad({ startTime: 'yesterday', endTime: 'today' })).toMatchObject({ code: '1', msg: 'Format error' });
    expect(await bad({ startTime: BASE - 40 * 86400, endTime: BASE })).toMatchObject({
      code: '1',
      msg: 'A log search covers at most 31 days',
    });
    expect(await bad({ pageNum: 2001, pageSize: 50 })).toMatchObject({ code: '1', msg: expect.stringContaining('100,000') });
  });

  it('keeps every tenant to its own rows', async () => {
    // acme sees itself and its sub-accounts, never globex, whatever it asks for.
    const mine = listOf(await search('acme', { ...range, pageSize: 500 }));
    expect(new Set(mine.list.map((r: LogRow) => r.account))).not.toContain('globex');
    const [sql] = await app.traffic.query<{ n: string }>(
      "SELECT count() AS n FROM traffic.access_log WHERE account IN ('acme', 'acme_video', 'acme_static') AND ts >= toDateTime({a:UInt32}) AND ts <= toDateTime({b:UInt32})",
      { a: range.startTime, b: range.endTime },
    );
    expect(mine.total).toBe(Number(sql.n));
    expect(mine.total).toBeGreaterThanOrEqual(ACME.length + VIDEO.length);
    expect(listOf(await search('acme', { ...range, domains: ['logs.globex-test.com'] })).total).toBe(0);
    expect(listOf(await search('acme', { ...range, accounts: ['globex'] })).total).toBe(0);
    expect(listOf(await search('acme', { ...range, accountAll: 'globex' })).total).toBe(0);
    // a plain account covers its sub-accounts; 'acme@+@' is acme's own domains only
    expect(listOf(await search('acme', { ...range, accounts: ['acme'] })).total).toBe(Number(sql.n));
    expect(listOf(await search('acme', { ...range, accounts: ['acme@+@'], domains: ['logs.acme-video-test.com'] })).total).toBe(0);
    // narrowing to a sub-account
    expect(
      listOf(await search('acme', { ...range, accounts: ['acme_video'], domains: ['logs.acme-video-test.com', 'logs.acme-test.com'] }))
        .total,
    ).toBe(VIDEO.length);
    // globex sees only its own; the provider's staff see everything
    expect(listOf(await search('globex', { ...range, domains: ['logs.globex-test.com', 'logs.acme-test.com'] })).total).toBe(GLOBEX.length);
    expect(listOf(await search('admin', { ...range, domains: ['logs.globex-test.com', 'logs.acme-test.com'] })).total).toBe(
      GLOBEX.length + ACME.length,
    );
    expect(listOf(await search('acme_viewer', { ...range, domains: ['logs.acme-test.com'] })).total).toBe(ACME.length);
  });

  it('refuses a user without the log right (403) and a request without a session (401)', async () => {
    expect((await search('nobody', range)).body.code).toBe('403');
    const anonymous = await call(app, null, { method: 'POST', url: '/api/log/searchList', payload: range });
    expect(anonymous.status).toBe(401);
    const download = await call(app, cookies.nobody, { method: 'POST', url: '/api/log/downloadID', payload: range });
    expect(download.body.code).toBe('403');
  });
});

describe('POST /api/log/downloadID and the download address', () => {
  let address = '';
  const fetchAs = (user: string, url = address, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers: { cookie: cookies[user], 'x-portal-lang': 'en' } });

  beforeAll(async () => {
    const res = await call(app, cookies.acme, {
      method: 'POST',
      url: '/api/log/downloadID',
      payload: { domains: ['logs.acme-test.com'], ...range, status: '2xx,3xx' },
    });
    expect(res.body.code).toBe('0');
    address = res.body.data as string;
  });

  it('answers an address whose file holds exactly the selection, as a named gzip CSV', async () => {
    expect(address).toMatch(/^\/api\/log\/download\/[0-9a-f]{32}$/);
    const head = await fetchAs('acme', address, 'HEAD');
    expect(head.statusCode).toBe(200);
    const res = await fetchAs('acme');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="access-log_logs\.acme-test\.com_\d{14}-\d{14}\.csv\.gz"/,
    );
    const csv = zlib.gunzipSync(res.rawPayload).toString('utf8').trim().split('\n');
    expect(csv[0]).toBe(
      '"time","account","domain","url","method","status","bytes","request_time","cache_status","client_ip","continent","country","province","isp","user_agent","referer","provider","edge_node"',
    );
    const wanted = ACME.filter((r) => r.status < 400);
    expect(csv).toHaveLength(wanted.length + 1);
    // oldest first
    expect(csv[1]).toContain(`"${wanted[0].url}"`);
    expect(csv[csv.length - 1]).toContain(`"${wanted[wanted.length - 1].url}"`);
    expect(csv.slice(1).every((l) => l.includes('"logs.acme-test.com"'))).toBe(true);
  });

  it('is usable by the same account only; another account finds nothing there', async () => {
    expect((await fetchAs('acme_viewer')).statusCode).toBe(200);
    const other = await fetchAs('globex');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: '404', msg: 'The download address is wrong, please contact customer service' });
    expect((await fetchAs('acme', '/api/log/download/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    expect((await fetchAs('acme', '/api/log/download/..%2F..%2Fconfig')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: address })).statusCode).toBe(401);
  });

  it('is refused to a sub-user of the account whose scope does not cover the rows', async () => {
    // The file was made for acme's whole tree; a sub-user limited to acme_video may not read it.
    await app.db.query(`UPDATE users SET accounts = '["acme_video"]'::jsonb WHERE username = 'acme_viewer'`);
    try {
      const limited = await signIn(app, 'acme_viewer');
      const res = await app.inject({ method: 'GET', url: address, headers: { cookie: limited, 'x-portal-lang': 'en' } });
      expect(res.statusCode).toBe(404);
      // Its own downloads stay readable.
      const own = await call(app, limited, {
        method: 'POST',
        url: '/api/log/downloadID',
        payload: range,
        headers: { 'x-portal-lang': 'en' },
      });
      expect(own.body.code).toBe('0');
      const mine = await app.inject({ method: 'GET', url: own.body.data as string, headers: { cookie: limited } });
      expect(mine.statusCode).toBe(200);
      const lines = zlib.gunzipSync(mine.rawPayload).toString('utf8').trim().split('\n').slice(1);
      expect(lines.length).toBeGreaterThanOrEqual(VIDEO.length);
      expect(lines.every((l) => l.split(',')[1] === '"acme_video"')).toBe(true);
      // and acme, whose scope covers acme_video, reads it too
      expect((await fetchAs('acme', own.body.data as string)).statusCode).toBe(200);
    } finally {
      await app.db.query(`UPDATE users SET accounts = '[]'::jsonb WHERE username = 'acme_viewer'`);
    }
  });

  it('expires', async () => {
    const id = address.split('/').pop()!;
    const metaFile = path.join(app.dataDir, 'downloads', `${id}.json`);
    const meta = JSON.parse(await fs.readFile(metaFile, 'utf8')) as { expires: number };
    await fs.writeFile(metaFile, JSON.stringify({ ...meta, expires: Date.now() - 1 }));
    expect((await fetchAs('acme')).statusCode).toBe(404);
    // the sweep removed both files
    await expect(fs.access(metaFile)).rejects.toThrow();
  });

  it('says so when nothing matches', async () => {
    const res = await call(app, cookies.acme, {
      method: 'POST',
      url: '/api/log/downloadID',
      payload: { domains: ['logs.globex-test.com'], ...range },
      headers: { 'x-portal-lang': 'en' },
    });
    expect(res.body).toMatchObject({ code: '1', msg: 'No logs match this selection' });
  });
});
