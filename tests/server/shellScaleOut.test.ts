import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openConfigDb } from '../../server/stores/config/db';
import { completeDueIssuing } from '../../server/stores/config/domains';
import { edgeTick } from '../../server/jobs/purgeEdge';
import { embeddedEdge } from '../../server/lib/embeddedEdge';
import type { EdgeControl } from '../../server/lib/edgeControl';
import { call, cipher, makeApp, signIn } from './helpers';
import { asAdmin, databaseUrl, freshDatabaseName } from './postgres';

/**
 * Issue #22, scale-out: two portal processes on one PostgreSQL serve the same users. Only in the
 * 'server-pg' project (its PostgreSQL server); the two apps share one database (and, as one process
 * holds one chDB data directory, one traffic directory, standing in for one ClickHouse endpoint).
 */
const admin = inject('pgAdminUrl');

describe.skipIf(!admin)('two portal processes on one PostgreSQL', () => {
  let a: Awaited<ReturnType<typeof makeApp>>;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await makeApp();
    b = await buildApp({ ...a.config, dataDir: a.dataDir });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shares sessions: a session made on one is valid on the other; signing out on one ends it on both', async () => {
    const cookie = await signIn(a, 'acme');
    const req = { method: 'POST' as const, url: '/api/domain/search', payload: { pageNum: 1, pageSize: 5 } };
    expect((await call(b, cookie, req)).body.code).toBe('0');
    expect((await call(b, cookie, { method: 'GET', url: '/api/logout' })).body.code).toBe('0');
    expect((await call(a, cookie, req)).status).toBe(401);
    expect((await call(b, cookie, req)).status).toBe(401);
  });

  it('counts the sign-in throttle across both: ten concurrent wrong passwords, five evaluated', async () => {
    const guess = (app: FastifyInstance, password: string) =>
      app
        .inject({ method: 'GET', url: '/api/newLogin', query: { username: 'globex', password: cipher.aesEncrypt(password) } })
        .then((r) => r.json() as { code: string });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(i % 2 ? a : b, `Wrong@${i}`)));
    expect(replies.filter((r) => r.code === '1')).toHaveLength(5);
    expect(replies.filter((r) => r.code === '429')).toHaveLength(5);
    // The right password is refused now on either process.
    expect((await guess(a, 'Globex@2026')).code).toBe('429');
    expect((await guess(b, 'Globex@2026')).code).toBe('429');
    await a.db.query(`DELETE FROM login_failures WHERE username = 'globex'`);
  });

  it('claims a job once: domain issuing completed by exactly one of two concurrent passes', async () => {
    // Due in an hour (the apps' own timers, on the real clock, leave them alone); both passes run an hour and a half ahead.
    const due = new Date(Date.now() + 3_600_000);
    const names = (await a.db.query<{ name: string }>(`SELECT name FROM domains WHERE account = 'acme' ORDER BY id LIMIT 6`)).map(
      (r) => r.name,
    );
    await a.db.query(`UPDATE domains SET operation_state = 'configuring', issue_due = $2 WHERE name = ANY($1::text[])`, [names, due]);
    const later = new Date(due.getTime() + 1_800_000);
    const [onA, onB] = await Promise.all([completeDueIssuing(a.db, later), completeDueIssuing(b.db, later)]);
    expect([...onA, ...onB].filter((n) => names.includes(n)).sort()).toEqual([...names].sort());
    expect(onA.filter((n) => onB.includes(n))).toEqual([]);
  });

  it('claims a job once: each purge URL is handed to the edge once while both run their edge pass', async () => {
    const start = Date.now() + 7_200_000;
    const [task] = await a.db.query<{ id: number }>(
      `INSERT INTO purge_tasks (kind, account, submitted_by, url_count) VALUES ('url', 'acme', 'acme', 40) RETURNING id`,
    );
    const [domain] = await a.db.query<{ name: string }>(
      `SELECT name FROM domains WHERE account = 'acme' AND status = 'on' ORDER BY id LIMIT 1`,
    );
    await a.db.query(
      `INSERT INTO purge_task_urls (task_id, line_no, url, host, domain, account, due_at)
       SELECT $1, g, 'https://' || $2 || '/scale/' || g || '.js', $2, $2, 'acme', $3 FROM generate_series(1, 40) g`,
      [task.id, domain.name, new Date(start)],
    );
    const handed = new Map<number, number>();
    const counted = (app: FastifyInstance) => {
      const edge = embeddedEdge(app, async () => 4);
      const purge: EdgeControl['purge'] = (job) => {
        for (const u of job.urls) handed.set(u.id, (handed.get(u.id) ?? 0) + 1);
        return edge.purge(job);
      };
      return { ...edge, purge };
    };
    const [edgeA, edgeB] = [counted(a), counted(b)];
    // Both passes at the same moments, every simulated half second, until the task is finished.
    for (let i = 0; i < 60; i++) {
      const now = new Date(start + i * 500);
      await Promise.all([edgeTick(a, edgeA, now), edgeTick(b, edgeB, now)]);
      const [t] = await a.db.query<{ status: string }>('SELECT status FROM purge_tasks WHERE id = $1', [task.id]);
      if (t.status === 'verified') break;
    }
    const urls = await a.db.query<{ id: string; status: string; lines_done: number }>(
      'SELECT id, status, lines_done FROM purge_task_urls WHERE task_id = $1',
      [task.id],
    );
    expect(urls.map((u) => u.status)).toEqual(Array(40).fill('verified'));
    expect(urls.every((u) => u.lines_done === 4)).toBe(true);
    expect(urls.map((u) => handed.get(Number(u.id)))).toEqual(Array(40).fill(1));
  });

  it('starts two processes at once on an empty database: the migrations run once', async () => {
    const name = freshDatabaseName('portal_scale');
    await asAdmin(admin, `CREATE DATABASE ${name}`);
    try {
      const url = databaseUrl(admin, name);
      const dbs = await Promise.all([
        openConfigDb({ dataDir: a.dataDir, databaseUrl: url }),
        openConfigDb({ dataDir: a.dataDir, databaseUrl: url }),
      ]);
      const [applied] = await dbs[0].query<{ n: string; distinct: string }>(
        'SELECT count(*) AS n, count(DISTINCT name) AS distinct FROM schema_migrations',
      );
      const files = (await fs.readdir('server/stores/config/migrations')).filter((f) => f.endsWith('.sql'));
      expect(Number(applied.n)).toBe(files.length);
      expect(applied.n).toBe(applied.distinct);
      await Promise.all(dbs.map((d) => d.close()));
    } finally {
      await asAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
