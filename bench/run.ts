/**
 * `npm run bench -- <name> [options]` runs one benchmark of this folder (its options after the
 * name, e.g. `npm run bench -- analysis --rows 10000000`); `npm run bench -- all` runs the quick
 * ones one after another (the analysis benchmark at 10 M rows; not crash and load, minutes each), so that their figures come from one
 * run on one machine state. Without a name it lists them.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const BENCHES: Record<string, { what: string; allArgs?: string[]; notInAll?: boolean }> = {
  bundleSize: { what: 'gzip size of the first load and of each lazy chunk (after npm run build)' },
  domainList: { what: 'domain search latency with 10,000 domains in one account' },
  demoTraffic: { what: 'time to generate the 7-day demo traffic with every rollup' },
  ingest: { what: 'npm run ingest of a 1 M-row JSON-lines file, plain and gzip, with and without rollups' },
  analysis: { what: 'median / p95 of every analysis query at 10 M and 100 M rows', allArgs: ['--rows', '10000000'] },
  purge: { what: '10,000 URLs through the embedded edge; task-list median / p95 with 1,000,000 task URLs' },
  hosts: { what: 'host list, search and overview median / p95 with 100,000 hosts' },
  replySerialise: { what: 'list replies through their response schema (compiled serialiser) against JSON.stringify' },
  waf: { what: 'website protection: evaluator decisions/s with 100 rules; dry-run latency over 10 M log rows' },
  ipp: { what: 'IP protection statistics and alarm queries over 7 days of minute samples (800 IPs ≈ 105 M rows)' },
  edge: {
    what: 'the real edge (nginx): purge → verified on 2 nodes, log freshness, req/s against bare nginx, 1,000 domains applied',
    notInAll: true,
  },
  monitTick: { what: 'one cloud-monitoring evaluation tick with 1,000 enabled rules over the 10 M-row store', notInAll: true },
  crash: {
    what: 'SIGKILL in a stream of API writes, restart on the same data dir, every acknowledged write checked, 20 times',
    notInAll: true,
  },
  load: {
    what: '50 signed-in clients, 60 s per scenario (domain search + analysis): req/s, p50 / p99, errors, CPU; before the load levers, closed loop and paced after',
    notInAll: true,
  },
};

function run(name: string, args: string[]): number {
  console.log(`\n### ${name}${args.length ? ` ${args.join(' ')}` : ''}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${name}.ts`), ...args], { stdio: 'inherit' });
  return r.status ?? 1;
}

function main(): number {
  const [name, ...args] = process.argv.slice(2);
  if (name === 'all') {
    let failed = 0;
    for (const [n, b] of Object.entries(BENCHES)) if (!b.notInAll && run(n, b.allArgs ?? []) !== 0) failed++;
    return failed ? 1 : 0;
  }
  if (!name || !BENCHES[name]) {
    if (name) console.error(`unknown benchmark "${name}"`);
    console.log('npm run bench -- <name> [options] | all\n');
    for (const [n, b] of Object.entries(BENCHES)) console.log(`  ${n.padEnd(12)} ${b.what}`);
    return name ? 2 : 0;
  }
  return run(name, args);
}

process.exit(main());
