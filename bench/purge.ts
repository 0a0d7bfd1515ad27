/**
 * Purge benchmark (issue #16), on a fresh temporary data dir with the demo data:
 *  1. 10,000 URLs submitted as 100 batches of 100 through POST /api/refresh and completed by the
 *     embedded edge job (its real delays unless --scale): time to the last success.
 *  2. The task-list query (POST /api/refresh/query through app.inject) with 1,000,000 stored task
 *     URLs (10,000 tasks of 100 URLs over 30 days): median and p95 per scenario (target <= 50 ms median).
 * Run: npx tsx bench/purge.ts [--scale 1] [--urls 1000000]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { createCipher } from '../server/lib/cipher';
import { runMain } from './benchKit';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const SCALE = arg('scale', 1);
const STORED_URLS = arg('urls', 1_000_000);
const RUNS = 40;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-purge-'));
  const config = configFromEnv({ ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_DEMO: '1' } as NodeJS.ProcessEnv);
  config.purge = { ...config.purge, urlQuota: 1_000_000, edgeDelayScale: SCALE };
  const app = await buildApp(config);
  const cipher = createCipher(config.cipherKey);
  try {
    const login = await app.inject({
      method: 'GET',
      url: '/api/newLogin',
      query: { username: 'acme', password: cipher.aesEncrypt('Acme@2026') },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const post = async (url: string, payload: object) =>
      (await app.inject({ method: 'POST', url, payload, headers: { cookie } })).json() as {
        code: string;
        data: { taskId?: number; total?: number };
      };

    // 1. 10,000 URLs in 100 batches, completed by the embedded edge.
    const t0 = Date.now();
    const ids: number[] = [];
    for (let b = 0; b < 100; b++) {
      const urls = Array.from({ length: 100 }, (_, i) => `https://www.acme-media.example/bench/${b}/${i}.js`).join('\n');
      const r = await post('/api/refresh', { type: 'url', urls });
      if (r.code !== '0') throw new Error(`batch ${b} refused: ${JSON.stringify(r)}`);
      ids.push(r.data.taskId ?? 0);
    }
    const submitted = Date.now() - t0;
    let done = 0;
    while (done < 10_000) {
      await new Promise((res) => setTimeout(res, 250));
      const [c] = await app.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM purge_task_urls WHERE task_id = ANY($1::int[]) AND status IN ('success', 'verified')`,
        [ids],
      );
      done = Number(c.n);
      if (Date.now() - t0 > 30 * 60_000) throw new Error('the edge did not finish in 30 minutes');
    }
    console.log(
      `10,000 URLs (100 batches of 100): submitted in ${submitted} ms, last success after ${((Date.now() - t0) / 1000).toFixed(1)} s (edge delay scale ${SCALE})`,
    );

    // 2. The task list with 1,000,000 stored task URLs.
    const tasks = STORED_URLS / 100;
    let t = Date.now();
    await app.db.query(
      `INSERT INTO purge_tasks (kind, account, submitted_by, url_count, status, create_time, finish_time)
       SELECT CASE WHEN g % 10 = 0 THEN 'dir' ELSE 'url' END, CASE WHEN g % 3 = 0 THEN 'globex' ELSE 'acme' END,
              'bench', 100, CASE WHEN g % 17 = 0 THEN 'failed' ELSE 'verified' END,
              now() - make_interval(secs => g * (30 * 86400.0 / $1)), now() - make_interval(secs => g * (30 * 86400.0 / $1) - 20)
       FROM generate_series(1, $1::int) g`,
      [tasks],
    );
    await app.db.query(
      `INSERT INTO purge_task_urls (task_id, line_no, url, host, domain, account, status, lines_done, lines_total, create_time, update_time)
       SELECT t.id, l, 'https://www.acme-media.example/bench/' || t.id || '/' || l || '.html', 'www.acme-media.example', 'www.acme-media.example', t.account,
              CASE WHEN t.status = 'failed' AND l = 100 THEN 'failed' ELSE 'verified' END, 4, 4, t.create_time, t.create_time
       FROM purge_tasks t CROSS JOIN generate_series(1, 100) l WHERE t.submitted_by = 'bench'`,
    );
    await app.db.query(
      `UPDATE purge_tasks t SET url_text = (SELECT string_agg(lower(u.url), E'\\n' ORDER BY u.line_no) FROM purge_task_urls u WHERE u.task_id = t.id)
       WHERE t.submitted_by = 'bench'`,
    );
    await app.db.exec('ANALYZE purge_tasks; ANALYZE purge_task_urls');
    const [n] = await app.db.query<{ n: string }>('SELECT count(*) AS n FROM purge_task_urls');
    console.log(`stored ${Number(n.n).toLocaleString('en')} task URLs in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const pages = Math.floor(tasks / 20 / 2);
    const scenarios: Array<[string, () => object]> = [
      ['newest first, page 1', () => ({ pageNum: 1, pageSize: 20 })],
      ['random page', () => ({ pageNum: 1 + Math.floor(Math.random() * pages), pageSize: 20 })],
      ['status failed', () => ({ status: 'failed', pageSize: 20 })],
      [
        'last 3 days',
        () => ({ startTime: Math.floor(Date.now() / 1000) - 3 * 86400, endTime: Math.floor(Date.now() / 1000), pageSize: 20 }),
      ],
      ['task detail (100 URLs)', () => ({ taskId: ids[Math.floor(Math.random() * ids.length)], pageSize: 100 })],
      ['URL contains', () => ({ url: `/bench/${Math.floor(Math.random() * tasks)}/7.html`, pageSize: 20 })],
    ];
    console.log('scenario'.padEnd(26), 'median ms', '  p95 ms', '  total');
    for (const [name, body] of scenarios) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        t = performance.now();
        const r = await post('/api/refresh/query', body());
        const ms = performance.now() - t;
        if (r.code !== '0') throw new Error(`${name}: ${JSON.stringify(r)}`);
        total = r.data.total ?? 0;
        if (i >= 3) times.push(ms);
      }
      times.sort((a, b) => a - b);
      console.log(name.padEnd(26), pct(times, 50).toFixed(1).padStart(9), pct(times, 95).toFixed(1).padStart(8), String(total).padStart(7));
    }
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
