/**
 * Reference tables of the synthetic access logs: where clients are, which networks they use, which
 * agents and referers they send. Plain data; server/stores/traffic/trafficDemo.ts turns it into SQL constants.
 */

/** Mainland provinces (pinyin as the traffic store names them), short code, share of Chinese users, northern. */
export const PROVINCES: ReadonlyArray<{ name: string; code: string; weight: number; north: boolean }> = [
  { name: 'Guangdong', code: 'gd', weight: 11, north: false },
  { name: 'Jiangsu', code: 'js', weight: 7, north: false },
  { name: 'Zhejiang', code: 'zj', weight: 6.5, north: false },
  { name: 'Shandong', code: 'sd', weight: 6.5, north: true },
  { name: 'Henan', code: 'ha', weight: 5.5, north: true },
  { name: 'Sichuan', code: 'sc', weight: 5, north: false },
  { name: 'Hebei', code: 'he', weight: 4.5, north: true },
  { name: 'Hubei', code: 'hb', weight: 4, north: false },
  { name: 'Hunan', code: 'hn', weight: 4, north: false },
  { name: 'Fujian', code: 'fj', weight: 3.5, north: false },
  { name: 'Shanghai', code: 'sh', weight: 3.5, north: false },
  { name: 'Beijing', code: 'bj', weight: 3.5, north: true },
  { name: 'Anhui', code: 'ah', weight: 3.5, north: false },
  { name: 'Liaoning', code: 'ln', weight: 2.8, north: true },
  { name: 'Guangxi', code: 'gx', weight: 2.6, north: false },
  { name: 'Shaanxi', code: 'sn', weight: 2.5, north: false },
  { name: 'Jiangxi', code: 'jx', weight: 2.5, north: false },
  { name: 'Chongqing', code: 'cq', weight: 2.2, north: false },
  { name: 'Yunnan', code: 'yn', weight: 2.2, north: false },
  { name: 'Shanxi', code: 'sx', weight: 2, north: true },
  { name: 'Heilongjiang', code: 'hl', weight: 2, north: true },
  { name: 'Guizhou', code: 'gz', weight: 1.8, north: false },
  { name: 'Tianjin', code: 'tj', weight: 1.5, north: true },
  { name: 'Jilin', code: 'jl', weight: 1.4, north: true },
  { name: 'Inner Mongolia', code: 'nm', weight: 1.3, north: true },
  { name: 'Xinjiang', code: 'xj', weight: 1.3, north: false },
  { name: 'Gansu', code: 'gs', weight: 1.2, north: false },
  { name: 'Hainan', code: 'hi', weight: 0.8, north: false },
  { name: 'Ningxia', code: 'nx', weight: 0.4, north: false },
  { name: 'Qinghai', code: 'qh', weight: 0.3, north: false },
  { name: 'Tibet', code: 'xz', weight: 0.2, north: false },
];

/** A network and the public address blocks its subscribers come from (CIDR). */
export interface IspProfile {
  name: string;
  /** short code used in edge node names */
  code: string;
  blocks: string[];
}

/** Chinese carriers; the share differs between north (Unicom's home) and south (Telecom's). */
export const CN_ISPS: ReadonlyArray<IspProfile & { northShare: number; southShare: number }> = [
  {
    name: 'China Telecom',
    code: 'ct',
    northShare: 25,
    southShare: 45,
    blocks: ['14.16.0.0/12', '113.64.0.0/10', '180.96.0.0/11', '222.64.0.0/11', '59.32.0.0/11'],
  },
  {
    name: 'China Unicom',
    code: 'cu',
    northShare: 40,
    southShare: 18,
    blocks: ['112.224.0.0/11', '123.112.0.0/12', '221.192.0.0/11', '60.0.0.0/11'],
  },
  {
    name: 'China Mobile',
    code: 'cm',
    northShare: 31,
    southShare: 33,
    blocks: ['111.0.0.0/10', '120.192.0.0/10', '223.64.0.0/11', '39.128.0.0/10', '117.128.0.0/10'],
  },
  { name: 'Other', code: 'ot', northShare: 4, southShare: 4, blocks: ['202.112.0.0/13', '59.64.0.0/12'] },
];

/** A country outside the mainland: ISO code, continent, share of foreign users, its edge, two networks. */
interface CountryProfile {
  code: string;
  continent: string;
  weight: number;
  edge: string;
  isps: [IspProfile, IspProfile];
}

