/**
 * Website protection benchmark (issue #18):
 *
 * 1. the evaluator (common/rules/wafEngine.ts): decisions per second on one core with 100 rules (paths,
 *    queries, methods, CIDRs, countries, user agents, regular expressions, client apps; the last
 *    rules catch little, so most requests go through all 100), alone and with an access-control list,
 *    an allow list and the WAF categories in front (every request then also runs the signatures);
 * 2. the dry run (server/stores/traffic/websitesDryRunSql.ts + server/stores/traffic/websitesDryRun.ts dryRun, the
 *    route's reads): median / p95 latency over one website's 24 hours holding N log rows
 *    (default 10 M, the worst case: all of them the dry-run window of one domain); the cases with
 *    client apps also with the user-agent search the route falls back to while access_log's
 *    client_app column is rewritten (a reused store from before the column: the rewrite is timed).
 *
 *   npx tsx bench/waf.ts                         # 10 M rows in a temporary data dir
 *   npx tsx bench/waf.ts --rows 2000000          # fewer rows (the figures say how many)
 *   npx tsx bench/waf.ts --data /tmp/benchwaf    # keep / reuse the generated store
 *   --runs 10 (timed dry runs per case), --seconds 3 (evaluator time per case)
 *   --only evaluator | --only dryrun (one part); --cases 3,4 (some dry-run cases, by number)
 *
 * Targets: >= 100,000 decisions/s with 100 rules; a dry run <= 1 s over 10 M rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTrafficEngine, type TrafficEngine } from '../server/stores/traffic/engine';
import { ensureTrafficSchema } from '../server/stores/traffic/schema';
import { compileWebsite, type EnginePolicy, type EngineRequest, type EngineRule } from '../common/rules/websites/engine';
import type { RuleFilter } from '../common/rules/websites/index';
import { compilePolicySql, compileRuleSql, type CompileOptions, type DryRunCompiled } from '../server/stores/traffic/websitesDryRunSql';
import { dryRun } from '../server/stores/traffic/websitesDryRun';
import { clientAppColumnReady } from '../server/stores/traffic/clientAppColumn';
import { enginePolicy } from '../tests/unit/websitesPolicy';
import { pctile, runMain } from './benchKit';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const ACCOUNT = 'acme';
const DOMAIN = 'www.bench-waf.example';

// ---------------------------------------------------------------- evaluator

function hundredRules(): EngineRule[] {
  const shapes: Array<(i: number) => RuleFilter[]> = [
    (i) => [{ field: 'path', operator: 'startsWith', value: `/never/${i}` }],
    (i) => [{ field: 'path', operator: 'regex', value: `^/api/v${i}/(orders|users)/[0-9]+$` }],
    (i) => [{ field: 'clientIp', operator: 'in', value: `198.18.${i}.0/24, 198.19.${i}.7` }],
    (i) => [
      { field: 'country', operator: 'in', value: i % 2 ? 'KP IR' : 'SY CU' },
      { field: 'method', operator: 'equals', value: 'DELETE' },
    ],
    (i) => [{ field: 'userAgent', operator: 'contains', value: `scanner-${i}` }],
    (i) => [{ field: 'query', operator: 'contains', value: `token${i}=` }],
    (i) => [{ field: 'referer', operator: 'regex', value: `spam${i}\\.example` }],
    (i) => [{ field: 'header', header: 'X-Debug', operator: 'equals', value: `${i}` }],
    (i) => [{ field: 'path', operator: 'in', value: `/admin${i} /wp-login${i}.php` }],
    (i) => [
      { field: 'method', operator: 'in', value: 'TRACE CONNECT' },
      { field: 'path', operator: 'contains', value: `x${i}` },
    ],
  ];
  return Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    name: `r${i}`,
    enabled: true,
    priority: i + 1,
    actionType: i % 3 === 0 ? 2 : 3,
    action: i % 3 === 0 ? { requests: 100, blockTime: 60 } : { mode: 'block' },
    filters: shapes[i % shapes.length](i),
    clientAppIds: i % 17 === 5 ? ['sqlmap'] : [],
  }));
}

const IGNORE_WAF: EnginePolicy['waf'] = { xss: 'ignore', sqli: 'ignore', rfi: 'ignore', illegalResource: 'ignore' };
const POLICIES: EnginePolicy[] = [
  enginePolicy({ id: 1, name: 'allow office', type: 2, urls: ['/healthz'], ips: ['192.0.2.0/28'], waf: IGNORE_WAF }),
  enginePolicy({
    id: 2,
    name: 'geo',
    type: 1,
    countries: ['KP', 'IR'],
    urls: ['/internal/*'],
    ips: ['198.51.100.0/24'],
    clientAppIds: ['sqlmap'],
    exceptions: ['/internal/status'],
    waf: IGNORE_WAF,
  }),
  enginePolicy({
    id: 3,
    name: 'waf',
    type: 3,
    waf: { xss: 'block_request', sqli: 'block_request', rfi: 'alert', illegalResource: 'block_ip' },
  }),
];

/**
 * `n` requests. User agents are the five kinds below with a build number out of `variants` (real
 * traffic repeats few distinct user agents; the client-app classification is remembered per user
 * agent, so `variants` = n measures it without that help).
 */
