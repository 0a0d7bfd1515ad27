import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, signIn } from './helpers';
import { analysisApp, DAY0, generateRows, loadRows, utcText } from './analysisFixture';
import type { CountDetail } from '../../common/wire/traffic/index';
import type { BoundedQueue } from '../../server/lib/trafficQueue';

/**
 * Issue #22, load: the analysis answer cache (shared only by identical questions of one scope and
 * the same rights, ended by a write to the traffic store) and the bounded queue in front of the
 * traffic engine (full: the "busy" envelope at once; configuration calls keep answering).
 */
const rows = generateRows(1500, 11);
const range = { startTime: utcText(DAY0), endTime: utcText(DAY0 + 2 * 86400 - 1), timeZone: 'UTC' };

let app: FastifyInstance;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  // A long bucket, so that expiry never interferes here (tests/unit/shellAnswerCache.test.ts covers it with a clock).
  app = await analysisApp(rows, { answerCacheSeconds: 600, trafficQueue: { concurrency: 1, maxQueued: 1 } });
  for (const u of ['acme', 'acme_viewer', 'globex', 'admin']) cookies[u] = await signIn(app, u);
  cookies.acme2 = await signIn(app, 'acme');
}, 300_000);
afterAll(async () => {
  await app?.close();
});

const count = (user: string, payload: object = range, lang = 'en') =>
  call(app, cookies[user], { method: 'POST', url: '/api/es/count/offLine', payload, headers: { 'x-portal-lang': lang } });
const requests = (r: Awaited<ReturnType<typeof count>>) => (r.body.data as CountDetail).count.request;

describe('analysis answer cache', () => {
  it('shares an answer between sessions of the same scope and rights, never with another tenant, other rights or staff', async () => {
    const first = await count('acme', { ...range, interval: '1h' });
    expect(first.body.code).toBe('0');
    expect(first.headers['x-portal-answer']).toBeUndefined();
    const again = await count('acme2', { ...range, interval: '1h' });
    expect(again.headers['x-portal-answer']).toBe('shared');
    expect(again.body).toEqual(first.body);

    for (const user of ['globex', 'admin', 'acme_viewer']) {
      const other = await count(user, { ...range, interval: '1h' });
      expect(other.headers['x-portal-answer'], user).toBeUndefined();
      if (user !== 'acme_viewer') expect(requests(other), user).not.toBe(requests(first));
    }
    // Another question (a different body or language) of the same caller is its own entry.
    expect((await count('acme', { ...range, interval: '1d' })).headers['x-portal-answer']).toBeUndefined();
    expect((await count('acme', { ...range, interval: '1h' }, 'zh')).headers['x-portal-answer']).toBeUndefined();
  });

  it('asks the engine once for identical questions that arrive together', async () => {
    const body = { ...range, interval: '5m' };
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => count(i % 2 ? 'acme' : 'acme2', body)));
    expect(replies.filter((r) => r.headers['x-portal-answer'] === 'shared')).toHaveLength(5);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it('keeps no failure and ends kept answers when the traffic store is written', async () => {
    const bad = { ...range, startTime: 'yesterday' };
    expect((await count('acme', bad)).body.code).not.toBe('0');
    expect((await count('acme', bad)).headers['x-portal-answer']).toBeUndefined();

    const before = await count('globex');
    expect((await count('globex')).headers['x-portal-answer']).toBe('shared');
    await loadRows(app, generateRows(50, 12));
    const after = await count('globex');
    expect(after.headers['x-portal-answer']).toBeUndefined();
    // loadRows replaces the rows: the answer is the new data's, not the kept one.
    expect(requests(after)).not.toBe(requests(before));
  });
});

describe('bounded queue in front of the traffic engine', () => {
  it('answers "busy" at once when the queue is full, while configuration calls keep answering', async () => {
    const queue = (app.traffic as unknown as { queue: BoundedQueue }).queue;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // One statement running and one waiting: the queue (concurrency 1, one waiting) is full.
    const running = queue.run(() => held);
    const waiting = queue.run(async () => undefined);
    try {
      expect(queue.stats).toMatchObject({ running: 1, queued: 1 });
      const busy = await count('acme', { ...range, interval: '1d', domains: ['a1.acme.test'] });
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.body).toEqual({
        code: '503',
        data: null,
        msg: 'The server is busy: too many analysis requests are waiting. Please try again in a moment',
      });
      const zh = await count('acme', { ...range, interval: '1d', domains: ['a2.acme.test'] }, 'zh');
      expect(zh.body.msg).toBe('服务繁忙：统计分析请求过多，请稍后重试');

      const started = Date.now();
      const config = await call(app, cookies.acme, { method: 'POST', url: '/api/domain/search', payload: { pageNum: 1, pageSize: 10 } });
      expect(config.body.code).toBe('0');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      await Promise.all([running, waiting]);
    }
    expect(queue.stats).toMatchObject({ running: 0, queued: 0 });
    expect((await count('acme', { ...range, interval: '1d', domains: ['a1.acme.test'] })).body.code).toBe('0');
  });
});
