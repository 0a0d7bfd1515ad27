/**
 * Demo traffic benchmark: time and peak memory of generating the 7-day demo (access logs of the demo
 * domains, lines and their bandwidth) into a fresh store with every analysis rollup, as the first
 * start of `npm start` does, and the memory of the real server over its first start.
 *
 *   npm run bench -- demoTraffic                 # scale 1 and the tests' scale, as the portal generates
 *   npm run bench -- demoTraffic --scale 0.5     # one scale
 *   npm run bench -- demoTraffic --compare       # also through access_log's views: 12 h statements and one 7-day statement
 *   npm run bench -- demoTraffic --no-server     # without the server start
 *
 * Each generation runs in a process of its own, whose peak resident memory (maxRSS) is its figure.
 * The portal generates the rows into a table of their own and fills the rollups from there
 * (server/demo/traffic.ts); the references insert the same rows into access_log through its views.
 * Targets (issue #21, 2-core machine): peak ≤ 2.5 GiB at scale 1 and ≤ 1.5 GiB at the tests' scale,
 * the server at rest ≤ 1 GiB, time within 15 % of one 7-day statement through the views.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTrafficEngine } from '../server/stores/traffic/engine';
import { ensureTrafficSchema } from '../server/stores/traffic/schema';
import { DEMO_DAYS, generateDemoTraffic } from '../server/demo/traffic';
import { DEMO_TEST_SCALE } from '../server/config';
import { DOMAIN_HOURS_PER_STATEMENT } from '../server/stores/traffic/rollups';
import { DEMO_DOMAINS } from '../server/demo/domainsData';
import type { DemoDomain } from '../server/stores/traffic/trafficDemo';
import { runMain } from './benchKit';

const here = path.dirname(fileURLToPath(import.meta.url));
const GiB = 1024 ** 3;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

interface Figure {
  scale: number;
  /** hours per statement through access_log's views; 0: the portal's staged fill */
  throughViews: number;
  rows: number;
  ms: number;
  cpuS: number;
  peakBytes: number;
}

/** Child: one generation into a fresh store; prints its figure as JSON. */
async function child(scale: number, throughViews: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'));
  const engine = await openTrafficEngine({ dataDir: dir });
  try {
    await ensureTrafficSchema(engine);
    const domains: DemoDomain[] = DEMO_DOMAINS.map((d) => ({
      name: d.name,
      account: d.account,
      type: d.config.type,
      scope: d.config.scope,
      status: d.status,
    }));
    const cpu = process.cpuUsage();
    const r = await generateDemoTraffic(engine, domains, { scale, throughViews });
    const used = process.cpuUsage(cpu);
    const figure: Figure = {
      scale,
      throughViews,
      rows: r.rows,
      ms: r.ms,
      cpuS: (used.user + used.system) / 1e6,
      peakBytes: process.resourceUsage().maxRSS * 1024,
    };
    console.log(JSON.stringify(figure));
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function generate(scale: number, throughViews: number): Figure {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(throughViews), '--scale', String(scale)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{'))
    throw new Error(`generation failed (scale ${scale}, ${throughViews} h through the views): ${r.stderr.slice(-2000)}`);
  return JSON.parse(line) as Figure;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};

const gib = (b: number) => `${(b / GiB).toFixed(2)} GiB`;

function print(label: string, f: Figure, base?: Figure): void {
  // CPU time as well as wall time: on a busy machine the wall time says more about the others' load.
  const ratio = base
    ? `  time ×${(f.ms / base.ms).toFixed(2)}, CPU ×${(f.cpuS / base.cpuS).toFixed(2)}, memory ×${(f.peakBytes / base.peakBytes).toFixed(2)} of one 7-day statement`
    : '';
  console.log(
    `  ${label.padEnd(24)} ${f.rows.toLocaleString('en-US').padStart(10)} rows  ${(f.ms / 1000).toFixed(1).padStart(5)} s  ` +
      `${f.cpuS.toFixed(1).padStart(5)} CPU-s  peak ${gib(f.peakBytes)}${ratio}`,
  );
}

/** /proc/<pid>/status field in bytes (VmHWM: peak resident, VmRSS: resident now). */
function procBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** The real server (server/main.ts) on an empty data directory at scale 1: peak while starting, resident at rest. */
async function serverStart(restSeconds: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const began = Date.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../server/main.ts')], {
    env: { ...process.env, PORTAL_DATA_DIR: dir, PORT: String(port), PORTAL_DEMO_TRAFFIC_SCALE: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('CDN customer portal:')) resolve();
      });
      proc.on('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const ready = Date.now() - began;
    const peak = procBytes(proc.pid!, 'VmHWM');
    console.log(`  server first start        listening after ${(ready / 1000).toFixed(1)} s, peak ${gib(peak)}`);
    // Sampled every 5 s: the demo's traffic is extended every minute, a short rise each time.
    const samples: number[] = [];
    for (let t = 0; t < restSeconds; t += 5) {
      await new Promise((r) => setTimeout(r, 5000));
      samples.push(procBytes(proc.pid!, 'VmRSS'));
    }
    console.log(
      `  server at rest (${restSeconds} s after)  resident median ${gib(median(samples))}, ${gib(Math.min(...samples))}-${gib(Math.max(...samples))}, ` +
        `peak so far ${gib(procBytes(proc.pid!, 'VmHWM'))}`,
    );
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const childHours = arg('child');
  if (childHours) return child(Number(arg('scale') ?? 1), Number(childHours));
  const scales = arg('scale') ? [Number(arg('scale'))] : [1, DEMO_TEST_SCALE];
  // Alternating runs of the contenders, for the run's noise (--runs N).
  const runs = Math.max(1, Number(arg('runs') ?? 1));
  const windowHours = Math.floor(DOMAIN_HOURS_PER_STATEMENT / DEMO_DOMAINS.length);
  const whole = DEMO_DAYS * 24;
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `demo traffic: ${DEMO_DOMAINS.length} domains, ${DEMO_DAYS} days; sketches filled ${windowHours} h per statement (${DOMAIN_HOURS_PER_STATEMENT} domain-hours)`,
  );
  for (const scale of scales) {
    console.log(`scale ${scale}:`);
    const ratios: Array<{ ms: number; cpu: number }> = [];
    for (let i = 0; i < runs; i++) {
      const portal = generate(scale, 0);
      if (!process.argv.includes('--compare')) {
        print('staged fill (the portal)', portal);
        continue;
      }
      const base = generate(scale, whole);
      print('staged fill (the portal)', portal, base);
      print(`${windowHours} h through the views`, generate(scale, windowHours), base);
      print('one 7-day statement', base);
      ratios.push({ ms: portal.ms / base.ms, cpu: portal.cpuS / base.cpuS });
    }
    if (ratios.length > 1) {
      console.log(
        `  median of ${ratios.length} runs: the portal's time ×${median(ratios.map((r) => r.ms)).toFixed(2)}, CPU ×${median(ratios.map((r) => r.cpu)).toFixed(2)} of one 7-day statement`,
      );
    }
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  if (!process.argv.includes('--no-server')) await serverStart(Number(arg('rest') ?? 60));
}

runMain(main);