function requests(n: number, variants = 2000): EngineRequest[] {
  const uas = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Version/17.1 Mobile/15E148 Safari/604.1',
    'curl/8.4.0',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'okhttp/4.12.0',
  ];
  const urls = [
    '/',
    '/index.html',
    '/api/v3/orders/1234',
    '/static/app.js?v=12',
    '/search?q=shoes&page=2',
    '/img/banner.jpg',
    '/login?next=%2Faccount',
    "/item?id=1' OR '1'='1",
    '/page?file=../../etc/passwd',
    '/q?x=<script>alert(1)</script>',
  ];
  const countries = ['CN', 'US', 'DE', 'JP', 'KP', 'BR'];
  return Array.from({ length: n }, (_, i) => ({
    method: i % 20 === 0 ? 'POST' : 'GET',
    url: urls[i % urls.length],
    clientIp: `203.0.${(i >> 8) & 255}.${i & 255}`,
    country: countries[i % countries.length],
    userAgent: `${uas[i % uas.length]} b/${i % variants}`,
    referer: i % 4 ? '' : 'https://www.example.com/',
    headers: { 'x-request-id': String(i) },
  }));
}

/**
 * Decisions per second of wall time and per CPU-second of this thread's process (the evaluator is
 * synchronous on the main thread: one core; the CPU figure does not depend on other work on the machine).
 */
function decisionsPerSecond(
  policies: EnginePolicy[],
  rules: EngineRule[],
  seconds: number,
  uaVariants?: number,
): { perSecond: number; perCpuSecond: number; actions: Record<string, number> } {
  const evaluate = compileWebsite(policies, rules);
  const reqs = requests(uaVariants && uaVariants > 10_000 ? uaVariants : 10_000, uaVariants);
  const actions: Record<string, number> = {};
  for (const r of reqs) {
    const a = evaluate(r).action;
    actions[a] = (actions[a] ?? 0) + 1;
  }
  let n = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const until = t0 + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 1000; i++) evaluate(reqs[(n + i) % reqs.length]);
    n += 1000;
  }
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: n / ((performance.now() - t0) / 1000), perCpuSecond: n / ((cpu.user + cpu.system) / 1e6), actions };
}

// ---------------------------------------------------------------- dry run store

