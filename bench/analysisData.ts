/**
 * Synthetic access logs for the analysis benchmark, generated inside the engine with
 * INSERT ... SELECT over numbers(): three accounts, 20 domains of Zipf-like popularity,
 * a diurnal curve over the last 7 days, log-uniform URL and client-IP popularity
 * (tens of thousands of URLs per domain, about two million IPs, each IP mostly on one home
 * domain), a China-heavy geography,
 * a 2xx/3xx/4xx/5xx mix, a hit ratio per domain, 30 agents and 40 referers.
 */

export const BENCH_ACCOUNTS = ['acme', 'acme_video', 'globex'] as const;
export const BENCH_DOMAIN_COUNT = 20;

/** Domain i (0 = most popular) and its account: acme 0..7, acme_video 8..11, globex 12..19. */
export function benchDomain(i: number): { domain: string; account: string } {
  const account = i < 8 ? 'acme' : i < 12 ? 'acme_video' : 'globex';
  return { domain: `d${i}.${account.replace('_', '-')}.example`, account };
}

const AGENTS = Array.from({ length: 30 }, (_, i) =>
  i % 3 === 0
    ? `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/12${i % 10}.0 Safari/537.36`
    : i % 3 === 1
      ? `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i % 7} like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148`
      : `okhttp/4.${i % 12}.0`,
);
const REFERERS = ['', ...Array.from({ length: 39 }, (_, i) => `https://site${i}.example.com/page/${i * 7}`)];
const PROVINCES = [
  'Guangdong',
  'Beijing',
  'Shanghai',
  'Zhejiang',
  'Jiangsu',
  'Sichuan',
  'Shandong',
  'Hubei',
  'Henan',
  'Fujian',
  'Hunan',
  'Hebei',
  'Anhui',
  'Shaanxi',
  'Liaoning',
  'Chongqing',
  'Tianjin',
  'Yunnan',
  'Guangxi',
  'Jiangxi',
];
const CN_ISPS = ['China Telecom', 'China Unicom', 'China Mobile', 'Other'];
// [country, continent] abroad
const ABROAD: [string, string][] = [
  ['US', 'North America'],
  ['JP', 'Asia'],
  ['DE', 'Europe'],
  ['GB', 'Europe'],
  ['SG', 'Asia'],
  ['KR', 'Asia'],
  ['FR', 'Europe'],
  ['BR', 'South America'],
  ['IN', 'Asia'],
  ['AU', 'Oceania'],
  ['CA', 'North America'],
  ['ZA', 'Africa'],
  ['HK', 'Asia'],
  ['RU', 'Europe'],
];

const arr = (xs: readonly string[]) => `[${xs.map((x) => `'${x.replace(/'/g, "\\'")}'`).join(',')}]`;

/**
 * Rows per hour of the 7 days ending at `endEpoch` (168 entries, oldest first, summing to `total`):
 * a diurnal curve peaking in the Chinese evening and a weekend lift.
 */
export function hourlyCounts(total: number, endEpoch: number): number[] {
  const start = endEpoch - 7 * 86400;
  const weights = Array.from({ length: 168 }, (_, h) => {
    const t = start + h * 3600;
    const local = new Date((t + 8 * 3600) * 1000);
    const hour = local.getUTCHours();
    const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6 ? 1.15 : 1;
    return (1.1 + Math.cos(((hour - 21) / 24) * 2 * Math.PI)) * weekend;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  counts[counts.length - 1] += total - counts.reduce((a, b) => a + b, 0);
  return counts;
}

/**
 * INSERT ... SELECT of `count` rows numbered from `first`, with timestamps in
 * [windowStart, windowStart + windowSeconds): logs arrive in time order, as from edge servers.
 * Deterministic for given arguments.
 */
export function benchInsertSql(first: number, count: number, windowStart: number, windowSeconds: number): string {
  const domains = Array.from({ length: BENCH_DOMAIN_COUNT }, (_, i) => benchDomain(i));
  // u(k): a uniform [0,1) number per row and purpose k.
  const u = (k: number) => `(cityHash64(number, ${k}) % 1000000007) / 1000000007`;
  return `INSERT INTO traffic.access_log
  SELECT
    toDateTime(${windowStart} + toUInt32(${windowSeconds} * ${u(1)}), 'UTC') AS ts,
    ${arr(domains.map((d) => d.account))}[di + 1] AS account,
    ${arr(domains.map((d) => d.domain))}[di + 1] AS domain,
    concat('/s', toString(di), ['/img/', '/video/', '/js/', '/css/', '/api/'][ui % 5 + 1], toString(ui), ['.jpg', '.mp4', '.js', '.css', ''][ui % 5 + 1],
           if(ui % 11 = 0, concat('?v=', toString(ui % 7)), '')) AS url,
    if(${u(3)} < 0.95, 'GET', if(${u(3)} < 0.99, 'HEAD', 'POST')) AS method,
    multiIf(${u(4)} < 0.85, 200, ${u(4)} < 0.89, 206, ${u(4)} < 0.94, 304, ${u(4)} < 0.955, 302, ${u(4)} < 0.985, 404,
            ${u(4)} < 0.99, 403, ${u(4)} < 0.997, 502, ${u(4)} < 0.9995, 500, 499) AS status,
    toUInt64(exp(6 + 2.5 * ${u(5)} + (ui % 5 = 1) * 4)) AS bytes,
    toUInt32(5 + 300 * ${u(6)} * ${u(6)}) AS request_time,
    toUInt8(${u(7)} < 0.97 - di * 0.01) AS cache_hit,
    toIPv4(167772160 + ip) AS client_ip,
    if(cn, 'Asia', ${arr(ABROAD.map((a) => a[1]))}[ab + 1]) AS continent,
    if(cn, 'CN', ${arr(ABROAD.map((a) => a[0]))}[ab + 1]) AS country,
    if(cn, ${arr(PROVINCES)}[intDiv(cityHash64(ip, 9) % 400, 20) % 20 + 1], '') AS province,
    if(cn, ${arr(CN_ISPS)}[cityHash64(ip, 10) % 4 + 1], 'Other') AS isp,
    ${arr(AGENTS)}[toUInt32(pow(30, ${u(11)}))] AS user_agent,
    if(${u(12)} < 0.4, '', ${arr(REFERERS)}[toUInt32(pow(39, ${u(13)})) + 1]) AS referer,
    ['cdn-a', 'cdn-b', 'cdn-c'][multiIf(${u(14)} < 0.6, 1, ${u(14)} < 0.9, 2, 3)] AS provider,
    concat('edge-', toString(cityHash64(number, 15) % 20)) AS edge_node
  FROM (
    SELECT number,
      -- A client mostly visits its own site: 70 % of an IP's requests go to its home domain.
      toUInt32(${BENCH_DOMAIN_COUNT} * pow(if(${u(20)} < 0.7, (cityHash64(toUInt32(pow(2000000, ${u(17)})), 21) % 1000003) / 1000003, ${u(2)}), 2.2)) AS di,
      toUInt32(pow(40000, ${u(16)})) AS ui,
      toUInt32(pow(2000000, ${u(17)})) AS ip,
      cityHash64(toUInt32(pow(2000000, ${u(17)})), 8) % 100 < 72 AS cn,
      cityHash64(toUInt32(pow(2000000, ${u(17)})), 18) % ${ABROAD.length} AS ab
    FROM numbers(${first}, ${count})
  )`;
}
