import type {
  DomainConfig,
  DomainStatus,
  DomainType,
  DomainScope,
  DomainOrigin,
  DomainAdvanced,
  DeliveryType,
  LiveDomain,
} from '../../common/wire/domains';
import { defaultAdvanced, domainConfigOf, emptyDomainInput } from '../../common/rules/domains/index';

/** Demo accelerated domains of the demo tenants (server/demo/domains.ts seeds them). */
export interface DemoDomain {
  name: string;
  account: string;
  config: DomainConfig;
  status: DomainStatus;
  deliveryType: DeliveryType;
  createdBy: string;
  /** Days ago the domain was created. */
  age: number;
  /** Later edits, oldest first: each produces a version. */
  edits: Array<{ daysAgo: number; author: string; change: (c: DomainConfig) => DomainConfig }>;
}

const ICP: Record<string, string> = { acme: '沪ICP备18032511号', globex: '粤ICP备2021045678号' };

const origin = (address: string, extra: Partial<DomainOrigin> = {}): DomainOrigin => ({
  role: 'main',
  type: /^\d+\.\d+\.\d+\.\d+$/.test(address) ? 'ip' : 'domain',
  address,
  port: 80,
  weight: 10,
  ...extra,
});

interface Spec {
  name: string;
  account: string;
  type: DomainType;
  scope?: DomainScope;
  https?: boolean;
  status?: DomainStatus;
  origins: DomainOrigin[];
  age: number;
  labels?: string[];
  context?: string;
  icpSuffix?: string;
  advanced?: Partial<DomainAdvanced>;
  tweak?: (c: DomainConfig) => DomainConfig;
  edits?: DemoDomain['edits'];
}

function build(s: Spec): DemoDomain {
  const tenant = s.account.startsWith('acme') ? 'acme' : 'globex';
  const scope = s.scope ?? 'cn';
  const base = domainConfigOf(emptyDomainInput(s.type));
  let config: DomainConfig = {
    ...base,
    scope,
    protocol: s.https ? 'https' : 'http',
    backProtocol: s.https ? 'https' : 'http',
    icp: scope === 'abroad' ? '' : `${ICP[tenant]}${s.icpSuffix ?? '-1'}`,
    context: s.context ?? '',
    origins: s.origins.map((o) => (s.https && o.port === 80 && o.type !== 'bucket' ? { ...o, port: 443 } : o)),
    testUrl: s.type === 'static' ? '/index.html' : '/health',
    labels: s.labels ?? [],
    advanced: { ...defaultAdvanced(), ...(s.advanced ?? {}) },
  };
  if (s.tweak) config = s.tweak(config);
  const live = s.type === 'live_push' || s.type === 'live_pull';
  return {
    name: s.name,
    account: s.account,
    config,
    status: s.status ?? 'on',
    deliveryType: live ? 'ticket' : 'self',
    createdBy: live ? 'admin' : tenant,
    age: s.age,
    edits: s.edits ?? [],
  };
}

const richStatic: Partial<DomainAdvanced> = {
  protocolRedirect: { enabled: true, target: 'https', code: 301 },
  compression: {
    enabled: true,
    fileTypes: ['text/html', 'text/css', 'application/javascript', 'application/json', 'image/svg+xml'],
    minSizeKb: 1,
  },
  brotli: { enabled: true },
  statusCodeCache: [
    { code: 404, time: 60, unit: 's' },
    { code: 502, time: 5, unit: 's' },
  ],
  errorPages: [{ code: 404, url: '/404.html' }],
  referer: { mode: 'allow', values: ['*.acme-media.example', 'acme-media.example'], allowEmpty: true },
  responseHeaders: [
    { action: 'set', name: 'Strict-Transport-Security', value: 'max-age=31536000' },
    { action: 'set', name: 'Access-Control-Allow-Origin', value: 'https://www.acme-media.example' },
    { action: 'delete', name: 'X-Powered-By', value: '' },
  ],
  rewriteRules: [
    { source: '^/old-news/(.*)$', target: '/news/$1', flag: 'permanent', status: 'on' },
    { source: '^/m/(.*)$', target: 'https://m.acme-media.example/$1', flag: 'redirect', status: 'off' },
  ],
};