/** `rows` log rows of one domain spread over the last 24 hours, generated inside the engine. */
async function generate(engine: TrafficEngine, rows: number, end: number): Promise<void> {
  const t0 = Date.now();
  const chunk = 1_000_000;
  const u = (k: number) => `(cityHash64(number, ${k}) % 1000000007) / 1000000007`;
  for (let first = 0; first < rows; first += chunk) {
    const count = Math.min(chunk, rows - first);
    await engine.exec(`INSERT INTO traffic.access_log
      SELECT toDateTime(${end - 86_400} + toUInt32(86399 * ${u(1)}), 'UTC') AS ts, '${ACCOUNT}' AS account, '${DOMAIN}' AS domain,
        concat(['/api/v3/orders/', '/static/app', '/img/p', '/search', '/admin/', '/internal/'][toUInt32(6 * pow(${u(2)}, 2)) + 1], toString(cityHash64(number, 3) % 5000),
               if(${u(4)} < 0.2, concat('?q=', toString(cityHash64(number, 5) % 100)), '')) AS url,
        if(${u(6)} < 0.93, 'GET', if(${u(6)} < 0.98, 'POST', 'DELETE')) AS method, 200 AS status, 1000 AS bytes, 10 AS request_time, 1 AS cache_hit,
        toIPv4(3405774848 + cityHash64(number, 7) % 200000) AS client_ip, 'Asia' AS continent,
        ['CN', 'CN', 'CN', 'US', 'DE', 'JP', 'KP', 'BR'][cityHash64(number, 8) % 8 + 1] AS country, '' AS province, '' AS isp,
        ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'curl/8.4.0',
         'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Version/17.1 Mobile Safari/604.1', 'sqlmap/1.7', 'okhttp/4.12.0'][cityHash64(number, 9) % 5 + 1] AS user_agent,
        if(${u(10)} < 0.3, 'https://www.example.com/', '') AS referer, 'bench' AS provider, 'edge1' AS edge_node
      FROM numbers(${first}, ${count}) SETTINGS optimize_on_insert = 0`);
    process.stdout.write(`\r  generated ${((first + count) / 1e6).toFixed(1)} M rows in ${((Date.now() - t0) / 1000).toFixed(0)} s   `);
  }
  process.stdout.write('\n');
}

async function prepare(rows: number, dataDir: string): Promise<{ engine: TrafficEngine; end: number }> {
  const marker = path.join(dataDir, 'bench-waf.json');
  const reuse = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { rows: number; end: number }) : null;
  // The dry run reads the last 24 hours: a store older than a few hours no longer holds all its rows in the window.
  const fresh = reuse && reuse.rows === rows && Date.now() / 1000 - reuse.end < 3 * 3600;
  if (reuse && !fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  const engine = await openTrafficEngine({ dataDir });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await ensureTrafficSchema(engine);
  if (fresh && reuse) {
    console.log(`  reusing ${dataDir} (${rows.toLocaleString('en')} rows)`);
    // a store from before the client_app column (or another catalogue): its rows are rewritten
    if (!(await clientAppColumnReady(engine))) {
      while (!(await clientAppColumnReady(engine))) await new Promise((r) => setTimeout(r, 200));
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `  client_app column rewritten in ${((performance.now() - t0) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s)`,
      );
    }
    return { engine, end: reuse.end };
  }
  const end = Math.floor(Date.now() / 1000);
  await generate(engine, rows, end);
  fs.writeFileSync(marker, JSON.stringify({ rows, end }));
  return { engine, end };
}

