import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DomainCloudStorage, DomainRetrieval, DomainSchedulingPolicy, DomainStrategy } from '../../common/wire/domains';
import { CacheTab } from '../../resources/domains/show/CacheTab';
import { OriginTab } from '../../resources/domains/show/OriginTab';
import { SchedulingTab } from '../../resources/domains/show/SchedulingTab';
import { buildDomain, domainMethods, makeProvider, renderWithAdmin } from './domainFixtures';

const domain = buildDomain({ id: 5, name: 'img.acme.example' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

const strategy: DomainStrategy = {
  id: 5,
  domain: domain.name,
  type: 'download',
  rules: [
    {
      match: 'path',
      value: '/images/',
      time: 1,
      unit: 'd',
      priority: 1,
      seconds: 86_400,
      cache: true,
      values: ['/images/'],
      kind: 'directory',
    },
    {
      match: 'suffix',
      value: 'jpg,png',
      time: 0,
      unit: 's',
      priority: 2,
      seconds: 0,
      cache: false,
      values: ['jpg', 'png'],
      kind: 'suffix',
    },
  ],
  defaultRule: { time: 30, unit: 'd', seconds: 30 * 86_400 },
  ignoreParams: { mode: 'off', params: [], paths: [] },
  ignoreExpires: false,
  ignoreNoCache: false,
  statusCodeCache: [],
};

const retrieval: DomainRetrieval = {
  id: 5,
  domain: domain.name,
  backProtocol: 'http',
  host: 'origin.acme.example',
  backDir: '/',
  backIsEnable: true,
  rangeOrigin: false,
  originRedirect: { enabled: false, maxHops: 3 },
  origins: [
    {
      role: 'main',
      type: 'domain',
      address: 'origin.acme.example',
      port: 80,
      weight: 10,
      protocol: 'http',
      host: 'origin.acme.example',
      url: 'http://origin.acme.example:80/',
    },
  ],
  requestHeaders: [],
};

const storage: DomainCloudStorage = {
  id: 5,
  domain: domain.name,
  note: '',
  buckets: [
    {
      bucket: 'acme-img',
      endpoint: 'acme-img.oss.example',
      provider: 'OSS',
      region: 'cn-hangzhou',
      role: 'main',
      port: 443,
      boundDomains: [],
    },
  ],
};

const policy = {
  domain: domain.name,
  cname: domain.cname,
  type: 'download',
  scope: 'cn',
  protocol: 'http',
  regions: [
    {
      region: 'cn-north',
      name: { zh: '华北', en: 'North China' },
      lines: ['Telecom', 'Unicom'],
      nodes: 12,
      sampleIps: ['203.0.113.1', '203.0.113.2'],
      weight: 60,
    },
    { region: 'cn-east', name: { zh: '华东', en: 'East China' }, lines: ['Mobile'], nodes: 8, sampleIps: ['203.0.113.9'], weight: 40 },
  ],
  defaultRegion: 'cn-north',
} as DomainSchedulingPolicy;

describe('domain detail tabs', () => {
  it('cache: the rules in priority order, then the default rule', async () => {
    const methods = { ...domainMethods(), domainStrategy: vi.fn(async () => strategy) };
    renderWithAdmin(<CacheTab domain={domain} />, { dataProvider: makeProvider(methods as never) });
    expect(rowsOf(await screen.findByTestId('strategy-table'))).toMatchInlineSnapshot(`
      [
        "PriorityKindPaths or suffixesCache time",
        "1Directory/images/1 days",
        "2Suffixjpg, pngNo cache",
        "When no rule matches30 days",
      ]
    `);
  });

  it('origin: what the edge does and the buckets', async () => {
    const methods = { ...domainMethods(), domainRetrieval: vi.fn(async () => retrieval), domainCloudStorage: vi.fn(async () => storage) };
    renderWithAdmin(<OriginTab domain={domain} />, { dataProvider: makeProvider(methods as never) });
    expect(rowsOf(await screen.findByTestId('bucket-table'))).toMatchInlineSnapshot(`
      [
        "BucketEndpointProviderRegionAlso bound to",
        "acme-imgacme-img.oss.example:443OSScn-hangzhou—",
      ]
    `);
    expect(rowsOf((await screen.findByText('http://origin.acme.example:80/')).closest('table')!)).toMatchInlineSnapshot(`
      [
        "RoleAddressWeightHost header sent to the originProbe URL",
        "Mainorigin.acme.example:8010origin.acme.examplehttp://origin.acme.example:80/",
      ]
    `);
  });

  it('origin: says when no bucket is bound', async () => {
    const methods = {
      ...domainMethods(),
      domainRetrieval: vi.fn(async () => retrieval),
      domainCloudStorage: vi.fn(async () => ({ ...storage, buckets: [] })),
    };
    renderWithAdmin(<OriginTab domain={domain} />, { dataProvider: makeProvider(methods as never), locale: 'zh' });
    expect(await screen.findByText('未使用存储桶源站')).toBeInTheDocument();
    expect(screen.queryByTestId('bucket-table')).toBeNull();
  });

  it('scheduling: regions with their lines, nodes and weights, in the language of the page', async () => {
    const methods = { ...domainMethods(), domainSchedulingPolicy: vi.fn(async () => policy) };
    renderWithAdmin(<SchedulingTab domain={domain} />, { dataProvider: makeProvider(methods as never), locale: 'zh' });
    expect(rowsOf(await screen.findByTestId('scheduling-table'))).toMatchInlineSnapshot(`
      [
        "区域线路边缘节点数边缘节点IP示例权重",
        "华北Telecom, Unicom12203.0.113.1, 203.0.113.260%",
        "华东Mobile8203.0.113.940%",
      ]
    `);
  });
});
