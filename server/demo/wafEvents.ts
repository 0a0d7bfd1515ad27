import type { DemoSeeder } from './index';
import { DEMO_DAYS } from './traffic';
import { randomStream } from './trafficPlan';
import { listWebsites } from '../stores/config/websites';
import { listPolicies } from '../stores/config/websitesPolicies';
import { listRules } from '../stores/config/websitesRules';
import type { TrafficEngine } from '../stores/traffic/engine';
import {
  domainEdge,
  EVENT_ACTIONS,
  insertEventLogRows,
  insertSecurityEvents,
  type SecurityEventRow,
} from '../stores/traffic/websitesEvents';
import { compileWebsiteWithRates, type RatedRule } from '../../common/rules/websites/rateLimiter';
import { WAF_ATTACK_SAMPLES } from '../../common/rules/websites/catalogue';
import { WAF_CATEGORIES, type WafCategory } from '../../common/rules/websites/index';
import { isBlocking, type Decision, type EnginePolicy, type EngineRequest, type Match } from '../../common/rules/websites/engine';
import type { SecurityEventAction, SecurityEventCategory } from '../../common/wire/websites';

/**
 * Demo security events (issue #18): generated requests to each demo website over the demo period —
 * ordinary visitors on a daily curve (busiest at 21:00 Shanghai time), a few from blocked countries
 * and scripted clients, attack campaigns sending the WAF catalogue's attack strings, scanners, and
 * abusive IPs hammering POST /login — run in time order through the real evaluator of the website's
 * stored policies and rules, with the rate limiter counting per client IP. Every decision that
 * blocks, challenges, limits or alerts becomes an event; nothing is a canned number. A WAF 'block
 * IP' or 'block user' decision holds: the client's later requests within DEMO_BLOCK_SECONDS are
 * blocked by it too. Each event's request is also written to traffic.access_log (same time,
 * account, domain, client IP, URL, user agent: the event's key into the log), with the status the
 * action gives. Scaled by the demo traffic scale (PORTAL_DEMO_TRAFFIC_SCALE); one INSERT per table.
 */

/** How long a WAF 'block IP' / 'block user' holds in the demo (WAF policies have no block-time setting). */
export const DEMO_BLOCK_SECONDS = 600;

/** The status an edge answers for an action that makes an event (an alert lets the request through). */
export const EVENT_STATUS: Record<SecurityEventAction, number> = {
  block: 403,
  challenge: 403,
  rate_limit: 429,
  alert: 200,
  block_request: 403,
  block_user: 403,
  block_ip: 403,
};

/** Generated requests per website over 7 days at scale 1. */
export const DEMO_EVENT_REQUESTS = 60_000;

export interface DemoEventSite {
  id: number;
  account: string;
  domain: string;
  policies: EnginePolicy[];
  rules: RatedRule[];
}

const hash = (s: string) => [...s].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
function weighted<T>(rnd: () => number, xs: ReadonlyArray<readonly [T, number]>): T {
  const total = xs.reduce((s, x) => s + x[1], 0);
  let r = rnd() * total;
  for (const [v, w] of xs) if ((r -= w) < 0) return v;
  return xs[xs.length - 1][0];
}

/** Ordinary pages (visitors; attackers browse them too). */
export const BENIGN_PATHS = [
  '/',
  '/index.html',
  '/products?id=42&sort=price',
  '/search?q=red+shoes',
  '/news/2026/11/25/story',
  '/img/logo.png',
  '/css/site.css?v=3',
  '/api/v1/orders?from=2026-01-01',
  '/about-us',
  '/cart?item=12&qty=2',
  '/static/app.js',
  '/video/playlist.m3u8',
  '/profile?tab=settings',
  '/blog/cdn-tips',
  '/files/report-2026.pdf',
  '/login',
  '/health',
];
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.43',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];
const SCRIPTED = ['curl/8.4.0', 'python-requests/2.31.0', 'Go-http-client/1.1'];
const VISITOR_COUNTRIES: Array<readonly [string, number]> = [
  ['CN', 55],
  ['US', 10],
  ['HK', 6],
  ['JP', 5],
  ['SG', 4],
  ['DE', 4],
  ['GB', 3],
  ['KR', 3],
  ['FR', 2],
  ['BR', 2],
  ['IN', 2],
  ['RU', 2],
  ['IR', 1],
  ['KP', 0.3],
];
const ATTACK_COUNTRIES: Array<readonly [string, number]> = [
  ['US', 25],
  ['RU', 20],
  ['NL', 12],
  ['BR', 10],
  ['VN', 10],
  ['IN', 8],
  ['CN', 8],
  ['DE', 7],
];
const ATTACK_UAS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/119.0 Safari/537.36',
  'sqlmap/1.7.11#stable (https://sqlmap.org)',
  'Nikto/2.5.0',
  'python-requests/2.31.0',
];

