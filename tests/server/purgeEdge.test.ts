import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { copyDir } from './copyDir';
import { startOrigin, type LocalOrigin } from './localServer';
import { edgeTick } from '../../server/jobs/purgeEdge';
import { embeddedEdge } from '../../server/lib/embeddedEdge';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { PurgeSubmitReply, PurgeTaskListReply, PurgeUrlListReply } from '../../common/wire/purge';

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let origin: LocalOrigin;
const en = { 'x-portal-lang': 'en' };
const LINES = 3;

const post = (url: string, payload: object) => call(app, acme, { method: 'POST', url, payload, headers: en });
const submit = async (url: string, payload: object) => {
  const r = await post(url, payload);
  expect(r.body.code).toBe('0');
  return (r.body.data as PurgeSubmitReply).taskId;
};
const urlsOf = async (taskId: number, prefetch = false) =>
  ((await post(prefetch ? '/api/prefetch/status' : '/api/refresh/query', { taskId })).body.data as PurgeUrlListReply).list;
const taskOf = async (taskId: number, prefetch = false) =>
  ((await post(prefetch ? '/api/prefetch/search' : '/api/refresh/query', { pageSize: 1000 })).body.data as PurgeTaskListReply).list.find(
    (t) => t.id === taskId,
  )!;

/** Manual ticks at chosen times (the app's own job runs with a huge delay scale, so real time moves nothing). */
let clock = Date.now();
const tick = (seconds: number) => {
  clock += seconds * 1000;
  return edgeTick(
    app,
    embeddedEdge(app, async () => LINES),
    new Date(clock),
  );
};

beforeAll(async () => {
  origin = await startOrigin((req, res) => {
    if (req.url === '/ok.bin' || req.url === '/host.bin')
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(12_345));
    else if (req.url === '/slow.bin')
      return; // never answers
    else res.writeHead(404).end();
  });
  app = await makeApp({
    allowPrivateOrigins: true,
    purge: { urlQuota: 10000, dirQuota: 100, prefetchQuota: 1000, dirEnabled: true, edgeDelayScale: 1000 },
  });
  acme = await signIn(app, 'acme');
  // cdn.acme-media.example is fetched from the local origin.
  await app.db.query(
    `UPDATE domains SET config = jsonb_set(jsonb_set(config, '{origins}', $1::jsonb), '{backProtocol}', '"http"') WHERE name = 'cdn.acme-media.example'`,
    [JSON.stringify([{ role: 'main', type: 'ip', address: '127.0.0.1', port: origin.port, weight: 10 }])],
  );
});
afterAll(async () => {
  await origin?.close();
  await app?.close();
});

describe('embedded edge', () => {
  it('walks every URL waiting → processing over each line → success → verified, and finishes the task', async () => {
    const id = await submit('/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/e1.js\nhttps://www.acme-media.example/e2.js',
    });
    expect((await urlsOf(id)).map((u) => u.status)).toEqual(['waiting', 'waiting']);
    await tick(2000);
    let urls = await urlsOf(id);
    expect(urls.map((u) => [u.status, u.linesDone, u.linesTotal])).toEqual([
      ['processing', 0, LINES],
      ['processing', 0, LINES],
    ]);
    expect((await taskOf(id)).status).toBe('processing');
    await tick(100_000);
    expect((await urlsOf(id)).map((u) => u.linesDone)).toEqual([1, 1]);
    await tick(100_000);
    await tick(100_000);
    urls = await urlsOf(id);
    expect(urls.map((u) => [u.status, u.linesDone])).toEqual([
      ['success', LINES],
      ['success', LINES],
    ]);
    const done = await taskOf(id);
    expect(done.status).toBe('success');
    expect(done.finishTime).not.toBeNull();
    await tick(100_000);
    expect((await urlsOf(id)).map((u) => u.status)).toEqual(['verified', 'verified']);
    expect(await taskOf(id)).toMatchObject({ status: 'verified', counts: { verified: 2, waiting: 0, processing: 0 } });
  });

  it('fails the URLs of a domain disabled meanwhile, with the reason', async () => {
    const id = await submit('/api/refresh', { type: 'dir', urls: 'https://m.acme-media.example/news/\nhttps://www.acme-media.example/d/' });
    await tick(2000);
    await app.db.query(`UPDATE domains SET status = 'off' WHERE name = 'm.acme-media.example'`);
    await tick(100_000);
    const urls = await urlsOf(id);
    expect(urls[0]).toMatchObject({ status: 'failed', reason: 'The domain was disabled' });
    expect(urls[1].status).toBe('processing');
    for (let i = 0; i < 5; i++) await tick(100_000);
    expect((await taskOf(id)).status).toBe('failed');
  });

  it('prefetch fetches from the origin: bytes on success, the reason on 404 and time-out', async () => {
    app.config.purge.edgeDelayScale = 0.05; // a short fetch time-out
    try {
      const id = await submit('/api/prefetch', {
        urls: 'http://cdn.acme-media.example/ok.bin\nhttp://cdn.acme-media.example/none.bin\nhttp://cdn.acme-media.example/slow.bin',
      });
      await tick(2000);
      const urls = await urlsOf(id, true);
      expect(urls[0]).toMatchObject({ status: 'processing', httpStatus: 200, bytes: 12_345 });
      expect(urls[0].elapsedMs).toBeGreaterThanOrEqual(0);
      expect(urls[1]).toMatchObject({ status: 'failed', httpStatus: 404 });
      expect(urls[1].reason).toMatch(/404/);
      expect(urls[2].status).toBe('failed');
      expect(urls[2].reason.toLowerCase()).toMatch(/time/);
      await tick(100_000);
      await tick(100_000);
      await tick(100_000);
      await tick(100_000);
      expect((await taskOf(id, true)).status).toBe('failed');
    } finally {
      app.config.purge.edgeDelayScale = 1000;
    }
  });
});

