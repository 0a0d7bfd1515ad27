import { describe, expect, it } from 'vitest';
import { compileWebsite, inNet, ipv4Number, parseNet, type EngineRequest, type EngineRule } from '../../common/rules/websites/engine';
import { clientAppOf, WAF_ATTACK_SAMPLES } from '../../common/rules/websites/catalogue';
import { compileWebsiteWithRates, createRateLimiter, type RatedRule } from '../../common/rules/websites/rateLimiter';
import { isIPv4 } from '../../common/rules/domains/formats';
import { enginePolicy as policy, WAF_ALL } from './websitesPolicy';
import {
  isSafeRegex,
  validateRule,
  validateWebsite,
  parseOrigin,
  WAF_CATEGORIES,
  type RuleFilter,
  type WafCategory,
  type WebsiteInput,
} from '../../common/rules/websites/index';

/**
 * The website protection engine (issue #18): every filter field and operator, the evaluation order
 * (allow list, access-control list, rules by priority, WAF), each rule action type, and the WAF
 * signatures against a corpus of attack strings and benign URLs (rates printed).
 */

const req = (over: Partial<EngineRequest> = {}): EngineRequest => ({
  method: 'GET',
  url: '/',
  clientIp: '198.51.100.10',
  country: 'CN',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  referer: '',
  headers: {},
  ...over,
});

const rule = (over: Partial<EngineRule>): EngineRule => ({
  id: 100,
  name: 'r',
  enabled: true,
  priority: 1,
  actionType: 3,
  action: { mode: 'block' },
  filters: [],
  clientAppIds: [],
  ...over,
});
const only = (f: RuleFilter) => compileWebsite([], [rule({ filters: [f] })]);

describe('filters: every field and operator', () => {
  const cases: Array<[RuleFilter, Partial<EngineRequest>, boolean]> = [
    [{ field: 'path', operator: 'equals', value: '/login' }, { url: '/login?x=1' }, true],
    [{ field: 'path', operator: 'equals', value: '/login' }, { url: '/Login' }, false],
    [{ field: 'path', operator: 'contains', value: 'admin' }, { url: '/wp-admin/x' }, true],
    [{ field: 'path', operator: 'startsWith', value: '/api/' }, { url: '/api/v1' }, true],
    [{ field: 'path', operator: 'startsWith', value: '/api/' }, { url: '/web/api/' }, false],
    [{ field: 'path', operator: 'regex', value: '^/item/[0-9]+$' }, { url: '/item/42' }, true],
    [{ field: 'path', operator: 'regex', value: '^/item/[0-9]+$' }, { url: '/item/x' }, false],
    [{ field: 'path', operator: 'in', value: '/a, /b' }, { url: '/b' }, true],
    [{ field: 'query', operator: 'contains', value: 'debug=1' }, { url: '/x?a=2&debug=1' }, true],
    [{ field: 'query', operator: 'equals', value: 'a=1' }, { url: '/x?a=1' }, true],
    [{ field: 'query', operator: 'equals', value: 'a=1' }, { url: '/x' }, false],
    [{ field: 'method', operator: 'equals', value: 'post' }, { method: 'POST' }, true],
    [{ field: 'method', operator: 'in', value: 'PUT DELETE' }, { method: 'GET' }, false],
    [{ field: 'clientIp', operator: 'equals', value: '198.51.100.10' }, {}, true],
    [{ field: 'clientIp', operator: 'in', value: '10.0.0.0/8, 198.51.100.0/24' }, {}, true],
    [{ field: 'clientIp', operator: 'in', value: '10.0.0.0/8' }, {}, false],
    [{ field: 'clientIp', operator: 'equals', value: '2001:db8::/32' }, { clientIp: '2001:db8:1::5' }, true],
    [{ field: 'clientIp', operator: 'equals', value: '2001:db8::/32' }, { clientIp: '2001:db9::5' }, false],
    [{ field: 'country', operator: 'equals', value: 'us' }, { country: 'US' }, true],
    [{ field: 'country', operator: 'in', value: 'RU,KP' }, { country: 'CN' }, false],
    [{ field: 'userAgent', operator: 'contains', value: 'curl' }, { userAgent: 'curl/8.0' }, true],
    [{ field: 'userAgent', operator: 'regex', value: 'bot|spider' }, { userAgent: 'Baiduspider' }, true],
    [{ field: 'referer', operator: 'startsWith', value: 'https://evil.example' }, { referer: 'https://evil.example/x' }, true],
    [{ field: 'referer', operator: 'equals', value: 'https://a.example/' }, { referer: '' }, false],
    [{ field: 'header', header: 'X-Api-Key', operator: 'equals', value: 'secret' }, { headers: { 'x-api-key': 'secret' } }, true],
    [{ field: 'header', header: 'X-Api-Key', operator: 'contains', value: 'sec' }, { headers: {} }, false],
  ];
  it.each(cases)('%j on %j → %s', (filter, request, expected) => {
    expect(only(filter)(req(request)).action === 'block').toBe(expected);
  });

  it('all filters of a rule must match (AND), and its client apps', () => {
    const ev = compileWebsite(
      [],
      [
        rule({
          filters: [
            { field: 'path', operator: 'startsWith', value: '/api' },
            { field: 'method', operator: 'equals', value: 'POST' },
          ],
          clientAppIds: ['curl'],
        }),
      ],
    );
    expect(ev(req({ url: '/api', method: 'POST', userAgent: 'curl/8.1' })).action).toBe('block');
    expect(ev(req({ url: '/api', method: 'POST' })).action).toBe('pass');
    expect(ev(req({ url: '/api', method: 'GET', userAgent: 'curl/8.1' })).action).toBe('pass');
  });
});

