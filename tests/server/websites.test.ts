import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, ingestLines, makeApp, signIn } from './helpers';
import type { OwnershipChallenge, Policy, Rule, StatisticData, Website } from '../../common/wire/websites';
import { compileWebsite } from '../../common/rules/websites/engine';
import { enginePolicy } from '../unit/websitesPolicy';
import { insertSecurityEvents, type SecurityEventRow } from '../../server/stores/traffic/websitesEvents';
import { BENIGN_PATHS, DEMO_BLOCK_SECONDS, EVENT_STATUS, stickyBlocks, type DemoEventSite } from '../../server/demo/wafEvents';

/**
 * Website protection (issue #18) through the API on the real stores: websites (validation,
 * certificate coverage, random protection address, asynchronous issuing, enable/disable,
 * checkConfig against local servers, getPortErrorData), policies, rules and their priority, the
 * catalogues, the dashboard from the access logs and the security events (ingested and demo),
 * tenant isolation and rights.
 */

let app: FastifyInstance;
const c: Record<string, string> = {};
let originServer: http.Server;
let originPort = 0;
let closedPort = 0;
/** Files of the local origin: 'host path' → body (ownership proofs). */
const proofFiles = new Map<string, string>();
const PROVEN = ['shop.acme-media.example', 'squat.example'];

const P = '/impapi/protection/application';
const get = (who: string, url: string) => call(app, c[who], { method: 'GET', url, headers: { 'x-portal-lang': 'en' } });
const post = (who: string, url: string, payload: unknown) =>
  call(app, c[who], { method: 'POST', url, payload: payload as Record<string, unknown>, headers: { 'x-portal-lang': 'en' } });

const website = (over: Record<string, unknown> = {}) => ({
  domain: 'shop.acme-media.example',
  originType: 'single',
  lbMode: 'least_pending',
  origins: [{ address: `http://127.0.0.1:${originPort}`, weight: 100, role: 'active' }],
  remark: 'main shop',
  certificateId: null,
  hsts: { enabled: true, maxAge: 31536000, includeSubdomains: false },
  enabled: true,
  ...over,
});

