import {
  CN_ISPS,
  COUNTRIES,
  PROVIDERS,
  PROVINCES,
  SEARCH_REFERERS,
  SOCIAL_REFERERS,
  USER_AGENTS,
  userAgentWeights,
  type IspProfile,
} from '../../demo/trafficProfiles';
import { hourlyPlan, KINDS, quantiles, seeded, type DomainPlan } from '../../demo/trafficPlan';
import type { TrafficEngine } from './engine';
import type { LineRecord } from './trafficLines';

export type { DemoDomain, DomainPlan } from '../../demo/trafficPlan';
export { planDomains } from '../../demo/trafficPlan';

/**
 * Builds the one INSERT ... SELECT that synthesises the demo access logs of every domain inside the
 * traffic engine (no row passes through JavaScript). JavaScript only decides how many requests each
 * domain gets in each hour (diurnal curve, weekday, day-to-day jitter); the engine expands those
 * counts into rows. Every random choice is a hash of (domain, hour, row), so a run is reproducible
 * for a given start time. Users (and so IPs, places, networks, agents) are drawn from a per-account
 * pool, so the same client shows up on several domains of one customer.
 * One statement for all domains: each insert into access_log costs a fixed overhead in the rollups.
 */

const lit = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const strs = (a: readonly string[]) => `[${a.map(lit).join(',')}]`;
const nums = (a: readonly number[]) => `[${a.join(',')}]`;
const fl = (a: readonly number[]) => `[${a.map((x) => x.toFixed(5)).join(',')}]`;

function cidr(block: string): [number, number] {
  const [ip, bits] = block.split('/');
  const base = ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  return [base, 2 ** (32 - Number(bits))];
}

/** Every network (mainland carriers first, then two per country) flattened into parallel arrays. */
function networkTables() {
  const isps: IspProfile[] = [...CN_ISPS, ...COUNTRIES.flatMap((c) => c.isps)];
  const start: number[] = [];
  const count: number[] = [];
  const base: number[] = [];
  const size: number[] = [];
  for (const isp of isps) {
    start.push(base.length);
    count.push(isp.blocks.length);
    for (const b of isp.blocks) {
      const [x, n] = cidr(b);
      base.push(x);
      size.push(n);
    }
  }
  const northTable = quantiles(
    CN_ISPS.map((i) => i.northShare),
    100,
  );
  const southTable = quantiles(
    CN_ISPS.map((i) => i.southShare),
    100,
  );
  return { isps, start, count, base, size, northTable, southTable };
}

