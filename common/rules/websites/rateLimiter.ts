import { compileWebsite, isBlocking, type Decision, type EnginePolicy, type EngineRequest, type EngineRule, type Match } from './engine';

/**
 * Rate-limit counting beside the pure evaluator (issue #18). compileWebsite decides that a Rates
 * rule (actionType 2) applies to a request; whether the client is over the limit depends on the
 * requests before it, so the state lives here: a counter per (rule, client IP) in fixed windows of
 * the rule's interval. The request that takes a client past `requests` in a window, and every
 * request of that client matching the rule for `blockTime` seconds after it, are limited (decision
 * `rate_limit`); a request under the limit gets the decision the evaluator gives without the rate
 * rule (the next rule action collected, a WAF alert, an override, else pass). Used by the demo event
 * generator and the tests; the edge does the same.
 */

/** A rule as the limiter needs it: the engine's rule with its interval (seconds). */
export type RatedRule = EngineRule & { interval: number };

interface Counter {
  window: number;
  count: number;
  blockedUntil: number;
}

export interface RateLimiter {
  /**
   * Counts a request that the rate rule `rule` matched at `now` (seconds) and says whether the
   * client is limited, and why.
   */
  hit(rule: RatedRule, clientIp: string, now: number): { limited: boolean; count: number; blockedUntil: number };
  /** counters held (for tests and for bounding memory) */
  size(): number;
}

/** A rate limiter: fixed windows of the rule's interval, per rule and client IP; old counters are swept. */
export function createRateLimiter(maxCounters = 100_000): RateLimiter {
  const counters = new Map<string, Counter>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    for (const [k, c] of counters) if (c.blockedUntil <= now && c.window < now - 86_400) counters.delete(k);
    lastSweep = now;
  };
  return {
    hit(rule, clientIp, now) {
      const interval = Math.max(1, Math.floor(rule.interval || 60));
      const limit = Math.max(1, Math.floor(rule.action.requests ?? 1));
      const blockTime = Math.max(0, Math.floor(rule.action.blockTime ?? 0));
      const window = Math.floor(now / interval) * interval;
      const key = `${rule.id}|${clientIp}`;
      if (counters.size >= maxCounters && now - lastSweep > 60) sweep(now);
      let c = counters.get(key);
      if (!c) {
        c = { window, count: 0, blockedUntil: 0 };
        counters.set(key, c);
      }
      if (c.window !== window) {
        c.window = window;
        c.count = 0;
      }
      c.count += 1;
      if (now < c.blockedUntil) return { limited: true, count: c.count, blockedUntil: c.blockedUntil };
      if (c.count > limit) {
        c.blockedUntil = now + blockTime;
        return { limited: true, count: c.count, blockedUntil: c.blockedUntil };
      }
      return { limited: false, count: c.count, blockedUntil: 0 };
    },
    size: () => counters.size,
  };
}

/** A website's evaluator with rate limits counted: (request, time in seconds) → decision. */
export type RatedEvaluator = (request: EngineRequest, now: number) => Decision;

/**
 * The pure evaluator of compileWebsite with a rate limiter beside it. A limited request is
 * decided by its rate rule (`rate_limit`) unless the evaluator already stops it (a block or a
 * challenge); a request under every limit gets the evaluator's decision without the rate rules.
 */
export function compileWebsiteWithRates(
  policies: EnginePolicy[],
  rules: RatedRule[],
  limiter: RateLimiter = createRateLimiter(),
): RatedEvaluator {
  const evaluate = compileWebsite(policies, rules);
  const byId = new Map(rules.filter((r) => r.actionType === 2).map((r) => [r.id, r]));
  return (request, now) => {
    const d = evaluate(request);
    const rateMatches = d.matches.filter((m) => m.kind === 'rule' && m.action === 'rate_limit');
    if (!rateMatches.length) return d;
    let limitedBy: { m: Match; count: number; blockedUntil: number; rule: RatedRule } | null = null;
    for (const m of rateMatches) {
      const rule = byId.get(m.id);
      if (!rule) continue;
      const h = limiter.hit(rule, request.clientIp.trim(), now);
      if (h.limited && !limitedBy) limitedBy = { m, count: h.count, blockedUntil: h.blockedUntil, rule };
    }
    if (limitedBy && !isBlocking(d.action)) {
      const { m, rule } = limitedBy;
      const reason =
        `client IP ${request.clientIp.trim()} over ${rule.action.requests ?? 0} requests per ${rule.interval} s, ` +
        `limited until ${new Date(limitedBy.blockedUntil * 1000).toISOString()}`;
      const decided: Match = { ...m, reason };
      return { action: 'rate_limit', decidedBy: decided, reason, matches: d.matches.map((x) => (x === m ? decided : x)) };
    }
    if (d.action !== 'rate_limit') return d;
    // Under the limit: what the evaluator decides without the rate rules (same order as compileWebsite).
    const rest = d.matches.filter((x) => !rateMatches.includes(x));
    const next =
      rest.find((x) => x.kind === 'rule' && x.action !== 'override_waf') ??
      rest.find((x) => x.kind === 'waf' && x.action === 'alert') ??
      rest.find((x) => x.kind === 'rule' && x.action === 'override_waf');
    return next
      ? { action: next.action, decidedBy: next, reason: next.reason, matches: d.matches }
      : { action: 'pass', decidedBy: null, reason: '', matches: d.matches };
  };
}