describe('prefetch: Host header and documentation addresses (issue #35)', () => {
  const prefetchOne = async (url: string) => {
    const id = await submit('/api/prefetch', { urls: url });
    await tick(2000);
    return (await urlsOf(id, true))[0];
  };

  it("sends the back host without the origin's port, unless the port is part of the configured back host", async () => {
    origin.hosts.length = 0;
    expect(await prefetchOne('http://cdn.acme-media.example/host.bin')).toMatchObject({ httpStatus: 200 });
    expect(origin.hosts).toEqual(['cdn.acme-media.example']);
    const backHost = async (value: string) =>
      app.db.query(`UPDATE domains SET config = jsonb_set(config, '{backHost}', $1::jsonb) WHERE name = 'cdn.acme-media.example'`, [
        JSON.stringify({ mode: value ? 'custom' : 'follow', value }),
      ]);
    try {
      await backHost('origin.acme-media.example:8080');
      origin.hosts.length = 0;
      await prefetchOne('http://cdn.acme-media.example/host.bin?port');
      await backHost('origin.acme-media.example');
      await prefetchOne('http://cdn.acme-media.example/host.bin?name');
      expect(origin.hosts).toEqual(['origin.acme-media.example:8080', 'origin.acme-media.example']);
    } finally {
      await backHost('');
    }
  });

  it('refuses an origin in a documentation range, private addresses allowed or not', async () => {
    // img.acme-media.example: the demo's origins are 203.0.113.30 and .31
    const url = await prefetchOne('http://img.acme-media.example/doc.bin');
    expect(url.status).toBe('failed');
    expect(url.reason).toBe('Cannot connect to the origin 203.0.113.30: address reserved for documentation');
  });
});

describe('embedded edge as an EdgeControl', () => {
  it('takes a job handed over twice once, and answers the states of the URLs it holds only', async () => {
    const edge = embeddedEdge(app, async () => LINES);
    const job = {
      taskId: 999_001,
      kind: 'url' as const,
      urls: [{ id: 9_000_001, url: 'https://www.acme-media.example/x.js', domain: 'www.acme-media.example' }],
    };
    await edge.purge(job);
    await edge.purge(job);
    const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM embedded_edge_urls WHERE id = 9000001');
    expect(row.n).toBe(1);
    const states = await edge.status([9_000_001, 9_000_002]);
    expect(states).toEqual([
      {
        id: 9_000_001,
        status: 'processing',
        linesDone: 0,
        linesTotal: 0,
        reason: undefined,
        httpStatus: undefined,
        bytes: undefined,
        elapsedMs: undefined,
      },
    ]);
    await app.db.query('DELETE FROM embedded_edge_urls WHERE id = 9000001');
  });

  it('a URL the edge does not know (lost state) is handed over again and finishes', async () => {
    const id = await submit('/api/refresh', { type: 'url', urls: 'https://www.acme-media.example/lost.js' });
    await tick(2000);
    await app.db.query('DELETE FROM embedded_edge_urls WHERE task_id = $1', [id]);
    for (let i = 0; i < 8; i++) await tick(100_000);
    expect((await urlsOf(id))[0]).toMatchObject({ status: 'verified', linesDone: LINES, linesTotal: LINES });
  });
});

describe('restart', () => {
  it.skipIf(Boolean(inject('pgAdminUrl')) || Boolean(inject('clickhouseUrl')))(
    'a new server on the same data continues in-flight tasks',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-purge-restart-'));
      await app.close();
      try {
        await copyDir(inject('demoTemplateDir'), dir);
        const config = {
          ...configFromEnv({ PORTAL_DATA_DIR: dir, PORTAL_DEMO_LIVE: '0' } as NodeJS.ProcessEnv),
          purge: { urlQuota: 100, dirQuota: 10, prefetchQuota: 10, dirEnabled: true, edgeDelayScale: 0.01 },
        };
        let first = await buildApp(config);
        const c1 = await signIn(first, 'acme');
        const r = await call(first, c1, {
          method: 'POST',
          url: '/api/refresh',
          payload: { type: 'url', urls: 'https://www.acme-media.example/restart.js' },
        });
        const id = (r.body.data as PurgeSubmitReply).taskId;
        await first.close();
        const second = await buildApp(config);
        try {
          const c2 = await signIn(second, 'acme');
          let status = '';
          for (let i = 0; i < 100 && status !== 'verified'; i++) {
            await new Promise((res) => setTimeout(res, 100));
            const list = (await call(second, c2, { method: 'POST', url: '/api/refresh/query', payload: {} })).body
              .data as PurgeTaskListReply;
            status = list.list.find((t) => t.id === id)?.status ?? '';
          }
          expect(status).toBe('verified');
          const urls = (await call(second, c2, { method: 'POST', url: '/api/refresh/query', payload: { taskId: id } })).body
            .data as PurgeUrlListReply;
          expect(urls.list[0].linesDone).toBe(urls.list[0].linesTotal);
        } finally {
          await second.close();
          first = second;
        }
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );
});
