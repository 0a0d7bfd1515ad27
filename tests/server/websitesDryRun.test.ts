import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import {
  compilePolicySql,
  compileRuleSql,
  jsRegexToRe2,
  type CompileOptions,
  type DryRunCompiled,
} from '../../server/stores/traffic/websitesDryRunSql';
import { clientAppColumnReady } from '../../server/stores/traffic/clientAppColumn';
import { CLIENT_APPS, clientAppOf } from '../../common/rules/websites/catalogue';
import { compileWebsite, type EnginePolicy, type EngineRequest, type EngineRule } from '../../common/rules/websites/engine';
import { validateFilter, validatePolicy, type RuleFilter } from '../../common/rules/websites/index';
import type { DryRunResult, Policy, Rule, Website } from '../../common/wire/websites';

/**
 * Dry run of a protection rule or policy (issue #18): POST rule/dryRun on the real stores
 * (validation like create, the website's own account and domain only, tenant isolation, rights),
 * and the property test that the SQL predicate (server/stores/traffic/websitesDryRunSql.ts, run by the traffic
 * store's engine) and the evaluator (common/rules/wafEngine.ts) agree on generated requests and filters.
 */

let app: FastifyInstance;
const c: Record<string, string> = {};
const P = '/impapi/protection/application';
const post = (who: string, payload: unknown) =>
  call(app, c[who], {
    method: 'POST',
    url: `${P}/rule/dryRun`,
    payload: payload as Record<string, unknown>,
    headers: { 'x-portal-lang': 'en' },
  });
const get = (who: string, url: string) => call(app, c[who], { method: 'GET', url, headers: { 'x-portal-lang': 'en' } });

const logRow = (account: string, domain: string, ts: number, over: Record<string, unknown> = {}) => ({
  ts,
  account,
  domain,
  url: '/',
  method: 'GET',
  status: 200,
  bytes: 100,
  request_time: 10,
  cache_hit: 1,
  client_ip: '198.51.100.1',
  continent: 'Asia',
  country: 'CN',
  province: '',
  isp: '',
  user_agent: 'Mozilla/5.0',
  referer: '',
  provider: '',
  edge_node: '',
  ...over,
});
const insertRows = (rows: object[]) =>
  app.traffic.insertRaw('traffic.access_log', rows.map((r) => JSON.stringify(r)).join('\n'), 'JSONEachRow');

let acmeSite: Website;
let globexSite: Website;
const MARKED = 25;

beforeAll(async () => {
  app = await makeApp();
  await app.ready();
  for (const u of ['acme', 'globex', 'acme_viewer', 'nobody']) c[u] = await signIn(app, u);
  acmeSite = ((await get('acme', `${P}/manager/list?pageNum=1&pageSize=50`)).body.data as { list: Website[] }).list[0];
  globexSite = ((await get('globex', `${P}/manager/list?pageNum=1&pageSize=50`)).body.data as { list: Website[] }).list[0];
  // 25 marked requests of acme's website in the last hours, the same paths logged for another
  // account's domain of the same name (globex), and one older than 24 hours: only the first count.
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: MARKED }, (_, i) =>
    logRow('acme', acmeSite.domain, now - 60 - i * 1800, {
      url: `/dryrun-marker/${i}?k=${i}`,
      client_ip: `198.51.100.${i + 1}`,
      country: 'ZZ',
    }),
  );
  rows.push(logRow('globex', acmeSite.domain, now - 120, { url: '/dryrun-marker/foreign', country: 'ZZ' }));
  rows.push(logRow('acme', acmeSite.domain, now - 26 * 3600, { url: '/dryrun-marker/old', country: 'ZZ' }));
  await insertRows(rows);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const markerRule = {
  name: 'marker',
  actionType: 3,
  action: { mode: 'block' },
  filters: [{ field: 'path', operator: 'startsWith', value: '/dryrun-marker' }],
};

