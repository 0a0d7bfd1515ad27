/**
 * Host calls with 100,000 hosts (issue #17; target ≤ 50 ms median each): inserts them into a fresh
 * temporary data dir (acme and its sub-accounts hold 90 %, globex the rest) with 20 minutes of
 * utilisation each in the traffic store, then times the list, search and overview calls through
 * app.inject as acme (scope of three accounts) and as admin (every account).
 * Run: npm run bench -- hosts [count]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { createCipher } from '../server/lib/cipher';
import { insertHosts, type NewHost } from '../server/stores/config/hosts';
import { HOST_STATUSES } from '../common/rules/hosts';
import { demoConfig, runMain } from './benchKit';

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = 40;
const AREAS = ['cn-east', 'cn-north', 'cn-south', 'ap-hk', 'ap-sg', 'ap-tokyo', 'us-west', 'eu-frankfurt'];
const ACCOUNTS = ['acme', 'acme_video', 'acme_static', 'acme', 'acme_video', 'acme_static', 'acme', 'acme_video', 'acme_static', 'globex'];
const DAY = 86_400_000;

function hostAt(i: number, now: number): NewHost {
  const server = i % 8 === 0;
  return {
    type: server ? 'server' : 'vps',
    hostName: `bench-${server ? 'bare' : 'vm'}-${i}`,
    instanceId: `${server ? 'srv' : 'ins'}-b${i.toString(16).padStart(7, '0')}`,
    publicIp: `100.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    privateIp: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    area: AREAS[i % AREAS.length],
    account: ACCOUNTS[i % ACCOUNTS.length],
    cpuCores: server ? 32 : 2 ** (i % 5),
    memoryGb: server ? 128 : 2 ** ((i % 5) + 1),
    diskGb: server ? 4000 : 40 * ((i % 5) + 1),
    bandwidthMbps: server ? 1000 : 5 * ((i % 5) + 1),
    os: ['Ubuntu 22.04', 'Debian 12', 'Rocky Linux 9'][i % 3],
    status: i % 17 === 0 ? HOST_STATUSES[1 + (i % 4)] : 'running',
    createTime: new Date(now - (i % 700) * DAY - i * 1000),
    expireTime: new Date(now + ((i * 7919) % 400) * DAY + 3_600_000),
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const config = demoConfig(dataDir, '0.01');
  const app = await buildApp(config);
  const cipher = createCipher(config.cipherKey);
  try {
    let t = Date.now();
    const now = Date.now();
    for (let start = 0; start < COUNT; start += 5000) {
      await insertHosts(
        app.db,
        Array.from({ length: Math.min(5000, COUNT - start) }, (_, k) => hostAt(start + k, now)),
      );
    }
    await app.db.exec('ANALYZE hosts');
    console.log(`inserted ${COUNT} hosts in ${Date.now() - t} ms`);
    t = Date.now();
    await app.traffic.exec(
      `INSERT INTO traffic.host_metrics (ts, instance_id, cpu, mem, in_bps, out_bps)
       SELECT toStartOfMinute(now()) - 60 * (m.number + 1), concat(if(h.number % 8 = 0, 'srv', 'ins'), '-b', leftPad(lower(hex(h.number)), 7, '0')),
         toFloat32(10 + (cityHash64(h.number, m.number) % 800) / 10), toFloat32(40), 1000000, 2000000
       FROM numbers({n:UInt32}) AS h CROSS JOIN numbers(20) AS m`,
      { n: COUNT },
    );
    console.log(`inserted ${COUNT * 20} metric rows in ${Date.now() - t} ms`);
    const cookieOf = async (username: string, password: string) => {
      const login = await app.inject({ method: 'GET', url: '/api/newLogin', query: { username, password: cipher.aesEncrypt(password) } });
      return String(login.headers['set-cookie']).split(';')[0];
    };
    const acme = await cookieOf('acme', 'Acme@2026');
    const admin = await cookieOf('admin', 'Admin@2026');
    const pages = Math.ceil((COUNT * 0.9 * 7) / 8 / 20);
    const rnd = (n: number) => Math.floor(Math.random() * n);
    const scenarios: Array<[string, string, string, () => object]> = [
      ['VPS list, page 1', acme, '/api/hostInfo/list/details', () => ({ type: 'vps', pageNum: 1, pageSize: 20 })],
      ['VPS list, random page', acme, '/api/hostInfo/list/details', () => ({ type: 'vps', pageNum: 1 + rnd(pages), pageSize: 20 })],
      [
        'VPS list, by name, page ≤ 50',
        acme,
        '/api/hostInfo/list/details',
        () => ({ type: 'vps', pageNum: 1 + rnd(50), pageSize: 20, sort: 'hostName', order: 'ASC' }),
      ],
      [
        'VPS list, area + running',
        acme,
        '/api/hostInfo/list/details',
        () => ({ type: 'vps', area: AREAS[rnd(8)], status: 'running', pageSize: 20 }),
      ],
      ['VPS list, expiring 30 days', acme, '/api/hostInfo/list/details', () => ({ type: 'vps', expiring: true, pageSize: 20 })],
      ['server list, staff, all', admin, '/api/hostInfo/list/details', () => ({ type: 'server', pageNum: 1 + rnd(50), pageSize: 20 })],
      ['full-text, name', acme, '/api/hostInfo/search/fulltext', () => ({ type: 'vps', keyword: `vm-${rnd(COUNT)}`, pageSize: 20 })],
      ['full-text, IP prefix', acme, '/api/hostInfo/search/fulltext', () => ({ keyword: `100.0.${rnd(256)}.`, pageSize: 20 })],
      ['details + 24 h curves', acme, '/api/hostInfo/list/details/search', () => ({ id: 2 + rnd(COUNT - 2) })],
      ['count, acme', acme, '/api/hostInfo/count', () => ({ customs: '' })],
      ['count, staff, all', admin, '/api/hostInfo/count', () => ({})],
      ['VPS view, acme', acme, '/api/hostInfo/vps', () => ({ customs: '' })],
      ['server view, staff, all', admin, '/api/hostInfo/server', () => ({})],
      ['VPS view, staff, customs globex', admin, '/api/hostInfo/vps', () => ({ customs: 'globex' })],
    ];
    console.log(`\n${'scenario'.padEnd(34)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'total'.padStart(8)}`);
    for (const [label, cookie, url, body] of scenarios) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const b = body();
        t = performance.now();
        const res = await app.inject({ method: 'POST', url, payload: b, headers: { cookie } });
        times.push(performance.now() - t);
        const reply = res.json() as { code: string; data: { total?: number; hosts?: number } };
        if (reply.code !== '0' && !(reply.code === '404' && url.endsWith('/details/search')))
          throw new Error(`${label}: ${JSON.stringify(reply)}`);
        total = reply.data?.total ?? reply.data?.hosts ?? total;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(34)} ${pct(times, 50).toFixed(1).padStart(10)} ${pct(times, 95).toFixed(1).padStart(8)} ${String(total).padStart(8)}`,
      );
    }
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
