import crypto from 'node:crypto';
import type { DomainProtocol, DomainSchedulingPolicy, DomainScope, DomainType } from '../../common/wire/domains';

/**
 * The provider's edge regions and which of them serve a domain: the scope picks the regions, the
 * business type the pool (large-file pools for download and vod, small-object pools for static),
 * HTTPS only the nodes that hold certificates.
 */
interface EdgeRegion {
  region: string;
  name: { zh: string; en: string };
  cn: boolean;
  lines: string[];
  /** Edge nodes per pool. */
  nodes: { large: number; small: number };
  /** Share of demand, used as scheduling weight. */
  demand: number;
  /** Address prefix of the region's edge nodes. */
  net: string;
}

const CN_LINES = ['telecom', 'unicom', 'mobile', 'edu'];

export const EDGE_REGIONS: EdgeRegion[] = [
  {
    region: 'cn-north',
    name: { zh: '华北', en: 'North China' },
    cn: true,
    lines: CN_LINES,
    nodes: { large: 46, small: 28 },
    demand: 18,
    net: '198.51.100',
  },
  {
    region: 'cn-east',
    name: { zh: '华东', en: 'East China' },
    cn: true,
    lines: CN_LINES,
    nodes: { large: 58, small: 36 },
    demand: 26,
    net: '198.51.101',
  },
  {
    region: 'cn-south',
    name: { zh: '华南', en: 'South China' },
    cn: true,
    lines: CN_LINES,
    nodes: { large: 44, small: 27 },
    demand: 20,
    net: '198.51.102',
  },
  {
    region: 'cn-central',
    name: { zh: '华中', en: 'Central China' },
    cn: true,
    lines: ['telecom', 'unicom', 'mobile'],
    nodes: { large: 24, small: 15 },
    demand: 11,
    net: '198.51.103',
  },
  {
    region: 'cn-southwest',
    name: { zh: '西南', en: 'Southwest China' },
    cn: true,
    lines: ['telecom', 'unicom', 'mobile'],
    nodes: { large: 20, small: 12 },
    demand: 10,
    net: '198.51.104',
  },
  {
    region: 'cn-northwest',
    name: { zh: '西北', en: 'Northwest China' },
    cn: true,
    lines: ['telecom', 'unicom', 'mobile'],
    nodes: { large: 10, small: 6 },
    demand: 5,
    net: '198.51.105',
  },
  {
    region: 'cn-northeast',
    name: { zh: '东北', en: 'Northeast China' },
    cn: true,
    lines: ['telecom', 'unicom', 'mobile'],
    nodes: { large: 12, small: 8 },
    demand: 6,
    net: '198.51.106',
  },
  {
    region: 'ap-east',
    name: { zh: '中国香港', en: 'Hong Kong' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 12, small: 10 },
    demand: 14,
    net: '203.0.113',
  },
  {
    region: 'ap-southeast',
    name: { zh: '东南亚', en: 'Southeast Asia' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 18, small: 14 },
    demand: 18,
    net: '203.0.114',
  },
  {
    region: 'ap-northeast',
    name: { zh: '日韩', en: 'Japan and Korea' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 14, small: 10 },
    demand: 15,
    net: '203.0.115',
  },
  {
    region: 'eu-west',
    name: { zh: '欧洲', en: 'Europe' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 16, small: 12 },
    demand: 20,
    net: '203.0.116',
  },
  {
    region: 'us-east',
    name: { zh: '美国东部', en: 'US East' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 14, small: 11 },
    demand: 16,
    net: '203.0.117',
  },
  {
    region: 'us-west',
    name: { zh: '美国西部', en: 'US West' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 12, small: 9 },
    demand: 12,
    net: '203.0.118',
  },
  {
    region: 'sa-east',
    name: { zh: '南美', en: 'South America' },
    cn: false,
    lines: ['bgp'],
    nodes: { large: 5, small: 4 },
    demand: 5,
    net: '203.0.119',
  },
];

/** A stable number from the domain name, so a domain always gets the same sample nodes. */
function seed(text: string): number {
  return crypto.createHash('sha1').update(text).digest().readUInt32BE(0);
}

export function schedulingPolicy(domain: {
  name: string;
  cname: string;
  type: DomainType;
  scope: DomainScope;
  protocol: DomainProtocol;
}): DomainSchedulingPolicy {
  const regions = EDGE_REGIONS.filter((r) => (domain.scope === 'all' ? true : domain.scope === 'cn' ? r.cn : !r.cn));
  const pool = domain.type === 'static' ? 'small' : 'large';
  const totalDemand = regions.reduce((s, r) => s + r.demand, 0);
  const base = seed(domain.name);
  return {
    domain: domain.name,
    cname: domain.cname,
    type: domain.type,
    scope: domain.scope,
    protocol: domain.protocol,
    regions: regions.map((r, i) => {
      // Roughly four in five nodes of a pool hold certificates for HTTPS.
      const nodes = domain.protocol === 'https' ? Math.ceil(r.nodes[pool] * 0.8) : r.nodes[pool];
      const sampleIps = Array.from(
        { length: Math.min(3, nodes) },
        (_, k) => `${r.net}.${(((base >>> (k * 5)) + i * 17 + k * 53) % 250) + 2}`,
      );
      return { region: r.region, name: r.name, lines: r.lines, nodes, sampleIps, weight: Math.round((r.demand / totalDemand) * 1000) / 10 };
    }),
    defaultRegion: domain.scope === 'abroad' ? 'ap-east' : 'cn-east',
  };
}