describe('POST rule/dryRun', () => {
  it("counts an unsaved rule over the website's own logs of the last 24 hours, per hour, with samples", async () => {
    const res = await post('acme', { websiteId: acmeSite.id, rule: markerRule });
    expect(res.body.code).toBe(0);
    const data = res.body.data as DryRunResult;
    expect(data.evaluable).toBe(true);
    expect(data.domain).toBe(acmeSite.domain);
    expect(data.matched).toBe(MARKED);
    expect(data.total).toBeGreaterThanOrEqual(MARKED);
    expect(data.hours).toHaveLength(24);
    expect(data.hours.reduce((s, h) => s + h.matched, 0)).toBe(MARKED);
    expect(data.hours.every((h) => h.matched <= h.total && h.time % 3_600_000 === 0)).toBe(true);
    expect(data.samples).toHaveLength(20);
    expect(data.samples.every((s) => s.url.startsWith('/dryrun-marker/') && s.url !== '/dryrun-marker/foreign')).toBe(true);
    expect(data.samples[0].time).toBeGreaterThanOrEqual(data.samples[19].time);
  });

  it('runs a stored rule and a stored policy of the website by id', async () => {
    const rule = (
      await call(app, c.acme, {
        method: 'POST',
        url: `${P}/rule/create`,
        payload: { websiteId: acmeSite.id, ...markerRule, enabled: false },
      })
    ).body.data as Rule;
    const byRule = (await post('acme', { websiteId: acmeSite.id, ruleId: rule.id })).body.data as DryRunResult;
    expect(byRule.matched).toBe(MARKED);
    const policy = (
      await call(app, c.acme, {
        method: 'POST',
        url: `${P}/policy/create`,
        payload: { websiteId: acmeSite.id, name: 'ZZ', type: 1, enabled: false, countries: ['ZZ'], exceptions: ['198.51.100.1'] },
      })
    ).body.data as Policy;
    const byPolicy = (await post('acme', { websiteId: acmeSite.id, policyId: policy.id })).body.data as DryRunResult;
    // the exception (198.51.100.1) leaves one marked request out
    expect(byPolicy.matched).toBe(MARKED - 1);
    const allow = (await post('acme', { websiteId: acmeSite.id, policy: { name: 'a', type: 2, ips: ['198.51.100.0/30'] } })).body
      .data as DryRunResult;
    expect(
      allow.samples
        .filter((s) => s.url.startsWith('/dryrun-marker/'))
        .map((s) => s.clientIp)
        .sort(),
    ).toEqual(['198.51.100.1', '198.51.100.2', '198.51.100.3']);
  });

  it('answers what the access log lacks as not evaluable', async () => {
    const header = (
      await post('acme', {
        websiteId: acmeSite.id,
        rule: { ...markerRule, filters: [{ field: 'header', header: 'X-Token', operator: 'equals', value: 'a' }] },
      })
    ).body;
    expect(header.code).toBe(0);
    expect(header.data).toMatchObject({ evaluable: false, notEvaluable: 'header', matched: 0 });
    const waf = (await post('acme', { websiteId: acmeSite.id, policy: { name: 'w', type: 3 } })).body.data as DryRunResult;
    expect(waf).toMatchObject({ evaluable: false, notEvaluable: 'waf' });
  });

  it('validates an unsaved rule or policy like a create', async () => {
    const unsafe = await post('acme', {
      websiteId: acmeSite.id,
      rule: { ...markerRule, filters: [{ field: 'path', operator: 'regex', value: '(a+)+$' }] },
    });
    expect(unsafe.body.code).not.toBe(0);
    expect(unsafe.body.msg).toBe('The regular expression is invalid or may take too long: filters.0.value = "(a+)+$"');
    const noName = await post('acme', { websiteId: acmeSite.id, rule: { ...markerRule, name: ' ' } });
    expect(noName.body.msg).toBe('Cannot be empty: name = ""');
    const badCountry = await post('acme', { websiteId: acmeSite.id, policy: { name: 'p', type: 1, countries: ['Russia'] } });
    expect(badCountry.body.msg).toBe('Format error: countries.0 = "RUSSIA"');
    const nothing = await post('acme', { websiteId: acmeSite.id });
    expect(nothing.body.msg).toBe('Cannot be empty');
    const both = await post('acme', { websiteId: acmeSite.id, rule: markerRule, policy: { name: 'p', type: 2, ips: ['1.2.3.4'] } });
    expect(both.body.code).not.toBe(0);
    const extra = await post('acme', { websiteId: acmeSite.id, rule: { ...markerRule, sql: '1=1' } });
    expect(String(extra.body.code)).toBe('400');
    const injected = await post('acme', {
      websiteId: acmeSite.id,
      rule: { ...markerRule, filters: [{ field: 'path', operator: 'equals', value: "x' OR 1=1 --" }] },
    });
    expect((injected.body.data as DryRunResult).matched).toBe(0);
  });

  it("tenant isolation: globex cannot dry-run acme's website, rule or policy", async () => {
    const foreign = await post('globex', { websiteId: acmeSite.id, rule: markerRule });
    const missing = await post('globex', { websiteId: 2_000_000_000, rule: markerRule });
    expect(foreign.body.code).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const acmeRules = (await get('acme', `${P}/rule/list/${acmeSite.id}`)).body.data as Rule[];
    const acmePolicies = (await get('acme', `${P}/policy/list/${acmeSite.id}`)).body.data as Policy[];
    expect((await post('globex', { websiteId: globexSite.id, ruleId: acmeRules[0].id })).body.code).toBe(404);
    expect((await post('globex', { websiteId: globexSite.id, policyId: acmePolicies[0].id })).body.code).toBe(404);
    // globex's own website never counts acme's rows of the same paths
    const own = (await post('globex', { websiteId: globexSite.id, rule: markerRule })).body.data as DryRunResult;
    expect(own.matched).toBe(0);
  });

  it('rights: acme_viewer (no website module) and nobody are refused', async () => {
    expect((await post('acme_viewer', { websiteId: acmeSite.id, rule: markerRule })).body.code).toBe('403');
    expect((await post('nobody', { websiteId: acmeSite.id, rule: markerRule })).body.code).toBe('403');
  });
});

