import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { edgeTick } from '../../server/jobs/purgeEdge';
import { httpEdge } from '../../server/lib/edgeControl';
import type { EdgeJob } from '../../server/lib/edgeControl';
import type { PurgeSubmitReply, PurgeUrlListReply } from '../../common/wire/purge';

/** A local control plane: takes jobs, answers status (processing on the first poll, then verified). */
let receiver: http.Server;
let base = '';
const jobs: Array<{ path: string; job: EdgeJob }> = [];
const polls = new Map<number, number>();
let refuse = false;
let forget = new Set<number>();

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let clock = Date.now();
const tick = (s: number) => {
  clock += s * 1000;
  return edgeTick(app, httpEdge(base), new Date(clock));
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}');
      if (req.url === '/edge/status') {
        const known = new Set(jobs.flatMap((j) => j.job.urls.map((u) => u.id)));
        const urls = (parsed.ids as number[])
          .filter((id) => known.has(id) && !forget.has(id))
          .map((id) => {
            const n = (polls.get(id) ?? 0) + 1;
            polls.set(id, n);
            const url = jobs.flatMap((j) => j.job.urls).find((u) => u.id === id)?.url ?? '';
            if (url.includes('missing'))
              return { id, status: 'failed', linesDone: 0, linesTotal: 2, reason: 'origin answered 404', httpStatus: 404 };
            return n === 1
              ? { id, status: 'processing', linesDone: 1, linesTotal: 2 }
              : { id, status: 'verified', linesDone: 2, linesTotal: 2, httpStatus: 200, bytes: 10 };
          });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ urls }));
        return;
      }
      if (refuse) return void res.writeHead(503).end();
      jobs.push({ path: String(req.url), job: parsed });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/edge`;
  app = await makeApp({
    purge: { urlQuota: 1000, dirQuota: 100, prefetchQuota: 100, dirEnabled: true, edgeDelayScale: 1000, edgeUrl: base },
  });
  acme = await signIn(app, 'acme');
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  await app?.close();
});

const submit = async (url: string, payload: object) =>
  ((await call(app, acme, { method: 'POST', url, payload })).body.data as PurgeSubmitReply).taskId;
const urlsOf = async (taskId: number, prefetch = false) =>
  (
    (await call(app, acme, { method: 'POST', url: prefetch ? '/api/prefetch/status' : '/api/refresh/query', payload: { taskId } })).body
      .data as PurgeUrlListReply
  ).list;

describe('HTTP edge (PORTAL_EDGE_URL)', () => {
  it('posts one job per task and records the polled states to verified', async () => {
    const id = await submit('/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/h1.js\nhttps://www.acme-media.example/h2.js',
    });
    await tick(2000);
    const job = jobs.find((j) => j.job.taskId === id)!;
    expect(job.path).toBe('/edge/purge');
    expect(job.job).toMatchObject({
      kind: 'url',
      urls: [{ url: 'https://www.acme-media.example/h1.js' }, { url: 'https://www.acme-media.example/h2.js' }],
    });
    expect((await urlsOf(id)).map((u) => u.status)).toEqual(['processing', 'processing']);
    await tick(3);
    expect((await urlsOf(id)).map((u) => [u.status, u.linesDone, u.linesTotal])).toEqual([
      ['processing', 1, 2],
      ['processing', 1, 2],
    ]);
    await tick(3);
    expect((await urlsOf(id)).map((u) => u.status)).toEqual(['verified', 'verified']);
  });

  it('prefetch jobs go to /prefetch; a failure keeps its reason', async () => {
    const id = await submit('/api/prefetch', { urls: 'https://www.acme-media.example/missing.zip' });
    await tick(2000);
    expect(jobs.find((j) => j.job.taskId === id)?.path).toBe('/edge/prefetch');
    await tick(3);
    expect((await urlsOf(id, true))[0]).toMatchObject({ status: 'failed', reason: 'origin answered 404', httpStatus: 404 });
  });

  it('a refused hand-over is retried; a URL the edge forgot is handed over again', async () => {
    refuse = true;
    const id = await submit('/api/refresh', { type: 'url', urls: 'https://www.acme-media.example/h3.js' });
    await tick(2000);
    expect((await urlsOf(id))[0].status).toBe('waiting');
    refuse = false;
    await tick(6);
    const urlId = (await urlsOf(id))[0].id;
    expect(jobs.filter((j) => j.job.taskId === id)).toHaveLength(1);
    forget = new Set([urlId]);
    await tick(3);
    expect((await urlsOf(id))[0].status).toBe('waiting');
    forget = new Set();
    await tick(1);
    expect(jobs.filter((j) => j.job.taskId === id)).toHaveLength(2);
    await tick(3);
    await tick(3);
    expect((await urlsOf(id))[0].status).toBe('verified');
  });
});