interface Generated {
  t: number;
  req: EngineRequest;
}

const ipOf = (rnd: () => number) => {
  const first = pick(rnd, [36, 58, 101, 113, 120, 183, 45, 89, 91, 185]);
  return `${first}.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}.${1 + Math.floor(rnd() * 254)}`;
};

/** The daily curve: 0.15 at 04:00 Shanghai time, 1 at 16:00–21:00-ish (a cosine over the day). */
const wave = (t: number) => {
  const minute = Math.floor(((t + 8 * 3600) % 86_400) / 60);
  return 0.15 + (0.85 * (1 - Math.cos((2 * Math.PI * (minute - 240)) / 1440))) / 2;
};

/** The requests of one website over [start, end), in time order. */
function generateRequests(site: DemoEventSite, start: number, end: number, scale: number): Generated[] {
  const rnd = randomStream(hash(`${site.account}|${site.domain}`));
  const days = (end - start) / 86_400;
  const out: Generated[] = [];
  const request = (over: Partial<EngineRequest>): EngineRequest => ({
    method: 'GET',
    url: '/',
    clientIp: ipOf(rnd),
    country: 'CN',
    userAgent: pick(rnd, BROWSERS),
    referer: '',
    headers: {},
    ...over,
  });

  // Ordinary visitors on the daily curve (a few from blocked countries, some scripted clients).
  const visitors = Array.from({ length: 400 }, () => ({ ip: ipOf(rnd), country: weighted(rnd, VISITOR_COUNTRIES) }));
  const total = Math.round(DEMO_EVENT_REQUESTS * scale * (days / 7) * 0.8);
  while (out.length < total) {
    const t = start + Math.floor(rnd() * (end - start));
    if (rnd() > wave(t)) continue;
    const v = pick(rnd, visitors);
    const scripted = rnd() < 0.02;
    out.push({
      t,
      req: request({
        clientIp: v.ip,
        country: v.country,
        url: pick(rnd, BENIGN_PATHS),
        method: rnd() < 0.05 ? 'POST' : 'GET',
        userAgent: scripted ? pick(rnd, SCRIPTED) : pick(rnd, BROWSERS),
        referer: rnd() < 0.3 ? `https://${site.domain}/` : '',
      }),
    });
  }

  // Attack campaigns: an attacker sends one category's attack strings (and probes) for a while.
  // At least one campaign of each kind in the last 20 hours (in a "last 24 hours" view for hours after
  // the seeding), the others spread over the period.
  const campaigns = Math.max(WAF_CATEGORIES.length + 2, Math.round(40 * scale * (days / 7)));
  for (let c = 0; c < campaigns; c++) {
    const recent = c < WAF_CATEGORIES.length + 2;
    const begin = recent ? end - 72_000 + Math.floor(rnd() * (72_000 - 7200)) : start + Math.floor(rnd() * (end - start - 7200));
    const ip = ipOf(rnd);
    const country = weighted(rnd, ATTACK_COUNTRIES);
    const category: WafCategory | 'scan' | 'login' =
      c < WAF_CATEGORIES.length
        ? WAF_CATEGORIES[c]
        : c === WAF_CATEGORIES.length
          ? 'scan'
          : c === WAF_CATEGORIES.length + 1
            ? 'login'
            : pick(rnd, [...WAF_CATEGORIES, 'scan', 'login'] as const);
    // The last day's attackers of each category use a browser-like or scanner agent (a scripted or
    // sqlmap agent is stopped earlier by the demo's rules and lists); the others any agent.
    const ua = recent ? pick(rnd, [ATTACK_UAS[0], ATTACK_UAS[2]]) : pick(rnd, ATTACK_UAS);
    if (category === 'login') {
      // An abusive IP: POST /login every 1–3 seconds for 3–8 minutes (the Rates rule's business).
      let t = begin;
      const until = begin + 180 + Math.floor(rnd() * 300);
      while (t < until && t < end) {
        out.push({
          t,
          req: request({
            clientIp: ip,
            country,
            method: 'POST',
            url: '/login',
            userAgent: pick(rnd, [ATTACK_UAS[0], ...SCRIPTED.slice(1)]),
          }),
        });
        t += 1 + Math.floor(rnd() * 3);
      }
      continue;
    }
    const urls =
      category === 'scan'
        ? ['/wp-admin/install.php', '/wp-admin/setup-config.php', '/.env', '/.git/config', '/phpinfo.php', '/backup.sql']
        : WAF_ATTACK_SAMPLES[category];
    const n = 10 + Math.floor(rnd() * 40);
    let firstAttack = end;
    for (let i = 0; i < n; i++) {
      const t = begin + Math.floor(rnd() * 3600);
      if (t >= end) continue;
      // a third of a campaign's requests browse ordinary pages: blocked only while a block IP / block user holds
      const benign = category !== 'scan' && rnd() < 0.33;
      if (!benign) firstAttack = Math.min(firstAttack, t);
      out.push({
        t,
        req: request({
          clientIp: ip,
          country,
          url: benign ? pick(rnd, BENIGN_PATHS) : pick(rnd, urls),
          userAgent: ua,
          method: rnd() < 0.2 ? 'POST' : 'GET',
        }),
      });
    }
    // and one ordinary page shortly after the first attack (held when that attack blocks the IP or user)
    if (category !== 'scan' && firstAttack + 90 < end) {
      out.push({
        t: firstAttack + 30 + Math.floor(rnd() * 60),
        req: request({ clientIp: ip, country, url: pick(rnd, BENIGN_PATHS), userAgent: ua }),
      });
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

const EVENT_ACTION_SET = new Set<string>(EVENT_ACTIONS);

/** The event a decision makes, or null (passed, allowed, redirected, rewritten, forwarded). */
export function eventOf(site: DemoEventSite, t: number, req: EngineRequest, d: Decision): SecurityEventRow | null {
  const m = d.decidedBy;
  if (!m || m.kind === 'allowList' || !EVENT_ACTION_SET.has(d.action)) return null;
  let category: SecurityEventCategory;
  if (m.kind === 'waf' && m.category) category = m.category;
  else if (m.kind === 'acl') category = 'acl';
  else if (m.kind === 'rule' && d.action === 'rate_limit') category = 'rate';
  else if (m.kind === 'rule') category = 'security';
  else return null;
  return {
    ts: t,
    account: site.account,
    website_id: site.id,
    domain: site.domain,
    source_kind: m.kind as 'acl' | 'rule' | 'waf',
    source_id: m.id,
    source_name: m.name,
    category,
    action: d.action as SecurityEventAction,
    client_ip: req.clientIp,
    country: req.country,
    url: req.url,
    user_agent: req.userAgent,
  };
}

export interface DemoEventsResult {
  requests: number;
  events: number;
  /** events decided by an earlier block IP / block user */
  sticky: number;
  ms: number;
}

/**
 * The website's evaluator with sticky WAF blocks: after a 'block IP' decision every request of that
 * IP, after 'block user' every request of that IP with that user agent (the log's notion of a
 * user), is blocked by the same policy and category until the block time has passed. The allow
 * list still allows. Each request still goes through the evaluator (the rate counters count it).
 */
export function stickyBlocks(
  evaluate: (req: EngineRequest, t: number) => Decision,
  blockSeconds = DEMO_BLOCK_SECONDS,
): (req: EngineRequest, t: number) => Decision & { sticky: boolean } {
  const held = new Map<string, { until: number; decision: Decision }>();
  return (req, t) => {
    const d = evaluate(req, t);
    if (d.action === 'allow') return { ...d, sticky: false };
    const ipKey = `ip|${req.clientIp}`;
    const userKey = `user|${req.clientIp}|${req.userAgent}`;
    if (d.action === 'block_ip' || d.action === 'block_user') {
      held.set(d.action === 'block_ip' ? ipKey : userKey, { until: t + blockSeconds, decision: d });
      return { ...d, sticky: false };
    }
    if (isBlocking(d.action)) return { ...d, sticky: false };
    for (const key of [ipKey, userKey]) {
      const h = held.get(key);
      if (!h) continue;
      if (h.until <= t) {
        held.delete(key);
        continue;
      }
      const m = h.decision.decidedBy!;
      const reason = `${m.reason}; client blocked until ${new Date(h.until * 1000).toISOString()}`;
      const decidedBy: Match = { ...m, reason };
      return { action: h.decision.action, decidedBy, reason, matches: [...d.matches, decidedBy], sticky: true };
    }
    return { ...d, sticky: false };
  };
}

/** Generates, evaluates and stores the events of these websites over the `days` before `now` (ms). */
export async function generateSecurityEvents(
  engine: TrafficEngine,
  sites: DemoEventSite[],
  opts: { scale: number; now?: number; days?: number },
): Promise<DemoEventsResult> {
  const began = Date.now();
  const end = Math.floor((opts.now ?? Date.now()) / 1000);
  const start = end - (opts.days ?? 7) * 86_400;
  let requests = 0;
  let sticky = 0;
  const events: SecurityEventRow[] = [];
  const logRows: string[] = [];
  if (opts.scale > 0) {
    for (const site of sites) {
      const evaluate = stickyBlocks(compileWebsiteWithRates(site.policies, site.rules));
      const generated = generateRequests(site, start, end, opts.scale);
      // the edge fields of the domain's demo log, so that the rows sit with the rest of its traffic
      const edge = await domainEdge(engine, site.account, site.domain);
      requests += generated.length;
      for (const g of generated) {
        const d = evaluate(g.req, g.t);
        const e = eventOf(site, g.t, g.req, d);
        if (!e) continue;
        events.push(e);
        if (d.sticky) sticky++;
        logRows.push(
          JSON.stringify({
            ts: g.t,
            account: site.account,
            domain: site.domain,
            url: g.req.url,
            method: g.req.method,
            status: EVENT_STATUS[e.action],
            bytes: e.action === 'alert' ? 2048 + (hash(`${g.t}|${g.req.url}`) % 30_000) : 512,
            request_time: 5,
            cache_hit: 0,
            client_ip: g.req.clientIp,
            continent: '',
            country: g.req.country,
            province: '',
            isp: '',
            user_agent: g.req.userAgent,
            referer: g.req.referer,
            provider: edge?.provider ?? '',
            edge_node: edge?.edge_node ?? '',
          }),
        );
      }
    }
  }
  await insertSecurityEvents(engine, events);
  await insertEventLogRows(engine, logRows);
  return { requests, events: events.length, sticky, ms: Date.now() - began };
}

/** Demo seeder: after the websites seeder, the events of every demo website over the demo traffic's 7 days. */
export const seedSecurityEvents: DemoSeeder = {
  name: 'securityEvents',
  async run(app) {
    const websites = await listWebsites(app.db, null);
    const ids = websites.map((w) => w.id);
    const [policies, rules] = await Promise.all([listPolicies(app.db, ids), listRules(app.db, ids)]);
    const result = await generateSecurityEvents(
      app.traffic,
      websites.map((w) => ({
        id: w.id,
        account: w.account,
        domain: w.domain,
        policies: policies.filter((p) => p.websiteId === w.id),
        rules: rules.filter((r) => r.websiteId === w.id),
      })),
      { scale: app.config.demoTrafficScale, days: DEMO_DAYS },
    );
    app.log.info(result, 'demo security events generated');
  },
};
