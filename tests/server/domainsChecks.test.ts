import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { search } from './domainFixtures';
import { startOrigin, type LocalOrigin } from './localServer';
import { hashPassword } from '../../server/lib/password';
import type { LiveDomain, LiveDomainReply } from '../../common/wire/domains';

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let origin: LocalOrigin;
const en = { 'x-portal-lang': 'en' };

beforeAll(async () => {
  // A local origin: tests allow private origins and probe it.
  origin = await startOrigin((req, res) => {
    const routes: Record<string, () => void> = {
      '/health': () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
      '/missing': () => res.writeHead(404).end(),
      '/redir-same': () => res.writeHead(302, { location: '/health' }).end(),
      '/redir-abs': () => res.writeHead(301, { location: `http://127.0.0.1:${origin.port}/health` }).end(),
      '/redir-other': () => res.writeHead(302, { location: 'http://example.org/health' }).end(),
      '/loop': () => res.writeHead(302, { location: '/loop' }).end(),
      '/slow': () => undefined,
    };
    (routes[req.url ?? ''] ?? routes['/missing'])();
  });
  app = await makeApp({ allowPrivateOrigins: true });
  acme = await signIn(app, 'acme');
});
afterAll(async () => {
  await origin?.close();
  await app?.close();
});

const probe = (testUrl: string, extra: Record<string, unknown> = {}) =>
  call(app, acme, {
    method: 'POST',
    url: '/api/domain/validation/testUrl',
    headers: en,
    payload: {
      name: 'probe.example-test.com',
      testUrl,
      backProtocol: 'http',
      backHost: { mode: 'follow', value: '' },
      origins: [{ role: 'main', type: 'ip', address: '127.0.0.1', port: origin.port, weight: 10 }],
      ...extra,
    },
  });

describe('POST /api/domain/validation/testUrl', () => {
  it("GETs origin + test URL with the domain as Host (without the origin's port) and answers 200", async () => {
    origin.hosts.length = 0;
    const r = await probe('/health');
    expect(r.body).toMatchObject({ code: '0', data: 200 });
    expect(origin.hosts).toEqual(['probe.example-test.com']);
  });

  it('sends a custom back host, with a port only when the back host has one', async () => {
    origin.hosts.length = 0;
    await probe('/health', { backHost: { mode: 'custom', value: 'origin-host.example-test.com' } });
    await probe('/health', { backHost: { mode: 'custom', value: 'origin-host.example-test.com:8443' } });
    expect(origin.hosts).toEqual(['origin-host.example-test.com', 'origin-host.example-test.com:8443']);
  });

  it('refuses documentation addresses and names always, with the reason (issue #35)', async () => {
    const doc = (address: string, type = 'ip') =>
      probe('/health', { origins: [{ role: 'main', type, address, port: 80, weight: 10 }] }).then((r) => r.body);
    expect(await doc('203.0.113.5')).toMatchObject({
      code: '1',
      data: 0,
      msg: 'Cannot connect to the origin 203.0.113.5: address reserved for documentation',
    });
    expect((await doc('2001:db8::5')).msg).toBe('Cannot connect to the origin 2001:db8::5: address reserved for documentation');
    expect((await doc('origin.acme-media.example', 'domain')).msg).toBe(
      'Cannot connect to the origin origin.acme-media.example: address reserved for documentation',
    );
    const zh = await call(app, acme, {
      method: 'POST',
      url: '/api/domain/validation/testUrl',
      payload: { name: 'probe.example-test.com', testUrl: '/', origins: [{ role: 'main', type: 'ip', address: '198.51.100.7', port: 80 }] },
    });
    expect(zh.body.msg).toBe('无法连接源站198.51.100.7：该地址保留用于文档示例');
  });

  it('follows redirects on the same host only', async () => {
    expect((await probe('/redir-same')).body).toMatchObject({ code: '0', data: 200 });
    expect((await probe('/redir-abs')).body).toMatchObject({ code: '0', data: 200 });
    expect((await probe('/redir-other')).body).toMatchObject({
      code: '1',
      data: 0,
      msg: `The origin 127.0.0.1:${origin.port} redirects to another host`,
    });
    expect((await probe('/loop')).body.msg).toBe(`The origin 127.0.0.1:${origin.port} redirects too often`);
  });

  it('fails with the reason on an error status, a closed port and a time-out', async () => {
    expect((await probe('/missing')).body).toMatchObject({
      code: '1',
      data: 0,
      msg: `The origin 127.0.0.1:${origin.port} answered HTTP 404`,
    });
    const closed = await probe('/health', { origins: [{ role: 'main', type: 'ip', address: '127.0.0.1', port: 1, weight: 10 }] });
    expect(closed.body.msg).toContain('Cannot connect to the origin 127.0.0.1:1');
    const t = Date.now();
    const slow = await probe('/slow');
    expect(slow.body.msg).toBe(`The origin 127.0.0.1:${origin.port} did not answer in time`);
    expect(Date.now() - t).toBeLessThan(4500);
  });

  it('checks the input with the domain rules first', async () => {
    expect((await probe('health')).body).toMatchObject({ code: '1', data: 0, msg: "The test URL must start with '/'" });
    expect((await probe('/health', { origins: [] })).body.msg).toBe('Add at least one origin');
  });

  it('refuses private and loopback addresses unless allowed', async () => {
    app.config.allowPrivateOrigins = false;
    try {
      for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '169.254.169.254']) {
        const r = await probe('/health', { origins: [{ role: 'main', type: 'ip', address, port: 80, weight: 10 }] });
        expect(r.body.msg, address).toBe('The origin is a private or reserved address and cannot be tested');
      }
      const named = await probe('/health', {
        origins: [{ role: 'main', type: 'domain', address: 'localhost.localdomain', port: 80, weight: 10 }],
      });
      expect(named.body.code).toBe('1');
    } finally {
      app.config.allowPrivateOrigins = true;
    }
  });
});