describe('client IPs and networks (parsed once per request)', () => {
  it('reads IPv4 exactly like isIPv4, as its 32-bit number', () => {
    const texts = [
      '0.0.0.0',
      '255.255.255.255',
      '1.2.3.4',
      '10.0.0.01',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '1..2.3',
      '.1.2.3',
      '1.2.3.',
      '01.2.3.4',
      '1.2.3.4 ',
      'a.b.c.d',
      '1.2.3.1000',
      '',
      '::1',
      '100.200.30.4',
    ];
    for (const t of texts) expect([t, ipv4Number(t) >= 0]).toEqual([t, isIPv4(t)]);
    expect(ipv4Number('255.255.255.255')).toBe(0xffffffff);
    expect(ipv4Number('10.1.2.3')).toBe(0x0a010203);
  });

  it('networks: /0, /32, odd prefixes, IPv4-mapped IPv6, IPv6 apart from IPv4', () => {
    const net = (c: string) => parseNet(c)!;
    expect(inNet('203.0.113.9', net('0.0.0.0/0'))).toBe(true);
    expect(inNet('203.0.113.9', net('203.0.113.9'))).toBe(true);
    expect(inNet('203.0.113.8', net('203.0.113.9/32'))).toBe(false);
    expect(inNet('192.168.1.200', net('192.168.1.128/25'))).toBe(true);
    expect(inNet('192.168.1.127', net('192.168.1.128/25'))).toBe(false);
    expect(inNet('255.255.255.255', net('255.255.255.254/31'))).toBe(true);
    expect(inNet('::ffff:10.1.2.3', net('10.0.0.0/8'))).toBe(true);
    expect(inNet('10.1.2.3', net('::ffff:10.1.2.3'))).toBe(true);
    expect(inNet('10.1.2.3', net('2001:db8::/32'))).toBe(false);
    expect(inNet('2001:db8::1', net('0.0.0.0/0'))).toBe(false);
    expect(inNet('not an ip', net('0.0.0.0/0'))).toBe(false);
    expect(parseNet('10.0.0.0/33')).toBeNull();
  });
});

