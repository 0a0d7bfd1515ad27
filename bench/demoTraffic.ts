/**
 * Demo traffic benchmark: time to generate the 7-day demo (access logs of the demo domains, lines and
 * their bandwidth) at a scale (PORTAL_DEMO_TRAFFIC_SCALE semantics; default 1 = the demo's size) into
 * a fresh store with the analysis rollups, as the first start of `npm start` does.
 *
 *   npx tsx bench/demoTraffic.ts
 *   npx tsx bench/demoTraffic.ts --scale 0.5
 *
 * Target (issue 4, 2-core machine): ready in under 30 seconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTrafficEngine } from '../server/stores/traffic/engine';
import { ensureTrafficSchema } from '../server/stores/traffic/schema';
import { generateDemoTraffic } from '../server/demo/traffic';
import { DEMO_DOMAINS } from '../server/demo/domainsData';
import type { DemoDomain } from '../server/demo/trafficSql';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const scale = Number(arg('scale') ?? 1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'));
  const engine = await openTrafficEngine({ dataDir: dir });
  try {
    await ensureTrafficSchema(engine);
    const domains: DemoDomain[] = DEMO_DOMAINS.map((d) => ({ name: d.name, account: d.account, type: d.config.type, scope: d.config.scope, status: d.status }));
    const cpu = process.cpuUsage();
    const r = await generateDemoTraffic(engine, domains, { scale });
    const used = process.cpuUsage(cpu);
    console.log(
      `demo traffic at scale ${scale}: ${r.rows.toLocaleString('en-US')} access-log rows for ${r.domains} domains + ` +
        `${r.lineSamples.toLocaleString('en-US')} line samples in ${(r.ms / 1000).toFixed(1)} s ` +
        `(${Math.round((r.rows * 1000) / r.ms).toLocaleString('en-US')} rows/s; ${((used.user + used.system) / 1e6).toFixed(1)} CPU-s on ${os.cpus().length} CPUs)`,
    );
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