/** The customer's site that refers to its CDN domain (www.<registered domain>). */
export function apexOf(domain: string): string {
  const labels = domain.split('.');
  const second = labels[labels.length - 2] ?? '';
  const keep = ['com', 'net', 'org', 'gov', 'edu'].includes(second) && labels.length > 2 && labels[labels.length - 1].length === 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** Static asset mix: js, css, jpg, png, webp, html, woff2, json, svg, gif, ico (percent). */
const ASSET_MIX = [20, 10, 22, 10, 12, 8, 4, 5, 3, 2, 4];
/** Per kind (static, vod, live, download): distinct objects (Zipf popularity), HEAD share per mille, 3xx share. */
const OBJECTS = [3000, 800, 40, 150];
const HEAD_SHARE = [15, 8, 3, 60];
const P3XX = [0.09, 0.01, 0.005, 0.02];
const OK3XX = [
  [...Array(17).fill(304), 301, 301, 302],
  [...Array(14).fill(302), ...Array(6).fill(304)],
  Array(20).fill(302),
  [...Array(16).fill(302), ...Array(4).fill(301)],
];

/** Row expressions that differ by kind of site (k = 0 static, 1 vod, 2 live, 3 download). */
const URL_SQL = `multiIf(
  k = 0, multiIf(
    ak = 0, concat('/static/js/',
      ['app','vendor','chunk','runtime','polyfills','analytics','player','common'][1 + bitShiftRight(ch, 40) % 8], '.', hx, '.js'),
    ak = 1, concat('/static/css/', ['main','theme','vendor','print','mobile'][1 + bitShiftRight(ch, 40) % 5], '.', hx, '.css'),
    ak IN (2, 3, 4, 9), concat('/images/', ['banner','product','avatar','news','gallery','icons'][1 + bitShiftRight(ch, 40) % 6], '/', hx,
      multiIf(ak = 2, '.jpg', ak = 3, '.png', ak = 4, '.webp', '.gif')),
    ak = 5, if(r = 1, '/',
      concat('/', ['products','news','docs','about','help'][1 + bitShiftRight(ch, 40) % 5], '/', toString(r), '.html')),
    ak = 6, concat('/static/fonts/', ['inter','noto-sans-sc','roboto','iconfont'][1 + bitShiftRight(ch, 40) % 4], '.', hx, '.woff2'),
    ak = 7, concat('/api/v1/', ['config','menu','banner','i18n','feature-flags'][1 + bitShiftRight(ch, 40) % 5], '.json?v=', toString(r)),
    ak = 8, concat('/static/icons/', hx, '.svg'),
    '/favicon.ico'),
  k = 1, multiIf(
    sub < 86, concat(vbase, res, '/seg-', leftPad(toString(1 + toUInt32(floor(segs * pow(u, 1.8)))), 5, '0'), '.ts'),
    sub < 96, concat(vbase, res, '/index.m3u8'),
    sub < 98, concat(vbase, 'cover.jpg'),
    concat(vbase, vid, '-', res, '.mp4')),
  k = 2, multiIf(
    sub < 70, concat('/live/', chan, '/', toString(intDiv(toUInt32(ts), 4)), '.ts'),
    sub < 90, concat('/live/', chan, '/index.m3u8'),
    concat('/live/', chan, '.flv')),
  concat('/download/', product, '/', version, '/', product, '-', version,
    ['-win-x64.exe','-win-x64.msi','-mac-universal.dmg','-android-arm64.apk',
      '-linux-x86_64.tar.gz','_amd64.deb','-portable.zip'][1 + bitShiftRight(ch, 20) % 7]))`;

const SIZE_SQL = `toFloat64(multiIf(
  k = 0, multiIf(
    ak = 0, exp(11.0 + 1.0 * nz), ak = 1, exp(9.9 + 0.9 * nz), ak = 2, exp(11.7 + 0.9 * nz), ak = 3, exp(10.6 + 1.1 * nz),
    ak = 4, exp(11.2 + 0.8 * nz), ak = 5, exp(10.1 + 0.6 * nz), ak = 6, exp(10.8 + 0.4 * nz), ak = 7, exp(8.0 + 0.9 * nz),
    ak = 8, exp(7.5 + 0.7 * nz), ak = 9, exp(11.5 + 1.2 * nz), 4286),
  k = 1, multiIf(sub < 86, bitrate * 6 / 8 * (0.8 + 0.4 * u), sub < 96, 400 + toFloat64(bitShiftRight(ch, 30) % 2600),
    sub < 98, exp(11.4 + 0.4 * nz), bitrate * segs * 6 / 8),
  k = 2, multiIf(sub < 70, bitrate * 4 / 8 * (0.85 + 0.3 * u), sub < 90, 300 + toFloat64(bitShiftRight(h5, 40) % 300),
    bitrate / 8 * (30 + 1800 * pow(u, 2))),
  least(4e9, greatest(2e6, exp(18.2 + 1.1 * nz)))))`;

/** Range requests: mp4 progressive video and download managers. */
const PARTIAL_SQL = `multiIf(k = 1, sub >= 98, k = 3, bitShiftRight(h3, 40) % 100 < 35, 0)`;

const REFERER_SQL = `multiIf(
  k = 0, multiIf(rv < 30, '',
    rv < 70, concat('https://', site,
      ['/','/products/','/news/','/docs/','/about','/help/','/search?q=cdn','/cart'][1 + bitShiftRight(h5, 30) % 8]),
    rv < 85, search[1 + bitShiftRight(h5, 36) % 5], rv < 95, social[1 + bitShiftRight(h5, 36) % 5],
    concat('https://', ['partner.example.net/','blog.example.org/','forum.example.com/t/'][1 + bitShiftRight(h5, 40) % 3])),
  k = 1, multiIf(rv < 45, '', rv < 85, concat('https://', site, '/play/', vid),
    rv < 93, social[1 + bitShiftRight(h5, 36) % 5], search[1 + bitShiftRight(h5, 36) % 5]),
  k = 2, multiIf(rv < 50, '', rv < 90, concat('https://', site, '/live/', chan), social[1 + bitShiftRight(h5, 36) % 5]),
  multiIf(rv < 55, '', rv < 85, concat('https://', site, ['/download','/download/','/products/'][1 + bitShiftRight(h5, 36) % 3]),
    rv < 95, search[1 + bitShiftRight(h5, 36) % 5], social[1 + bitShiftRight(h5, 36) % 5]))`;

/** The generated statement and how many rows it writes. */
export interface DemoInsert {
  sql: string;
  rows: number;
}

/**
 * One INSERT ... SELECT writing `hours` hours from `start` (epoch s) for every planned domain, or only
 * the hours [from, to) of them when `window` is given. A row is a hash of (salt, domain, hour, index),
 * so writing the hours in several windows gives exactly the rows of one statement.
 */
export function demoInsertSql(
  plans: DomainPlan[],
  start: number,
  hours: number,
  salt: number,
  target = 'traffic.access_log',
  window: { from: number; to: number } = { from: 0, to: hours },
): DemoInsert {
  const net = networkTables();
  const skD: number[] = [];
  const skH: number[] = [];
  const skC: number[] = [];
  const skW0: number[] = [];
  const skW1: number[] = [];
  plans.forEach((plan, d) => {
    const hp = hourlyPlan(plan, start, hours);
    hp.counts.forEach((c, h) => {
      if (c <= 0 || h < window.from || h >= window.to) return;
      skD.push(d);
      skH.push(h);
      skC.push(c);
      skW0.push(hp.points[h]);
      skW1.push(hp.points[h + 1]);
    });
  });
  const rows = skC.reduce((a, b) => a + b, 0);
  const per = <T>(f: (p: DomainPlan) => T) => plans.map(f);
  const kinds = per((p) => KINDS.indexOf(p.kind));
  const uaTables = KINDS.flatMap((k) => [quantiles(userAgentWeights(k, true), 256), quantiles(userAgentWeights(k, false), 256)]);
  const sql = `INSERT INTO ${target} (ts, account, domain, url, method, status, bytes, request_time, cache_hit, client_ip,
    continent, country, province, isp, user_agent, referer, provider, edge_node)
WITH
  ${nums(skD)} AS sk_d,
  ${nums(skH)} AS sk_h,
  ${nums(skC)} AS sk_c,
  ${fl(skW0)} AS sk_w0,
  ${fl(skW1)} AS sk_w1,
  ${strs(per((p) => p.domain.name))} AS dom_name,
  ${strs(per((p) => p.domain.account))} AS dom_account,
  ${strs(per((p) => 'www.' + apexOf(p.domain.name)))} AS dom_site,
  ${nums(kinds)} AS dom_kind,
  ${nums(per((p) => Math.round(seeded(p.domain.name)(9) * 1e9)))} AS dom_salt,
  ${nums(per((p) => Math.round(seeded(p.domain.account)(0) * 1e9)))} AS dom_acct,
  ${nums(per((p) => Math.max(2000, Math.round(p.rows / 6))))} AS dom_pool,
  ${fl(per((p) => p.hitRatio + 0.06))} AS dom_hit,
  ${nums(per((p) => Math.round(p.mainland * 10000)))} AS dom_cn,
  ${nums(per((p) => Math.round(p.providers[0] * 1000)))} AS dom_pa,
  ${nums(per((p) => Math.round((p.providers[0] + p.providers[1]) * 1000)))} AS dom_pb,
  ${fl(per((p) => p.err5))} AS dom_err5,
  ${fl(per((p) => p.err4))} AS dom_err4,
  ${nums(per((p) => p.incident?.from ?? 0))} AS dom_inc_from,
  ${nums(per((p) => p.incident?.to ?? 0))} AS dom_inc_to,
  ${nums(OBJECTS)} AS objects,
  ${nums(HEAD_SHARE)} AS head_share,
  ${fl(P3XX)} AS p3xx,
  [${OK3XX.map(nums).join(',')}] AS ok3xx,
  ${nums(quantiles(ASSET_MIX, 100))} AS asset_of,
  ${nums(
    quantiles(
      PROVINCES.map((p) => p.weight),
      1024,
    ),
  )} AS prov_of,
  ${nums(PROVINCES.map((p) => (p.north ? 1 : 0)))} AS prov_north,
  ${strs(PROVINCES.map((p) => p.name))} AS prov_name,
  ${strs(PROVINCES.map((p) => p.code))} AS prov_code,
  ${nums(net.northTable)} AS isp_north,
  ${nums(net.southTable)} AS isp_south,
  ${nums(
    quantiles(
      COUNTRIES.map((c) => c.weight),
      1024,
    ),
  )} AS ctry_of,
  ${strs(COUNTRIES.map((c) => c.code))} AS ctry_code,
  ${strs(COUNTRIES.map((c) => c.continent))} AS ctry_cont,
  ${strs(COUNTRIES.map((c) => c.edge))} AS ctry_edge,
  ${strs(net.isps.map((i) => i.name))} AS isp_name,
  ${strs(net.isps.map((i) => i.code))} AS isp_code,
  ${nums(net.start)} AS isp_start,
  ${nums(net.count)} AS isp_count,
  ${nums(net.base)} AS blk_base,
  ${nums(net.size)} AS blk_size,
  ${strs(USER_AGENTS)} AS uas,
  [${uaTables.map(nums).join(',')}] AS ua_of,
  ${strs(PROVIDERS)} AS providers,
  [${strs(SEARCH_REFERERS[0])}, ${strs(SEARCH_REFERERS[1])}] AS searches,
  [${strs(SOCIAL_REFERERS[0])}, ${strs(SOCIAL_REFERERS[1])}] AS socials
SELECT ts, dom_account[1 + d], dom_name[1 + d], url, method, status, bytes, request_time, cache_hit, client_ip,
  continent, country, province, isp, user_agent, referer, provider, edge_node
FROM (
  SELECT *,
    ${URL_SQL} AS url,
    multiIf(m < head_share[1 + k], 'HEAD', k = 0 AND m < head_share[1] + 5, 'POST',
      k = 0 AND m < head_share[1] + 8, 'OPTIONS', 'GET') AS method,
    multiIf(
      e < p5, [502,502,502,502,502,502,502,502,502,502,504,504,504,504,504,504,500,500,500,503][1 + bitShiftRight(h4, 24) % 20],
      e < p5 + dom_err4[1 + d],
        [404,404,404,404,404,404,404,404,404,404,404,404,404,403,403,403,403,499,499,416][1 + bitShiftRight(h4, 24) % 20],
      e < p5 + dom_err4[1 + d] + p3xx[1 + k], ok3xx[1 + k][1 + bitShiftRight(h4, 24) % 20],
      ${PARTIAL_SQL} AND bitShiftRight(h4, 48) % 100 < 70, 206, 200) AS status,
    ${SIZE_SQL} AS size,
    toUInt64(multiIf(
      method = 'HEAD', 280 + toFloat64(bitShiftRight(h5, 8) % 120),
      status = 304, 190 + toFloat64(bitShiftRight(h5, 8) % 90),
      status >= 300 AND status < 400, 320 + toFloat64(bitShiftRight(h5, 8) % 200),
      status >= 500, 170 + toFloat64(bitShiftRight(h5, 8) % 450),
      status >= 400, 540 + toFloat64(bitShiftRight(h5, 8) % 700),
      status = 206, least(size, 1048576 * pow(2, bitShiftRight(h5, 12) % 4)) + 420,
      bitShiftRight(h5, 16) % 100 < 4, size * (bitShiftRight(h5, 24) % 1000) / 1000 + 380,
      size + 380)) AS bytes,
    toUInt8(status < 500 AND (status = 304 OR uh_hit < dom_hit[1 + d] - 0.12 * ur)) AS cache_hit,
    toUInt32(least(4000000000, multiIf(
      status = 504, 30000 + toFloat64(bitShiftRight(h5, 20) % 30000),
      status >= 500, 20 + toFloat64(bitShiftRight(h5, 20) % 2000),
      rtt + bytes / thr
        + if(cache_hit = 1, 1 + bitShiftRight(h5, 28) % 5, 30 + bitShiftRight(h5, 32) % 370 + bytes / (thr * 4))))) AS request_time,
    if(cn, 'Asia', ctry_cont[1 + ci]) AS continent,
    if(cn, 'CN', ctry_code[1 + ci]) AS country,
    if(cn, prov_name[1 + pi], '') AS province,
    isp_name[1 + ii] AS isp,
    uas[1 + ua_of[1 + 2 * k + if(cn, 0, 1)][1 + bitShiftRight(uh, 44) % 256]] AS user_agent,
    ${REFERER_SQL} AS referer,
    providers[1 + multiIf(bitShiftRight(uh, 52) % 1000 < dom_pa[1 + d], 0, bitShiftRight(uh, 52) % 1000 < dom_pb[1 + d], 1, 2)] AS provider,
    if(cn, concat(prov_code[1 + pi], '-', isp_code[1 + ii], '-0', toString(1 + bitShiftRight(uh, 40) % 3)),
      concat(ctry_edge[1 + ci], '-0', toString(1 + bitShiftRight(uh, 40) % 2))) AS edge_node,
    CAST(toUInt32(blk_base[1 + blk] + 1 + bitShiftRight(uh, 24) % (blk_size[1 + blk] - 2)) AS IPv4) AS client_ip
  FROM (
    SELECT *,
      if(cn, prov_of[1 + uh % 1024], 0) AS pi,
      if(cn, 0, ctry_of[1 + uh % 1024]) AS ci,
      if(cn, if(prov_north[1 + pi] = 1, isp_north[1 + bitShiftRight(uh, 10) % 100], isp_south[1 + bitShiftRight(uh, 10) % 100]),
        ${CN_ISPS.length} + 2 * ci + if(bitShiftRight(uh, 10) % 100 < 60, 0, 1)) AS ii,
      isp_start[1 + ii] + bitShiftRight(uh, 17) % isp_count[1 + ii] AS blk,
      if(cn, 1500 + bitShiftRight(uh, 28) % 15000, 500 + bitShiftRight(uh, 28) % 9500) AS thr,
      if(cn, 8 + bitShiftRight(uh, 36) % 52, 40 + bitShiftRight(uh, 36) % 210) AS rtt,
      searches[if(cn, 1, 2)] AS search,
      socials[if(cn, 1, 2)] AS social,
      dom_site[1 + d] AS site,
      toUInt32(greatest(1, least(objects[1 + k], floor(pow(objects[1 + k] + 1, ur))))) AS r,
      cityHash64(dom_salt[1 + d], r) AS ch,
      substring(lower(hex(ch)), 1, 8) AS hx,
      asset_of[1 + bitShiftRight(ch, 8) % 100] AS ak,
      ((bitAnd(ch, 65535) + bitAnd(bitShiftRight(ch, 16), 65535) + bitAnd(bitShiftRight(ch, 32), 65535)) / 65536 - 1.5) * 2 AS nz,
      bitShiftRight(h5, 8) % 100 AS sub,
      bitAnd(h5, 4294967295) / 4294967296 AS u,
      bitShiftRight(h5, 20) % 100 AS rv,
      multiIf(bitShiftRight(uh, 36) % 100 < 20, 0, bitShiftRight(uh, 36) % 100 < 65, 1, 2) AS rq,
      ['480p','720p','1080p'][1 + rq] AS res,
      [900000, 2500000, 5000000][1 + rq] AS bitrate,
      substring(lower(hex(ch)), 1, 12) AS vid,
      concat('/vod/', toString(2023 + ch % 3), '/', vid, '/') AS vbase,
      120 + bitShiftRight(ch, 20) % 800 AS segs,
      concat('ch', leftPad(toString(r), 3, '0')) AS chan,
      ['client','installer','sdk','toolkit','assets','patch','firmware','driver','launcher','updater'][1 + ch % 10] AS product,
      concat(toString(1 + bitShiftRight(ch, 8) % 6), '.', toString(bitShiftRight(ch, 12) % 20), '.',
        toString(bitShiftRight(ch, 16) % 10)) AS version,
      (h4 % 100000) / 100000 AS e,
      dom_err5[1 + d] + if(toUInt32(ts) BETWEEN dom_inc_from[1 + d] AND dom_inc_to[1 + d], 0.08, 0) AS p5,
      bitShiftRight(h5, 44) % 1000 AS m,
      bitAnd(bitShiftRight(h4, 32), 65535) / 65536 AS uh_hit
    FROM (
      SELECT d, k, h3, h4, h5,
        toDateTime(least(${start + hours * 3600 - 1}, ${start} + hr * 3600 + toUInt32(floor(frac * 3600))), 'UTC') AS ts,
        cn,
        cityHash64(
          toUInt64(floor(pow(bitAnd(bitShiftRight(h2, 14), 1099511627775) / 1099511627776, 2)
            * if(cn, dom_pool[1 + d], intDiv(dom_pool[1 + d], 3) + 1000))),
          dom_acct[1 + d], cn) AS uh,
        bitAnd(h3, 4294967295) / 4294967296 AS ur
      FROM (
        SELECT d, hr, w0, w1, dom_kind[1 + d] AS k,
          cityHash64(${salt}, d, hr, j) AS h0,
          cityHash64(h0, 1) AS h1, cityHash64(h0, 2) AS h2, cityHash64(h0, 3) AS h3, cityHash64(h0, 4) AS h4, cityHash64(h0, 5) AS h5,
          bitShiftRight(h1, 20) / 17592186044416 AS ut,
          if(abs(w1 - w0) < 1e-9, ut, (sqrt(w0 * w0 + (w1 * w1 - w0 * w0) * ut) - w0) / (w1 - w0)) AS frac,
          (h2 % 10000) < dom_cn[1 + d] AS cn
        FROM (
          SELECT sk_d[1 + number] AS d, sk_h[1 + number] AS hr, sk_w0[1 + number] AS w0, sk_w1[1 + number] AS w1,
            arrayJoin(range(sk_c[1 + number])) AS j
          FROM numbers_mt(${skC.length})
        )
      )
    )
  )
)
SETTINGS optimize_on_insert = 0, parallel_view_processing = 1, max_block_size = 16`;
  return { sql, rows };
}

/** Writes the rows of demoInsertSql's statement (nothing when it has none); returns how many. */
export async function insertDemoRows(engine: TrafficEngine, ...args: Parameters<typeof demoInsertSql>): Promise<number> {
  const insert = demoInsertSql(...args);
  if (insert.rows) await engine.exec(insert.sql);
  return insert.rows;
}

/** The last second (epoch s) of the access logs; 0 when there are none. */
export async function lastLoggedSecond(engine: TrafficEngine): Promise<number> {
  const [last] = await engine.query<{ t: number | string }>('SELECT toUnixTimestamp(max(ts)) AS t FROM traffic.access_log');
  return Number(last?.t ?? 0);
}

/** The domains that have access logs already. */
export async function loggedDomains(engine: TrafficEngine): Promise<Set<string>> {
  return new Set((await engine.query<{ domain: string }>('SELECT DISTINCT domain FROM traffic.access_log')).map((r) => r.domain));
}

/** The demo's rows are generated here first, then fill the rollups, then join access_log. */
const STAGE_NAME = 'demo_stage';
export const DEMO_STAGE = `traffic.${STAGE_NAME}`;

/** An empty stage (any left by an interrupted run is dropped first). */
export async function createDemoStage(engine: TrafficEngine): Promise<void> {
  await engine.exec(`DROP TABLE IF EXISTS ${DEMO_STAGE}`);
  await engine.exec(`CREATE TABLE ${DEMO_STAGE} AS traffic.access_log`);
}

export async function dropDemoStage(engine: TrafficEngine): Promise<void> {
  await engine.exec(`DROP TABLE IF EXISTS ${DEMO_STAGE}`);
}

/** The stage's rows join access_log as its parts (ATTACH PARTITION: no view runs again). */
export async function attachDemoStage(engine: TrafficEngine): Promise<void> {
  const parts = await engine.query<{ id: string }>(
    `SELECT DISTINCT partition_id AS id FROM system.parts WHERE database = 'traffic' AND table = '${STAGE_NAME}' AND active`,
  );
  for (const { id } of parts) {
    await engine.exec(`ALTER TABLE traffic.access_log ATTACH PARTITION ID {id:String} FROM ${DEMO_STAGE}`, { id });
  }
}

/** Where the live top-up generates its whole hours (a table in memory) before the past ones are moved. */
const LIVE_STAGE = 'traffic.demo_staging';

/**
 * Generates `hours` whole hours from `start` for the planned domains (demoInsertSql) into a table in
 * memory, moves the rows up to `now` (epoch s) into access_log and empties that table, so that
 * nothing lies in the future. Returns the rows moved.
 */
export async function insertLiveRows(
  engine: TrafficEngine,
  plans: DomainPlan[],
  start: number,
  hours: number,
  salt: number,
  now: number,
): Promise<number> {
  await engine.exec(`CREATE TABLE IF NOT EXISTS ${LIVE_STAGE} AS traffic.access_log ENGINE = Memory`);
  await engine.exec(`TRUNCATE TABLE ${LIVE_STAGE}`);
  await engine.exec(demoInsertSql(plans, start, hours, salt, LIVE_STAGE).sql);
  const [moved] = await engine.query<{ n: number | string }>(
    `SELECT count() AS n FROM ${LIVE_STAGE} WHERE ts <= toDateTime({now:UInt32})`,
    { now },
  );
  await engine.exec(`INSERT INTO traffic.access_log SELECT * FROM ${LIVE_STAGE} WHERE ts <= toDateTime({now:UInt32})`, { now });
  await engine.exec(`TRUNCATE TABLE ${LIVE_STAGE}`);
  return Number(moved?.n ?? 0);
}

/** A demo line: its record in traffic.lines and its UTC offset in hours (its bandwidth follows local time). */
export type DemoLine = LineRecord & { tz: number };

export async function countLines(engine: TrafficEngine): Promise<number> {
  const [lines] = await engine.query<{ n: string | number }>('SELECT count() AS n FROM traffic.lines');
  return Number(lines?.n ?? 0);
}

/** The last minute (epoch s) of the lines' 1-minute bandwidth and how many samples there are. */
export async function lastLineBandwidth(engine: TrafficEngine): Promise<{ last: number; samples: number }> {
  const [line] = await engine.query<{ t: number | string; n: number | string }>(
    'SELECT toUnixTimestamp(max(ts)) AS t, count() AS n FROM traffic.line_bandwidth_1m',
  );
  return { last: Number(line?.t ?? 0), samples: Number(line?.n ?? 0) };
}

export async function insertDemoLines(engine: TrafficEngine, lines: readonly DemoLine[]): Promise<void> {
  const values = lines.map(
    (l) =>
      `(${[l.code, l.name, l.name_zh, l.coordinates, l.address, l.address_zh, l.country, l.province].map(lit).join(', ')}, ${l.capacity})`,
  );
  await engine.exec(
    `INSERT INTO traffic.lines (code, name, name_zh, coordinates, address, address_zh, country, province, capacity_bps)
     VALUES ${values.join(', ')}`,
  );
}

/** Spell anchors repeat every week so that any window (seed or live top-up) gets the same busy spells. */
const SPELL_PERIOD_MIN = 7 * 1440;

/**
 * 1-minute bandwidth of every line for minutes in [start, end) (epoch s, minute-aligned), in one
 * statement; `level` is the lines' hourly level 0..24 in their local time. Returns the samples written.
 */
export async function insertDemoLineBandwidth(
  engine: TrafficEngine,
  lines: readonly DemoLine[],
  level: number[],
  start: number,
  end: number,
): Promise<number> {
  const minutes = Math.max(0, Math.floor((end - start) / 60));
  if (!minutes) return 0;
  const n = lines.length;
  const arr = (xs: readonly (number | string)[]) => `[${xs.join(',')}]`;
  // Per line: base utilisation at the daily peak, share of inbound (origin pulls), two busy spells a week.
  const base = lines.map((_, i) => (0.42 + (0.3 * ((i * 37) % 11)) / 10).toFixed(3));
  const inShare = lines.map((_, i) => (0.06 + (0.08 * ((i * 53) % 7)) / 6).toFixed(3));
  const spell = (k: number) => lines.map((_, i) => ((i * 7919 + k * 104729) % (SPELL_PERIOD_MIN - 120)) * 60);
  const busy = 'tw BETWEEN spell1[li] AND spell1[li] + 2400 OR tw BETWEEN spell2[li] AND spell2[li] + 1500';
  await engine.exec(`INSERT INTO traffic.line_bandwidth_1m (line, ts, in_bps, out_bps)
WITH
  ${arr(lines.map((l) => lit(l.code)))} AS codes,
  ${arr(lines.map((l) => l.capacity))} AS capacity,
  ${arr(lines.map((l) => l.tz))} AS tz,
  ${arr(base)} AS base,
  ${arr(inShare)} AS in_share,
  ${arr(spell(1))} AS spell1,
  ${arr(spell(2))} AS spell2,
  ${arr(level.map((x) => x.toFixed(4)))} AS level
SELECT codes[li], toDateTime(t, 'UTC'), toUInt64(out * in_share[li] * (0.9 + 0.2 * u2)), toUInt64(out)
FROM (
  SELECT *,
    least(0.97, base[li] * (lv0 + (lv1 - lv0) * hf) * wk * wave * if(${busy}, 1.3, 1))
      * capacity[li] AS out
  FROM (
    SELECT 1 + intDiv(number, ${minutes}) AS li,
      ${start} + (number % ${minutes}) * 60 AS t,
      t % ${SPELL_PERIOD_MIN * 60} AS tw,
      ((t + tz[li] * 3600) % 86400) / 3600 AS lh,
      level[1 + toUInt32(floor(lh))] AS lv0, level[2 + toUInt32(floor(lh))] AS lv1, lh - floor(lh) AS hf,
      if(toDayOfWeek(toDateTime(t + tz[li] * 3600, 'UTC')) >= 6, 1.1, 1) AS wk,
      cityHash64(li, t, 77) / 18446744073709551616 AS u1,
      cityHash64(li, t, 78) / 18446744073709551616 AS u2,
      1 + 0.04 * sin(t / 2220 + li) + 0.025 * sin(t / 660 + 2 * li) + 0.05 * (u1 - 0.5) AS wave
    FROM numbers(${n * minutes})
  )
)`);
  return n * minutes;
}