async function waitConfigured(id: number, who = 'acme'): Promise<Website> {
  for (let i = 0; i < 100; i++) {
    const res = await get(who, `${P}/manager/detail/${id}`);
    const w = res.body.data as Website;
    if (w.status === 'configured') return w;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('website not configured in time');
}

beforeAll(async () => {
  originServer = http.createServer((req, res) => {
    // an ownership proof file when the test published one, else the origin the checks HEAD
    const proof = req.method === 'GET' ? proofFiles.get(`${req.headers.host} ${req.url}`) : undefined;
    if (req.method === 'GET' && req.url?.startsWith('/.well-known/')) res.writeHead(proof === undefined ? 404 : 200);
    else res.writeHead(req.method === 'HEAD' ? 200 : 405);
    res.end(proof);
  });
  await new Promise<void>((r) => originServer.listen(0, '127.0.0.1', r));
  originPort = (originServer.address() as AddressInfo).port;
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  // The names the ownership tests prove are served by the local origin (PortalConfig.ownershipProof.hosts).
  const hosts = Object.fromEntries(PROVEN.map((name) => [name, `127.0.0.1:${originPort}`]));
  app = await makeApp({
    allowPrivateOrigins: true,
    ingestToken: 'waf-shipper',
    issueDelayMs: 300,
    checkTimeoutMs: 1500,
    ownershipProof: { dnsServers: ['127.0.0.1:9'], hosts },
  });
  await app.ready();
  for (const u of ['acme', 'globex', 'acme_viewer', 'nobody']) c[u] = await signIn(app, u);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await new Promise<void>((r) => originServer.close(() => r()));
});

let created: Website;

describe('ownership of names (issue #35)', () => {
  const O = `${P}/ownership`;
  const refusal = (name: string) => `Verify ownership of ${name} before protecting it`;
  /** The raw reply with the name taken out: what must be the same bytes for every refused name. */
  const nameless = (res: Awaited<ReturnType<typeof post>>, name: string) => ({
    status: res.status,
    length: res.raw.body.length - (res.raw.body.split(name).length - 1) * name.length,
    body: res.raw.body.split(name).join('<name>'),
  });

  it('refuses a name the caller does not own with one reply, whether or not another tenant protects it', async () => {
    // www.acme-media.example: acme's accelerated domain and protected website; img.acme-media.example: acme's
    // accelerated domain, unprotected; google.com and squat.example: nobody's.
    const names = ['www.acme-media.example', 'img.acme-media.example', 'google.com', 'squat.example'];
    const replies = [];
    for (const name of names) {
      const res = await post('globex', `${P}/manager/create`, website({ domain: name }));
      expect(res.body.msg, name).toBe(refusal(name));
      expect(res.body.code).toBe(1);
      replies.push(nameless(res, name));
    }
    for (const r of replies) expect(r).toEqual(replies[0]);
    expect(replies[0].body).toBe(
      '{"code":1,"data":"Verify ownership of <name> before protecting it","msg":"Verify ownership of <name> before protecting it"}',
    );
    const list = (await get('globex', `${P}/manager/list`)).body.data as { list: Website[] };
    expect(list.list.filter((w) => names.includes(w.domain))).toEqual([]);
    // the caller's own protected name still says so
    expect((await post('acme', `${P}/manager/create`, website({ domain: 'www.acme-media.example' }))).body.msg).toBe(
      'This website domain already exists',
    );
  });

  it('challenge → file on the origin → verify → create; the DNS method and a wrong token are refused', async () => {
    const name = 'shop.acme-media.example';
    expect((await post('acme', `${P}/manager/create`, website())).body.msg).toBe(refusal(name));
    const first = await post('acme', `${O}/challenge`, { domain: 'Shop.Acme-Media.example ' });
    expect(first.body.code).toBe(0);
    const challenge = first.body.data as OwnershipChallenge;
    expect(challenge).toMatchObject({ domain: name, owned: false, dnsName: `_cdn-portal-challenge.${name}`, verifiedAt: null });
    expect(challenge.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(challenge.fileUrl).toBe(`http://${name}/.well-known/cdn-portal-verification/${challenge.token}.txt`);
    // a second challenge keeps the token the customer may have published
    expect(((await post('acme', `${O}/challenge`, { domain: name })).body.data as OwnershipChallenge).token).toBe(challenge.token);
    const path = `/.well-known/cdn-portal-verification/${challenge.token}.txt`;
    const verify = (method: string) => post('acme', `${O}/verify`, { domain: name, method });
    expect((await verify('dns')).body.msg).toBe(`The TXT record _cdn-portal-challenge.${name} does not hold the verification token`);
    expect((await verify('file')).body.msg).toBe(
      `The verification token could not be read from ${challenge.fileUrl}: The origin ${name} answered HTTP 404`,
    );
    proofFiles.set(`${name} ${path}`, 'not-the-token');
    expect((await verify('file')).body.msg).toBe(
      `The verification token could not be read from ${challenge.fileUrl}: the file does not hold the token`,
    );
    expect((await post('acme', `${P}/manager/create`, website())).body.msg).toBe(refusal(name));
    proofFiles.set(`${name} ${path}`, `${challenge.token}\n`);
    const ok = await verify('file');
    expect(ok.body.code).toBe(0);
    expect(ok.body.data).toMatchObject({ domain: name, owned: true, method: 'file', token: challenge.token });
    expect((ok.body.data as OwnershipChallenge).verifiedAt).not.toBeNull();
    // a proven name needs no new token
    expect(((await post('acme', `${O}/challenge`, { domain: name })).body.data as OwnershipChallenge).owned).toBe(true);
  });

  it("an accelerated domain of the caller's tree needs no proof; a name that does not resolve is refused", async () => {
    const res = await post('acme', `${O}/challenge`, { domain: 'img.acme-media.example' });
    expect(res.body.data).toMatchObject({ owned: true, token: '', dnsName: '', fileUrl: '' });
    await post('acme', `${O}/challenge`, { domain: 'nowhere.invalid' });
    const lost = await post('acme', `${O}/verify`, { domain: 'nowhere.invalid', method: 'file' });
    expect(lost.body.msg).toMatch(
      /^The verification token could not be read from http:\/\/nowhere\.invalid\/.*: The origin host cannot be resolved: nowhere\.invalid$/,
    );
    // a documentation name is refused before any lookup (the demo never leaves the machine)
    await post('acme', `${O}/challenge`, { domain: 'nowhere.example' });
    const doc = await post('acme', `${O}/verify`, { domain: 'nowhere.example', method: 'file' });
    expect(doc.body.msg).toMatch(/: Cannot connect to the origin nowhere\.example: address reserved for documentation$/);
    expect((await post('acme', `${O}/challenge`, { domain: 'not a name' })).body.msg).toBe('Format error');
    expect((await post('acme', `${O}/verify`, { domain: 'x.example', method: 'ftp' })).body.code).not.toBe(0);
  });

  it("tenant scope: a proof is its account tree's; another tenant's token or challenge proves nothing", async () => {
    const name = 'shop.acme-media.example';
    // acme proved it above: globex still gets the one refusal
    expect((await post('globex', `${P}/manager/create`, website({ domain: name }))).body.msg).toBe(refusal(name));
    expect((await post('globex', `${O}/verify`, { domain: name, method: 'file' })).body.msg).toBe(
      `Request a verification token for ${name} first`,
    );
    const own = (await post('globex', `${O}/challenge`, { domain: name })).body.data as OwnershipChallenge;
    expect(own.owned).toBe(false);
    const acme = (await post('acme', `${O}/challenge`, { domain: name })).body.data as OwnershipChallenge;
    expect(own.token).not.toBe(acme.token);
    // the origin serves acme's token at globex's path: not globex's token
    proofFiles.set(`${name} /.well-known/cdn-portal-verification/${own.token}.txt`, acme.token);
    expect((await post('globex', `${O}/verify`, { domain: name, method: 'file' })).body.msg).toMatch(/the file does not hold the token$/);
    expect((await post('acme_viewer', `${O}/challenge`, { domain: 'squat.example' })).body.code).toBe('403');
    expect((await post('nobody', `${O}/verify`, { domain: 'squat.example', method: 'file' })).body.code).toBe('403');
  });
});

describe('websites', () => {
  it('random protection address: a fresh label under the zone, different each time', async () => {
    const a = await get('acme', '/impapi/protection/common/randomDoamin');
    const b = await get('acme', '/impapi/protection/common/randomDoamin');
    expect(a.body.code).toBe(0);
    expect(String(a.body.data)).toMatch(/^waf[a-z0-9]{12}\.w\.cdnportal\.net$/);
    expect(a.body.data).not.toBe(b.body.data);
  });

  it("certificate search: the caller's certificates whose names cover the domain", async () => {
    const res = await get('acme', '/impapi/certificate/search?domain=shop.acme-media.example');
    const names = (res.body.data as Array<{ name: string }>).map((x) => x.name);
    expect(names).toContain('Acme Media wildcard');
    expect(names).not.toContain('Globex shop');
    const globex = await get('globex', '/impapi/certificate/search?domain=shop.acme-media.example');
    expect(globex.body.data).toEqual([]);
  });

  it("validates with the spec's messages, naming the field and the bad value (number code, text in msg and data)", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ domain: '' }, 'Cannot be empty: domain = ""'],
      [{ domain: 'not a domain' }, 'Format error: domain = "not a domain"'],
      [{ origins: [{ address: 'ftp://1.2.3.4', weight: 100, role: 'active' }] }, 'Format error: origins.0.address = "ftp://1.2.3.4"'],
      [
        { origins: [{ address: 'http://origin.example.com', weight: 100, role: 'active' }] },
        'Format error: origins.0.address = "http://origin.example.com"',
      ],
      [{ origins: [] }, 'Cannot be empty: origins = []'],
      [{ remark: 'x'.repeat(101) }, `The remark may have at most 100 characters: remark = "${'x'.repeat(101)}"`],
      [
        {
          originType: 'multiple',
          lbMode: 'weighted',
          origins: [
            { address: 'a.example.com', weight: 60, role: 'active' },
            { address: 'b.example.com:8080', weight: 30, role: 'standby' },
          ],
        },
        'The weights must add up to 100: origins = [{"address":"a.example.com","weight":60,"role":"active"},' +
          '{"address":"b.example.com:8080","weight":30,"role":"standby"}]',
      ],
    ];
    for (const [over, msg] of cases) {
      const res = await post('acme', `${P}/manager/create`, website(over));
      expect(res.body.code, JSON.stringify(over)).not.toBe(0);
      expect(typeof res.body.code).toBe('number');
      expect(res.body.msg).toBe(msg);
      expect(res.body.data).toBe(msg);
    }
    const list = await get('acme', `${P}/manager/list`);
    expect((list.body.data as { list: Website[] }).list.filter((w) => w.domain === 'shop.acme-media.example')).toEqual([]);
  });

  it('refuses a certificate that does not cover the domain', async () => {
    const res = await get('globex', '/impapi/certificate/search?domain=shop.globex-corp.example');
    const globexCert = (res.body.data as Array<{ id: number }>)[0].id;
    const r = await post('acme', `${P}/manager/create`, website({ certificateId: globexCert }));
    expect(r.body.msg).toBe('The chosen certificate does not cover this domain');
  });

  it('creates (configuring → configured, asynchronously), weighted origins adding up to 100', async () => {
    const cert = ((await get('acme', '/impapi/certificate/search?domain=shop.acme-media.example')).body.data as Array<{ id: number }>)[0]
      .id;
    const res = await post(
      'acme',
      `${P}/manager/create`,
      website({
        certificateId: cert,
        originType: 'multiple',
        lbMode: 'weighted',
        origins: [
          { address: `http://127.0.0.1:${originPort}`, weight: 70, role: 'active' },
          { address: `http://127.0.0.1:${closedPort}`, weight: 30, role: 'standby' },
        ],
      }),
    );
    expect(res.body.code).toBe(0);
    created = res.body.data as Website;
    expect(created.status).toBe('configuring');
    expect(created.account).toBe('acme');
    expect(created.protectionAddress).toMatch(/\.w\.cdnportal\.net$/);
    const dup = await post('acme', `${P}/manager/create`, website());
    expect(dup.body.msg).toBe('This website domain already exists');
    const done = await waitConfigured(created.id);
    expect(done.certificateId).toBe(cert);
    expect(done.origins.map((o) => o.weight)).toEqual([70, 30]);
  });

  it('update and disable while configured; blocked while configuring', async () => {
    // a new name needs the same ownership as a create (issue #35)
    const moved = await post('acme', `${P}/manager/update`, { id: created.id, ...website({ domain: 'google.com' }) });
    expect(moved.body.msg).toBe('Verify ownership of google.com before protecting it');
    const up = await post('acme', `${P}/manager/update`, {
      id: created.id,
      ...website({
        remark: 'renamed',
        certificateId: created.certificateId,
        originType: created.originType,
        lbMode: created.lbMode,
        origins: created.origins,
      }),
    });
    expect(up.body.code).toBe(0);
    expect((up.body.data as Website).status).toBe('configuring');
    const blocked = await post('acme', `${P}/manager/disable`, { id: created.id });
    expect(blocked.body.msg).toBe('The website is being configured, please try again later');
    await waitConfigured(created.id);
    const off = await post('acme', `${P}/manager/disable`, { id: created.id });
    expect((off.body.data as Website).enabled).toBe(false);
    await waitConfigured(created.id);
    const on = await post('acme', `${P}/manager/enable`, { id: created.id });
    expect((on.body.data as Website).enabled).toBe(true);
    expect((await waitConfigured(created.id)).remark).toBe('renamed');
  });

  it('checkConfig: a HEAD to every origin, the failures in getPortErrorData', async () => {
    const res = await post('acme', `${P}/manager/checkConfig`, { id: created.id });
    expect(res.body.code).toBe(0);
    const data = res.body.data as { ok: boolean; origins: Array<{ port: number; ok: boolean; status?: number }> };
    expect(data.ok).toBe(false);
    expect(data.origins.find((o) => o.port === originPort)).toMatchObject({ ok: true, status: 200 });
    expect(data.origins.find((o) => o.port === closedPort)?.ok).toBe(false);
    const errors = await get('acme', `${P}/manager/getPortErrorData/${created.id}`);
    const e = errors.body.data as { errors: Array<{ port: number; reason: string }> };
    expect(e.errors.map((x) => x.port)).toEqual([closedPort]);
    expect(e.errors[0].reason).toMatch(/ECONNREFUSED/);
    const detail = (await get('acme', `${P}/manager/detail/${created.id}`)).body.data as Website;
    expect(detail.checkStatus).toBe('error');
  });

  it('checkConfig refuses private origins unless allowed', async () => {
    const config = app.config as { allowPrivateOrigins: boolean };
    config.allowPrivateOrigins = false;
    try {
      const res = await post('acme', `${P}/manager/checkConfig`, { id: created.id });
      const data = res.body.data as { origins: Array<{ ok: boolean; reason: string }> };
      expect(data.origins.map((o) => o.ok)).toEqual([false, false]);
      expect(data.origins[0].reason).toMatch(/private or reserved/);
    } finally {
      config.allowPrivateOrigins = true;
    }
  });
});

