import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { makeApp, signIn } from './helpers';
import { ippChallenge, markIppProofVerified } from '../../server/stores/config/ipProtection';

/**
 * Routes with a response schema are serialised by fast-json-stringify, which drops every property
 * the schema does not name and coerces values to the declared types: a field missing from a schema
 * would vanish from the reply without an error. For every annotated route, the reply as sent must
 * equal the handler's own object (as JSON.stringify would send it), on demo records.
 */

interface Case {
  /** method and route pattern, as in app.routeTable */
  route: string;
  user: 'acme' | 'admin';
  request: () => InjectOptions;
  /** the reply is one flat record (no nested ones to look for) */
  flat?: boolean;
}

const post = (url: string, payload: object = {}): InjectOptions => ({ method: 'POST', url, payload });
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const ids = { host: 0, refreshTask: 0, prefetchTask: 0 };

const CASES: Case[] = [
  { route: 'POST /api/domain/search', user: 'acme', request: () => post('/api/domain/search', { pageNum: 1, pageSize: 20 }) },
  { route: 'GET /api/domain/list', user: 'acme', request: () => get('/api/domain/list') },
  { route: 'GET /api/certificate/account', user: 'acme', request: () => get('/api/certificate/account') },
  { route: 'GET /api/certificate/all', user: 'admin', request: () => get('/api/certificate/all') },
  { route: 'GET /api/certificate/username', user: 'acme', request: () => get('/api/certificate/username') },
  { route: 'POST /api/certificate/search', user: 'acme', request: () => post('/api/certificate/search', { pageNum: 1, pageSize: 50 }) },
  { route: 'POST /api/hostInfo/list/details', user: 'admin', request: () => post('/api/hostInfo/list/details', { pageSize: 50 }) },
  {
    route: 'POST /api/hostInfo/search/fulltext',
    user: 'admin',
    request: () => post('/api/hostInfo/search/fulltext', { keyword: 'a', pageSize: 50 }),
  },
  {
    route: 'POST /api/hostInfo/list/details/search',
    user: 'admin',
    request: () => post('/api/hostInfo/list/details/search', { id: ids.host }),
  },
  { route: 'POST /api/hostInfo/search', user: 'admin', request: () => post('/api/hostInfo/search', { type: 'server', pageSize: 50 }) },
  { route: 'GET /api/hostInfo/custom/list', user: 'admin', request: () => get('/api/hostInfo/custom/list') },
  { route: 'POST /api/refresh/query', user: 'admin', request: () => post('/api/refresh/query', { pageSize: 50 }) },
  { route: 'POST /api/refresh/query', user: 'admin', request: () => post('/api/refresh/query', { taskId: ids.refreshTask }) },
  { route: 'POST /api/prefetch/search', user: 'admin', request: () => post('/api/prefetch/search', { pageSize: 50 }) },
  { route: 'POST /api/prefetch/status', user: 'admin', request: () => post('/api/prefetch/status', { taskId: ids.prefetchTask }) },
  {
    route: 'POST /api/log/searchList',
    user: 'acme',
    request: () =>
      post('/api/log/searchList', {
        startTime: Math.floor(Date.now() / 1000) - 30 * 86400,
        endTime: Math.floor(Date.now() / 1000),
        pageSize: 50,
      }),
  },
  { route: 'POST /api/audit/search', user: 'admin', request: () => post('/api/audit/search', { pageSize: 50 }) },
  { route: 'POST /shiro/self/search', user: 'acme', request: () => post('/shiro/self/search', {}) },
  { route: 'GET /impapi/protection/network/manager/list', user: 'acme', request: () => get('/impapi/protection/network/manager/list') },
  {
    route: 'POST /impapi/monitor/alarm/record/page',
    user: 'acme',
    request: () => post('/impapi/monitor/alarm/record/page', { pageSize: 50 }),
  },
  // acme's proven IP (beforeAll): the challenge answers its proof, the verify answers without fetching
  ...(['challenge', 'verify'] as const).map((step) => ({
    route: `POST /impapi/protection/network/ownership/${step}`,
    user: 'acme' as const,
    request: () => post(`/impapi/protection/network/ownership/${step}`, { originIp: '198.51.100.77' }),
    flat: true,
  })),
];

/** Whether a value holds a non-empty array of records somewhere (so that the item schemas are exercised). */
const hasRecords = (v: unknown): boolean =>
  Array.isArray(v)
    ? v.some((x) => typeof x === 'object' && x !== null)
    : typeof v === 'object' && v !== null && Object.values(v).some(hasRecords);

let app: FastifyInstance;
const cookies: Record<Case['user'], string> = { acme: '', admin: '' };
/** The handler's object of the last request, before serialisation (requests here run one at a time). */
let handlerObject: unknown;

beforeAll(async () => {
  app = await makeApp();
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    handlerObject = payload;
    return payload;
  });
  await app.ready();
  cookies.acme = await signIn(app, 'acme');
  cookies.admin = await signIn(app, 'admin');
  // An audited write, so that the audit search has a row with before/after.
  await app.inject({ ...post('/shiro/self/search', {}), headers: { cookie: cookies.admin } });
  const [host] = await app.db.query<{ id: number }>('SELECT id FROM hosts ORDER BY id LIMIT 1');
  ids.host = host.id;
  const [refresh] = await app.db.query<{ id: number }>("SELECT id FROM purge_tasks WHERE kind IN ('url', 'dir') ORDER BY id LIMIT 1");
  ids.refreshTask = refresh.id;
  const [prefetch] = await app.db.query<{ id: number }>("SELECT id FROM purge_tasks WHERE kind = 'prefetch' ORDER BY id LIMIT 1");
  ids.prefetchTask = prefetch.id;
  await ippChallenge(app.db, 'acme', '198.51.100.77', 'schema-case-token');
  await markIppProofVerified(app.db, 'acme', '198.51.100.77');
});
afterAll(async () => {
  await app.close();
});

describe('response schemas', () => {
  it('every route with a response schema has a case here', () => {
    const annotated = app.routeTable
      .filter((r) => (r.schema?.response as Record<string, unknown> | undefined)?.[200])
      .map((r) => `${r.method} ${r.url}`);
    expect(annotated.length).toBeGreaterThanOrEqual(15);
    expect([...new Set(CASES.map((c) => c.route))].sort()).toEqual([...new Set(annotated)].sort());
  });

  it.each(CASES.map((c, i) => [`${c.route} #${i}`, c] as const))(
    "%s: the reply as sent is the handler's object, on demo records",
    async (_label, c) => {
      handlerObject = undefined;
      const res = await app.inject({ ...c.request(), headers: { cookie: cookies[c.user] } });
      const sent = res.json() as { code: unknown; data: unknown };
      expect(['0', 0, '200'], JSON.stringify(sent).slice(0, 200)).toContain(sent.code);
      expect(sent).toEqual(JSON.parse(JSON.stringify(handlerObject)));
      if (typeof sent.data !== 'string' && !c.flat) expect(hasRecords(sent.data), `${c.route}: no demo record to compare`).toBe(true);
    },
  );
});
