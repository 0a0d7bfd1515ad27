import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import { coveredRows, pattern } from './contractTable';
import { storeDigest, uidOf } from './securityHelpers';
import { DEMO_USERS } from '../../server/demo/tenants';
import { permissionString } from '../../common/rules/shell/permissions';

/**
 * Issue #22: the route × role × tenant matrix, generated from the contract table (and its EXTRA_ROWS) and the app's route
 * declarations (config { module, access }). Every served row is checked for: no session (401), a
 * signed-in user without rights (403), a view-only user (403 on what it may not do), and, for the
 * rows that take a record's id or name, another tenant (answers like a missing record, changes
 * nothing). A served row this file cannot classify fails, so areas that land later are covered.
 */

interface Row {
  method: string;
  path: string;
  module: string;
  access: string;
}

const rows: Row[] = coveredRows().map(({ method, path, module, access }) => ({ method, path, module, access }));

/** Values for a served route's path parameters (the guard answers before they are validated). */
const PARAM_SAMPLES: Record<string, string> = {
  variant: 'onLine',
  language: 'english',
  id: '999999',
  uid: '00000000-0000-4000-8000-000000000000',
  domain: 'missing.example',
  type: 'cdn',
  scope: 'domestic',
  protocol: 'http',
  websiteId: '1',
  account: 'acme',
  groupId: '1',
  contactId: '1',
};
function concrete(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = PARAM_SAMPLES[name];
    if (!value) throw new Error(`no sample value for path parameter :${name} of ${url}`);
    return value;
  });
}

/** The view-only demo user's rights, written out (checked against server/demo/tenants.ts below). */
const VIEWER = {
  view: ['overview', 'domain', 'certificate', 'log', 'purge', 'prefetch'],
  logTabs: ['top', 'hit'],
  operation: ['person'],
};
function viewerMay(module: string, access: string): boolean {
  if (access === 'public' || access === 'session') return true;
  if (VIEWER.operation.includes(module)) return true;
  if (access !== 'view') return false;
  const [base, tab] = module.split(':');
  if (tab) return base === 'log' && VIEWER.logTabs.includes(tab);
  return VIEWER.view.includes(module);
}

/** Rows whose handler serves staff only (beyond the module right): customers get "403" there too. */
const STAFF_ONLY = new Set(['GET /api/certificate/all']);
const staffOnly = (r: Row) => STAFF_ONLY.has(`${r.method} ${r.path}`);

const ACCESS_KINDS = ['public', 'session', 'view', 'operation'];

let app: FastifyInstance;
const cookies: Record<string, string> = {};
interface Served extends Row {
  url: string;
  routeUrl: string;
}
let served: Served[] = [];

beforeAll(async () => {
  app = await makeApp();
  await app.ready();
  for (const u of ['admin', 'acme', 'acme_viewer', 'globex', 'nobody']) cookies[u] = await signIn(app, u);
  served = [];
  for (const row of rows) {
    const re = pattern(row.path);
    for (const r of app.routeTable.filter((d) => d.method === row.method && re.test(d.url))) {
      served.push({ ...row, routeUrl: r.url, url: concrete(r.url) });
    }
  }
}, 120_000);
afterAll(async () => {
  await app.close();
});

function request(row: Served, cookie: string | null) {
  const opts: InjectOptions = { method: row.method as InjectOptions['method'], url: row.url, headers: { 'x-portal-lang': 'en' } };
  if (row.method === 'POST' || row.method === 'PUT') opts.payload = {};
  return call(app, cookie, opts);
}