const isp = (name: string, code: string, ...blocks: string[]): IspProfile => ({ name, code, blocks });
const country = (code: string, continent: string, weight: number, edge: string, a: IspProfile, b: IspProfile): CountryProfile => ({
  code,
  continent,
  weight,
  edge,
  isps: [a, b],
});

/** Countries outside the mainland: ISO code, continent, share of foreign users, two networks. */
export const COUNTRIES: ReadonlyArray<CountryProfile> = [
  country('US', 'North America', 24, 'us-lax', isp('Comcast', 'cmc', '73.0.0.0/8'), isp('AT&T', 'att', '99.0.0.0/10', '107.192.0.0/11')),
  country('CA', 'North America', 3, 'us-ash', isp('Rogers', 'rog', '99.224.0.0/11'), isp('Bell Canada', 'bel', '70.48.0.0/13')),
  country('MX', 'North America', 2, 'us-lax', isp('Telmex', 'tmx', '189.128.0.0/10'), isp('Totalplay', 'tpl', '187.188.0.0/14')),
  country('BR', 'South America', 4, 'br-sao', isp('Claro', 'clr', '177.0.0.0/13'), isp('Vivo', 'viv', '177.32.0.0/12')),
  country('AR', 'South America', 1, 'br-sao', isp('Telecom Argentina', 'tar', '181.0.0.0/12'), isp('Claro', 'clr', '186.128.0.0/12')),
  country('GB', 'Europe', 5, 'gb-lon', isp('BT', 'bt', '86.128.0.0/10'), isp('Virgin Media', 'vm', '82.0.0.0/14')),
  country(
    'DE',
    'Europe',
    6,
    'de-fra',
    isp('Deutsche Telekom', 'dtk', '79.192.0.0/10', '93.192.0.0/10'),
    isp('Vodafone', 'vdf', '88.64.0.0/12'),
  ),
  country('FR', 'Europe', 4, 'de-fra', isp('Orange', 'org', '90.0.0.0/9'), isp('Free', 'fre', '78.192.0.0/10')),
  country('NL', 'Europe', 2, 'de-fra', isp('KPN', 'kpn', '77.160.0.0/12'), isp('Ziggo', 'zig', '84.24.0.0/13')),
  country('RU', 'Europe', 3, 'de-fra', isp('Rostelecom', 'rtk', '95.24.0.0/13'), isp('MTS', 'mts', '176.59.0.0/16')),
  country('JP', 'Asia', 7, 'jp-tyo', isp('NTT', 'ntt', '153.128.0.0/9'), isp('SoftBank', 'sbk', '126.0.0.0/8')),
  country('KR', 'Asia', 4, 'jp-tyo', isp('KT', 'kt', '175.192.0.0/10'), isp('SK Broadband', 'skb', '1.224.0.0/12')),
  country('HK', 'Asia', 4, 'hk', isp('HKT', 'hkt', '112.118.0.0/15'), isp('HKBN', 'hkb', '61.244.0.0/15')),
  country(
    'TW',
    'Asia',
    4,
    'hk',
    isp('Chunghwa Telecom', 'cht', '36.224.0.0/12', '1.160.0.0/12'),
    isp('Taiwan Mobile', 'twm', '39.8.0.0/13'),
  ),
  country('MO', 'Asia', 0.5, 'hk', isp('CTM', 'ctm', '60.246.0.0/16'), isp('MTel', 'mtl', '202.86.128.0/18')),
  country('SG', 'Asia', 4, 'sg', isp('Singtel', 'stl', '116.14.0.0/15'), isp('StarHub', 'sth', '58.182.0.0/15')),
  country('MY', 'Asia', 2, 'sg', isp('TM', 'tm', '175.136.0.0/13'), isp('Maxis', 'mxs', '115.164.0.0/14')),
  country('ID', 'Asia', 3, 'sg', isp('Telkomsel', 'tks', '114.120.0.0/13'), isp('IndiHome', 'idh', '36.64.0.0/11')),
  country('TH', 'Asia', 2, 'sg', isp('True', 'tru', '171.96.0.0/13'), isp('AIS', 'ais', '49.228.0.0/14')),
  country('VN', 'Asia', 2, 'sg', isp('Viettel', 'vtl', '27.64.0.0/12'), isp('VNPT', 'vnp', '14.160.0.0/11')),
  country('IN', 'Asia', 5, 'sg', isp('Jio', 'jio', '49.32.0.0/12'), isp('Airtel', 'air', '122.160.0.0/12')),
  country('AU', 'Oceania', 2, 'au-syd', isp('Telstra', 'tls', '120.144.0.0/12'), isp('Optus', 'opt', '49.176.0.0/12')),
  country('ZA', 'Africa', 1, 'de-fra', isp('Vodacom', 'vdc', '41.0.0.0/11'), isp('MTN', 'mtn', '105.0.0.0/11')),
  country('EG', 'Africa', 1, 'de-fra', isp('TE Data', 'ted', '41.32.0.0/12'), isp('Vodafone Egypt', 'vfe', '41.176.0.0/12')),
];

