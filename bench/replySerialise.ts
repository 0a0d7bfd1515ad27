/**
 * Serialisation of the list replies that have a response schema (issue #23): Fastify's compiled
 * serialiser (fast-json-stringify over the route's TypeBox schema, common/wire/<area>.ts) against
 * JSON.stringify, on synthetic pages of the sizes the screens ask for. Pure CPU, in process.
 * Medians of 5 repetitions; the speed-up is on CPU time. Run: npm run bench -- replySerialise [rounds]
 */
import os from 'node:os';
import fastJson from 'fast-json-stringify';
import { Type, type TSchema } from '@sinclair/typebox';
import { portalEnvelope } from '../server/lib/envelope';
import { CertificateSearchReplySchema, type Certificate } from '../common/wire/certificates';
import { HostListReplySchema, type Host } from '../common/wire/hosts';
import { LogSearchResultSchema, type LogRow } from '../common/wire/traffic/logs';
import { PurgeTaskListReplySchema, PurgeUrlListReplySchema, type PurgeTask } from '../common/wire/purge';

const ROUNDS = Number(process.argv[2] ?? 500);
const t = '2026-11-27T01:02:03.000Z';

const cert = (i: number): Certificate => ({
  id: i,
  name: `cert-${i}`,
  account: 'acme',
  username: 'acme',
  commonName: `www${i}.example.com`,
  dnsNames: [`www${i}.example.com`, `*.s${i}.example.com`],
  brand: "Let's Encrypt",
  issuerOrganization: "Let's Encrypt",
  issuerDepartment: '',
  issuerCountry: 'US',
  issuerCommonName: 'R3',
  serial: 'AB'.repeat(8),
  signatureAlgorithm: 'sha256WithRSAEncryption',
  keyAlgorithm: 'RSA 2048',
  awardedTime: t,
  expireTime: t,
  createTime: t,
  updateTime: t,
  share: i % 3 === 0,
  shareAccounts: i % 3 === 0 ? ['globex'] : [],
  bindDomains: [`www${i}.example.com`],
  configuredDomains: [],
  logicDelete: 0,
  deleteLog: '',
  owned: true,
});
const host = (i: number): Host => ({
  id: i,
  type: 'vps',
  hostName: `vm-${i}`,
  instanceId: `ins-${i}`,
  publicIp: `100.0.${i >> 8}.${i & 255}`,
  privateIp: `10.0.${i >> 8}.${i & 255}`,
  area: 'cn-east',
  account: 'acme',
  cpuCores: 4,
  memoryGb: 8,
  diskGb: 100,
  bandwidthMbps: 100,
  os: 'Ubuntu 24.04',
  status: 'running',
  createTime: t,
  expireTime: t,
  expiringSoon: false,
  cpuAvg: 23.5,
  cpuPeak: i % 5 ? 61.25 : null,
});
const log = (i: number): LogRow => ({
  time: '2026-11-27 09:02:03',
  timestamp: 1_795_000_000 + i,
  account: 'acme',
  domain: 'www.example.com',
  url: `/static/app.${i}.js?v=3`,
  method: 'GET',
  status: 200,
  bytes: 12_345 + i,
  requestTime: 12,
  cacheHit: 'HIT',
  clientIp: '203.0.113.7',
  continent: 'Asia',
  country: 'CN',
  province: 'zhejiang',
  isp: 'China Telecom',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  referer: 'https://www.example.com/',
  provider: 'edge-a',
  edgeNode: 'hz-edge-03',
});
const task = (i: number): PurgeTask => ({
  id: i,
  kind: 'url',
  account: 'acme',
  submittedBy: 'acme',
  urlCount: 10,
  status: 'success',
  counts: { success: 10, failed: 0, processing: 0, verified: 0, waiting: 0, other: 0 },
  createTime: t,
  finishTime: t,
  durationSeconds: 4,
  firstUrl: `https://www.example.com/a/${i}`,
});
const quotas = [{ kind: 'url' as const, limit: 10_000, used: 10, remaining: 9990, enabled: true }];

const cases: Array<{ name: string; schema: TSchema; data: unknown }> = [
  {
    name: 'certificate search, 100 rows',
    schema: CertificateSearchReplySchema,
    data: { list: Array.from({ length: 100 }, (_, i) => cert(i)), total: 1000, pageNum: 1, pageSize: 100 },
  },
  {
    name: 'host list, 100 rows',
    schema: HostListReplySchema,
    data: { list: Array.from({ length: 100 }, (_, i) => host(i)), total: 100_000 },
  },
  {
    name: 'log search, 500 rows',
    schema: LogSearchResultSchema,
    data: { list: Array.from({ length: 500 }, (_, i) => log(i)), total: 9_000_000, pageNum: 1, pageSize: 500 },
  },
  {
    name: 'prefetch task list, 100 rows',
    schema: PurgeTaskListReplySchema,
    data: { list: Array.from({ length: 100 }, (_, i) => task(i)), total: 5000, quotas },
  },
  {
    name: 'refresh/query (anyOf), 100 tasks',
    schema: Type.Union([PurgeTaskListReplySchema, PurgeUrlListReplySchema]),
    data: { list: Array.from({ length: 100 }, (_, i) => task(i)), total: 5000, quotas },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median over 5 repetitions of ROUNDS calls: wall and CPU µs per call (CPU is the fairer figure on a shared machine). */
function time(fn: () => string): { us: number; cpuUs: number } {
  for (let i = 0; i < 200; i++) fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r < 5; r++) {
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < ROUNDS; i++) fn();
    walls.push(Number(process.hrtime.bigint() - t0) / 1000 / ROUNDS);
    const cpu = process.cpuUsage(cpu0);
    cpus.push((cpu.user + cpu.system) / ROUNDS);
  }
  return { us: median(walls), cpuUs: median(cpus) };
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${ROUNDS} rounds each`,
);
for (const c of cases) {
  const reply = portalEnvelope.ok(c.data);
  const compiled = fastJson(portalEnvelope.reply(c.schema) as object);
  if (compiled(reply) !== JSON.stringify(reply)) throw new Error(`${c.name}: the compiled serialiser's text differs from JSON.stringify`);
  const plain = time(() => JSON.stringify(reply));
  const fast = time(() => compiled(reply));
  console.log(
    `${c.name.padEnd(34)} JSON.stringify ${plain.us.toFixed(0).padStart(5)} µs wall, ${plain.cpuUs.toFixed(0).padStart(4)} µs cpu   ` +
      `schema ${fast.us.toFixed(0).padStart(5)} µs wall, ${fast.cpuUs.toFixed(0).padStart(4)} µs cpu   cpu ×${(plain.cpuUs / fast.cpuUs).toFixed(2)}`,
  );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