describe('order and actions', () => {
  it('allow list bypasses everything, access-control list blocks with exceptions', () => {
    const ev = compileWebsite(
      [
        policy({
          id: 1,
          name: 'acl',
          type: 1,
          countries: ['RU'],
          ips: ['203.0.113.0/24'],
          urls: ['/admin/*'],
          clientAppIds: ['sqlmap'],
          exceptions: ['203.0.113.7', '/admin/health'],
        }),
        policy({ id: 2, name: 'allow', type: 2, ips: ['192.0.2.1'], urls: ['/public/*'] }),
        policy({ id: 3, name: 'waf', type: 3 }),
      ],
      [rule({ id: 9, filters: [{ field: 'path', operator: 'startsWith', value: '/' }] })],
    );
    const allowed = ev(req({ clientIp: '192.0.2.1', country: 'RU', url: '/?q=<script>' }));
    expect(allowed).toMatchObject({ action: 'allow', decidedBy: { kind: 'allowList', id: 2 } });
    expect(ev(req({ url: '/public/x.js', country: 'RU' })).action).toBe('allow');
    const ru = ev(req({ country: 'RU' }));
    expect(ru).toMatchObject({ action: 'block', decidedBy: { kind: 'acl', id: 1 }, reason: 'country RU is blocked' });
    expect(ev(req({ clientIp: '203.0.113.9' })).reason).toBe('client IP 203.0.113.9 is blocked');
    expect(ev(req({ clientIp: '203.0.113.7' })).decidedBy?.kind).toBe('rule');
    expect(ev(req({ url: '/admin/users' })).reason).toBe('URL /admin/users is blocked');
    expect(ev(req({ url: '/admin/health' })).decidedBy?.kind).toBe('rule');
    expect(ev(req({ userAgent: 'sqlmap/1.7' })).reason).toBe('client sqlmap is blocked');
    // Disabled policies are left out.
    const off = compileWebsite([policy({ countries: ['RU'], enabled: false })], []);
    expect(off(req({ country: 'RU' })).action).toBe('pass');
  });

  it('rules by priority: a terminal action decides, non-terminal ones are collected', () => {
    const ev = compileWebsite(
      [],
      [
        rule({ id: 1, priority: 3, actionType: 1, action: { target: '/new', statusCode: 301 } }),
        rule({ id: 2, priority: 1, actionType: 4, action: { url: '/v2' } }),
        rule({ id: 3, priority: 2, actionType: 2, action: { requests: 10, blockTime: 60 } }),
      ],
    );
    const d = ev(req());
    expect(d.action).toBe('redirect');
    expect(d.decidedBy?.id).toBe(1);
    expect(d.matches.map((m) => m.id)).toEqual([2, 3, 1]);
    const types: Array<[EngineRule['actionType'], EngineRule['action'], string]> = [
      [1, { target: '/n', statusCode: 302 }, 'redirect'],
      [2, { requests: 5, blockTime: 1 }, 'rate_limit'],
      [3, { mode: 'challenge' }, 'challenge'],
      [3, { mode: 'block' }, 'block'],
      [4, { url: '/x' }, 'rewrite_request'],
      [5, { origin: 'b.example.com' }, 'forward'],
      [6, { headers: [{ name: 'X', value: '1' }] }, 'rewrite_response'],
      [7, { overrides: { xss: 'alert' } }, 'override_waf'],
    ];
    for (const [actionType, action, expected] of types)
      expect(compileWebsite([], [rule({ actionType, action })])(req()).action).toBe(expected);
    expect(compileWebsite([], [rule({ enabled: false })])(req()).action).toBe('pass');
  });

  it('WAF categories with their responses, and a rule overriding them', () => {
    const waf = policy({ type: 3, waf: { xss: 'block_request', sqli: 'block_ip', rfi: 'alert', illegalResource: 'ignore' } });
    const ev = compileWebsite([waf], []);
    expect(ev(req({ url: '/?q=<script>alert(1)</script>' }))).toMatchObject({ action: 'block_request', decidedBy: { category: 'xss' } });
    expect(ev(req({ url: "/item?id=1' OR '1'='1" })).action).toBe('block_ip');
    expect(ev(req({ url: '/?page=http://evil.example/shell.txt' })).action).toBe('alert');
    expect(ev(req({ url: '/../../etc/passwd' })).action).toBe('pass');
    const overridden = compileWebsite(
      [waf],
      [rule({ actionType: 7, action: { overrides: { xss: 'alert', illegalResource: 'block_user' } } })],
    );
    expect(overridden(req({ url: '/?q=<script>x</script>' })).action).toBe('alert');
    expect(overridden(req({ url: '/static/../../etc/passwd' })).action).toBe('block_user');
  });
});

// A corpus of attack strings per category (from the classic OWASP test strings): the demo's samples and more.
const MORE_ATTACKS: Record<WafCategory, string[]> = {
  xss: ['/?a=<body onload=alert(1)>', '/?q=%253Cscript%253Ealert(1)%253C%252Fscript%253E', '/?x=<a href="javascript:void(0)">'],
  sqli: ["/item?id=1' AND benchmark(1000000,md5(1))", '/x?id=1%27%20OR%20%271%27%3D%271', "/q?id=1'/*", '/q?id=-1 union/**/select 1,2,3'],
  rfi: ['/index.php?inc=https://evil.example/a', '/?p=expect://id'],
  illegalResource: ['/site.tar.gz', '/download?f=..\\..\\windows\\win.ini', '/proc/self/environ'],
};
const ATTACKS = Object.fromEntries(WAF_CATEGORIES.map((c) => [c, [...WAF_ATTACK_SAMPLES[c], ...MORE_ATTACKS[c]]]));
const BENIGN = [
  '/',
  '/index.html',
  '/products?id=42&sort=price',
  '/search?q=red+shoes',
  '/search?q=select+a+union+rep',
  "/blog/o'reilly-books",
  '/api/v1/orders?from=2026-01-01&to=2026-01-31',
  '/img/logo.png',
  '/css/site.css?v=3',
  '/login',
  '/about-us',
  '/news/2026/11/25/story',
  '/search?q=1+%2B+1+%3D+2',
  '/docs/select-and-union',
  '/?utm_source=newsletter&utm_medium=email',
  '/cart?item=12&qty=2',
  '/static/app.js',
  '/video/playlist.m3u8',
  '/en/help/faq#scripts',
  '/?redirect=/account',
  '/users/drop-shipping',
  '/profile?tab=settings',
  '/search?q=how+to+write+a+script',
  '/files/report-2026.pdf',
  '/map?lat=31.2&lng=121.4',
  '/search?q=javascript+tutorial',
];