describe('policies and rules', () => {
  let policy: Policy;
  const rules: Rule[] = [];

  it('creates, updates (disable) and deletes policies of each type, validated', async () => {
    const bad = await post('acme', `${P}/policy/create`, { websiteId: created.id, name: 'acl', type: 1, countries: ['Russia'] });
    expect(bad.body.msg).toBe('Format error: countries.0 = "RUSSIA"');
    const empty = await post('acme', `${P}/policy/create`, { websiteId: created.id, name: '', type: 2, ips: ['1.2.3.4'] });
    expect(empty.body.msg).toBe('Cannot be empty: name = ""');
    const zh = await call(app, c.acme, {
      method: 'POST',
      url: `${P}/policy/create`,
      payload: { websiteId: created.id, name: 'acl', type: 2, ips: ['10.0.0.300'] },
      headers: { 'x-portal-lang': 'zh' },
    });
    expect(zh.body.msg).toBe('格式错误：ips.0 = "10.0.0.300"');
    const acl = await post('acme', `${P}/policy/create`, {
      websiteId: created.id,
      name: 'Block RU',
      type: 1,
      countries: ['ru'],
      ips: ['203.0.113.0/24'],
      exceptions: ['203.0.113.7'],
    });
    expect(acl.body.code).toBe(0);
    policy = acl.body.data as Policy;
    expect(policy.countries).toEqual(['RU']);
    const waf = await post('acme', `${P}/policy/create`, {
      websiteId: created.id,
      name: 'WAF',
      type: 3,
      waf: { xss: 'block_request', sqli: 'block_ip', rfi: 'alert', illegalResource: 'ignore' },
    });
    expect((waf.body.data as Policy).waf.sqli).toBe('block_ip');
    const up = await post('acme', `${P}/policy/update`, { id: policy.id, name: 'Block RU', type: 1, countries: ['RU'], enabled: false });
    expect((up.body.data as Policy).enabled).toBe(false);
    const list = await get('acme', `${P}/policy/list/${created.id}`);
    expect((list.body.data as Policy[]).length).toBe(2);
    const del = await post('acme', `${P}/policy/delete`, { id: (waf.body.data as Policy).id });
    expect(del.body.code).toBe(0);
    expect(((await get('acme', `${P}/policy/list/${created.id}`)).body.data as Policy[]).length).toBe(1);
  });

  it('creates rules of every action type (configuring → configured), refuses unsafe regular expressions', async () => {
    const actions: Array<[number, Record<string, unknown>]> = [
      [1, { target: 'https://www.acme-media.example/new', statusCode: 301 }],
      [2, { requests: 100, blockTime: 600 }],
      [3, { mode: 'challenge' }],
      [4, { url: '/v2/api', headers: [{ name: 'X-Rewritten', value: '1' }] }],
      [5, { origin: 'backup.acme-media.example:8080' }],
      [6, { headers: [{ name: 'X-Frame-Options', value: 'DENY' }] }],
      [7, { overrides: { sqli: 'alert' } }],
    ];
    for (const [actionType, action] of actions) {
      const res = await post('acme', `${P}/rule/create`, {
        websiteId: created.id,
        name: `rule ${actionType}`,
        actionType,
        action,
        interval: 60,
        filters: [{ field: 'path', operator: 'startsWith', value: '/api' }],
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      rules.push(res.body.data as Rule);
    }
    expect(rules.map((r) => r.priority)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rules[0].status).toBe('configuring');
    const unsafe = await post('acme', `${P}/rule/create`, {
      websiteId: created.id,
      name: 'redos',
      actionType: 3,
      action: { mode: 'block' },
      filters: [{ field: 'path', operator: 'regex', value: '(a+)+$' }],
    });
    expect(unsafe.body.msg).toBe('The regular expression is invalid or may take too long: filters.0.value = "(a+)+$"');
    const noTarget = await post('acme', `${P}/rule/create`, {
      websiteId: created.id,
      name: 'r',
      actionType: 1,
      action: { statusCode: 301 },
    });
    expect(noTarget.body.msg).toBe('Cannot be empty: action.target = null');
    for (let i = 0; i < 50; i++) {
      const list = (await get('acme', `${P}/rule/list/${created.id}`)).body.data as Rule[];
      if (list.every((r) => r.status === 'configured')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('rules not configured');
  });

  it("reorders by priority (all the website's rules, each once); a disabled rule ends disabled", async () => {
    const order = [...rules].reverse().map((r) => r.id);
    const bad = await post('acme', `${P}/rule/priority`, { websiteId: created.id, ids: order.slice(1) });
    expect(bad.body.code).not.toBe(0);
    const res = await post('acme', `${P}/rule/priority`, { websiteId: created.id, ids: order });
    expect((res.body.data as Rule[]).map((r) => r.id)).toEqual(order);
    const up = await post('acme', `${P}/rule/update`, {
      id: rules[0].id,
      name: 'rule 1',
      actionType: 1,
      action: { target: '/x', statusCode: 302 },
      enabled: false,
    });
    expect(up.body.code).toBe(0);
    for (let i = 0; i < 50; i++) {
      const r = (await get('acme', `${P}/rule/detail/${rules[0].id}`)).body.data as Rule;
      if (r.status === 'disabled') return;
      await new Promise((x) => setTimeout(x, 100));
    }
    throw new Error('rule not disabled');
  });

  it('serves the rule-filter and client-app catalogues', async () => {
    const filters = (await get('acme', `${P}/rule-filter/list`)).body.data as Array<{ field: string; operators: string[] }>;
    expect(filters.map((f) => f.field)).toEqual(['path', 'query', 'method', 'clientIp', 'country', 'userAgent', 'referer', 'header']);
    const apps = (await get('acme', `${P}/client-app/list`)).body.data as Array<{ id: string }>;
    expect(apps.map((a) => a.id)).toContain('googlebot');
  });

  it("tenant isolation: globex never sees or changes acme's website, policy or rule", async () => {
    const missing = async (res: Awaited<ReturnType<typeof get>>) => {
      expect(res.body.code).toBe(404);
    };
    await missing(await get('globex', `${P}/manager/detail/${created.id}`));
    await missing(await get('globex', `${P}/policy/list/${created.id}`));
    await missing(await get('globex', `${P}/policy/detail/${policy.id}`));
    await missing(await get('globex', `${P}/rule/detail/${rules[1].id}`));
    await missing(await post('globex', `${P}/manager/update`, { id: created.id, ...website({ domain: 'taken.example.com' }) }));
    await missing(await post('globex', `${P}/manager/disable`, { id: created.id }));
    await missing(await post('globex', `${P}/policy/delete`, { id: policy.id }));
    await missing(await post('globex', `${P}/rule/delete`, { id: rules[1].id }));
    await missing(await post('globex', `${P}/rule/create`, { websiteId: created.id, name: 'x', actionType: 3, action: { mode: 'block' } }));
    await missing(await post('globex', `${P}/rule/priority`, { websiteId: created.id, ids: rules.map((r) => r.id) }));
    const list = (await get('globex', `${P}/manager/list`)).body.data as { list: Website[] };
    expect(list.list.some((w) => w.account !== 'globex')).toBe(false);
    expect((await get('acme', `${P}/rule/detail/${rules[1].id}`)).body.code).toBe(0);
  });

  it('rights: acme_viewer and nobody are refused ("403")', async () => {
    expect((await get('acme_viewer', `${P}/manager/list`)).body.code).toBe('403');
    expect((await post('acme_viewer', `${P}/manager/create`, website({ domain: 'v.acme-media.example' }))).body.code).toBe('403');
    expect((await post('nobody', `${P}/statistic/data`, { startTime: 0, endTime: 10 })).body.code).toBe('403');
  });
});

describe('dashboard', () => {
  it("byteList and countList from the access logs of the website's domain", async () => {
    const end = Math.floor(Date.now() / 1000);
    const start = end - 3600;
    // Two log rows of the website's domain (acme), one of another account's same name (ignored).
    const row = (account: string, ts: number, bytes: number) => ({
      ts,
      account,
      domain: 'shop.acme-media.example',
      url: '/a',
      method: 'GET',
      status: 200,
      bytes,
      request_time: 10,
      cache_hit: 1,
      client_ip: '1.2.3.4',
      continent: 'Asia',
      country: 'CN',
      province: '',
      isp: '',
      user_agent: 'x',
      referer: '',
      provider: '',
      edge_node: '',
    });
    const lines = [row('acme', end - 600, 1000), row('acme', end - 590, 3000), row('globex', end - 600, 99999)]
      .map((r) => JSON.stringify(r))
      .join('\n');
    await app.traffic.insertRaw('traffic.access_log', lines, 'JSONEachRow');
    const res = await post('acme', `${P}/statistic/data`, { websiteId: created.id, startTime: start, endTime: end });
    expect(res.body.code).toBe(0);
    const data = res.body.data as {
      byteList: Array<{ time: number; flow: number; bandwidth: number }>;
      countList: Array<{ count: number }>;
      interval: number;
    };
    expect(data.interval).toBe(300);
    expect(data.byteList.reduce((s, p) => s + p.flow, 0)).toBe(4000);
    expect(data.countList.reduce((s, p) => s + p.count, 0)).toBe(2);
    expect(data.byteList[0].time % 300_000).toBe(0);
    const foreign = await post('globex', `${P}/statistic/data`, { websiteId: created.id, startTime: start, endTime: end });
    expect(foreign.body.code).toBe(404);
    const bad = await post('acme', `${P}/statistic/data`, { startTime: end, endTime: start });
    expect(bad.body.msg).toBe('Range Error');
  });
});

describe('security events', () => {
  // A window 30 days back, where the demo (7 days) has no events: only the fixture is there.
  const t0 = Math.floor(Date.now() / 1000 / 300) * 300 - 30 * 86_400;
  const ev = (over: Partial<SecurityEventRow>): SecurityEventRow => ({
    ts: t0 + 60,
    account: 'acme',
    website_id: created.id,
    domain: 'shop.acme-media.example',
    source_kind: 'waf',
    source_id: 1,
    source_name: 'WAF',
    category: 'sqli',
    action: 'block_request',
    client_ip: '192.0.2.1',
    country: 'US',
    url: "/item?id=1' OR '1'='1",
    user_agent: 'sqlmap/1.7',
    ...over,
  });
  /** One request from 192.0.2.2 stopped by the login rate-limit rule. */
  const rateLimited = (ts: number) =>
    ev({
      ts,
      client_ip: '192.0.2.2',
      country: 'RU',
      category: 'rate',
      action: 'rate_limit',
      source_kind: 'rule',
      source_id: 7,
      source_name: 'Rate-limit login',
      url: '/login',
    });
  const fixture = (): SecurityEventRow[] => [
    ev({}),
    ev({ ts: t0 + 70 }),
    ev({ ts: t0 + 400, client_ip: '192.0.2.1', category: 'xss', url: '/?q=<script>' }),
    ...[900, 905, 910].map((dt) => rateLimited(t0 + dt)),
    ev({
      ts: t0 + 1800,
      client_ip: '192.0.2.3',
      country: 'KP',
      category: 'acl',
      action: 'block',
      source_kind: 'acl',
      source_id: 3,
      source_name: 'Block regions',
      url: '/',
    }),
    ev({ ts: t0 + 2400, client_ip: '192.0.2.4', country: 'BR', category: 'rfi', action: 'alert', url: '/?p=php://input' }),
    ev({
      ts: t0 + 3000,
      client_ip: '192.0.2.5',
      country: 'US',
      category: 'security',
      action: 'challenge',
      source_kind: 'rule',
      source_id: 8,
      source_name: 'Challenge',
      user_agent: 'curl/8.4.0',
    }),
    // not counted: out of the range, and a row of another account naming acme's website
    ev({ ts: t0 + 3600 }),
    ev({ ts: t0 + 100, account: 'globex', client_ip: '192.0.2.99' }),
  ];
  const inRange = (rows: SecurityEventRow[]) =>
    rows.filter((r) => r.account === 'acme' && r.website_id === created.id && r.ts >= t0 && r.ts < t0 + 3600);
  /** [key, count] largest first, ties by key: computed here, independently of the SQL. */
  const tally = (rows: SecurityEventRow[], key: (r: SecurityEventRow) => string) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  };
  const stats = async (who: string, body: Record<string, unknown>) => {
    const res = await post(who, `${P}/statistic/data`, { startTime: t0, endTime: t0 + 3600, ...body });
    expect(res.body.code).toBe(0);
    return res.body.data as StatisticData;
  };

  it("kind security_events through the ingest path; the dashboard figures are the fixture's sums", async () => {
    const rows = fixture();
    const lines = [
      ...rows.map((r) => JSON.stringify(r)),
      JSON.stringify(ev({ action: 'bogus' as SecurityEventRow['action'] })),
      JSON.stringify(ev({ category: 'nope' as SecurityEventRow['category'] })),
    ];
    const report = await ingestLines(app, 'security_events', 'waf-shipper', lines);
    expect(report.code).toBe('0');
    expect(report.data.rows).toBe(rows.length);
    expect(report.data.rejectedLines).toEqual([rows.length + 1, rows.length + 2]);

    const expected = inRange(rows);
    const d = await stats('acme', { websiteId: created.id });
    expect(d.totalEvents).toBe(expected.length);
    expect(d.eventCountList.reduce((s, p) => s + p.count, 0)).toBe(expected.length);
    expect(d.eventCountList).toEqual(
      tally(expected, (r) => String(Math.floor(r.ts / 300) * 300 * 1000))
        .map(([t, n]) => ({ time: Number(t), count: n }))
        .sort((a, b) => a.time - b.time),
    );
    expect(d.topCategories.map((c) => [c.category, c.count])).toEqual(tally(expected, (r) => r.category));
    expect(d.topIps.map((c) => [c.ip, c.count])).toEqual(tally(expected, (r) => r.client_ip));
    expect(d.topIps[0]).toEqual({ ip: '192.0.2.1', country: 'US', count: 3 });
    expect(d.topCountries.map((c) => [c.country, c.count])).toEqual(tally(expected, (r) => r.country));
    expect(d.actions.map((c) => [c.action, c.count])).toEqual(tally(expected, (r) => r.action));
    // All the caller's websites: the same (acme's demo website has no events 30 days back).
    expect((await stats('acme', {})).totalEvents).toBe(expected.length);
  });

  it("tenant isolation and rights: globex never sees acme's events, acme_viewer is refused", async () => {
    await insertSecurityEvents(app.traffic, [ev({ ts: t0 + 200, client_ip: '192.0.2.50' })]);
    const gx = await stats('globex', {});
    expect(gx.totalEvents).toBe(0);
    expect(gx.topIps).toEqual([]);
    expect((await post('globex', `${P}/statistic/data`, { websiteId: created.id, startTime: t0, endTime: t0 + 3600 })).body.code).toBe(404);
    expect((await post('acme_viewer', `${P}/statistic/data`, { startTime: t0, endTime: t0 + 3600 })).body.code).toBe('403');
    expect((await stats('acme', { websiteId: created.id })).topIps.some((r) => r.ip === '192.0.2.50')).toBe(true);
  });

  it("the demo events are the real evaluator's decisions on generated traffic", async () => {
    const list = (await get('acme', `${P}/manager/list`)).body.data as { list: Website[] };
    const demo = list.list.find((w) => w.domain === 'www.acme-media.example')!;
    const end = Math.floor(Date.now() / 1000);
    const d = await stats('acme', { websiteId: demo.id, startTime: end - 7 * 86_400, endTime: end });
    expect(d.totalEvents).toBeGreaterThan(0);
    const categories = d.topCategories.map((c) => c.category);
    for (const c of ['rate', 'acl', 'sqli', 'xss'] as const) expect(categories).toContain(c);
    expect(d.actions.map((a) => a.action)).toContain('rate_limit');
    const last = await stats('acme', { websiteId: demo.id, startTime: end - 86_400, endTime: end });
    expect(last.totalEvents).toBeGreaterThan(0);
    // Each stored event (but the rate limits, which depend on the requests before) is what the evaluator decides on its request.
    const policies = (await get('acme', `${P}/policy/list/${demo.id}`)).body.data as Policy[];
    const rules = (await get('acme', `${P}/rule/list/${demo.id}`)).body.data as Rule[];
    const evaluate = compileWebsite(policies, rules);
    const rows = await app.traffic.query<SecurityEventRow>(
      `SELECT * REPLACE (toUnixTimestamp(ts) AS ts) FROM traffic.security_events WHERE account = 'acme' AND website_id = {id:UInt32} AND category != 'rate' ORDER BY ts, client_ip, url LIMIT 200`,
      { id: demo.id },
    );
    expect(rows.length).toBeGreaterThan(0);
    // (ts read as epoch seconds: the DateTime's text form would compare as NaN)
    // A block IP / block user holds for DEMO_BLOCK_SECONDS: a later request of that client is blocked
    // by it even when the evaluator alone would let it pass.
    const all = await app.traffic.query<SecurityEventRow>(
      `SELECT * REPLACE (toUnixTimestamp(ts) AS ts) FROM traffic.security_events WHERE account = 'acme' AND website_id = {id:UInt32} ORDER BY ts`,
      { id: demo.id },
    );
    let sticky = 0;
    for (const r of rows) {
      const decision = evaluate({
        method: r.url === '/login' ? 'POST' : 'GET',
        url: r.url,
        clientIp: r.client_ip,
        country: r.country,
        userAgent: r.user_agent,
        referer: '',
        headers: {},
      });
      if (decision.action === r.action && decision.decidedBy?.id === Number(r.source_id)) continue;
      sticky++;
      const held = all.find(
        (e) =>
          e.action === r.action &&
          e.client_ip === r.client_ip &&
          (r.action === 'block_ip' || e.user_agent === r.user_agent) &&
          // the blocking request may fall in the same second as the one it holds (ts are whole seconds)
          Number(e.ts) <= Number(r.ts) &&
          Number(r.ts) < Number(e.ts) + DEMO_BLOCK_SECONDS &&
          Number(e.source_id) === Number(r.source_id) &&
          !(Number(e.ts) === Number(r.ts) && e.url === r.url),
      );
      expect([r.url, r.action, held !== undefined]).toEqual([r.url, r.action, true]);
    }
    // the sqli campaign (block IP on this website) also browses ordinary pages: some are held
    const [held] = await app.traffic.query<{ n: string }>(
      `SELECT count() AS n FROM traffic.security_events WHERE account = 'acme' AND website_id = {id:UInt32} AND action = 'block_ip' AND category = 'sqli'
         AND url IN {benign:Array(String)}`,
      { id: demo.id, benign: BENIGN_PATHS },
    );
    console.log(
      `demo events re-evaluated: ${rows.length}, of which held by an earlier block: ${sticky}; sqli block-IP events on ordinary pages: ${held.n}`,
    );
    expect(Number(held.n)).toBeGreaterThan(0);
    // Every event's request is in the access log of the website's domain (same time, client, URL, user agent).
    const [joined] = await app.traffic.query<{ events: string; logged: string }>(
      `SELECT count() AS events, countIf((ts, client_ip, url, user_agent) IN (
         SELECT ts, IPv4NumToString(client_ip), url, user_agent FROM traffic.access_log WHERE account = 'acme' AND domain = {domain:String})) AS logged
       FROM traffic.security_events WHERE account = 'acme' AND website_id = {id:UInt32}`,
      { id: demo.id, domain: demo.domain },
    );
    expect(Number(joined.events)).toBeGreaterThan(0);
    expect(Number(joined.logged)).toBe(Number(joined.events));
  });

  it('demo: a block IP holds for the block time, and the blocked requests are logged with status 403', async () => {
    const site: DemoEventSite = {
      id: 1,
      account: 'acme',
      domain: 'sticky.example',
      rules: [],
      policies: [
        enginePolicy({ id: 5, name: 'waf', type: 3, waf: { xss: 'ignore', sqli: 'block_ip', rfi: 'ignore', illegalResource: 'ignore' } }),
      ],
    };
    const evaluate = stickyBlocks((req) => compileWebsite(site.policies, [])(req), 600);
    const req = (url: string, clientIp = '192.0.2.9') => ({
      method: 'GET',
      url,
      clientIp,
      country: 'US',
      userAgent: 'x',
      referer: '',
      headers: {},
    });
    expect(evaluate(req('/'), 0).action).toBe('pass');
    expect(evaluate(req("/item?id=1' OR '1'='1"), 10).action).toBe('block_ip');
    const held = evaluate(req('/'), 100);
    expect([held.action, held.sticky, held.decidedBy?.id]).toEqual(['block_ip', true, 5]);
    expect(evaluate(req('/', '192.0.2.10'), 100).action).toBe('pass');
    expect(evaluate(req('/'), 611).action).toBe('pass');
    expect(EVENT_STATUS.block_ip).toBe(403);
    expect(EVENT_STATUS.alert).toBe(200);
  });
});