export type DomainKind = 'vod' | 'static' | 'download' | 'live';

/** Real-looking user agents; `weights` per kind for [mainland users, other users]. */
const UA = {
  chromeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 ' +
    'Edg/126.0.2592.87',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
    'Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 ' + 'Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    'MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
    'Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003035) ' +
    'WeChat/arm64 Weixin NetType/5G Language/zh_CN ABI/arm64',
  huawei:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/114.0.5735.196 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  uc:
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; 2201123C Build/SKQ1.211006.001) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Version/4.0 Chrome/100.0.4896.58 UCBrowser/16.5.8.1311 Mobile Safari/537.36',
  coreMedia: 'AppleCoreMedia/1.0.0.21F90 (iPhone; U; CPU OS 17_5 like Mac OS X; zh_cn)',
  exoPlayer: 'AcmePlayer/5.2.1 (Linux;Android 13) ExoPlayerLib/2.19.1',
  okhttp: 'okhttp/4.12.0',
  dalvik: 'Dalvik/2.1.0 (Linux; U; Android 13; SM-S9180 Build/TP1A.220624.014)',
  vlc: 'VLC/3.0.20 LibVLC/3.0.20',
  curl: 'curl/8.5.0',
  wget: 'Wget/1.21.4',
  bits: 'Microsoft BITS/7.8',
  aria2: 'aria2/1.37.0',
  apt: 'Debian APT-HTTP/1.3 (2.6.1)',
  goHttp: 'Go-http-client/1.1',
  pyRequests: 'python-requests/2.32.3',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  baiduspider: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  bytespider:
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; ' +
    'spider-feedback@bytedance.com)',
} as const;
type UaKey = keyof typeof UA;

export const USER_AGENTS: readonly string[] = Object.values(UA);
const UA_INDEX = Object.fromEntries(Object.keys(UA).map((k, i) => [k, i])) as Record<UaKey, number>;

/** [mainland, elsewhere] weights per agent for each kind of domain. */
const UA_MIX: Record<DomainKind, [Partial<Record<UaKey, number>>, Partial<Record<UaKey, number>>]> = {
  static: [
    {
      chromeWin: 18,
      edgeWin: 6,
      chromeMac: 5,
      safariMac: 3,
      firefoxWin: 1,
      safariIphone: 14,
      safariIpad: 2,
      chromeAndroid: 8,
      wechatIos: 10,
      wechatAndroid: 12,
      huawei: 8,
      uc: 4,
      baiduspider: 3,
      bytespider: 2,
      googlebot: 0.5,
      goHttp: 0.5,
      pyRequests: 0.5,
    },
    {
      chromeWin: 26,
      edgeWin: 8,
      chromeMac: 10,
      safariMac: 7,
      firefoxWin: 5,
      safariIphone: 18,
      safariIpad: 3,
      chromeAndroid: 16,
      googlebot: 3,
      bingbot: 2,
      goHttp: 1,
      pyRequests: 1,
    },
  ],
  vod: [
    {
      coreMedia: 22,
      exoPlayer: 20,
      okhttp: 8,
      wechatIos: 6,
      wechatAndroid: 8,
      huawei: 8,
      safariIphone: 8,
      chromeAndroid: 4,
      chromeWin: 9,
      edgeWin: 3,
      chromeMac: 2,
      vlc: 1,
      uc: 1,
    },
    {
      coreMedia: 24,
      exoPlayer: 18,
      okhttp: 6,
      safariIphone: 12,
      chromeAndroid: 10,
      chromeWin: 16,
      edgeWin: 4,
      chromeMac: 5,
      safariMac: 3,
      vlc: 2,
    },
  ],
  live: [
    {
      coreMedia: 24,
      exoPlayer: 24,
      okhttp: 10,
      wechatIos: 6,
      wechatAndroid: 8,
      huawei: 8,
      chromeWin: 12,
      edgeWin: 4,
      chromeMac: 2,
      vlc: 2,
    },
    { coreMedia: 26, exoPlayer: 22, okhttp: 8, safariIphone: 8, chromeAndroid: 8, chromeWin: 18, chromeMac: 6, vlc: 4 },
  ],
  download: [
    {
      chromeWin: 30,
      edgeWin: 14,
      chromeMac: 6,
      safariMac: 2,
      firefoxWin: 2,
      bits: 14,
      dalvik: 8,
      okhttp: 6,
      huawei: 4,
      curl: 5,
      wget: 3,
      aria2: 3,
      apt: 2,
      goHttp: 1,
    },
    {
      chromeWin: 28,
      edgeWin: 12,
      chromeMac: 10,
      safariMac: 5,
      firefoxWin: 5,
      bits: 12,
      dalvik: 5,
      okhttp: 4,
      curl: 8,
      wget: 5,
      aria2: 2,
      apt: 3,
      goHttp: 1,
    },
  ],
};