describe('WAF signature corpus', () => {
  it('detects the attack corpus and passes the benign URLs (rates printed)', () => {
    const ev = compileWebsite([policy({ type: 3, waf: WAF_ALL })], []);
    let detected = 0;
    let total = 0;
    const missed: string[] = [];
    for (const [category, urls] of Object.entries(ATTACKS)) {
      for (const url of urls) {
        total++;
        const d = ev(req({ url }));
        if (d.action === 'block_request' && d.matches.some((m) => m.category === category)) detected++;
        else missed.push(`${category}: ${url}`);
      }
    }
    const falsePositives = BENIGN.filter((url) => ev(req({ url })).action !== 'pass');
    console.log(
      `WAF corpus: detection ${detected}/${total} (${((detected / total) * 100).toFixed(1)} %), false positives ${falsePositives.length}/${BENIGN.length} (${((falsePositives.length / BENIGN.length) * 100).toFixed(1)} %)`,
    );
    expect(missed).toEqual([]);
    expect(falsePositives).toEqual([]);
  });
});

describe('rules of the forms', () => {
  it('regular expressions: bounded shapes only', () => {
    expect(isSafeRegex('^/item/[0-9]+$')).toBe(true);
    expect(isSafeRegex('bot|spider')).toBe(true);
    expect(isSafeRegex('(a+)+$')).toBe(false);
    expect(isSafeRegex('(a|aa)*b')).toBe(true);
    expect(isSafeRegex('((ab)*)+')).toBe(false);
    expect(isSafeRegex('(x)\\1')).toBe(false);
    expect(isSafeRegex('(?=a)')).toBe(false);
    expect(isSafeRegex('[')).toBe(false);
    expect(isSafeRegex('x'.repeat(300))).toBe(false);
  });

  it('origins and weights', () => {
    expect(parseOrigin('http://1.2.3.4:8080')).toEqual({ protocol: 'http', host: '1.2.3.4', port: 8080 });
    expect(parseOrigin('https://1.2.3.4')).toEqual({ protocol: 'https', host: '1.2.3.4', port: 443 });
    expect(parseOrigin('origin.example.com:443')).toEqual({ protocol: 'https', host: 'origin.example.com', port: 443 });
    expect(parseOrigin('http://origin.example.com')).toBeNull();
    expect(parseOrigin('1.2.3.4:99999')).toBeNull();
    const w: WebsiteInput = {
      domain: 'a.example.com',
      originType: 'multiple',
      lbMode: 'weighted',
      remark: '',
      certificateId: null,
      enabled: true,
      hsts: { enabled: false, maxAge: 0, includeSubdomains: false },
      origins: [
        { address: 'a.example.com', weight: 50, role: 'active' },
        { address: 'b.example.com', weight: 50, role: 'standby' },
      ],
    };
    expect(validateWebsite(w)).toEqual([]);
    expect(validateWebsite({ ...w, origins: [{ ...w.origins[0], weight: 40 }, w.origins[1]] }).map((p) => p.key)).toEqual([
      'wafWeightsSum',
    ]);
    expect(validateWebsite({ ...w, lbMode: 'random', origins: [{ ...w.origins[0], weight: 40 }, w.origins[1]] })).toEqual([]);
    expect(validateWebsite({ ...w, remark: 'x'.repeat(101) }).map((p) => p.key)).toEqual(['wafRemarkTooLong']);
  });

  it('rule actions need their fields', () => {
    const base = { websiteId: 1, name: 'r', enabled: true, filters: [], clientAppIds: [], interval: 60 };
    expect(validateRule({ ...base, actionType: 2, action: { requests: 0, blockTime: 1 } }).map((p) => p.key)).toEqual(['wafRangeError']);
    expect(validateRule({ ...base, actionType: 5, action: { origin: 'nope' } }).map((p) => p.key)).toEqual(['wafFormatError']);
    expect(validateRule({ ...base, actionType: 3, action: { mode: 'challenge' } })).toEqual([]);
  });

  it('client apps by user-agent signature', () => {
    expect(clientAppOf('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('googlebot');
    expect(clientAppOf('Mozilla/5.0 ... Chrome/120.0 Safari/537.36 Edg/120.0')).toBe('edge');
    expect(clientAppOf('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toBe('safari');
    expect(clientAppOf('curl/8.4.0')).toBe('curl');
    expect(clientAppOf('')).toBeNull();
  });
});

describe('rate limiting (the counter beside the pure evaluator)', () => {
  const login: RatedRule = {
    ...rule({
      id: 7,
      name: 'login',
      actionType: 2,
      action: { requests: 3, blockTime: 30 },
      filters: [{ field: 'path', operator: 'equals', value: '/login' }],
    }),
    interval: 10,
  };
  const post = (clientIp: string) => req({ method: 'POST', url: '/login', clientIp });

  it('counts per client IP in windows of the interval, limits past the limit and for the block time', () => {
    const ev = compileWebsiteWithRates([], [login]);
    // 3 requests in the window pass, the 4th is limited; the limit holds for 30 s.
    expect([0, 1, 2, 3].map((t) => ev(post('192.0.2.1'), 100 + t).action)).toEqual(['pass', 'pass', 'pass', 'rate_limit']);
    const limited = ev(post('192.0.2.1'), 104);
    expect(limited.decidedBy).toMatchObject({ kind: 'rule', id: 7, action: 'rate_limit' });
    expect(limited.reason).toContain('over 3 requests per 10 s');
    // another client is counted apart; a request the rule does not match is not counted
    expect(ev(post('192.0.2.2'), 104).action).toBe('pass');
    expect(ev(req({ url: '/home', clientIp: '192.0.2.1' }), 105).action).toBe('pass');
    // still limited in the next window (block time 30 s from t = 103), free again after it
    expect(ev(post('192.0.2.1'), 120).action).toBe('rate_limit');
    expect(ev(post('192.0.2.1'), 133).action).toBe('pass');
  });

  it('a new window starts a new count; the evaluator stays pure', () => {
    const ev = compileWebsiteWithRates([], [login]);
    for (let t = 0; t < 3; t++) expect(ev(post('192.0.2.3'), 200 + t).action).toBe('pass');
    expect(ev(post('192.0.2.3'), 210).action).toBe('pass');
    // The pure evaluator alone says which rule applies, always the same.
    const pure = compileWebsite([], [login]);
    expect(pure(post('192.0.2.3')).action).toBe('rate_limit');
    expect(pure(post('192.0.2.3')).action).toBe('rate_limit');
  });

  it('under the limit the decision is the one without the rate rule; a block stays a block', () => {
    const rewrite = rule({ id: 8, name: 'rewrite', priority: 2, actionType: 4, action: { url: '/signin' } });
    const ev = compileWebsiteWithRates(
      [policy({ id: 2, type: 3, waf: { ...WAF_ALL, sqli: 'block_ip' } })],
      [login, { ...rewrite, interval: 60 }],
    );
    expect(ev(post('192.0.2.4'), 0).action).toBe('rewrite_request');
    expect(ev(req({ method: 'POST', url: "/login?u=admin'--", clientIp: '192.0.2.4' }), 1).action).toBe('block_ip');
    ev(post('192.0.2.4'), 2);
    expect(ev(post('192.0.2.4'), 3).action).toBe('rate_limit');
    expect(ev(req({ method: 'POST', url: "/login?u=admin'--", clientIp: '192.0.2.4' }), 4).action).toBe('block_ip');
  });

  it('keeps its counters bounded', () => {
    const limiter = createRateLimiter(10);
    for (let i = 0; i < 50; i++) limiter.hit(login, `10.0.0.${i}`, 0);
    expect(limiter.size()).toBe(50);
    for (let i = 0; i < 5; i++) limiter.hit(login, `10.0.1.${i}`, 200_000);
    expect(limiter.size()).toBeLessThanOrEqual(6);
  });

  it('the demo attack samples are all detected', () => {
    const ev = compileWebsite([policy({ type: 3, waf: WAF_ALL })], []);
    for (const [category, urls] of Object.entries(WAF_ATTACK_SAMPLES)) {
      for (const url of urls) expect([url, ev(req({ url })).matches.some((m) => m.category === category)]).toEqual([url, true]);
    }
  });
});
