import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { trafficWrites } from '../lib/trafficQueue';

/**
 * The short-lived answer cache of the analysis calls (issue #22, load): identical analysis
 * questions of one scope are answered once per time bucket. The key is the question (method, URL
 * with its query, body, language) and who asks, as far as the answer can depend on it: the
 * caller's effective account scope (resolved from the store), role, account, the accounts it may act
 * for and its rights. Two callers share an answer only when all of these are equal, so an answer
 * never crosses tenants or rights. Buckets are `ttlMs` long (a few seconds: the live data moves by
 * the minute), each question's shifted by its own offset; a write through the traffic engine starts a new generation (an ingest is seen at
 * once); at most `maxEntries` answers are kept (the oldest go first); identical requests that arrive
 * while the first is being answered wait for its answer instead of asking the engine again.
 * Only successful envelopes (HTTP 200, code "0") are kept; a failed leader lets each waiter ask itself.
 */
export interface AnswerCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  expires: number;
  /** The serialised reply, or null when the first request failed (not kept). */
  answer: Promise<string | null>;
}

export type Share = { wait: Promise<string | null> } | { lead: (answer: string | null) => void };

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly opts: AnswerCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bucket a question asked now falls in (part of the key); `offsetMs` moves this question's bucket turns. */
  bucket(offsetMs = 0): number {
    return Math.floor((this.now() + offsetMs) / this.opts.ttlMs);
  }

  /** Waits for the answer of `key` when one is kept or being computed; otherwise the caller leads and settles it. */
  share(key: string, offsetMs = 0): Share {
    const t = this.now();
    const found = this.entries.get(key);
    if (found && found.expires > t) return { wait: found.answer };
    if (found) this.entries.delete(key);
    let settle: (answer: string | null) => void = () => undefined;
    const answer = new Promise<string | null>((resolve) => (settle = resolve));
    const entry: Entry = { expires: (this.bucket(offsetMs) + 1) * this.opts.ttlMs - offsetMs, answer };
    this.entries.set(key, entry);
    this.evict(t);
    return {
      lead: (value) => {
        settle(value);
        if (value === null && this.entries.get(key) === entry) this.entries.delete(key);
      },
    };
  }

  private evict(t: number): void {
    if (this.entries.size <= this.opts.maxEntries) return;
    for (const [k, e] of this.entries) if (e.expires <= t) this.entries.delete(k);
    // Still too many: the oldest first (a Map keeps insertion order).
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.opts.maxEntries) break;
      this.entries.delete(k);
    }
  }
}

/** The analysis calls whose answers are kept: every /api/es/ search and the other aggregation reads. */
const CACHED_EXACT = new Set(['/api/sequential', '/api/dosageSort', '/api/common/bandAndFlow']);
export const isCachedAnalysis = (method: string, url: string): boolean =>
  (method === 'POST' || method === 'GET') && (url.startsWith('/api/es/') || CACHED_EXACT.has(url));

/**
 * The cache key of a question and who asks it (see above), and the question's bucket offset: each
 * question's buckets turn at their own moment (an offset within the bucket taken from the key), so
 * the engine is not asked every kept question again at the same instant; an answer is still at most
 * one bucket old.
 */
export async function answerKey(
  request: FastifyRequest,
  cache: AnswerCache,
  ttlMs: number,
  generation: number,
): Promise<{ key: string; offsetMs: number }> {
  const user = request.user;
  const scope = await request.scope();
  const who = user
    ? [user.role, user.account, [...user.accounts].sort(), [...user.permissions].sort(), scope.all ? '*' : [...scope.accounts].sort()]
    : null;
  const question = [request.method, request.url, request.body ?? null, request.lang];
  const asked = crypto
    .createHash('sha256')
    .update(JSON.stringify([generation, who, question]))
    .digest();
  const offsetMs = asked.readUInt32BE(0) % ttlMs;
  return { key: `${cache.bucket(offsetMs)}.${asked.toString('base64url')}`, offsetMs };
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
  interface FastifyRequest {
    answerLead: ((answer: string | null) => void) | null;
  }
}

export const answerCachePlugin = fp(async (app) => {
  const seconds = app.config.answerCacheSeconds;
  const ttlMs = Math.max(0, seconds) * 1000 || 1;
  const cache = new AnswerCache({ ttlMs, maxEntries: 1000 });
  app.decorate('answerCache', cache);
  app.decorateRequest('answerLead', null);

  // After the guard and validation (preValidation): only callers with the right reach the cache.
  app.addHook('preHandler', async (request, reply) => {
    if (seconds <= 0 || !request.user || !isCachedAnalysis(request.method, request.routeOptions.url ?? '')) return;
    const { key, offsetMs } = await answerKey(request, cache, ttlMs, trafficWrites(app.traffic));
    const share = cache.share(key, offsetMs);
    if ('lead' in share) {
      request.answerLead = share.lead;
      return;
    }
    const answer = await share.wait;
    if (answer === null) return; // the first asker failed: this one asks itself
    reply.header('content-type', 'application/json; charset=utf-8').header('x-portal-answer', 'shared');
    return reply.send(answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 503) reply.header('retry-after', '1');
    const lead = request.answerLead;
    if (!lead) return payload;
    request.answerLead = null;
    const kept = reply.statusCode === 200 && typeof payload === 'string' && payload.startsWith('{"code":"0"') ? payload : null;
    lead(kept);
    return payload;
  });
  // A leader that never reached onSend (aborted, crashed): its waiters answer themselves.
  const release = async (request: FastifyRequest) => {
    request.answerLead?.(null);
    request.answerLead = null;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});
