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

const CN_MAIN_LINES = ['telecom', 'unicom', 'mobile'];
const CN_LINES = [...CN_MAIN_LINES, 'edu'];
const BGP = ['bgp'];

/** region, name (zh, en), lines, large and small pool nodes, demand, address prefix; regions 'cn-*' are in mainland China. */
const REGION_ROWS: ReadonlyArray<[string, string, string, string[], number, number, number, string]> = [
  ['cn-north', '华北', 'North China', CN_LINES, 46, 28, 18, '198.51.100'],
  ['cn-east', '华东', 'East China', CN_LINES, 58, 36, 26, '198.51.101'],
  ['cn-south', '华南', 'South China', CN_LINES, 44, 27, 20, '198.51.102'],
  ['cn-central', '华中', 'Central China', CN_MAIN_LINES, 24, 15, 11, '198.51.103'],
  ['cn-southwest', '西南', 'Southwest China', CN_MAIN_LINES, 20, 12, 10, '198.51.104'],
  ['cn-northwest', '西北', 'Northwest China', CN_MAIN_LINES, 10, 6, 5, '198.51.105'],
  ['cn-northeast', '东北', 'Northeast China', CN_MAIN_LINES, 12, 8, 6, '198.51.106'],
  ['ap-east', '中国香港', 'Hong Kong', BGP, 12, 10, 14, '203.0.113'],
  ['ap-southeast', '东南亚', 'Southeast Asia', BGP, 18, 14, 18, '203.0.114'],
  ['ap-northeast', '日韩', 'Japan and Korea', BGP, 14, 10, 15, '203.0.115'],
  ['eu-west', '欧洲', 'Europe', BGP, 16, 12, 20, '203.0.116'],
  ['us-east', '美国东部', 'US East', BGP, 14, 11, 16, '203.0.117'],
  ['us-west', '美国西部', 'US West', BGP, 12, 9, 12, '203.0.118'],
  ['sa-east', '南美', 'South America', BGP, 5, 4, 5, '203.0.119'],
];

export const EDGE_REGIONS: EdgeRegion[] = REGION_ROWS.map(([region, zh, en, lines, large, small, demand, net]) => ({
  region,
  name: { zh, en },
  cn: region.startsWith('cn-'),
  lines: [...lines],
  nodes: { large, small },
  demand,
  net,
}));

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
