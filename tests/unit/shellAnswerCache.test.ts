import { describe, expect, it } from 'vitest';
import { AnswerCache, isCachedAnalysis } from '../../server/plugins/answerCache';
import { BoundedQueue, TrafficBusyError } from '../../server/lib/trafficQueue';

describe('AnswerCache', () => {
  const make = (maxEntries = 10) => {
    let t = 1_000_000;
    const cache = new AnswerCache({ ttlMs: 5_000, maxEntries, now: () => t });
    return { cache, advance: (ms: number) => (t += ms) };
  };

  it('shares a kept answer within its time bucket and asks again in the next one', async () => {
    const { cache, advance } = make();
    const first = cache.share('k');
    if (!('lead' in first)) throw new Error('expected to lead');
    first.lead('{"code":"0"}');
    const hit = cache.share('k');
    expect('wait' in hit && (await hit.wait)).toBe('{"code":"0"}');
    advance(5_000);
    expect('lead' in cache.share('k')).toBe(true);
  });

  it("turns a question's bucket at its own offset, so kept questions are not all asked again at once", () => {
    const { cache, advance } = make();
    // The clock stands at a bucket turn (1,000,000 ms); with an offset of 2 s this question's turn is 3 s away.
    const first = cache.share('k', 2_000);
    if (!('lead' in first)) throw new Error('expected to lead');
    first.lead('{"code":"0"}');
    expect(cache.bucket(2_000)).toBe(cache.bucket());
    advance(2_999);
    expect('wait' in cache.share('k', 2_000)).toBe(true);
    expect(cache.bucket(2_000)).toBe(cache.bucket());
    advance(1);
    expect(cache.bucket(2_000)).toBe(cache.bucket() + 1);
    expect('lead' in cache.share('k', 2_000)).toBe(true);
  });

  it('lets identical requests in flight wait for the first one; a failed first answer is not kept', async () => {
    const { cache } = make();
    const lead = cache.share('k');
    const waiters = [cache.share('k'), cache.share('k')];
    expect(waiters.every((w) => 'wait' in w)).toBe(true);
    if (!('lead' in lead)) throw new Error('expected to lead');
    lead.lead(null);
    for (const w of waiters) expect('wait' in w && (await w.wait)).toBeNull();
    expect('lead' in cache.share('k')).toBe(true);
  });

  it('keeps at most maxEntries answers, the oldest leaving first', () => {
    const { cache } = make(3);
    for (const k of ['a', 'b', 'c', 'd']) {
      const s = cache.share(k);
      if ('lead' in s) s.lead('{}');
    }
    expect(cache.size).toBe(3);
    expect('lead' in cache.share('a')).toBe(true);
    expect('wait' in cache.share('d')).toBe(true);
  });

  it('covers the analysis searches only', () => {
    expect(isCachedAnalysis('POST', '/api/es/count/onLine')).toBe(true);
    expect(isCachedAnalysis('POST', '/api/domain/search')).toBe(false);
    expect(isCachedAnalysis('POST', '/api/log/downloadID')).toBe(false);
  });
});

describe('BoundedQueue', () => {
  it('runs at most `concurrency` at once, queues up to `maxQueued`, and refuses beyond with the busy error', async () => {
    const q = new BoundedQueue({ concurrency: 2, maxQueued: 2 });
    let live = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const job = () =>
      q.run(async () => {
        live++;
        peak = Math.max(peak, live);
        await new Promise<void>((r) => gates.push(r));
        live--;
      });
    const jobs = [job(), job(), job(), job()];
    await Promise.resolve();
    expect(q.stats).toMatchObject({ running: 2, queued: 2 });
    await expect(job()).rejects.toBeInstanceOf(TrafficBusyError);
    expect(q.stats.rejected).toBe(1);
    while (gates.length || live) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(q.stats).toMatchObject({ running: 0, queued: 0 });
  });

  it('does not limit with concurrency 0', async () => {
    const q = new BoundedQueue({ concurrency: 0, maxQueued: 0 });
    expect(await Promise.all([1, 2, 3].map((n) => q.run(async () => n)))).toEqual([1, 2, 3]);
  });
});