describe('POST /api/domain/validation/icp', () => {
  it('answers 200 for Chinese ICP numbers and refuses others', async () => {
    for (const icp of ['京ICP备12345678号-1', '粤ICP备2021045678号', '京ICP证030173号']) {
      expect((await call(app, acme, { method: 'POST', url: '/api/domain/validation/icp', payload: { icp } })).body, icp).toMatchObject({
        code: '0',
        data: 200,
      });
    }
    for (const icp of ['ICP12345678', 'XXICP备12345678号', '京ICP备123号', '京ICP备12345678号-']) {
      const r = await call(app, acme, { method: 'POST', url: '/api/domain/validation/icp', payload: { icp }, headers: en });
      expect(r.body, icp).toMatchObject({ code: '1', data: 0, msg: 'ICP number format is incorrect, e.g. 京ICP备12345678号-1' });
    }
    const empty = await call(app, acme, { method: 'POST', url: '/api/domain/validation/icp', payload: { icp: '' }, headers: en });
    expect(empty.body.msg).toBe('The ICP number cannot be empty');
  });
});

describe('live domains', () => {
  const find = async (cookie: string) => {
    const r = await call(app, cookie, { method: 'GET', url: '/api/liveDomain/find' });
    expect(r.body.code).toBe('0');
    return (r.body.data as LiveDomain[]).map((d) => d.name).sort();
  };

  it('superadmin sees all; others entries whose customer or domain group is theirs', async () => {
    const admin = await signIn(app, 'admin');
    expect((await find(admin)).length).toBe(7);
    const acmeNames = await find(acme);
    expect(acmeNames).toEqual([
      'hls-live.acme-media.example',
      'live.acme-video.com',
      'play.acme-media.example',
      'push.acme-media.example',
      'watch.acme-video.com',
    ]);
    expect(await find(await signIn(app, 'globex'))).toEqual(['ingest.globex-corp.example', 'tv.globex-corp.example']);

    // A user of the sub-account sees the entries of its domain group only.
    await app.db.query(
      `INSERT INTO users (uid, username, email, account, role, permissions, password_hash, is_main, creator)
       VALUES ($1, 'video_ops', 'ops@acme-video.example', 'acme_video', 'user', $2, $3, false, 'acme')`,
      [crypto.randomUUID(), JSON.stringify(['portal:liveDomain:view:*', 'portal:domain:view:*']), await hashPassword('VideoOps@2026')],
    );
    const video = await signIn(app, 'video_ops', 'VideoOps@2026');
    expect(await find(video)).toEqual(['live.acme-video.com', 'watch.acme-video.com']);
    const domains = await search(app, video, { pageSize: 100 });
    expect(domains.list.every((d) => d.account === 'acme_video')).toBe(true);
  });

  it('queries with paging, filters and sorting', async () => {
    const q = async (payload: object) =>
      (await call(app, acme, { method: 'POST', url: '/api/liveDomain/query', payload })).body.data as LiveDomainReply;
    const p1 = await q({ pageNum: 1, pageSize: 2, sortField: 'name', sortOrder: 'ASC' });
    expect(p1).toMatchObject({ pageNum: 1, current: 1, total: 5 });
    expect(p1.list.map((d) => d.name)).toEqual(['hls-live.acme-media.example', 'live.acme-video.com']);
    const p3 = await q({ pageNum: 3, pageSize: 2, sortField: 'name', sortOrder: 'ASC' });
    expect(p3.list.map((d) => d.name)).toEqual(['watch.acme-video.com']);
    const pulls = await q({ type: ['live_pull'], status: ['on'] });
    expect(pulls.list.map((d) => d.name).sort()).toEqual(['play.acme-media.example', 'watch.acme-video.com']);
    expect((await q({ name: 'VIDEO' })).total).toBe(2);
    expect((await q({ customer: 'globex' })).total).toBe(0);
    expect(p1.list[0]).toMatchObject({ customer: 'acme', belongDomainGroup: '', cname: 'hls-live.acme-media.example.live.cdnportal.net' });
  });

  it('needs the liveDomain right', async () => {
    const viewer = await signIn(app, 'acme_viewer');
    expect((await call(app, viewer, { method: 'GET', url: '/api/liveDomain/find' })).body.code).toBe('403');
    expect((await call(app, viewer, { method: 'POST', url: '/api/liveDomain/query', payload: {} })).body.code).toBe('403');
  });
});