describe('route × role matrix (every served contract row)', () => {
  it('every served row is classified: a known access level, a declared module, a sample for each path parameter', () => {
    expect(served.length).toBeGreaterThan(50);
    const unclassified = served.filter(
      (r) => !ACCESS_KINDS.includes(r.access) || ((r.access === 'view' || r.access === 'operation') && (!r.module || r.module === '-')),
    );
    expect(unclassified.map((r) => `${r.method} ${r.path} ${r.module}/${r.access}`)).toEqual([]);
  });

  it('the view-only user of the matrix has exactly the demo rights', () => {
    const viewer = DEMO_USERS.find((u) => u.username === 'acme_viewer');
    const expected = [
      ...VIEWER.view.map((m) => permissionString(m, 'view')),
      ...VIEWER.logTabs.map((t) => `portal:log:${t}:*`),
      ...VIEWER.operation.map((m) => permissionString(m, 'operation')),
    ];
    expect([...(viewer?.permissions ?? [])].sort()).toEqual(expected.sort());
    expect(DEMO_USERS.find((u) => u.username === 'nobody')?.permissions).toEqual([]);
  });

  it('no session → HTTP 401 on every row but the public ones, before the body is validated', async () => {
    const wrong: string[] = [];
    for (const row of served.filter((r) => r.access !== 'public')) {
      const res = await request(row, null);
      if (res.status !== 401 || String(res.body.code) !== '401')
        wrong.push(`${row.method} ${row.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in user without rights (nobody) → "403" on every view/operation row, and the store is unchanged', async () => {
    const before = await storeDigest(app);
    const wrong: string[] = [];
    for (const row of served.filter((r) => r.access === 'view' || r.access === 'operation')) {
      const res = await request(row, cookies.nobody);
      if (res.status >= 500 || String(res.body.code) !== '403')
        wrong.push(`${row.method} ${row.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await storeDigest(app)).toBe(before);
  });

  it('the view-only user (acme_viewer) → "403" on operation rows and on modules it lacks; never 403 where it has the right', async () => {
    const before = await storeDigest(app);
    const wrong: string[] = [];
    let refusedCount = 0;
    for (const row of served.filter((r) => r.access === 'view' || r.access === 'operation')) {
      const may = viewerMay(row.module, row.access) && !staffOnly(row);
      const res = await request(row, cookies.acme_viewer);
      const code = String(res.body.code);
      if (res.status >= 500) wrong.push(`${row.method} ${row.url}: HTTP ${res.status}`);
      else if (!may && code !== '403')
        wrong.push(`${row.method} ${row.url} (${row.module}/${row.access}) should be 403: ${JSON.stringify(res.body).slice(0, 120)}`);
      else if (may && (code === '403' || res.status === 401))
        wrong.push(`${row.method} ${row.url} (${row.module}/${row.access}) should pass the guard: ${code}`);
      if (!may) refusedCount += 1;
    }
    expect(wrong).toEqual([]);
    expect(refusedCount).toBeGreaterThan(10);
    expect(await storeDigest(app)).toBe(before);
  });

  it('the owner (acme, a main account) passes the guard on every read row of its customer modules; staff rows are "403"', async () => {
    const wrong: string[] = [];
    // Reads only: the owner's writes are exercised by the isolation table below and each area's tests.
    for (const row of served.filter((r) => r.access === 'view')) {
      const res = await request(row, cookies.acme);
      const refused = String(res.body.code) === '403';
      if (res.status >= 500 || res.status === 401 || refused !== staffOnly(row))
        wrong.push(`${row.method} ${row.url}: ${res.status} ${String(res.body.code)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('staff (admin) pass the staff-only rows', async () => {
    expect(served.filter(staffOnly).length).toBe(STAFF_ONLY.size);
    for (const row of served.filter(staffOnly)) expect(String((await request(row, cookies.admin)).body.code), row.path).toBe('0');
  });
});

/**
 * Tenant isolation: globex acting on acme's record (by id or name) answers exactly like a missing
 * record, and nothing changes. `own` is acme's record, `missing` one that does not exist.
 */
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The contract row's path. */
  row: string;
  build(key: string | number): InjectOptions;
  own: () => string | number;
  missing: string | number;
  /** A read: acme itself gets "0" on its record (the id is real). */
  read?: boolean;
}

const fixtures = {
  domainId: 0,
  domainName: '',
  certId: 0,
  viewerUid: '',
  acmeTaskId: 0,
  acmePrefetchId: 0,
  hostId: 0,
  ippId: 0,
  websiteId: 0,
  policyId: 0,
  ruleId: 0,
  monitContactId: 0,
  monitGroupId: 0,
  monitRuleUuid: '',
};
const MISSING_UID = '00000000-0000-4000-8000-00000000abcd';

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>): InjectOptions => ({ method: 'POST', url, payload });

/** Website protection rows (issue #18), by website, policy and rule id. */
function websiteCases(): Case[] {
  const W = '/impapi/protection/application';
  const site = {
    domain: 'taken-over.example.com',
    originType: 'single',
    lbMode: 'least_pending',
    origins: [{ address: 'origin.example.com', weight: 100, role: 'active' }],
  };
  const byWebsite = { own: () => fixtures.websiteId, missing: 999999 };
  const byPolicy = { own: () => fixtures.policyId, missing: 999999 };
  const byRule = { own: () => fixtures.ruleId, missing: 999999 };
  return [
    { method: 'GET', row: `${W}/manager/detail/{id}`, build: (k) => get(`${W}/manager/detail/${k}`), ...byWebsite, read: true },
    {
      method: 'GET',
      row: `${W}/manager/getPortErrorData/{id}`,
      build: (k) => get(`${W}/manager/getPortErrorData/${k}`),
      ...byWebsite,
      read: true,
    },
    { method: 'POST', row: `${W}/manager/update`, build: (k) => post(`${W}/manager/update`, { id: k, ...site }), ...byWebsite },
    { method: 'POST', row: `${W}/manager/enable`, build: (k) => post(`${W}/manager/enable`, { id: k }), ...byWebsite },
    { method: 'POST', row: `${W}/manager/disable`, build: (k) => post(`${W}/manager/disable`, { id: k }), ...byWebsite },
    { method: 'POST', row: `${W}/manager/checkConfig`, build: (k) => post(`${W}/manager/checkConfig`, { id: k }), ...byWebsite },
    {
      method: 'POST',
      row: `${W}/statistic/data`,
      build: (k) => post(`${W}/statistic/data`, { websiteId: k, startTime: 1_700_000_000, endTime: 1_700_003_600 }),
      ...byWebsite,
    },
    { method: 'GET', row: `${W}/policy/list/{websiteId}`, build: (k) => get(`${W}/policy/list/${k}`), ...byWebsite, read: true },
    { method: 'GET', row: `${W}/policy/detail/{id}`, build: (k) => get(`${W}/policy/detail/${k}`), ...byPolicy, read: true },
    {
      method: 'POST',
      row: `${W}/policy/create`,
      build: (k) => post(`${W}/policy/create`, { websiteId: k, name: 'taken', type: 1, countries: ['RU'] }),
      ...byWebsite,
    },
    {
      method: 'POST',
      row: `${W}/policy/update`,
      build: (k) => post(`${W}/policy/update`, { id: k, name: 'taken', type: 1, countries: ['RU'] }),
      ...byPolicy,
    },
    { method: 'POST', row: `${W}/policy/delete`, build: (k) => post(`${W}/policy/delete`, { id: k }), ...byPolicy },
    { method: 'GET', row: `${W}/rule/list/{websiteId}`, build: (k) => get(`${W}/rule/list/${k}`), ...byWebsite, read: true },
    { method: 'GET', row: `${W}/rule/detail/{id}`, build: (k) => get(`${W}/rule/detail/${k}`), ...byRule, read: true },
    {
      method: 'POST',
      row: `${W}/rule/create`,
      build: (k) => post(`${W}/rule/create`, { websiteId: k, name: 'taken', actionType: 3, action: { mode: 'block' } }),
      ...byWebsite,
    },
    {
      method: 'POST',
      row: `${W}/rule/update`,
      build: (k) => post(`${W}/rule/update`, { id: k, name: 'taken', actionType: 3, action: { mode: 'block' } }),
      ...byRule,
    },
    {
      method: 'POST',
      row: `${W}/rule/priority`,
      build: (k) => post(`${W}/rule/priority`, { websiteId: k, ids: [fixtures.ruleId] }),
      ...byWebsite,
    },
    { method: 'POST', row: `${W}/rule/delete`, build: (k) => post(`${W}/rule/delete`, { id: k }), ...byRule },
  ];
}

const CASES: Case[] = [
  // Domains, by id and by name.
  {
    method: 'GET',
    row: '/api/domain/strategy/{id}',
    build: (k) => get(`/api/domain/strategy/${k}`),
    own: () => fixtures.domainId,
    missing: 999999,
    read: true,
  },
  {
    method: 'GET',
    row: '/api/domain/retrieval/{id}',
    build: (k) => get(`/api/domain/retrieval/${k}`),
    own: () => fixtures.domainId,
    missing: 999999,
    read: true,
  },
  {
    method: 'GET',
    row: '/api/domain/cloudStorage/get/{id}',
    build: (k) => get(`/api/domain/cloudStorage/get/${k}`),
    own: () => fixtures.domainId,
    missing: 999999,
    read: true,
  },
  {
    method: 'GET',
    row: '/api/domain/history/version',
    build: (k) => get(`/api/domain/history/version?domain=${k}`),
    own: () => fixtures.domainName,
    missing: 'missing-domain.example',
    read: true,
  },
  {
    method: 'GET',
    row: '/api/domain/schedulinPpolicy/{domain}/{type}/{scope}/{protocol}',
    build: (k) => get(`/api/domain/schedulinPpolicy/${k}/cdn/domestic/http`),
    own: () => fixtures.domainName,
    missing: 'missing-domain.example',
  },
  {
    method: 'POST',
    row: '/api/domain/update',
    build: (k) => post('/api/domain/update', { id: k, remark: 'x' }),
    own: () => fixtures.domainId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/domain/delete',
    build: (k) => post('/api/domain/delete', { id: k }),
    own: () => fixtures.domainId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/domain/enable',
    build: (k) => post('/api/domain/enable', { id: k }),
    own: () => fixtures.domainId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/domain/disable',
    build: (k) => post('/api/domain/disable', { id: k }),
    own: () => fixtures.domainId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/domain/history/rollback',
    build: (k) => post('/api/domain/history/rollback', { domain: k, version: 1 }),
    own: () => fixtures.domainName,
    missing: 'missing-domain.example',
  },
  // Certificates.
  {
    method: 'GET',
    row: '/api/certificate/details/{id}',
    build: (k) => get(`/api/certificate/details/${k}`),
    own: () => fixtures.certId,
    missing: 999999,
    read: true,
  },
  {
    method: 'GET',
    row: '/api/certificate/providerDetails/{id}',
    build: (k) => get(`/api/certificate/providerDetails/${k}`),
    own: () => fixtures.certId,
    missing: 999999,
    read: true,
  },
  {
    method: 'GET',
    row: '/api/certificate/deling/{id}',
    build: (k) => get(`/api/certificate/deling/${k}`),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'GET',
    row: '/api/certificate/download/{id}',
    build: (k) => get(`/api/certificate/download/${k}`),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/certificate/update',
    build: (k) => post('/api/certificate/update', { id: k, share: false }),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/certificate/rename',
    build: (k) => post('/api/certificate/rename', { id: k, name: 'Taken over' }),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/certificate/delete/{id}',
    build: (k) => post(`/api/certificate/delete/${k}`, {}),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/certificate/clear/{id}',
    build: (k) => post(`/api/certificate/clear/${k}`, {}),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/certificate/batch/bind/domain',
    build: (k) => post('/api/certificate/batch/bind/domain', { certificateId: k, domains: [] }),
    own: () => fixtures.certId,
    missing: 999999,
  },
  {
    method: 'GET',
    row: '/api/certificate/allName',
    build: (k) => get(`/api/certificate/allName?account=${k}`),
    own: () => 'acme',
    missing: 'missing_account',
  },
  {
    method: 'GET',
    row: '/api/certificate/account',
    build: (k) => get(`/api/certificate/account?account=${k}`),
    own: () => 'acme',
    missing: 'missing_account',
  },
  {
    method: 'POST',
    row: '/api/certificate/match/domain',
    build: (k) => post('/api/certificate/match/domain', { domain: fixtures.domainName, account: k }),
    own: () => 'acme',
    missing: 'missing_account',
  },
  // Sub-accounts (domain groups) and users.
  {
    method: 'GET',
    row: '/cloud/customer/showDomainGroup',
    build: (k) => get(`/cloud/customer/showDomainGroup?customer=${k}`),
    own: () => 'acme',
    missing: 'missing_account',
  },
  {
    method: 'POST',
    row: '/cloud/customer/editDomainGroup',
    build: (k) => post('/cloud/customer/editDomainGroup', { identity: k, companyName: 'Taken over' }),
    own: () => 'acme_video',
    missing: 'missing_account',
  },
  {
    method: 'GET',
    row: '/cloud/customer/delDomainGroup',
    build: (k) => get(`/cloud/customer/delDomainGroup?domainGroup=${k}`),
    own: () => 'acme_video',
    missing: 'missing_account',
  },
  {
    method: 'POST',
    row: '/shiro/self/update/{language}',
    build: (k) => post('/shiro/self/update/english', { uid: k, email: 'taken@globex.example' }),
    own: () => fixtures.viewerUid,
    missing: MISSING_UID,
  },
  {
    method: 'POST',
    row: '/shiro/self/updateaccount/{language}',
    build: (k) => post('/shiro/self/updateaccount/english', { uid: k, accounts: ['globex'] }),
    own: () => fixtures.viewerUid,
    missing: MISSING_UID,
  },
  {
    method: 'POST',
    row: '/shiro/self/enable',
    build: (k) => post('/shiro/self/enable', { uid: k, enabled: false }),
    own: () => fixtures.viewerUid,
    missing: MISSING_UID,
  },
  {
    method: 'DELETE',
    row: '/shiro/self/delete/{uid}',
    build: (k) => ({ method: 'DELETE', url: `/shiro/self/delete/${k}` }),
    own: () => fixtures.viewerUid,
    missing: MISSING_UID,
  },
  {
    method: 'POST',
    row: '/shiro/self/search',
    build: (k) => post('/shiro/self/search', { uid: k }),
    own: () => fixtures.viewerUid,
    missing: MISSING_UID,
  },
  // Purge and prefetch tasks.
  {
    method: 'POST',
    row: '/api/refresh/query',
    build: (k) => post('/api/refresh/query', { taskId: k }),
    own: () => fixtures.acmeTaskId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/prefetch/status',
    build: (k) => post('/api/prefetch/status', { taskId: k }),
    own: () => fixtures.acmePrefetchId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/api/prefetch/search',
    build: (k) => post('/api/prefetch/search', { taskId: k }),
    own: () => fixtures.acmePrefetchId,
    missing: 999999,
  },
  // Hosts.
  {
    method: 'POST',
    row: '/api/hostInfo/modify/hostName',
    build: (k) => post('/api/hostInfo/modify/hostName', { id: k, hostName: 'taken-over' }),
    own: () => fixtures.hostId,
    missing: 999999,
  },
  // IP protection.
  ...(['delete', 'enable', 'disable', 'checkConfig'] as const).map((a): Case => ({
    method: 'POST',
    row: `/impapi/protection/network/manager/${a}`,
    build: (k) => post(`/impapi/protection/network/manager/${a}`, { id: k }),
    own: () => fixtures.ippId,
    missing: 999999,
  })),
  {
    method: 'POST',
    row: '/impapi/protection/network/manager/update',
    build: (k) =>
      post('/impapi/protection/network/manager/update', {
        id: k,
        originIp: '8.8.8.8',
        protocol: 'TCP',
        ports: [80],
        cnamePrefix: 'taken-over',
      }),
    own: () => fixtures.ippId,
    missing: 999999,
  },
  {
    method: 'GET',
    row: '/impapi/protection/network/manager/getPortErrorData/{id}',
    build: (k) => get(`/impapi/protection/network/manager/getPortErrorData/${k}`),
    own: () => fixtures.ippId,
    missing: 999999,
    read: true,
  },
  {
    method: 'GET',
    row: '/impapi/protection/network/statistic/list/{account}',
    build: (k) => get(`/impapi/protection/network/statistic/list/${k}`),
    own: () => 'acme',
    missing: 'missing_account',
    read: true,
  },
  // Website protection (issue #18): websites, policies, rules, dashboard.
  ...websiteCases(),
  // Cloud monitoring: contacts, groups and rules of acme (demo seed).
  {
    method: 'POST',
    row: '/monit/contacts/update',
    build: (k) => post('/monit/contacts/update', { id: k, name: 'Taken over', email: 'x@globex.example' }),
    own: () => fixtures.monitContactId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/monit/contacts/sendMsg',
    build: (k) => post('/monit/contacts/sendMsg', { id: k }),
    own: () => fixtures.monitContactId,
    missing: 999999,
  },
  {
    method: 'DELETE',
    row: '/monit/contacts/delete/{id}',
    build: (k) => ({ method: 'DELETE', url: `/monit/contacts/delete/${k}` }),
    own: () => fixtures.monitContactId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/monit/group/update',
    build: (k) => post('/monit/group/update', { id: k, name: 'Taken over' }),
    own: () => fixtures.monitGroupId,
    missing: 999999,
  },
  {
    method: 'DELETE',
    row: '/monit/group/delete/{id}',
    build: (k) => ({ method: 'DELETE', url: `/monit/group/delete/${k}` }),
    own: () => fixtures.monitGroupId,
    missing: 999999,
  },
  {
    method: 'DELETE',
    row: '/monit/group/delete/{groupId}/{contactId}',
    build: (k) => ({ method: 'DELETE', url: `/monit/group/delete/${k}/${fixtures.monitContactId}` }),
    own: () => fixtures.monitGroupId,
    missing: 999999,
  },
  {
    method: 'POST',
    row: '/monit/rule/update',
    build: (k) =>
      post('/monit/rule/update', {
        uuid: k,
        name: 'Taken over',
        domains: [],
        metric: 'requests',
        period: 5,
        comparison: 'gt',
        threshold: 1,
        groupIds: [],
        channels: [],
      }),
    own: () => fixtures.monitRuleUuid,
    missing: MISSING_UID,
  },
  {
    method: 'PUT',
    row: '/monit/rule/enable',
    build: (k) => ({ method: 'PUT', url: '/monit/rule/enable', payload: { uuid: k } }),
    own: () => fixtures.monitRuleUuid,
    missing: MISSING_UID,
  },
  {
    method: 'GET',
    row: '/monit/rule/disable',
    build: (k) => get(`/monit/rule/disable?uuid=${k}`),
    own: () => fixtures.monitRuleUuid,
    missing: MISSING_UID,
  },
  {
    method: 'DELETE',
    row: '/monit/rule/delete/{id}',
    build: (k) => ({ method: 'DELETE', url: `/monit/rule/delete/${k}` }),
    own: () => fixtures.monitRuleUuid,
    missing: MISSING_UID,
  },
  {
    method: 'POST',
    row: '/monit/query/ruleDetail',
    build: (k) => post('/monit/query/ruleDetail', { uuid: k }),
    own: () => fixtures.monitRuleUuid,
    missing: MISSING_UID,
    read: true,
  },
];

/**
 * Served rows that take an id or a name but are not another tenant's record (with the reason).
 * Any other served row with such a parameter must be in CASES.
 */
const NOT_A_RECORD: Record<string, string> = {
  'POST /shiro/self/create/{language}':
    "creates a user in the caller's own account (cross-tenant account is covered by securityUsers.test.ts)",
  'GET /shiro/self/safeupdatepassword': "the caller's own password (security tests of issue #22, defect 7)",
  'POST /api/domain/validation/icp': 'a registry lookup, no record',
  'POST /api/domain/validation/testUrl': 'a probe of an origin, no record',
  'POST /impapi/protection/application/manager/create':
    "creates a website in the caller's own account (its domain is a new name, not a record)",
  'GET /impapi/certificate/search': "a search of the caller's own certificates by a domain name, no record",
  'POST /impapi/protection/application/ownership/challenge':
    "a challenge of the caller's own account for a name (tenant scope in tests/server/websites.test.ts)",
  'POST /impapi/protection/application/ownership/verify':
    "the caller's own challenge of a name; another tenant's proves nothing (tests/server/websites.test.ts)",
  'PUT /monit/rule/add':
    "creates a rule in the caller's own account; domains outside its scope are refused (tests/server/monitoring.test.ts)",
};

/** Names that identify a record when a route takes them (path, query or body). */
const RECORD_KEYS = [
  'id',
  'ids',
  'uid',
  'hostId',
  'hostName',
  'domain',
  'domains',
  'taskId',
  'certificateId',
  'identity',
  'domainGroup',
  'customer',
  'account',
  'websiteId',
  'groupId',
  'contactId',
];

function recordKeys(row: Served): string[] {
  const decl = app.routeTable.find((d) => d.method === row.method && d.url === row.routeUrl);
  const keys = new Set<string>();
  for (const m of row.routeUrl.matchAll(/:([A-Za-z0-9_]+)/g)) keys.add(m[1]);
  const schema = (decl?.schema ?? {}) as Record<string, { properties?: Record<string, unknown>; required?: string[] } | undefined>;
  for (const part of ['body', 'querystring']) for (const k of schema[part]?.required ?? []) keys.add(k);
  return [...keys].filter((k) => RECORD_KEYS.includes(k));
}

describe("tenant isolation (globex on acme's records)", () => {
  beforeAll(async () => {
    const [d] = await app.db.query<{ id: number; name: string }>(`SELECT id, name FROM domains WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.domainId = d.id;
    fixtures.domainName = d.name;
    const [c] = await app.db.query<{ id: number }>(`SELECT id FROM certificates WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.certId = c.id;
    fixtures.viewerUid = await uidOf(app, 'acme_viewer');
    const [t] = await app.db.query<{ id: number }>(
      `SELECT id FROM purge_tasks WHERE account = 'acme' AND kind <> 'prefetch' ORDER BY id LIMIT 1`,
    );
    fixtures.acmeTaskId = t.id;
    const [p] = await app.db.query<{ id: number }>(
      `SELECT id FROM purge_tasks WHERE account = 'acme' AND kind = 'prefetch' ORDER BY id LIMIT 1`,
    );
    fixtures.acmePrefetchId = p?.id ?? 1;
    const [h] = await app.db.query<{ id: number }>(`SELECT id FROM hosts WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.hostId = h.id;
    const [ipp] = await app.db.query<{ id: number }>(`SELECT id FROM ipp_entries WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.ippId = ipp.id;
    const [w] = await app.db.query<{ id: number }>(`SELECT id FROM websites WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.websiteId = w.id;
    const [wp] = await app.db.query<{ id: number }>('SELECT id FROM waf_policies WHERE website_id = $1 ORDER BY id LIMIT 1', [w.id]);
    fixtures.policyId = wp.id;
    const [wr] = await app.db.query<{ id: number }>('SELECT id FROM waf_rules WHERE website_id = $1 ORDER BY id LIMIT 1', [w.id]);
    fixtures.ruleId = wr.id;
    const [mc] = await app.db.query<{ id: number }>(`SELECT id FROM monit_contacts WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.monitContactId = mc.id;
    const [mg] = await app.db.query<{ id: number }>(`SELECT id FROM monit_groups WHERE account = 'acme' ORDER BY id LIMIT 1`);
    fixtures.monitGroupId = mg.id;
    const [mr] = await app.db.query<{ uuid: string }>(
      `SELECT uuid::text AS uuid FROM monit_rules WHERE account = 'acme' ORDER BY id LIMIT 1`,
    );
    fixtures.monitRuleUuid = mr.uuid;
  });

  it('every served row that takes a record id or name is in the isolation table (or explained)', () => {
    const covered = new Set(CASES.map((c) => `${c.method} ${c.row}`));
    const missing = served
      .filter((r) => r.access !== 'public' && recordKeys(r).length)
      .map((r) => `${r.method} ${r.path}`)
      .filter((label) => !covered.has(label) && !NOT_A_RECORD[label]);
    expect([...new Set(missing)]).toEqual([]);
    // And the table names only served rows (a typo would silently test nothing).
    const servedLabels = new Set(served.map((r) => `${r.method} ${r.path}`));
    expect(CASES.map((c) => `${c.method} ${c.row}`).filter((l) => !servedLabels.has(l))).toEqual([]);
  });

  it('acme reads its own records (the ids of the table are real)', async () => {
    const wrong: string[] = [];
    for (const c of CASES.filter((x) => x.read)) {
      const res = await call(app, cookies.acme, c.build(c.own()));
      // /monit succeeds on "200" (spec §7)
      if (String(res.body.code) !== (c.row.startsWith('/monit/') ? '200' : '0'))
        wrong.push(`${c.method} ${c.row}: ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("globex on acme's record answers exactly like a missing record, and nothing changes", async () => {
    const before = await storeDigest(app);
    const wrong: string[] = [];
    for (const c of CASES) {
      const lang = { 'x-portal-lang': 'en' };
      const foreign = await call(app, cookies.globex, { ...c.build(c.own()), headers: lang });
      const missing = await call(app, cookies.globex, { ...c.build(c.missing), headers: lang });
      const label = `${c.method} ${c.row}`;
      if (foreign.status >= 500 || missing.status >= 500) wrong.push(`${label}: HTTP ${foreign.status}/${missing.status}`);
      const shape = (r: typeof foreign) => ({
        status: r.status,
        code: String(r.body.code),
        msg: r.body.msg,
        data: ['0', '200'].includes(String(r.body.code)) ? r.body.data : undefined,
      });
      const a = JSON.stringify(shape(foreign));
      const b = JSON.stringify(shape(missing));
      if (a !== b) wrong.push(`${label}: foreign ${a.slice(0, 200)} ≠ missing ${b.slice(0, 200)}`);
      if (process.env.MATRIX_DEBUG) console.log(label, a.slice(0, 160));
    }
    expect(wrong).toEqual([]);
    expect(await storeDigest(app)).toBe(before);
  });
});