const richDownload: Partial<DomainAdvanced> = {
  urlAuth: { enabled: true, type: 'A', secret: 'AcmeDl2026Secret', time: 3600 },
  rangeOrigin: true,
  originRedirect: { enabled: true, maxHops: 3 },
  uaList: { mode: 'deny', values: ['curl/*', 'Wget/*', 'python-requests/*'] },
  ipList: { mode: 'deny', values: ['45.155.205.0/24', '185.220.101.17'] },
  requestHeaders: [{ action: 'set', name: 'X-Cdn-Source', value: 'acme-portal' }],
};

const moreCache = (c: DomainConfig): DomainConfig => ({
  ...c,
  cacheRules: [
    { match: 'suffix', value: 'jpg,jpeg,png,gif,webp,svg', time: 30, unit: 'd' },
    { match: 'suffix', value: 'css,js', time: 7, unit: 'd' },
    { match: 'path', value: '/index.html', time: 5, unit: 'min' },
    ...c.cacheRules,
  ],
  ignoreParams: { mode: 'remove', params: ['utm_source', 'utm_medium', 'utm_campaign'], paths: [] },
});

const addBackup =
  (address: string) =>
  (c: DomainConfig): DomainConfig => ({
    ...c,
    origins: [...c.origins, { role: 'backup', type: 'domain', address, port: c.origins[0].port, weight: 5 }],
  });

