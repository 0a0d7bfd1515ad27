import type { DemoSeeder } from './index';
import type { NewHost } from '../stores/config/hosts';
import { ingestHostInventory } from '../services/hosts';
import { lastHostMetricSecond, seedHostMetrics } from '../stores/traffic/hostsMetrics';
import { topUpToNow } from './liveTraffic';
import type { TrafficEngine } from '../stores/traffic/engine';
import type { HostStatus, HostType } from '../../common/rules/hosts';

/**
 * Demo hosts (issue #17): 60 VPS and 12 dedicated servers over 6 areas for acme and its
 * sub-accounts, 20 hosts for globex; a few expire within 30 days, a few are stopped, one each
 * expired, creating and in error. Running hosts get 24 hours of utilisation in the traffic store.
 */

const DAY = 86_400_000;
const OS = ['Ubuntu 22.04', 'Debian 12', 'Rocky Linux 9', 'CentOS 7.9', 'Windows Server 2022', 'AlmaLinux 9'];
const VPS_PLANS = [
  [1, 2, 40, 5],
  [2, 4, 60, 10],
  [4, 8, 100, 20],
  [8, 16, 200, 50],
  [16, 32, 400, 100],
] as const;
const SERVER_PLANS = [
  [32, 128, 4000, 1000],
  [48, 256, 8000, 2000],
  [64, 512, 16000, 10000],
] as const;
const ROLES = ['web', 'api', 'cache', 'db', 'worker', 'edge', 'media', 'log'];

interface Tenant {
  accounts: string[];
  prefix: string;
  vps: number;
  servers: number;
  areas: string[];
}

const TENANTS: Tenant[] = [
  {
    accounts: ['acme', 'acme', 'acme_video', 'acme_static'],
    prefix: 'acme',
    vps: 60,
    servers: 12,
    areas: ['cn-east', 'cn-north', 'cn-south', 'ap-hk', 'ap-sg', 'us-west'],
  },
  { accounts: ['globex'], prefix: 'gx', vps: 16, servers: 4, areas: ['ap-tokyo', 'eu-frankfurt', 'us-west', 'ap-sg'] },
];

/** A deterministic number from a few integers (the demo is the same on every machine). */
const mix = (...n: number[]) => n.reduce((h, x) => Math.imul(h ^ (x + 0x9e3779b9), 0x85ebca6b) >>> 0, 0x12345) % 1_000_003;

export function demoHosts(now = Date.now()): NewHost[] {
  const out: NewHost[] = [];
  let ip = 0;
  for (const [t, tenant] of TENANTS.entries()) {
    for (const type of ['vps', 'server'] as HostType[]) {
      const count = type === 'vps' ? tenant.vps : tenant.servers;
      for (let i = 0; i < count; i++) {
        const r = mix(t, type === 'vps' ? 1 : 2, i);
        const plan = type === 'vps' ? VPS_PLANS[r % VPS_PLANS.length] : SERVER_PLANS[r % SERVER_PLANS.length];
        const area = tenant.areas[i % tenant.areas.length];
        const account = tenant.accounts[i % tenant.accounts.length];
        let status: HostStatus = 'running';
        let expire = now + (45 + (r % 600)) * DAY;
        if (i % 11 === 4) expire = now + (2 + (r % 26)) * DAY; // expiring within 30 days
        if (i % 13 === 7) status = 'stopped';
        if (type === 'vps' && i === count - 1) {
          status = 'expired';
          expire = now - 3 * DAY;
        }
        if (type === 'vps' && i === count - 2) status = 'creating';
        if (type === 'vps' && i === 9 && t === 0) status = 'error';
        ip++;
        const role = ROLES[(i + t) % ROLES.length];
        out.push({
          type,
          account,
          area,
          status,
          hostName: `${tenant.prefix}-${type === 'vps' ? role : `bare-${role}`}-${String(i + 1).padStart(2, '0')}`,
          instanceId: `${type === 'vps' ? 'ins' : 'srv'}-${(r * 7919 + i).toString(16).padStart(8, '0').slice(-8)}${t}${i}`,
          publicIp: `${['203.0.113', '198.51.100'][ip % 2]}.${(ip % 250) + 2}`,
          privateIp: `10.${t + 1}.${type === 'vps' ? 0 : 1}.${i + 10}`,
          cpuCores: plan[0],
          memoryGb: plan[1],
          diskGb: plan[2],
          bandwidthMbps: plan[3],
          os: OS[(r >> 3) % OS.length],
          createTime: new Date(now - (20 + (r % 700)) * DAY),
          expireTime: new Date(expire),
        });
      }
    }
  }
  return out;
}

const runningDemoHosts = () =>
  demoHosts()
    .filter((h) => h.status === 'running')
    .map((h) => ({ instanceId: h.instanceId, bandwidthMbps: h.bandwidthMbps }));

/**
 * Demo mode: extends the demo hosts' utilisation to the present minute (at most a day back), so the
 * lists and curves stay current on a server that keeps running (server/jobs/demoLiveTraffic.ts).
 */
export async function topUpDemoHostMetrics(engine: TrafficEngine, now = Date.now()): Promise<number> {
  const hosts = runningDemoHosts();
  const last = await lastHostMetricSecond(
    engine,
    hosts.map((h) => h.instanceId),
  );
  return topUpToNow(last, now, (end, minutes) => seedHostMetrics(engine, hosts, end, minutes));
}

/** A time as the feed's lines carry it (the access log's `ts`: "YYYY-MM-DD HH:MM:SS", UTC). */
const feedTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** A demo host as a line of the provider's inventory feed (docs/ingest.md, kind host_inventory). */
export function inventoryLine(h: NewHost): string {
  return JSON.stringify({
    instance_id: h.instanceId,
    account: h.account,
    type: h.type,
    name: h.hostName,
    public_ip: h.publicIp,
    private_ip: h.privateIp,
    area: h.area,
    cpu: h.cpuCores,
    memory: h.memoryGb,
    disk: h.diskGb,
    bandwidth: h.bandwidthMbps,
    os: h.os,
    status: h.status,
    create_time: feedTime(h.createTime),
    expire_time: feedTime(h.expireTime),
  });
}

export const seedHosts: DemoSeeder = {
  name: 'hosts',
  async run(app) {
    // Through the provider's feed, as a real deployment gets its hosts.
    const lines = demoHosts().map(inventoryLine).join('\n');
    const report = await ingestHostInventory(
      app.db,
      (async function* () {
        yield lines;
      })(),
    );
    if (report.rejected) throw new Error(`demo hosts rejected by the inventory feed: lines ${report.rejectedLines.join(', ')}`);
    await seedHostMetrics(app.traffic, runningDemoHosts());
  },
};
