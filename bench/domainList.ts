/**
 * Domain list latency with 10,000 domains in one account: inserts them into a fresh temporary data
 * dir, then times POST /api/domain/search pages (through app.inject, encryption included) with and
 * without filters. Run: npx tsx bench/domainList.ts [count]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { createCipher } from '../server/lib/cipher';
import { cnameFor } from '../server/stores/config/domains';
import { domainConfigOf, emptyDomainInput } from '../common/rules/domains/index';
import type { DomainConfig, DomainSearchParams, DomainType } from '../common/wire/domains';
import { runMain } from './benchKit';

const COUNT = Number(process.argv[2] ?? 10_000);
const ACCOUNT = 'acme';
const RUNS = 40;
const TYPES: DomainType[] = ['download', 'vod', 'static'];
const SCOPES = ['cn', 'abroad', 'all'] as const;
const LABELS = ['prod', 'staging', 'images', 'video', 'downloads', 'api', 'mobile', 'website'];

function configFor(i: number): DomainConfig {
  const type = TYPES[i % 3];
  const base = domainConfigOf(emptyDomainInput(type));
  const https = i % 4 === 0;
  return {
    ...base,
    scope: SCOPES[Math.floor(i / 3) % 3],
    protocol: https ? 'https' : 'http',
    icp: '沪ICP备18032511号-1',
    certificateId: https ? String(1000 + (i % 50)) : null,
    certificateName: https ? `bench cert ${i % 50}` : '',
    context: i % 10 === 0 ? `campaign ${i % 97} landing pages` : '',
    origins: [{ role: 'main', type: 'domain', address: `origin${i % 200}.bench-origin.com`, port: https ? 443 : 80, weight: 10 }],
    labels: [LABELS[i % LABELS.length], ...(i % 5 === 0 ? ['prod'] : [])].filter((v, k, a) => a.indexOf(v) === k),
  };
}

async function insertMany(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const batch = 1000;
  for (let start = 0; start < COUNT; start += batch) {
    const idx = Array.from({ length: Math.min(batch, COUNT - start) }, (_, k) => start + k);
    const names = idx.map((i) => `site${i}.bench-${i % 37}.example.com`);
    const configs = idx.map(configFor);
    await app.db.query(
      `INSERT INTO domains (name, account, type, scope, protocol, status, operation_state, cname, certificate_name, labels, search_text, config, version, created_by, create_time, update_time)
       SELECT n, $2, c->>'type', c->>'scope', c->>'protocol', s, 'configured', cn, c->>'certificateName',
              ARRAY(SELECT jsonb_array_elements_text(c->'labels')), lower(n || ' ' || cn || ' ' || (c->>'context')), c, 1, 'bench', t, t
         FROM unnest($1::text[], $3::jsonb[], $4::text[], $5::text[], $6::timestamptz[]) AS x(n, c, s, cn, t)`,
      [
        names,
        ACCOUNT,
        configs.map((c) => JSON.stringify(c)),
        idx.map((i) => (i % 17 === 0 ? 'off' : 'on')),
        names.map(cnameFor),
        idx.map((i) => new Date(Date.now() - i * 60_000)),
      ],
    );
  }
  await app.db.exec('ANALYZE domains');
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const config = configFromEnv({ ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_DEMO: '1' } as NodeJS.ProcessEnv);
  const app = await buildApp(config);
  const cipher = createCipher(config.cipherKey);
  try {
    let t = Date.now();
    await insertMany(app);
    console.log(`inserted ${COUNT} domains into ${ACCOUNT} in ${Date.now() - t} ms`);
    const login = await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'acme', password: cipher.aesEncrypt('Acme@2026') },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const pages = Math.ceil(COUNT / 20);
    const scenarios: Array<[string, () => DomainSearchParams]> = [
      ['no filter, page 1', () => ({ pageNum: 1, pageSize: 20 })],
      ['no filter, random page', () => ({ pageNum: 1 + Math.floor(Math.random() * pages), pageSize: 20 })],
      ['no filter, last pages', () => ({ pageNum: pages - Math.floor(Math.random() * 5), pageSize: 20 })],
      ['sort by name', () => ({ pageNum: 1 + Math.floor(Math.random() * 50), pageSize: 20, sortField: 'name', sortOrder: 'ASC' })],
      ['name contains', () => ({ name: `bench-${Math.floor(Math.random() * 37)}.`, pageSize: 20 })],
      ['textSearch', () => ({ textSearch: `campaign ${Math.floor(Math.random() * 97)} `, pageSize: 20 })],
      ['type+scope+status', () => ({ type: ['vod', 'static'], scope: ['cn'], status: ['on'], pageSize: 20, pageNum: 2 })],
      ['domainLabel', () => ({ domainLabel: LABELS[Math.floor(Math.random() * LABELS.length)], pageSize: 20 })],
      ['protocol+certificateName', () => ({ protocol: 'https', certificateName: `cert ${Math.floor(Math.random() * 50)}`, pageSize: 20 })],
      ['page of 100', () => ({ pageNum: 1 + Math.floor(Math.random() * 100), pageSize: 100 })],
    ];
    console.log(
      `\n${'scenario'.padEnd(28)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'rows'.padStart(6)} ${'total'.padStart(7)}`,
    );
    for (const [label, params] of scenarios) {
      const times: number[] = [];
      let rows = 0;
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        t = performance.now();
        const res = await app.inject({ method: 'POST', url: '/api/domain/search', payload: params(), headers: { cookie } });
        times.push(performance.now() - t);
        const body = res.json() as { code: string; data: string };
        if (body.code !== '0') throw new Error(`${label}: ${JSON.stringify(body)}`);
        const page = cipher.decryptJson<{ list: unknown[]; total: number }>(body.data);
        rows = page.list.length;
        total = page.total;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(28)} ${pct(times, 50).toFixed(1).padStart(10)} ${pct(times, 95).toFixed(1).padStart(8)} ${String(rows).padStart(6)} ${String(total).padStart(7)}`,
      );
    }
    t = performance.now();
    await app.inject({ method: 'GET', url: '/api/domain/list', headers: { cookie } });
    console.log(`\nGET /api/domain/list (all ${COUNT + 20}+ names, encrypted): ${(performance.now() - t).toFixed(1)} ms`);
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