export const DEMO_DOMAINS: DemoDomain[] = [
  // acme (main account)
  build({
    name: 'www.acme-media.example',
    account: 'acme',
    type: 'static',
    https: true,
    origins: [origin('origin.acme-media.example')],
    age: 210,
    labels: ['website', 'prod'],
    context: 'Corporate website',
    advanced: richStatic,
    tweak: moreCache,
    edits: [
      { daysAgo: 120, author: 'acme', change: addBackup('origin-backup.acme-media.example') },
      { daysAgo: 30, author: 'acme', change: (c) => ({ ...c, scope: 'all', forceHTTPS: true }) },
    ],
  }),
  build({
    name: 'acme-media.example',
    account: 'acme',
    type: 'static',
    https: true,
    origins: [origin('origin.acme-media.example')],
    age: 205,
    labels: ['website'],
  }),
  build({
    name: 'img.acme-media.example',
    account: 'acme',
    type: 'static',
    origins: [origin('203.0.113.30'), origin('203.0.113.31')],
    age: 180,
    labels: ['images'],
    tweak: moreCache,
  }),
  build({
    name: 'cdn.acme-media.example',
    account: 'acme',
    type: 'download',
    origins: [origin('files.acme-media.example')],
    age: 160,
    labels: ['downloads'],
  }),
  build({
    name: 'downloads.acme-media.example',
    account: 'acme',
    type: 'download',
    https: true,
    scope: 'all',
    origins: [origin('dl-origin.acme-media.example'), origin('dl-origin2.acme-media.example', { role: 'backup', weight: 5 })],
    age: 150,
    labels: ['downloads', 'prod'],
    context: 'Installer downloads, signed URLs',
    advanced: richDownload,
    edits: [
      {
        daysAgo: 20,
        author: 'acme',
        change: (c) => ({ ...c, cacheRules: [{ match: 'suffix', value: 'exe,dmg,zip', time: 90, unit: 'd' }, ...c.cacheRules] }),
      },
    ],
  }),
  build({
    name: 'news.acme-media.example',
    account: 'acme',
    type: 'static',
    status: 'off',
    origins: [origin('news-origin.acme-media.example')],
    age: 140,
    context: 'Retired news site',
  }),
  build({
    name: 'm.acme-media.example',
    account: 'acme',
    type: 'static',
    https: true,
    origins: [origin('origin.acme-media.example')],
    age: 100,
    labels: ['website', 'mobile'],
  }),
  build({
    name: 'api.acme-media.net',
    account: 'acme',
    type: 'static',
    https: true,
    origins: [origin('api-gw.acme-media.example')],
    age: 90,
    labels: ['api'],
    tweak: (c) => ({
      ...c,
      cacheRules: [
        { match: 'path', value: '/v1/', time: 0, unit: 's' },
        { match: 'path', value: '/', time: 1, unit: 'min' },
      ],
    }),
  }),
  build({
    name: 'assets.acme-media.example',
    account: 'acme',
    type: 'static',
    origins: [origin('acme-assets.oss-cn-shanghai.aliyuncs.com.example', { type: 'bucket' })],
    age: 75,
    labels: ['images'],
    tweak: (c) => ({ ...c, cloudStorage: 'OSS bucket acme-assets, private read via CDN' }),
  }),
  build({
    name: 'promo.acme-media.example',
    account: 'acme',
    type: 'static',
    status: 'freeze',
    origins: [origin('promo-origin.acme-media.example')],
    age: 60,
    context: 'Frozen by the provider: unpaid campaign',
  }),
  build({
    name: 'live.acme-media.example',
    account: 'acme',
    type: 'live_push',
    origins: [origin('ingest.acme-media.example', { port: 1935 })],
    age: 50,
  }),
  // acme_video (sub-account)
  build({
    name: 'video.acme-video.com',
    account: 'acme_video',
    type: 'vod',
    https: true,
    origins: [origin('vod-origin.acme-video.example')],
    age: 170,
    labels: ['video', 'prod'],
    advanced: { rangeOrigin: true, urlAuth: { enabled: true, type: 'B', secret: 'VideoKey2026', time: 7200 } },
    edits: [
      {
        daysAgo: 40,
        author: 'acme',
        change: (c) => ({
          ...c,
          cacheRules: [
            { match: 'suffix', value: 'm3u8', time: 10, unit: 's' },
            { match: 'suffix', value: 'ts,mp4', time: 30, unit: 'd' },
            ...c.cacheRules,
          ],
        }),
      },
    ],
  }),
  build({
    name: 'vod.acme-video.com',
    account: 'acme_video',
    type: 'vod',
    https: true,
    origins: [origin('vod-origin.acme-video.example')],
    age: 165,
    labels: ['video'],
  }),
  build({
    name: 'dl.acme-video.com',
    account: 'acme_video',
    type: 'download',
    origins: [origin('198.51.100.12'), origin('198.51.100.13', { role: 'backup' })],
    age: 120,
  }),
  build({
    name: 'hls.acme-video.com',
    account: 'acme_video',
    type: 'vod',
    status: 'off',
    origins: [origin('hls-origin.acme-video.example')],
    age: 110,
  }),
  build({
    name: 'trailers.acme-video.com',
    account: 'acme_video',
    type: 'vod',
    scope: 'all',
    origins: [origin('acme-trailers.s3.ap-northeast-1.amazonaws.com.example', { type: 'bucket' })],
    age: 45,
    labels: ['video'],
  }),
  build({
    name: 'pull.acme-video.com',
    account: 'acme_video',
    type: 'live_pull',
    origins: [origin('live-src.acme-video.example', { port: 1935 })],
    age: 35,
  }),
  // acme_static (sub-account)
  build({
    name: 'static.acme-static.com',
    account: 'acme_static',
    type: 'static',
    https: true,
    origins: [origin('static-origin.acme-static.example')],
    age: 350,
    labels: ['assets'],
    tweak: moreCache,
    advanced: {
      compression: { enabled: true, fileTypes: ['text/css', 'application/javascript'], minSizeKb: 2 },
      brotli: { enabled: true },
    },
  }),
  build({
    name: 'img.acme-static.com',
    account: 'acme_static',
    type: 'static',
    https: true,
    origins: [origin('static-origin.acme-static.example')],
    age: 340,
    labels: ['images'],
  }),
  build({
    name: 'fonts.acme-static.com',
    account: 'acme_static',
    type: 'static',
    origins: [origin('static-origin.acme-static.example')],
    age: 200,
    advanced: { responseHeaders: [{ action: 'set', name: 'Access-Control-Allow-Origin', value: '*' }] },
  }),
  build({
    name: 'js.acme-static.com',
    account: 'acme_static',
    type: 'static',
    status: 'off',
    origins: [origin('static-origin.acme-static.example')],
    age: 190,
  }),
  build({
    name: 'files.acme-static.com',
    account: 'acme_static',
    type: 'download',
    origins: [origin('acme-files-1250000000.cos.ap-shanghai.myqcloud.com.example', { type: 'bucket' })],
    age: 80,
  }),
  // globex
  build({
    name: 'www.globex-corp.example',
    account: 'globex',
    type: 'static',
    https: true,
    scope: 'all',
    origins: [origin('origin.globex-corp.example')],
    age: 300,
    labels: ['website', 'prod'],
    tweak: moreCache,
    advanced: {
      ...richStatic,
      referer: { mode: 'off', values: [], allowEmpty: true },
      responseHeaders: [{ action: 'set', name: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }],
      rewriteRules: [],
    },
    edits: [{ daysAgo: 12, author: 'globex', change: addBackup('origin-dr.globex-corp.example') }],
  }),
  build({
    name: 'globex-corp.example',
    account: 'globex',
    type: 'static',
    https: true,
    scope: 'all',
    origins: [origin('origin.globex-corp.example')],
    age: 298,
  }),
  build({
    name: 'shop.globex-corp.example',
    account: 'globex',
    type: 'static',
    https: true,
    scope: 'all',
    origins: [origin('shop-lb.globex-corp.example')],
    age: 100,
    labels: ['shop', 'prod'],
    advanced: {
      ipList: { mode: 'deny', values: ['103.251.167.0/24'] },
      uaList: { mode: 'deny', values: ['*sqlmap*', '*nikto*'] },
      statusCodeCache: [{ code: 404, time: 30, unit: 's' }],
    },
  }),
  build({
    name: 'legacy.globex-corp.example',
    account: 'globex',
    type: 'static',
    status: 'off',
    origins: [origin('192.0.2.11')],
    age: 420,
  }),
  build({
    name: 'downloads.globex-corp.example',
    account: 'globex',
    type: 'download',
    scope: 'all',
    origins: [origin('globex-dl.obs.cn-north-4.myhuaweicloud.com.example', { type: 'bucket' })],
    age: 140,
  }),
  build({
    name: 'media.globex-corp.example',
    account: 'globex',
    type: 'vod',
    scope: 'abroad',
    origins: [origin('media-origin.globex-corp.example')],
    age: 90,
    labels: ['video'],
  }),
  build({
    name: 'eu.globex-corp.example',
    account: 'globex',
    type: 'static',
    scope: 'abroad',
    origins: [origin('eu-origin.globex-corp.example')],
    age: 70,
  }),
  build({
    name: 'updates.globex-corp.example',
    account: 'globex',
    type: 'download',
    scope: 'all',
    origins: [origin('updates-origin.globex-corp.example')],
    age: 25,
    advanced: { rangeOrigin: true },
  }),
  build({
    name: 'stream.globex-corp.example',
    account: 'globex',
    type: 'live_pull',
    scope: 'abroad',
    origins: [origin('live.globex-corp.example', { port: 1935 })],
    age: 20,
  }),
  build({
    name: 'tmp.globex-corp.example',
    account: 'globex',
    type: 'download',
    status: 'freeze',
    origins: [origin('tmp-origin.globex-corp.example')],
    age: 15,
  }),
];

