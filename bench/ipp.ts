/**
 * IP protection statistics and alarm queries (issue #19; target ≤ 300 ms median for an account over 7 days):
 * `--ips N` protected IPs (75 % in acme's three accounts, the rest globex) with 7 days of minute samples
 * from 13 regions each (800 IPs ≈ 105 M rows), then median / p95 wall time and the median CPU time of the
 * process (chDB's engine threads run in it) of statistic/data (account and one IP), statistic/list/{account},
 * the alarm page and one detector run, through app.inject as acme. The detector job is off during the run
 * (PORTAL_IPP_DETECTOR_MS=0), and the timings start once the background merges of the generated parts are done.
 * `--data-dir DIR` keeps the generated stores in DIR and reuses them on the next run with the same `--ips`
 * (generating 100 M samples takes minutes on a busy machine).
 * Run: npm run bench -- ipp [--ips 800] [--runs 20] [--data-dir /tmp/ipp-bench]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { createCipher } from '../server/lib/cipher';
import { runIppDetector } from '../server/lib/ippDetector';
import { DEMO_REGIONS } from '../server/stores/traffic/ipProtection';
import { demoConfig } from './benchKit';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const argText = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const IPS = arg('ips', 800);
const RUNS = arg('runs', 20);
const KEEP_DIR = argText('data-dir');
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function main() {
  const dataDir = KEEP_DIR ? path.resolve(KEEP_DIR) : await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-ipp-'));
  process.env.PORTAL_IPP_DETECTOR_MS = '0';
  const config = demoConfig(dataDir, '0.01');
  let t = Date.now();
  const app = await buildApp(config);
  console.log(`stores opened in ${Date.now() - t} ms (${dataDir})`);
  const cipher = createCipher(config.cipherKey);
  try {
    const existing = await app.db.query<{ ip: string }>(`SELECT origin_ip AS ip FROM ipp_entries WHERE cname_prefix LIKE 'bench-%'`);
    let ips = existing.map((r) => r.ip);
    let end: number;
    if (ips.length === IPS) {
      const [row] = await app.traffic.query<{ last: string | number }>(
        `SELECT toUInt32(max(ts)) AS last FROM traffic.ipp_traffic WHERE ip = {ip:String}`,
        { ip: ips[0] },
      );
      end = Number(row.last) + 60;
      console.log(`reusing the samples of ${ips.length} IPs up to ${new Date(end * 1000).toISOString()}`);
    } else {
      if (ips.length) throw new Error(`${dataDir} holds ${ips.length} bench IPs, not ${IPS}: use another --data-dir`);
      await app.db.query(
        `INSERT INTO ipp_entries (account, origin_ip, protocol, ports, cname_prefix, status)
         SELECT (ARRAY['acme', 'acme_video', 'acme_static', 'globex'])[1 + i % 4], '100.' || (i / 256) || '.' || (i % 256) || '.7', 'TCP', '[80, 443]', 'bench-' || i, 'configured'
         FROM generate_series(1, $1::int) AS i`,
        [IPS],
      );
      ips = (await app.db.query<{ ip: string }>(`SELECT origin_ip AS ip FROM ipp_entries WHERE cname_prefix LIKE 'bench-%'`)).map(
        (r) => r.ip,
      );
      end = Math.floor(Date.now() / 60_000) * 60;
      t = Date.now();
      for (let day = 7; day >= 1; day--) {
        await app.traffic.exec(
          `INSERT INTO traffic.ipp_traffic (ts, ip, region, protocol, in_bytes, out_bytes, in_packets, out_packets, syn_packets)
           SELECT toDateTime({end:UInt32} - 86400 * {day:UInt32} + 60 * (number % 1440), 'UTC') AS ts, ips[1 + intDiv(number, 1440) % length(ips)] AS ip,
             r.1 AS region, 'tcp', toUInt64(1e6 * r.2 * (1 + cityHash64(number, r.1) % 100 / 100)) AS b, toUInt64(b * 0.6), toUInt64(b / 900), toUInt64(b / 1500), toUInt64(b / 900 * 0.02)
           FROM numbers({n:UInt64}) AS n CROSS JOIN (SELECT arrayJoin(arrayZip({regions:Array(String)}, {weights:Array(Float64)})) AS r) AS rs, (SELECT {ips:Array(String)} AS ips) AS x`,
          { end, day, n: 1440 * ips.length, ips, regions: DEMO_REGIONS.map((r) => r[0]), weights: DEMO_REGIONS.map((r) => r[1] / 100) },
        );
        console.log(`  day ${8 - day} of 7 inserted after ${Date.now() - t} ms (load ${load()})`);
      }
      const [{ n }] = await app.traffic.query<{ n: string }>('SELECT count() AS n FROM traffic.ipp_traffic');
      console.log(`inserted ${Number(n).toLocaleString('en')} samples for ${ips.length} IPs in ${Date.now() - t} ms`);
    }
    // the figures are for settled tables: wait for the background merges of the new parts
    t = Date.now();
    for (;;) {
      const [m] = await app.traffic.query<{ n: string | number }>('SELECT count() AS n FROM system.merges');
      if (Number(m.n) === 0 || Date.now() - t > 600_000) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const parts = await app.traffic.query<{ table: string; parts: string | number; rows: string | number }>(
      `SELECT table, count() AS parts, sum(rows) AS rows FROM system.parts WHERE database = 'traffic' AND active AND table LIKE 'ipp%' GROUP BY table ORDER BY table`,
    );
    console.log(
      `merges settled after ${Date.now() - t} ms; ${parts.map((p) => `${p.table} ${Number(p.rows).toLocaleString('en')} rows / ${p.parts} parts`).join(', ')}`,
    );

    const login = await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'acme', password: cipher.aesEncrypt('Acme@2026') },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    console.log(`load average before the queries: ${load()}`);
    const time = async (label: string, fn: () => Promise<unknown>) => {
      const ms: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const c = process.cpuUsage();
        t = performance.now();
        await fn();
        ms.push(performance.now() - t);
        cpu.push(cpuMs(process.cpuUsage(c)));
      }
      ms.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(48)} median ${pct(ms, 50).toFixed(1)} ms  p95 ${pct(ms, 95).toFixed(1)} ms  CPU median ${pct(cpu, 50).toFixed(1)} ms  (load ${load()})`,
      );
    };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await app.inject({ method, url, payload, headers: { cookie } });
      if (r.json().code !== 0) throw new Error(`${url}: ${r.body.slice(0, 200)}`);
    };
    const week = { startTime: end - 7 * 86_400, endTime: end };
    await time('statistic/data, acme (all IPs), 7 days, 1 h', () =>
      call('POST', '/impapi/protection/network/statistic/data', { ip: 'all', ...week, granularity: '1h' }),
    );
    await time('statistic/data, acme (all IPs), 7 days, 1 d', () =>
      call('POST', '/impapi/protection/network/statistic/data', { ip: 'all', ...week, granularity: '1d' }),
    );
    await time('statistic/data, one IP, 7 days, 1 h', () =>
      call('POST', '/impapi/protection/network/statistic/data', { ip: ips[0], ...week, granularity: '1h' }),
    );
    await time('statistic/data, one IP, 24 h, 5 min', () =>
      call('POST', '/impapi/protection/network/statistic/data', { ip: ips[0], startTime: end - 86_400, endTime: end, granularity: '5m' }),
    );
    await time('statistic/list/acme, 7 days', () =>
      call('GET', `/impapi/protection/network/statistic/list/acme?startTime=${week.startTime}&endTime=${week.endTime}`),
    );
    await time('alarm/record/page, acme, 7 days', () => call('POST', '/impapi/monitor/alarm/record/page', { ...week }));
    const c = process.cpuUsage();
    t = performance.now();
    await runIppDetector(app.db, app.traffic);
    console.log(
      `detector run over every IP, 7 days: ${(performance.now() - t).toFixed(0)} ms, CPU ${cpuMs(process.cpuUsage(c)).toFixed(0)} ms (load ${load()})`,
    );
  } finally {
    await app.close();
    if (!KEEP_DIR) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

void main();