async function main() {
  const seconds = Number(arg('seconds') ?? 3);
  const only = arg('only');
  if (only !== 'dryrun') {
    console.log(
      `== evaluator, one core (load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')})`,
    );
    const rules = hundredRules();
    const evaluatorCases: Array<[string, EnginePolicy[], number | undefined]> = [
      ['100 rules', [], undefined],
      ['100 rules + allow list, ACL and WAF categories', POLICIES, undefined],
      ['the same, every user agent distinct (100,000)', POLICIES, 100_000],
    ];
    for (const [name, policies, uaVariants] of evaluatorCases) {
      const r = decisionsPerSecond([...policies], rules, seconds, uaVariants);
      console.log(
        `  ${name}: ${Math.round(r.perCpuSecond).toLocaleString('en')} decisions per CPU-second, ${Math.round(r.perSecond).toLocaleString('en')} per wall second (target >= 100,000) ${JSON.stringify(r.actions)}`,
      );
    }
  }
  if (only === 'evaluator') return;
  const rows = Number(arg('rows') ?? 10_000_000);
  const runs = Number(arg('runs') ?? 10);
  const dataDir = arg('data') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-waf-'));
  console.log(`\n== dry run over ${rows.toLocaleString('en')} log rows of one domain in 24 hours (${dataDir})`);
  const { engine } = await prepare(rows, dataDir);
  const now = Math.floor(Date.now() / 1000);
  console.log(
    `  load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const scope = { account: ACCOUNT, domain: DOMAIN, start: Math.floor(now / 3600) * 3600 - 23 * 3600, end: now + 1 };
  const [inWindow] = await engine.query<{ n: number | string }>(
    `SELECT count() AS n FROM traffic.access_log WHERE account = {account:String} AND domain = {domain:String} AND ts >= toDateTime({start:UInt32}, 'UTC') AND ts < toDateTime({end:UInt32}, 'UTC')`,
    scope,
  );
  console.log(`  ${Number(inWindow.n).toLocaleString('en')} rows in the dry-run window`);
  // as the route: client apps from the column once it holds the current catalogue everywhere
  const column: CompileOptions = { clientAppColumn: await clientAppColumnReady(engine) };
  const search: CompileOptions = { clientAppColumn: false };
  const cidrApps = {
    filters: [{ field: 'clientIp', operator: 'in', value: '203.0.0.0/17, 203.0.200.0/24' }] satisfies RuleFilter[],
    clientAppIds: ['curl', 'sqlmap'],
  };
  const acl = {
    type: 1 as const,
    countries: ['KP', 'IR'],
    urls: ['/internal/*', '/admin/1'],
    ips: ['203.0.1.0/24'],
    clientAppIds: ['sqlmap'],
    exceptions: ['/internal/1*', '203.0.1.7'],
  };
  const picked = arg('cases');
  const all: Array<[string, DryRunCompiled]> = [
    [
      'rule: path startsWith',
      compileRuleSql({ filters: [{ field: 'path', operator: 'startsWith', value: '/admin/' }], clientAppIds: [] }, column),
    ],
    [
      'rule: path regex + country in + method',
      compileRuleSql(
        {
          filters: [
            { field: 'path', operator: 'regex', value: '^/api/v3/orders/[0-9]{2,4}$' },
            { field: 'country', operator: 'in', value: 'KP, DE' },
            { field: 'method', operator: 'equals', value: 'get' },
          ],
          clientAppIds: [],
        },
        column,
      ),
    ],
    [`rule: CIDR list + client apps${column.clientAppColumn ? ' (client_app column)' : ''}`, compileRuleSql(cidrApps, column)],
    [`policy: access-control list${column.clientAppColumn ? ' (client_app column)' : ''}`, compilePolicySql(acl, column)],
  ];
  if (column.clientAppColumn) {
    all.push(['rule: CIDR list + client apps (user-agent search)', compileRuleSql(cidrApps, search)]);
    all.push(['policy: access-control list (user-agent search)', compilePolicySql(acl, search)]);
  }
  const cases = all.filter((_c, i) => !picked || picked.split(',').includes(String(i + 1)));
  for (const [name, compiled] of cases) {
    if (!compiled.evaluable) throw new Error(`${name}: not evaluable`);
    const times: number[] = [];
    const cpus: number[] = [];
    let matched = 0;
    for (let i = 0; i < runs + 1; i++) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const { hours } = await dryRun(engine, scope, compiled.predicate);
      const cpu = process.cpuUsage(cpu0);
      // the first run warms the caches
      if (i > 0) {
        times.push(performance.now() - t0);
        cpus.push((cpu.user + cpu.system) / 1000);
      }
      matched = hours.reduce((s, h) => s + h.matched, 0);
    }
    console.log(
      `  ${name}: median ${pctile(times, 50).toFixed(0)} ms, p95 ${pctile(times, 95).toFixed(0)} ms (target <= 1000; median CPU ${pctile(cpus, 50).toFixed(0)} ms), ${matched.toLocaleString('en')} matched; load average ${os.loadavg()[0].toFixed(2)}`,
    );
  }
  await engine.close();
  if (!arg('data')) fs.rmSync(dataDir, { recursive: true, force: true });
}

runMain(main);
