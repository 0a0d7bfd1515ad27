import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ingestLines, englishCalls, makeApp, signIn } from './helpers';
import { topUpDemoHostMetrics } from '../../server/demo/hosts';
import type * as wire from '../../common/wire/hosts';

let app: Awaited<ReturnType<typeof makeApp>>;
let admin: string;
let acme: string;
let globex: string;
let viewer: string;
let nobody: string;

const { post, get } = englishCalls(() => app);
const hosts = async (cookie: string, payload: object = {}) => {
  const r = await post(cookie, '/api/hostInfo/list/details', payload);
  expect(r.body.code).toBe('0');
  return r.body.data as wire.HostListReply;
};
const ACME = new Set(['acme', 'acme_video', 'acme_static']);

beforeAll(async () => {
  app = await makeApp({ ingestToken: 'hosts-shipper' });
  // The template's day of samples ends when it was seeded, minutes or more ago: brought to the
  // present as the demo server's live job does every minute.
  topped = await topUpDemoHostMetrics(app.traffic);
  [admin, acme, globex, viewer, nobody] = await Promise.all(
    ['admin', 'acme', 'globex', 'acme_viewer', 'nobody'].map((u) => signIn(app, u)),
  );
});
afterAll(async () => {
  await app?.close();
});

let topped = 0;

describe('demo utilisation', () => {
  it('is extended to the present minute by the live top-up, and a second top-up adds at most the minute that passed', async () => {
    expect(topped).toBeGreaterThanOrEqual(0);
    const [row] = await app.traffic.query<{ age: number | string }>(
      'SELECT toUInt32(now()) - toUInt32(max(ts)) AS age FROM traffic.host_metrics',
    );
    expect(Number(row.age)).toBeLessThan(180);
    expect(await topUpDemoHostMetrics(app.traffic)).toBeLessThanOrEqual(1);
  });
});