// ---------------------------------------------------------------- property: SQL and evaluator agree

const PROP_ACCOUNT = 'proptest';
const PROP_DOMAIN = 'prop.dryrun.example';

const UAS = [
  '',
  'curl/8.4.0',
  'Wget/1.21',
  'Mozilla/5.0 (compatible; Googlebot/2.1)',
  'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36 Edg/120.0',
  'Mozilla/5.0 (Macintosh) Version/17.1 Safari/605.1.15',
  'Mozilla/5.0 Firefox/121.0',
  'python-requests/2.31',
  'sqlmap/1.7',
  'MicroMessenger/8.0 Mobile',
  'Go-http-client/1.1',
  'CURL/7 tool',
  'okhttp/4.12',
  'Mozilla/5.0 (compatible; bingbot/2.0)',
  'Baiduspider+(+http://www.baidu.com/search/spider.htm)',
  'Mozilla/5.0 (compatible; YandexBot/3.0)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
  'Mozilla/5.0 (iPhone) AlipayClient/10.5',
  'Mozilla/5.0 (X11) Firefox/121.0 curl/8',
  // case, the second alternative of a signature, and the 1024-character limit (with multi-byte characters before it)
  'Mozilla/5.0 (compatible; GOOGLEBOT/2.1)',
  'Python-urllib/3.11',
  `${'x'.repeat(1016)} Chrome/120.0 Safari/537.36`,
  `${'x'.repeat(1017)} Chrome/120.0 Safari/537.36`,
  `${'é'.repeat(1015)} Googlebot/2.1 Chrome/8`,
  `${'é'.repeat(1000)} sqlmap/1.7 Chrome/1`,
];
const SEGMENTS = ['api', 'Admin', 'a', 'b.php', 'x', 'img', 'v1', '', 'login', 'A.B'];
const QUERIES = ['', 'id=1', 'q=union+select', 'a=b&c=d', 'x=?y', 'ID=2', 'page=http://e.example/x.txt', 'k'];
const COUNTRIES = ['CN', 'US', 'ru', 'DE', '', 'GB'];
const REFERERS = ['', 'https://a.example/x', 'HTTPS://B.example/Y?z=1', 'android-app://com.x'];
const NETS = [
  '10.0.0.0/8',
  '10.1.2.3',
  '192.168.1.0/24',
  '203.0.113.7',
  '0.0.0.0/0',
  '::ffff:10.1.2.3',
  '2001:db8::/32',
  '10.1.0.0/16',
  '192.168.1.128/25',
  '203.0.113.0/31',
];
const TOKENS = [
  'api',
  '/api',
  'a',
  '/',
  '/a?',
  'a/x',
  'GET',
  'post',
  'head',
  'cn',
  'US',
  'chrome',
  'googlebot',
  'curl/',
  'id=1',
  '?',
  'x',
  'admin',
  '/Admin',
  'safari',
  'https',
  '.php',
  'A.B',
  'q=union',
];
const REGEXES = [
  '^/api',
  'admin',
  '\\.php$',
  'a.b',
  '[0-9]+',
  '^(get|post)$',
  'chrome/\\d+',
  '\\s',
  'x{1,2}',
  'union\\+select',
  '^$',
  'A|B',
  '^[a-z]+$',
  '\\bsafari\\b',
  '[\\s/]v1',
  'https?://',
  '\\x41',
  '^/$',
  'id=\\d',
];
const APPS = ['curl', 'googlebot', 'chrome', 'edge', 'safari', 'firefox', 'wget', 'sqlmap', 'wechat'];
const URL_PATTERNS = ['/api/*', '/a', '/*.php', '/Admin*', '/', '/*/x', '/img/*'];

const ipArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(10, 192, 203, 198),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 255 }),
    )
    .map(([a, b, c2, d]) => (a === 192 ? `192.168.1.${d}` : a === 203 ? `203.0.113.${d % 10}` : `${a}.${b % 3}.${c2}.${d}`)),
  fc.constantFrom('10.1.2.3', '203.0.113.7', '192.168.1.200'),
);
const requestArb: fc.Arbitrary<EngineRequest> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'HEAD', 'get', 'Put', ''),
  url: fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 }), fc.constantFrom(...QUERIES))
        .map(([s, q]) => `/${s.join('/')}${q ? `?${q}` : ''}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '?only=query', '/a?', '/api/x?y?z', '/api/a\nb', '/img/\u2028x', '/api/x?q=\r') },
  ),
  clientIp: ipArb,
  country: fc.constantFrom(...COUNTRIES),
  userAgent: fc.constantFrom(...UAS),
  referer: fc.constantFrom(...REFERERS),
  headers: fc.constant({}),
});

const filterArb: fc.Arbitrary<RuleFilter> = fc
  .constantFrom('path', 'query', 'method', 'clientIp', 'country', 'userAgent', 'referer')
  .chain((field) =>
    fc.constantFrom('equals', 'contains', 'startsWith', 'regex', 'in').chain((operator): fc.Arbitrary<RuleFilter> => {
      const f = field as RuleFilter['field'];
      const op = operator as RuleFilter['operator'];
      if (f === 'clientIp') {
        const values = op === 'in' ? fc.subarray(NETS, { minLength: 1, maxLength: 3 }).map((v) => v.join(', ')) : fc.constantFrom(...NETS);
        return values.map((value) => ({ field: f, operator: op, value }));
      }
      if (op === 'regex') return fc.constantFrom(...REGEXES).map((value) => ({ field: f, operator: op, value }));
      if (op === 'in')
        return fc.subarray(TOKENS, { minLength: 1, maxLength: 4 }).map((v) => ({ field: f, operator: op, value: v.join(' ,') }));
      return fc.constantFrom(...TOKENS).map((value) => ({ field: f, operator: op, value }));
    }),
  );

/** A filter whose value is taken from one of the stored requests (so that rules do select some). */
const derivedFilterArb = (requests: EngineRequest[]): fc.Arbitrary<RuleFilter> =>
  fc
    .tuple(
      fc.nat(requests.length - 1),
      fc.constantFrom('path', 'query', 'method', 'country', 'userAgent', 'referer'),
      fc.constantFrom('equals', 'contains', 'startsWith', 'in'),
      fc.nat(8),
    )
    .map(([i, field, operator, cut]) => {
      const r = requests[i];
      const url = r.url || '/';
      const q = url.indexOf('?');
      const raw = {
        path: q < 0 ? url : url.slice(0, q),
        query: q < 0 ? '' : url.slice(q + 1),
        method: r.method || 'GET',
        country: r.country,
        userAgent: r.userAgent,
        referer: r.referer,
      }[field as 'path'];
      const value =
        operator === 'startsWith'
          ? raw.slice(0, Math.max(1, raw.length - cut))
          : operator === 'contains'
            ? raw.slice(cut % Math.max(1, raw.length), (cut % Math.max(1, raw.length)) + 4)
            : operator === 'in'
              ? `${raw} x`
              : raw;
      return { field: field as RuleFilter['field'], operator: operator as RuleFilter['operator'], value };
    });
const ruleArb = (requests: EngineRequest[]) =>
  fc.record({
    filters: fc.array(fc.oneof(filterArb, derivedFilterArb(requests)), { minLength: 0, maxLength: 2 }),
    clientAppIds: fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as string[]) },
      { weight: 1, arbitrary: fc.subarray(APPS, { minLength: 1, maxLength: 3 }) },
    ),
  });
const policyArb = fc.record({
  type: fc.constantFrom(1 as const, 2 as const),
  countries: fc.subarray(['CN', 'US', 'RU', 'DE'], { maxLength: 2 }),
  ips: fc.subarray(
    NETS.filter((n) => !n.startsWith('::')),
    { maxLength: 2 },
  ),
  urls: fc.subarray(URL_PATTERNS, { maxLength: 2 }),
  clientAppIds: fc.subarray(APPS, { maxLength: 2 }),
  exceptions: fc.subarray(['10.1.0.0/16', '/api/*', '203.0.113.7', '/a'], { maxLength: 2 }),
});

describe('property: the SQL predicate and the evaluator agree', () => {
  let requests: EngineRequest[] = [];

  beforeAll(async () => {
    requests = fc.sample(requestArb, { numRuns: 400, seed: 2026 });
    const now = Math.floor(Date.now() / 1000);
    await insertRows(
      requests.map((r, i) =>
        logRow(PROP_ACCOUNT, PROP_DOMAIN, now - i, {
          url: r.url,
          method: r.method,
          client_ip: r.clientIp,
          country: r.country,
          user_agent: r.userAgent,
          referer: r.referer,
          bytes: i,
        }),
      ),
    );
  }, 60_000);

  const sqlSelects = async (compiled: DryRunCompiled): Promise<number[]> => {
    if (!compiled.evaluable) throw new Error(`not evaluable: ${compiled.reason}`);
    const rows = await app.traffic.query<{ i: number | string }>(
      `SELECT bytes AS i FROM traffic.access_log WHERE account = {account:String} AND domain = {domain:String} AND (${compiled.predicate.sql}) ORDER BY i`,
      { ...compiled.predicate.params, account: PROP_ACCOUNT, domain: PROP_DOMAIN },
    );
    return rows.map((r) => Number(r.i));
  };
  /**
   * The rows a predicate selects, compiled both ways: client apps from the client_app column the
   * engine computed when the rows were inserted, and from the search over the user agent (the
   * fallback while the column is rewritten); the two must select the same rows.
   */
  const sqlMatches = async (compile: (options: CompileOptions) => DryRunCompiled): Promise<number[]> => {
    const fromColumn = await sqlSelects(compile({ clientAppColumn: true }));
    expect(await sqlSelects(compile({ clientAppColumn: false }))).toEqual(fromColumn);
    return fromColumn;
  };
  const engineMatches = (policies: EnginePolicy[], rules: EngineRule[], action: string) => {
    const evaluate = compileWebsite(policies, rules);
    return requests.flatMap((r, i) => (evaluate(r).action === action ? [i] : []));
  };

  it("the client_app column, computed by the engine on insert, is the evaluator's client app of every row", async () => {
    expect(await clientAppColumnReady(app.traffic)).toBe(true);
    const rows = await app.traffic.query<{ i: number | string; app: string }>(
      'SELECT bytes AS i, client_app AS app FROM traffic.access_log WHERE account = {account:String} AND domain = {domain:String} ORDER BY i',
      { account: PROP_ACCOUNT, domain: PROP_DOMAIN },
    );
    expect(rows.map((r) => r.app)).toEqual(requests.map((r) => clientAppOf(r.userAgent) ?? ''));
    // every app of the catalogue, and none
    expect(new Set(rows.map((r) => r.app))).toEqual(new Set(['', ...CLIENT_APPS.map((c) => c.id)]));
  });

  it('every generated regular expression translates to RE2', () => {
    for (const re of REGEXES) expect(jsRegexToRe2(re), re).not.toBeNull();
    expect(jsRegexToRe2('\\u0041')).toBeNull();
    expect(jsRegexToRe2('[^]')).toBeNull();
  });

  it('rules: filters and client apps', async () => {
    let runs = 0;
    let partial = 0;
    await fc.assert(
      fc.asyncProperty(ruleArb(requests), async (r) => {
        fc.pre(r.filters.every((f) => validateFilter(f) === null));
        runs++;
        const rule: EngineRule = {
          id: 1,
          name: 'r',
          enabled: true,
          priority: 1,
          actionType: 3,
          action: { mode: 'block' },
          filters: r.filters,
          clientAppIds: r.clientAppIds,
        };
        const expected = engineMatches([], [rule], 'block');
        if (expected.length > 0 && expected.length < requests.length) partial++;
        expect(await sqlMatches((o) => compileRuleSql(r, o))).toEqual(expected);
      }),
      { numRuns: 150, seed: 2026 },
    );
    expect(runs).toBeGreaterThan(100);
    // most rules select some requests and not others (the property is not trivially about empty sets)
    console.log(`rules: ${runs} compared, ${partial} selecting some requests and not others`);
    expect(partial).toBeGreaterThan(runs / 4);
  }, 120_000);

  it('access-control and allow-list policies', async () => {
    let partial = 0;
    await fc.assert(
      fc.asyncProperty(policyArb, async (p) => {
        const policy: EnginePolicy = {
          id: 1,
          name: 'p',
          enabled: true,
          waf: { xss: 'ignore', sqli: 'ignore', rfi: 'ignore', illegalResource: 'ignore' },
          ...p,
          ...(p.type === 2 ? { countries: [], clientAppIds: [], exceptions: [] } : {}),
        };
        fc.pre(validatePolicy({ ...policy, websiteId: 1, description: '' }).length === 0);
        const expected = engineMatches([policy], [], p.type === 1 ? 'block' : 'allow');
        if (expected.length > 0 && expected.length < requests.length) partial++;
        expect(await sqlMatches((o) => compilePolicySql(policy, o))).toEqual(expected);
      }),
      { numRuns: 60, seed: 2026 },
    );
    console.log(`policies: ${partial} of 60 selecting some requests and not others`);
    expect(partial).toBeGreaterThan(20);
  }, 120_000);
});