type DemoLiveDomain = Pick<LiveDomain, 'name' | 'customer' | 'belongDomainGroup' | 'type' | 'status' | 'scope' | 'protocol' | 'source'> & {
  /** days since creation */
  age: number;
};

const live = (
  name: string,
  customer: string,
  belongDomainGroup: string,
  type: LiveDomain['type'],
  status: LiveDomain['status'],
  scope: LiveDomain['scope'],
  protocol: LiveDomain['protocol'],
  source: string,
  age: number,
): DemoLiveDomain => ({ name, customer, belongDomainGroup, type, status, scope, protocol, source, age });

export const DEMO_LIVE_DOMAINS: DemoLiveDomain[] = [
  live('push.acme-media.example', 'acme', '', 'live_push', 'on', 'cn', 'rtmp', 'rtmp://push.acme-media.example/live', 120),
  live('play.acme-media.example', 'acme', '', 'live_pull', 'on', 'cn', 'flv', 'push.acme-media.example', 119),
  live('hls-live.acme-media.example', 'acme', '', 'live_pull', 'off', 'cn', 'hls', 'push.acme-media.example', 60),
  live('live.acme-video.com', 'acme', 'acme_video', 'live_push', 'on', 'all', 'rtmp', 'rtmp://live.acme-video.com/app', 90),
  live('watch.acme-video.com', 'acme', 'acme_video', 'live_pull', 'on', 'all', 'hls', 'live.acme-video.com', 89),
  live('ingest.globex-corp.example', 'globex', '', 'live_push', 'on', 'abroad', 'rtmp', 'rtmp://ingest.globex-corp.example/live', 50),
  live('tv.globex-corp.example', 'globex', '', 'live_pull', 'freeze', 'abroad', 'flv', 'ingest.globex-corp.example', 49),
];