describe('lists: POST /api/hostInfo/list/details', () => {
  it('acme sees its 60 VPS and 12 servers (with sub-accounts), newest first, with last-hour CPU', async () => {
    const vps = await hosts(acme, { type: 'vps', pageSize: 100 });
    expect(vps.total).toBe(60);
    expect(vps.list.every((h) => h.type === 'vps' && ACME.has(h.account))).toBe(true);
    expect(new Set(vps.list.map((h) => h.account))).toEqual(ACME);
    const times = vps.list.map((h) => h.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const running = vps.list.filter((h) => h.status === 'running');
    expect(running.every((h) => h.cpuAvg !== null && h.cpuPeak! >= h.cpuAvg! && h.cpuPeak! <= 100)).toBe(true);
    expect(vps.list.filter((h) => h.status === 'stopped').every((h) => h.cpuAvg === null)).toBe(true);
    expect((await hosts(acme, { type: 'server' })).total).toBe(12);
  });

  it('pages and sorts on the server', async () => {
    const p1 = await hosts(acme, { type: 'vps', pageNum: 1, pageSize: 25, sort: 'hostName', order: 'ASC' });
    const p3 = await hosts(acme, { type: 'vps', pageNum: 3, pageSize: 25, sort: 'hostName', order: 'ASC' });
    expect(p1.list).toHaveLength(25);
    expect(p3.list).toHaveLength(10);
    expect(p1.total).toBe(60);
    expect(p3.total).toBe(60);
    const names = p1.list.map((h) => h.hostName);
    expect([...names].sort()).toEqual(names);
    expect(names[0] < p3.list[0].hostName).toBe(true);
    const byCores = await hosts(acme, { type: 'vps', sort: 'cpuCores', order: 'DESC', pageSize: 60 });
    expect(byCores.list[0].cpuCores).toBeGreaterThanOrEqual(byCores.list[59].cpuCores);
    expect((await hosts(acme, { type: 'vps', pageNum: 9, pageSize: 25 })).total).toBe(60);
  });

  it('pages in the second half (read from the other end) join the first half into the whole list, in both orders', async () => {
    for (const [sort, order] of [
      ['createTime', 'DESC'],
      ['hostName', 'ASC'],
      ['cpuCores', 'DESC'],
    ] as const) {
      const whole = (await hosts(acme, { type: 'vps', sort, order, pageSize: 100 })).list.map((h) => h.id);
      const paged: number[] = [];
      for (let pageNum = 1; pageNum <= 5; pageNum++) {
        const page = await hosts(acme, { type: 'vps', sort, order, pageNum, pageSize: 13 });
        expect(page.total).toBe(60);
        paged.push(...page.list.map((h) => h.id));
      }
      expect(paged).toEqual(whole);
    }
  });

  it('filters by area, status and expiring within 30 days', async () => {
    const area = await hosts(acme, { type: 'vps', area: 'ap-hk', pageSize: 100 });
    expect(area.total).toBe(10);
    expect(area.list.every((h) => h.area === 'ap-hk')).toBe(true);
    const stopped = await hosts(acme, { type: 'vps', status: 'stopped', pageSize: 100 });
    expect(stopped.total).toBeGreaterThan(0);
    expect(stopped.list.every((h) => h.status === 'stopped')).toBe(true);
    const soon = await hosts(acme, { type: 'vps', expiring: true, pageSize: 100 });
    expect(soon.total).toBeGreaterThan(0);
    const limit = Date.now() + 30 * 86_400_000;
    expect(
      soon.list.every((h) => h.expiringSoon && new Date(h.expireTime).getTime() < limit && new Date(h.expireTime).getTime() > Date.now()),
    ).toBe(true);
    const all = await hosts(acme, { type: 'vps', pageSize: 100 });
    expect(all.list.filter((h) => h.expiringSoon)).toHaveLength(soon.total);
    expect(all.list.find((h) => h.status === 'expired')?.expiringSoon).toBe(false);
  });
});

describe('full-text search: POST /api/hostInfo/search/fulltext', () => {
  it('finds by name, IP and instance id in the reply field result, case-insensitively', async () => {
    const some = (await hosts(acme, { type: 'vps', pageSize: 5 })).list[2];
    for (const keyword of [some.hostName.toUpperCase(), some.publicIp, some.instanceId.slice(0, 10), some.privateIp]) {
      const r = await post(acme, '/api/hostInfo/search/fulltext', { keyword, type: 'vps' });
      const reply = r.body.data as wire.HostFulltextReply;
      expect(reply.result.map((h) => h.id)).toContain(some.id);
      expect(reply.total).toBe(reply.result.length);
    }
    const media = (await post(acme, '/api/hostInfo/search/fulltext', { keyword: 'media' })).body.data as wire.HostFulltextReply;
    expect(media.result.length).toBeGreaterThan(0);
    expect(media.result.every((h) => h.hostName.includes('media') && ACME.has(h.account))).toBe(true);
  });

  it('treats % and _ literally and stays in the tenant', async () => {
    expect(((await post(acme, '/api/hostInfo/search/fulltext', { keyword: '%' })).body.data as wire.HostFulltextReply).total).toBe(0);
    expect(((await post(acme, '/api/hostInfo/search/fulltext', { keyword: '_' })).body.data as wire.HostFulltextReply).total).toBe(0);
    expect(((await post(acme, '/api/hostInfo/search/fulltext', { keyword: 'gx-' })).body.data as wire.HostFulltextReply).total).toBe(0);
    expect(((await post(globex, '/api/hostInfo/search/fulltext', { keyword: 'gx-' })).body.data as wire.HostFulltextReply).total).toBe(20);
    expect((await post(acme, '/api/hostInfo/search/fulltext', { keyword: '' })).body.code).not.toBe('0');
  });
});

describe('details: POST /api/hostInfo/list/details/search', () => {
  it('one host with its last 24 hours in 5-minute points', async () => {
    const h = (await hosts(acme, { type: 'server', status: 'running' })).list[0];
    const r = await post(acme, '/api/hostInfo/list/details/search', { id: h.id, customs: 'acme' });
    const reply = r.body.data as wire.HostDetailReply;
    expect(reply.list).toHaveLength(1);
    expect(reply.list[0]).toMatchObject({ id: h.id, type: 'server', instanceId: h.instanceId });
    expect(reply.metrics!.length).toBeGreaterThanOrEqual(287);
    expect(reply.metrics!.length).toBeLessThanOrEqual(289);
    const span = reply.metrics!.at(-1)!.timestamp - reply.metrics![0].timestamp;
    expect(span).toBeGreaterThan(23 * 3600);
    expect(reply.metrics!.every((p) => p.cpu >= 0 && p.cpu <= 100 && p.mem >= 0 && p.mem <= 100 && p.outBps > 0)).toBe(true);
    // a daily pattern: the busiest hour is well above the quietest
    const cpus = reply.metrics!.map((p) => p.cpu);
    expect(Math.max(...cpus) - Math.min(...cpus)).toBeGreaterThan(10);
  });

  it("without an id it searches like the list; another tenant's host is missing", async () => {
    const r = await post(acme, '/api/hostInfo/list/details/search', { type: 'vps', area: 'cn-east' });
    expect((r.body.data as wire.HostDetailReply).list.every((h) => h.area === 'cn-east')).toBe(true);
    expect((r.body.data as wire.HostDetailReply).metrics).toBeUndefined();
    const gx = (await hosts(globex)).list[0];
    const other = await post(acme, '/api/hostInfo/list/details/search', { id: gx.id });
    const missing = await post(acme, '/api/hostInfo/list/details/search', { id: 999_999 });
    expect(other.body).toEqual(missing.body);
    expect(other.body.code).toBe('404');
  });
});

describe('overview: count, vps, server, search, areas', () => {
  it('counts by type and status', async () => {
    const c = (await post(acme, '/api/hostInfo/count', { customs: '' })).body.data as wire.HostCountReply;
    expect(c.total).toBe(72);
    expect(c.byType).toEqual({ vps: 60, server: 12 });
    expect(Object.values(c.byStatus).reduce((a, b) => a + b, 0)).toBe(72);
    expect(c.byStatus.stopped).toBeGreaterThan(0);
    expect(c.byTypeStatus.vps.expired).toBe(1);
    expect(c.expiring).toBeGreaterThan(0);
    const g = (await post(globex, '/api/hostInfo/count', {})).body.data as wire.HostCountReply;
    expect(g.byType).toEqual({ vps: 16, server: 4 });
  });

  it('VPS and server views: per area, totals, next to expire', async () => {
    const v = (await post(acme, '/api/hostInfo/vps', { customs: '' })).body.data as wire.HostTypeOverview;
    expect(v.type).toBe('vps');
    expect(v.hosts).toBe(60);
    expect(v.areas).toHaveLength(6);
    expect(v.areas.reduce((s, a) => s + a.hosts, 0)).toBe(60);
    const all = await hosts(acme, { type: 'vps', pageSize: 100 });
    expect(v.cpuCores).toBe(all.list.reduce((s, h) => s + h.cpuCores, 0));
    expect(v.bandwidthMbps).toBe(all.list.reduce((s, h) => s + h.bandwidthMbps, 0));
    expect(v.expiringHosts.length).toBe(Math.min(10, v.expiring));
    const times = v.expiringHosts.map((h) => h.expireTime);
    expect([...times].sort()).toEqual(times);
    const s = (await post(acme, '/api/hostInfo/server', {})).body.data as wire.HostTypeOverview;
    expect(s.type).toBe('server');
    expect(s.hosts).toBe(12);
    expect(s.memoryGb).toBeGreaterThan(v.memoryGb / 10);
  });

  it('per-area search (POST /api/hostInfo/search) and the areas (GET /api/area/all)', async () => {
    const r = (await post(acme, '/api/hostInfo/search', { type: 'server', area: 'cn-north', customs: '' })).body.data as wire.HostListReply;
    expect(r.total).toBe(2);
    expect(r.list.every((h) => h.type === 'server' && h.area === 'cn-north')).toBe(true);
    const areas = (await get(acme, '/api/area/all')).body.data as wire.Area[];
    expect(areas.length).toBeGreaterThanOrEqual(6);
    expect(areas.find((a) => a.code === 'ap-hk')).toEqual({ code: 'ap-hk', nameZh: '中国香港', nameEn: 'Hong Kong', continent: 'Asia' });
  });
});

describe('customs and tenant isolation', () => {
  it('staff see every customer, narrow with customs (an account covers its sub-accounts)', async () => {
    expect((await hosts(admin, { pageSize: 1 })).total).toBe(92);
    expect((await hosts(admin, { customs: 'globex', pageSize: 100 })).list.every((h) => h.account === 'globex')).toBe(true);
    expect((await hosts(admin, { customs: 'acme', pageSize: 1 })).total).toBe(72);
    expect((await hosts(admin, { customs: ['acme_video'], pageSize: 100 })).list.every((h) => h.account === 'acme_video')).toBe(true);
    expect((await hosts(admin, { customs: 'acme_video,globex', pageSize: 1 })).total).toBe(18 + 20);
    const c = (await post(admin, '/api/hostInfo/count', { customs: 'globex' })).body.data as wire.HostCountReply;
    expect(c.total).toBe(20);
    const customers = (await get(admin, '/api/hostInfo/custom/list')).body.data as wire.HostCustomer[];
    expect(customers.map((x) => x.account)).toEqual(expect.arrayContaining(['acme', 'acme_video', 'acme_static', 'globex']));
    expect(customers.map((x) => x.account)).not.toContain('provider');
  });

  it('customers see their account and sub-accounts whatever customs they send', async () => {
    expect((await hosts(acme, { customs: 'globex', pageSize: 1 })).total).toBe(72);
    expect((await hosts(globex, { customs: 'acme,acme_video', pageSize: 100 })).list.every((h) => h.account === 'globex')).toBe(true);
    expect(((await post(globex, '/api/hostInfo/count', { customs: 'acme' })).body.data as wire.HostCountReply).total).toBe(20);
    expect(((await post(globex, '/api/hostInfo/vps', { customs: 'acme' })).body.data as wire.HostTypeOverview).hosts).toBe(16);
    expect(((await get(acme, '/api/hostInfo/custom/list')).body.data as wire.HostCustomer[]).map((x) => x.account).sort()).toEqual([
      'acme',
      'acme_static',
      'acme_video',
    ]);
    expect(((await get(globex, '/api/hostInfo/custom/list')).body.data as wire.HostCustomer[]).map((x) => x.account)).toEqual(['globex']);
  });

  it('acme_viewer and nobody (no cloud right) are refused with body code 403 on every call; no session is 401', async () => {
    for (const cookie of [viewer, nobody]) {
      for (const url of [
        '/api/hostInfo/list/details',
        '/api/hostInfo/list/details/search',
        '/api/hostInfo/count',
        '/api/hostInfo/vps',
        '/api/hostInfo/server',
        '/api/hostInfo/search',
      ]) {
        expect((await post(cookie, url, {})).body.code).toBe('403');
      }
      expect((await post(cookie, '/api/hostInfo/search/fulltext', { keyword: 'a' })).body.code).toBe('403');
      expect((await post(cookie, '/api/hostInfo/modify/hostName', { id: 1, hostName: 'x' })).body.code).toBe('403');
      expect((await get(cookie, '/api/area/all')).body.code).toBe('403');
      expect((await get(cookie, '/api/hostInfo/custom/list')).body.code).toBe('403');
    }
    expect((await call(app, null, { method: 'POST', url: '/api/hostInfo/count', payload: {} })).status).toBe(401);
  });
});

describe('rename: POST /api/hostInfo/modify/hostName', () => {
  it('renames within the rules, success msg "success", the list shows the new name', async () => {
    const h = (await hosts(acme, { type: 'vps' })).list[0];
    for (const name of ['a', 'x'.repeat(64), 'web 前端 01', 'db-主库']) {
      const r = await post(acme, '/api/hostInfo/modify/hostName', { id: h.id, hostName: name });
      expect(r.body).toMatchObject({ code: '0', msg: 'success' });
      expect(r.body.data as wire.Host).toMatchObject({ id: h.id, type: 'vps', hostName: name });
    }
    expect((await hosts(acme, { id: h.id })).list[0].hostName).toBe('db-主库');
    // searchable under the new name
    expect(
      ((await post(acme, '/api/hostInfo/search/fulltext', { keyword: '主库' })).body.data as wire.HostFulltextReply).result.map(
        (x) => x.id,
      ),
    ).toEqual([h.id]);
  });

  it('refuses empty, too long, leading or trailing space and control characters, changing nothing', async () => {
    const h = (await hosts(acme, { type: 'server' })).list[0];
    const cases: Array<[string, string]> = [
      ['', 'The host name cannot be empty'],
      ['   ', 'The host name cannot be empty'],
      ['x'.repeat(65), 'The host name may have at most 64 characters'],
      [' web', 'The host name may not begin or end with a space'],
      ['web ', 'The host name may not begin or end with a space'],
      ['we\tb', 'The host name may not contain control characters'],
    ];
    for (const [name, msg] of cases) {
      const r = await post(acme, '/api/hostInfo/modify/hostName', { id: h.id, hostName: name });
      expect(r.body).toMatchObject({ code: '1', msg });
    }
    const zh = await call(app, acme, { method: 'POST', url: '/api/hostInfo/modify/hostName', payload: { id: h.id, hostName: '' } });
    expect(zh.body.msg).toBe('主机名不能为空');
    expect((await hosts(acme, { id: h.id })).list[0].hostName).toBe(h.hostName);
  });

  it("another tenant's host answers like a missing one; staff may rename any", async () => {
    const gx = (await hosts(globex)).list[0];
    const other = await post(acme, '/api/hostInfo/modify/hostName', { id: gx.id, hostName: 'stolen' });
    const missing = await post(acme, '/api/hostInfo/modify/hostName', { id: 999_999, hostName: 'stolen' });
    expect(other.body).toEqual(missing.body);
    expect(other.body.code).toBe('404');
    expect((await hosts(globex, { id: gx.id })).list[0].hostName).toBe(gx.hostName);
    expect((await post(admin, '/api/hostInfo/modify/hostName', { id: gx.id, hostName: 'gx-renamed-by-ops' })).body.code).toBe('0');
  });
});

describe('bad input', () => {
  it('answers a 4xx-class envelope, never a server error', async () => {
    const cases: Array<[string, unknown]> = [
      ['/api/hostInfo/list/details', { type: 'mainframe' }],
      ['/api/hostInfo/list/details', { pageNum: 0 }],
      ['/api/hostInfo/list/details', { pageSize: 1e9 }],
      ['/api/hostInfo/list/details', { sort: 'search_text; DROP TABLE hosts' }],
      ['/api/hostInfo/list/details', { order: 'sideways' }],
      ['/api/hostInfo/list/details', { status: 'gone' }],
      ['/api/hostInfo/list/details', { id: 1e12 }],
      ['/api/hostInfo/list/details', { unknown: 1 }],
      ['/api/hostInfo/list/details', { customs: { $ne: 1 } }],
      ['/api/hostInfo/list/details/search', { id: 'abc' }],
      ['/api/hostInfo/search/fulltext', {}],
      ['/api/hostInfo/search/fulltext', { keyword: 'x'.repeat(129) }],
      ['/api/hostInfo/count', { customs: 'acme', extra: true }],
      ['/api/hostInfo/modify/hostName', { id: 1 }],
      ['/api/hostInfo/modify/hostName', { id: -1, hostName: 'x' }],
      ['/api/hostInfo/modify/hostName', { id: 1, hostName: ['x', 'y'] }],
    ];
    for (const [url, payload] of cases) {
      const r = await post(acme, url, payload);
      expect(r.status, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(r.body.code, `${url} ${JSON.stringify(payload)}`).toMatch(/^4\d\d$/);
    }
    expect((await hosts(acme, { keyword: "'; DROP TABLE hosts; --", pageSize: 1 })).total).toBe(0);
    expect((await hosts(admin, { pageSize: 1 })).total).toBe(92);
  });
});

describe('utilisation through the ingest path (kind host_metrics)', () => {
  it('loads minute samples for a host, rejects bad lines, and the list and details show them', async () => {
    const h = (await hosts(acme, { type: 'vps', status: 'stopped' })).list[0];
    expect(h.cpuAvg).toBeNull();
    const now = Math.floor(Date.now() / 60_000) * 60;
    const good = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({ ts: now - 60 * (i + 1), instance_id: h.instanceId, cpu: 50 + (i % 3) * 10, mem: 40, in_bps: 1000, out_bps: 2000 }),
    );
    const bad = [
      JSON.stringify({ ts: now, instance_id: h.instanceId, cpu: 130, mem: 40 }),
      'not json',
      JSON.stringify({ ts: now, cpu: 5, mem: 5 }),
    ];
    const report = await ingestLines(app, 'host_metrics', 'hosts-shipper', [...good, ...bad]);
    expect(report.code).toBe('0');
    expect(report.data.rows).toBe(30);
    expect(report.data.rejectedLines).toEqual([31, 32, 33]);
    const after = (await hosts(acme, { id: h.id })).list[0];
    expect(after.cpuAvg).toBeCloseTo(59.7, 0);
    expect(after.cpuPeak).toBe(70);
    const detail = (await post(acme, '/api/hostInfo/list/details/search', { id: h.id })).body.data as wire.HostDetailReply;
    expect(detail.metrics!.length).toBeGreaterThanOrEqual(6);
    expect(detail.metrics!.every((p) => p.outBps === 2000)).toBe(true);
  });
});

describe('the provider inventory feed (kind host_inventory, issue #35)', () => {
  const feed = async (lines: Array<object | string>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/log/ingest?kind=host_inventory',
      payload: lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'),
      headers: { 'content-type': 'application/x-ndjson', authorization: 'Bearer hosts-shipper' },
    });
    const body = res.json() as { code: string; data: { rows: number; rejected: number; rejectedLines: number[] } };
    expect(body.code).toBe('0');
    return body.data;
  };
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  const line = (instance: string, extra: object = {}) => ({
    instance_id: instance,
    account: 'acme_video',
    type: 'vps',
    name: `feed-${instance}`,
    public_ip: '203.0.113.200',
    private_ip: '10.9.0.1',
    area: 'ap-tokyo',
    cpu: 4,
    memory: 8,
    disk: 100,
    bandwidth: 20,
    os: 'Debian 12',
    status: 'running',
    create_time: '2026-01-02T03:04:05+08:00',
    expire_time: soon,
    ...extra,
  });
  const find = async (instance: string) =>
    (await hosts(admin, { keyword: instance, pageSize: 5 })).list.find((h) => h.instanceId === instance);
  const count = async () => ((await post(acme, '/api/hostInfo/count', { customs: '' })).body.data as wire.HostCountReply).total;

  it('upserts hosts by instance id, rejects bad lines by number and stores nothing of them; screens, counts and expiry list show it', async () => {
    const before = await count();
    const existing = (await hosts(acme, { type: 'server', pageSize: 1 })).list[0];
    const report = await feed([
      line('ins-feed-0001'),
      { ...line('ins-feed-0002', { type: 'server', status: 'stopped', create_time: 1767225600 }), unknown: 1, os: null },
      line('ins-feed-bad1', { area: 'mars-1' }),
      line('ins-feed-bad2', { account: 'no_such_account' }),
      line('ins-feed-bad3', { status: 'paused' }),
      'not json',
      line('ins-feed-bad4', { cpu: -1 }),
      line('ins-feed-bad5', { expire_time: 'next week' }),
      line('ins-feed-bad6', { public_ip: '300.1.2.3' }),
      { ...line('ins-feed-bad7'), name: undefined },
      '',
      line(existing.instanceId, { account: existing.account, type: 'server', name: existing.hostName, status: 'error', area: 'ap-hk' }),
    ]);
    expect(report.rows).toBe(3);
    expect(report.rejectedLines).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await count()).toBe(before + 2);
    for (const bad of ['bad1', 'bad2', 'bad3', 'bad4', 'bad5', 'bad6', 'bad7']) expect(await find(`ins-feed-${bad}`)).toBeUndefined();
    const fed = (await find('ins-feed-0001'))!;
    expect(fed).toMatchObject({ account: 'acme_video', type: 'vps', hostName: 'feed-ins-feed-0001', area: 'ap-tokyo', cpuCores: 4 });
    expect(fed).toMatchObject({ publicIp: '203.0.113.200', status: 'running', expiringSoon: true, createTime: '2026-01-01T19:04:05.000Z' });
    expect((await find('ins-feed-0002'))!).toMatchObject({
      type: 'server',
      status: 'stopped',
      os: '',
      createTime: '2026-01-01T00:00:00.000Z',
    });
    const updated = (await find(existing.instanceId))!;
    // the feed's create_time is the provider's record: it replaces the stored one
    expect(updated).toMatchObject({ id: existing.id, status: 'error', area: 'ap-hk', createTime: '2026-01-01T19:04:05.000Z' });
    // globex sees none of acme's hosts; the VPS view lists the new host among those expiring next.
    expect(((await post(globex, '/api/hostInfo/count', {})).body.data as wire.HostCountReply).total).toBe(20);
    const v = (await post(acme, '/api/hostInfo/vps', { customs: '' })).body.data as wire.HostTypeOverview;
    expect(v.areas.find((a) => a.area === 'ap-tokyo')?.hosts).toBe(1);
    expect(v.expiringHosts.map((h) => h.instanceId)).toContain('ins-feed-0001');
  });

  it('keeps a rename made in the portal until the feed sends another name; a host fed again takes no new id', async () => {
    const fed = (await find('ins-feed-0001'))!;
    const [{ max: before }] = await app.db.query<{ max: number }>('SELECT max(id) AS max FROM hosts');
    const r = await post(acme, '/api/hostInfo/modify/hostName', { id: fed.id, hostName: 'my renamed host' });
    expect(r.body.code).toBe('0');
    expect((await feed([line('ins-feed-0001')])).rows).toBe(1);
    expect((await find('ins-feed-0001'))!.hostName).toBe('my renamed host');
    await feed([line('ins-feed-0001', { name: 'provider-name-2' })]);
    expect((await find('ins-feed-0001'))!).toMatchObject({ id: fed.id, hostName: 'provider-name-2' });
    await feed([line('ins-feed-0003')]);
    // the two feeds of ins-feed-0001 took no id: the next new host takes the next one
    expect((await find('ins-feed-0003'))!.id).toBe(before + 1);
  });

  it('removes a host for a line with "deleted": true (the last line of an instance id wins)', async () => {
    const before = await count();
    const report = await feed([
      { instance_id: 'ins-feed-0002', deleted: true },
      line('ins-feed-0003', { status: 'stopped' }),
      { instance_id: 'ins-feed-0003', deleted: true },
      { instance_id: 'ins-feed-never', deleted: true },
      { deleted: true },
    ]);
    expect(report).toMatchObject({ rows: 4, rejected: 1, rejectedLines: [5] });
    expect(await find('ins-feed-0002')).toBeUndefined();
    expect(await find('ins-feed-0003')).toBeUndefined();
    expect(await count()).toBe(before - 2);
  });
});