/** For each kind and region, the weights over USER_AGENTS (by index). */
export function userAgentWeights(kind: DomainKind, mainland: boolean): number[] {
  const mix = UA_MIX[kind][mainland ? 0 : 1];
  const out = USER_AGENTS.map(() => 0);
  for (const [k, w] of Object.entries(mix) as [UaKey, number][]) out[UA_INDEX[k]] = w;
  return out;
}

/** Referer sources outside the customer's own site: [mainland, elsewhere]. */
export const SEARCH_REFERERS: [string[], string[]] = [
  ['https://www.baidu.com/', 'https://www.baidu.com/s?wd=', 'https://www.sogou.com/', 'https://www.so.com/', 'https://cn.bing.com/'],
  [
    'https://www.google.com/',
    'https://www.bing.com/',
    'https://duckduckgo.com/',
    'https://search.yahoo.co.jp/',
    'https://www.google.com/search?q=',
  ],
];
export const SOCIAL_REFERERS: [string[], string[]] = [
  ['https://weibo.com/', 'https://www.zhihu.com/', 'https://www.douyin.com/', 'https://www.xiaohongshu.com/', 'https://mp.weixin.qq.com/'],
  ['https://t.co/', 'https://www.facebook.com/', 'https://www.reddit.com/', 'https://www.youtube.com/', 'https://news.ycombinator.com/'],
];

/** CDN providers (lines of delivery) a request may be served by. */
export const PROVIDERS = ['cdn-a', 'cdn-b', 'cdn-c'] as const;

/**
 * Relative request level by local hour (0..24, piecewise linear; 24 = 0) for each kind of site;
 * evenings are the peak (around 21:00), early morning the trough.
 */
export const DIURNAL: Record<DomainKind, Array<[number, number]>> = {
  vod: [
    [0, 0.72],
    [2, 0.36],
    [5, 0.14],
    [7, 0.22],
    [9, 0.38],
    [12, 0.55],
    [14, 0.5],
    [17, 0.6],
    [19, 0.84],
    [21, 1],
    [22, 0.95],
    [23, 0.86],
    [24, 0.72],
  ],
  live: [
    [0, 0.6],
    [2, 0.3],
    [5, 0.1],
    [8, 0.25],
    [12, 0.45],
    [15, 0.4],
    [18, 0.7],
    [20, 0.92],
    [21, 1],
    [22.5, 0.9],
    [24, 0.6],
  ],
  static: [
    [0, 0.36],
    [3, 0.12],
    [6, 0.16],
    [8, 0.5],
    [10, 0.86],
    [12, 0.74],
    [14, 0.9],
    [16, 0.85],
    [18, 0.74],
    [20, 0.9],
    [21, 1],
    [22, 0.82],
    [23, 0.56],
    [24, 0.36],
  ],
  download: [
    [0, 0.5],
    [3, 0.24],
    [6, 0.26],
    [9, 0.6],
    [11, 0.8],
    [14, 0.86],
    [17, 0.8],
    [20, 0.95],
    [21, 1],
    [22, 0.9],
    [23, 0.7],
    [24, 0.5],
  ],
};

/** Day-of-week factor, index = ISO day (Monday 1 ... Sunday 7; index 0 unused): more video at weekends, less work traffic. */
export const WEEKDAY: Record<DomainKind, number[]> = {
  vod: [1, 0.96, 0.95, 0.97, 1, 1.08, 1.2, 1.16],
  live: [1, 0.95, 0.95, 0.97, 1, 1.1, 1.22, 1.15],
  static: [1, 1.04, 1.03, 1.02, 1.02, 0.98, 0.84, 0.86],
  download: [1, 1.06, 1.02, 1.01, 1, 0.98, 0.9, 0.9],
};
