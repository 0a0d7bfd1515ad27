import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ingestLines, englishCalls, makeApp, signIn } from './helpers';
import { coveredRows, pattern } from './contractTable';
import { DEMO_IPP } from '../../server/demo/ipp';
import { runIppDetector } from '../../server/lib/ippDetector';
import { ippChallenge, markIppProofVerified } from '../../server/stores/config/ipProtection';
import { detectIppAttacks, DETECTOR, ensureIppRollups } from '../../server/stores/traffic/ipProtection';
import { topRegions } from '../../common/rules/ipProtection';
import type { IppAlarmPage, IppEntry, IppPortErrorData, IppProofReply, IppStatistic, IppStatListRow } from '../../common/wire/ipProtection';

let app: Awaited<ReturnType<typeof makeApp>>;
let admin: string;
let acme: string;
let globex: string;
let viewer: string;
const BASE = '/impapi/protection/network';
const { post, get } = englishCalls(() => app);
const list = async (cookie: string) => {
  const r = await get(cookie, `${BASE}/manager/list`);
  expect(r.body.code).toBe(0);
  return r.body.data as IppEntry[];
};
const entryOf = async (cookie: string, id: number) => (await list(cookie)).find((e) => e.id === id);
/** Polls until the entry reaches the status (the job's steps are 300 ms). */
async function until(cookie: string, id: number, status: string, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const e = await entryOf(cookie, id);
    if (e?.status === status) return e;
    if (Date.now() > end) throw new Error(`entry ${id} is ${e?.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const create = (cookie: string, body: Record<string, unknown>) =>
  post(cookie, `${BASE}/manager/create`, { protocol: 'TCP', ports: [], ranges: [], ...body });
const message = async (body: Record<string, unknown>) => {
  const r = await create(acme, { originIp: '8.8.4.4', cnamePrefix: 'rule-test', ...body });
  expect(r.body.code).not.toBe(0);
  expect(r.body.data).toBe(r.body.msg);
  return r.body.msg;
};

beforeAll(async () => {
  // Each timed step (toBeConfirmed → configuring → configured, disabling → disabled) takes 300 ms here.
  app = await makeApp({ ingestToken: 'ipp-shipper', allowPrivateOrigins: true, issueDelayMs: 300 });
  [admin, acme, globex, viewer] = await Promise.all(['admin', 'acme', 'globex', 'acme_viewer'].map((u) => signIn(app, u)));
  // The public IPs the rule and state tests protect are acme's, proven (the proof route itself is tested below).
  for (const ip of ['8.8.4.4', '8.8.8.8', '2001:4860:4860::8844']) {
    await ippChallenge(app.db, 'acme', ip, `test-${ip}`);
    await markIppProofVerified(app.db, 'acme', ip);
  }
}, 300_000); // copying the seeded template took over 2 minutes on the shared machine under load
afterAll(async () => {
  await app?.close();
});

describe('contract rows of IP protection', () => {
  it("every /impapi/protection/network row and the alarm page are served with the contract's module and access", () => {
    const rows = coveredRows().filter(
      (r) => r.path.startsWith('/impapi/protection/network/') || r.path === '/impapi/monitor/alarm/record/page',
    );
    expect(rows.length).toBe(13); // the contract's 11 and the ownership proofs (issue #35)
    const wrong = rows.filter((row) => {
      const m = app.routeTable.filter((r) => r.method === row.method && pattern(row.path).test(r.url));
      return m.length !== 1 || m[0].module !== row.module || m[0].access !== row.access;
    });
    expect(wrong.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe('entries: list and rights', () => {
  it("acme sees its own and its sub-accounts' demo entries, globex its two, staff all", async () => {
    const acmeList = await list(acme);
    expect(acmeList.map((e) => e.cnamePrefix).sort()).toEqual(['acme-game', 'acme-static', 'acme-video', 'acme-web']);
    expect(acmeList.find((e) => e.cnamePrefix === 'acme-web')).toMatchObject({
      status: 'configured',
      ports: [22, 80, 443, 3389, 8080],
      cname: 'acme-web.ipp.cdnportal.net',
    });
    expect((await list(globex)).map((e) => e.account)).toEqual(['globex', 'globex']);
    expect((await list(admin)).length).toBe(DEMO_IPP.length);
  });

  it('acme_viewer (no ipP right) is refused with code "403" on reads and writes', async () => {
    expect((await get(viewer, `${BASE}/manager/list`)).body.code).toBe('403');
    expect((await post(viewer, '/impapi/monitor/alarm/record/page', {})).body.code).toBe('403');
    expect((await create(viewer, { originIp: '8.8.4.4', cnamePrefix: 'viewer', ports: [80] })).body.code).toBe('403');
  });

  it("globex on acme's entry answers like a missing one, and nothing changes", async () => {
    const acmeWeb = (await list(acme)).find((e) => e.cnamePrefix === 'acme-web')!;
    for (const action of ['delete', 'disable', 'enable', 'checkConfig']) {
      const theirs = await post(globex, `${BASE}/manager/${action}`, { id: acmeWeb.id });
      const missing = await post(globex, `${BASE}/manager/${action}`, { id: 999999 });
      expect(theirs.body).toEqual(missing.body);
    }
    const upd = await post(globex, `${BASE}/manager/update`, {
      id: acmeWeb.id,
      originIp: '8.8.8.8',
      protocol: 'TCP',
      ports: [80],
      cnamePrefix: 'taken',
    });
    expect(upd.body).toEqual(
      (
        await post(globex, `${BASE}/manager/update`, {
          id: 999999,
          originIp: '8.8.8.8',
          protocol: 'TCP',
          ports: [80],
          cnamePrefix: 'taken',
        })
      ).body,
    );
    expect((await get(globex, `${BASE}/manager/getPortErrorData/${acmeWeb.id}`)).body).toEqual(
      (await get(globex, `${BASE}/manager/getPortErrorData/999999`)).body,
    );
    expect((await get(globex, `${BASE}/statistic/list/acme`)).body).toEqual(
      (await get(globex, `${BASE}/statistic/list/missing_account`)).body,
    );
    const now = Math.floor(Date.now() / 1000);
    expect((await post(globex, `${BASE}/statistic/data`, { ip: acmeWeb.originIp, startTime: now - 3600, endTime: now })).body.msg).toBe(
      'Record not found',
    );
    expect(await entryOf(acme, acmeWeb.id)).toEqual(acmeWeb);
  });
});

describe('entry rules and messages (server side)', () => {
  it("answers every rule with the spec's message, in msg and data", async () => {
    expect(await message({ originIp: '', ports: [80] })).toBe('Cannot be empty');
    expect(await message({ originIp: '300.1.1.1', ports: [80] })).toBe('Format error');
    expect(await message({ cnamePrefix: '', ports: [80] })).toBe('Cannot be empty');
    expect(await message({ cnamePrefix: 'bad_prefix', ports: [80] })).toBe('Format error');
    expect(await message({})).toBe('Either ports or a range is required');
    expect(await message({ ranges: [{ start: 100 }] })).toBe('Range start and end are required');
    expect(await message({ ranges: [{ start: 200, end: 100 }] })).toBe('Range Error');
    expect(await message({ ranges: [{ start: 200, end: 200 }] })).toBe('Range Error');
    expect(await message({ ranges: [{ start: 1000, end: 1100 }] })).toBe('No more than 100 ports per range');
    expect(await message({ ports: [70000] })).toBe('Port 70000 is out of range (1-65535)');
    expect(await message({ ports: [0] })).toBe('Port 0 is out of range (1-65535)');
    expect(await message({ ports: [445] })).toBe('Port 445 is forbidden');
    expect(await message({ ranges: [{ start: 20, end: 30 }] })).toBe('Port 25 is forbidden');
    expect(await message({ ports: [80], remark: 'x'.repeat(101) })).toBe('The remark may have at most 100 characters');
    expect(await message({ ports: [80], cnamePrefix: 'ACME-WEB' })).toBe('The cname prefix already exists');
    expect(await message({ ports: [80], originIp: '203.0.113.30' })).toBe('This origin IP is already protected');
    // types are checked by the schema without coercion
    expect((await create(acme, { originIp: '8.8.4.4', cnamePrefix: 'x', ports: ['80'] })).body.code).not.toBe(0);
    // and the message in Chinese by default
    const zh = await call(app, acme, {
      method: 'POST',
      url: `${BASE}/manager/create`,
      payload: { originIp: '8.8.4.4', protocol: 'TCP', cnamePrefix: 'x', ports: [], ranges: [{ start: 9, end: 3 }] },
    });
    expect(zh.body.msg).toBe('范围错误');
  });

  it('refuses private and reserved origins unless allowed', async () => {
    app.config.allowPrivateOrigins = false;
    try {
      for (const ip of ['10.1.2.3', '192.168.1.1', '127.0.0.1', '::1', 'fd00::1', '198.18.0.1']) {
        expect(await message({ originIp: ip, ports: [80] })).toBe('Private and reserved addresses cannot be protected');
      }
      // documentation addresses are not refused as private (the demo's own; the ownership rule applies)
      expect(await message({ originIp: '203.0.113.9', ports: [80] })).toMatch(/^The origin IP 203\.0\.113\.9 cannot be protected/);
    } finally {
      app.config.allowPrivateOrigins = true;
    }
  });

  it('merges duplicates: preset ports join, repeats and ports inside a range go, overlapping ranges become one', async () => {
    const r = await create(acme, {
      originIp: '2001:4860:4860::8844',
      cnamePrefix: 'merge-test',
      preset: 'web',
      ports: [80, 80, 8443, 9005],
      ranges: [
        { start: 9000, end: 9010 },
        { start: 9005, end: 9020 },
      ],
    });
    expect(r.body.code).toBe(0);
    const e = r.body.data as IppEntry;
    expect(e).toMatchObject({
      status: 'toBeConfirmed',
      ports: [22, 80, 443, 3389, 8443],
      ranges: [{ start: 9000, end: 9020 }],
      account: 'acme',
    });
    expect((await post(acme, `${BASE}/manager/delete`, { id: e.id })).body.code).toBe(0);
  });
});

describe('state machine', () => {
  it('create → to be confirmed → configuring → configured; update and delete refused while disabling; disable → disabled; enable; delete', async () => {
    const r = await create(acme, {
      originIp: '8.8.8.8',
      cnamePrefix: 'lifecycle',
      preset: 'server',
      ranges: [{ start: 10000, end: 10009 }],
    });
    expect(r.body.code).toBe(0);
    const id = (r.body.data as IppEntry).id;
    expect((r.body.data as IppEntry).status).toBe('toBeConfirmed');
    await until(acme, id, 'configured');
    expect((await post(acme, `${BASE}/manager/enable`, { id })).body.msg).toBe('This action is not allowed while the entry is configured');
    // a long step (set for this call only), so that the refusals below do not race the job on a loaded machine
    app.config.issueDelayMs = 600_000;
    try {
      expect((await post(acme, `${BASE}/manager/disable`, { id })).body.data).toMatchObject({ status: 'disabling' });
    } finally {
      app.config.issueDelayMs = 300;
    }
    const blocked = await post(acme, `${BASE}/manager/update`, {
      id,
      originIp: '8.8.8.8',
      protocol: 'TCP',
      ports: [80],
      cnamePrefix: 'lifecycle',
    });
    expect(blocked.body.msg).toBe('This action is not allowed while the entry is disabling');
    expect((await post(acme, `${BASE}/manager/delete`, { id })).body.msg).toBe('This action is not allowed while the entry is disabling');
    expect((await post(acme, `${BASE}/manager/enable`, { id })).body.msg).toBe('This action is not allowed while the entry is disabling');
    await app.db.query(`UPDATE ipp_entries SET due = now() WHERE id = $1`, [id]);
    await until(acme, id, 'disabled');
    expect((await post(acme, `${BASE}/manager/checkConfig`, { id })).body.msg).toBe(
      'This action is not allowed while the entry is disabled',
    );
    // an update of a disabled entry keeps it disabled
    const upd = await post(acme, `${BASE}/manager/update`, {
      id,
      originIp: '8.8.8.8',
      protocol: 'TCP',
      ports: [8081],
      cnamePrefix: 'lifecycle2',
    });
    expect(upd.body.data).toMatchObject({ status: 'disabled', ports: [8081], cnamePrefix: 'lifecycle2' });
    expect((await post(acme, `${BASE}/manager/enable`, { id })).body.data).toMatchObject({ status: 'toBeConfirmed' });
    await until(acme, id, 'configured');
    expect((await post(acme, `${BASE}/manager/delete`, { id })).body.code).toBe(0);
    expect(await entryOf(acme, id)).toBeUndefined();
  });

  it('is restart-safe: a step interrupted by a stop (due time passed while no job ran) completes from the store', async () => {
    const [row] = await app.db.query<{ id: number }>(
      `INSERT INTO ipp_entries (account, origin_ip, protocol, ports, cname_prefix, status, due)
       VALUES ('acme', '8.8.8.9', 'TCP', '[80]', 'restart-test', 'configuring', now() - interval '1 hour') RETURNING id`,
    );
    await until(acme, row.id, 'configured');
    await app.db.query(`DELETE FROM ipp_entries WHERE id = $1`, [row.id]);
  });
});

describe('ownership of origin IPs (issue #35)', () => {
  /** Create with an IP: the refusal's text with the IP taken out, or 'ok' (the entry deleted again). */
  const attempt = async (cookie: string, originIp: string, cnamePrefix: string) => {
    const r = await create(cookie, { originIp, cnamePrefix, ports: [80] });
    if (r.body.code === 0) {
      expect((await post(cookie, `${BASE}/manager/delete`, { id: (r.body.data as IppEntry).id })).body.code).toBe(0);
      return 'ok';
    }
    return JSON.stringify(r.body).split(originIp).join('<ip>');
  };

  it("refuses another tenant's protected IP exactly like any IP not its own, and names neither holder nor entry", async () => {
    const acmeIp = '203.0.113.30'; // acme-web, an origin of acme's img.acme-media.example
    const unprotected = await attempt(globex, '203.0.113.99', 'squat-a');
    expect(unprotected).toBe(
      JSON.stringify({
        code: 1,
        data:
          'The origin IP <ip> cannot be protected by this account: ' +
          'it must be an origin of your domains or websites, an IP of your hosts, or proven with a verification file',
        msg:
          'The origin IP <ip> cannot be protected by this account: ' +
          'it must be an origin of your domains or websites, an IP of your hosts, or proven with a verification file',
      }),
    );
    expect(await attempt(globex, acmeIp, 'squat-b')).toBe(unprotected);
    expect(await attempt(globex, '2001:db8::77', 'squat-c')).toBe(unprotected);
    // globex even proves an IP acme protects: still the same refusal (the IP is protected once, by acme)
    await ippChallenge(app.db, 'globex', '198.51.100.12', 'test-squat');
    await markIppProofVerified(app.db, 'globex', '198.51.100.12');
    expect(await attempt(globex, '198.51.100.12', 'squat-d')).toBe(unprotected);
    // acme's own protected IP is named as taken (its own entry)
    expect(await message({ originIp: acmeIp, ports: [80] })).toBe('This origin IP is already protected');
  });

  it("accepts the tenant's own domain origin (any account of its tree), host IP and website origin", async () => {
    expect(await attempt(acme, '203.0.113.31', 'own-domain-origin')).toBe('ok'); // img.acme-media.example (acme)
    expect(await attempt(acme, '198.51.100.13', 'own-sub-origin')).toBe('ok'); // dl.acme-video.com (acme_video)
    const [host] = await app.db.query<{ ip: string }>(
      `SELECT public_ip AS ip FROM hosts WHERE account LIKE 'acme%' AND public_ip <> ''
         AND public_ip NOT IN (SELECT origin_ip FROM ipp_entries) ORDER BY id LIMIT 1`,
    );
    expect(await attempt(acme, host.ip, 'own-host')).toBe('ok');
    // globex-shop protects 192.0.2.80, the origin of globex's website: its update passes the ownership check
    const shop = (await list(globex)).find((e) => e.cnamePrefix === 'globex-shop')!;
    const { id, originIp, protocol, ports, ranges, preset, cnamePrefix } = shop;
    const upd = await post(globex, `${BASE}/manager/update`, {
      id,
      originIp,
      protocol,
      ports,
      ranges,
      preset,
      cnamePrefix,
      remark: 'Shop (checked)',
    });
    expect(upd.body).toMatchObject({ code: 0, data: { remark: 'Shop (checked)', originIp: '192.0.2.80' } });
    // the same host IP is not globex's
    expect(await attempt(globex, host.ip, 'their-host')).not.toBe('ok');
  });
});

describe('checkConfig: real TCP connects', () => {
  let open: net.Server;
  let openPort = 0;
  let closedPort = 0;
  /** The proof server: serves what `served` holds at the verification path. */
  let proofServer: http.Server;
  const served = new Map<string, string>();
  beforeAll(async () => {
    open = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => open.listen(0, '127.0.0.1', r));
    openPort = (open.address() as net.AddressInfo).port;
    const tmp = net.createServer();
    await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', r));
    closedPort = (tmp.address() as net.AddressInfo).port;
    await new Promise((r) => tmp.close(r));
    proofServer = http.createServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    });
    await new Promise<void>((r) => proofServer.listen(0, '127.0.0.1', r));
    app.config.ipp.proofPort = (proofServer.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => open.close(r));
    proofServer.closeAllConnections();
    await new Promise((r) => proofServer.close(r));
  });

  it('a proof: the challenge gives a token, verify fetches it from the IP; before that the IP is refused', async () => {
    const refusedBefore = await create(acme, { originIp: '127.0.0.1', cnamePrefix: 'local-check', ports: [80] });
    expect(refusedBefore.body.msg).toMatch(/^The origin IP 127\.0\.0\.1 cannot be protected by this account/);
    const c = await post(acme, `${BASE}/ownership/challenge`, { originIp: '127.0.0.1' });
    expect(c.body.code).toBe(0);
    const proof = c.body.data as IppProofReply;
    expect(proof).toMatchObject({ originIp: '127.0.0.1', account: 'acme', verified: false, verifyTime: null });
    expect(proof.path).toBe(`/.well-known/cdn-portal-verification/${proof.token}.txt`);
    expect(proof.url).toBe(`http://127.0.0.1:${app.config.ipp.proofPort}${proof.path}`);
    // the same token until verified
    expect(((await post(acme, `${BASE}/ownership/challenge`, { originIp: '127.0.0.1' })).body.data as IppProofReply).token).toBe(
      proof.token,
    );
    expect((await post(acme, `${BASE}/ownership/verify`, { originIp: '127.0.0.1' })).body.msg).toBe(
      `Ownership not verified: The origin 127.0.0.1:${app.config.ipp.proofPort} answered HTTP 404`,
    );
    served.set(proof.path, 'someone else\n');
    expect((await post(acme, `${BASE}/ownership/verify`, { originIp: '127.0.0.1' })).body.msg).toBe(
      `Ownership not verified: the file at ${proof.url} does not hold the token`,
    );
    served.set(proof.path, `${proof.token}\n`);
    const v = await post(acme, `${BASE}/ownership/verify`, { originIp: '127.0.0.1' });
    expect(v.body.data).toMatchObject({ verified: true, token: proof.token });
    // globex's verify of an IP it never asked a token for
    expect((await post(globex, `${BASE}/ownership/verify`, { originIp: '127.0.0.1' })).body.msg).toBe('Ask for a verification token first');
    // another tenant's account answers like a missing one
    expect((await post(globex, `${BASE}/ownership/challenge`, { originIp: '127.0.0.1', account: 'acme' })).body.msg).toBe(
      'Record not found',
    );
    expect((await post(acme, `${BASE}/ownership/challenge`, { originIp: 'x' })).body.msg).toBe('Format error');
    // a proof of a documentation address is never fetched
    await post(acme, `${BASE}/ownership/challenge`, { originIp: '192.0.2.44' });
    expect((await post(acme, `${BASE}/ownership/verify`, { originIp: '192.0.2.44' })).body.msg).toBe(
      'Ownership not verified: Cannot connect to the origin 192.0.2.44: address reserved for documentation',
    );
  });

  it('an open and a closed port: origin to be checked, getPortErrorData names the closed one; a clean check configures again', async () => {
    const r = await create(acme, { originIp: '127.0.0.1', cnamePrefix: 'local-check', ports: [openPort, closedPort] });
    expect(r.body.code).toBe(0);
    const id = (r.body.data as IppEntry).id;
    await until(acme, id, 'configured');
    const checked = await post(acme, `${BASE}/manager/checkConfig`, { id });
    expect(checked.body.data).toMatchObject({ status: 'originToBeChecked', errorPorts: [closedPort] });
    const errors = (await get(acme, `${BASE}/manager/getPortErrorData/${id}`)).body.data as IppPortErrorData;
    expect(errors).toMatchObject({
      id,
      originIp: '127.0.0.1',
      checkedPorts: 2,
      errors: [{ port: closedPort, reason: 'refused', detail: 'ECONNREFUSED' }],
    });
    expect(errors.checkTime).not.toBeNull();
    // listening on the closed port too: the next check is clean
    const second = net.createServer((s) => s.destroy());
    await new Promise<void>((res) => second.listen(closedPort, '127.0.0.1', res));
    try {
      const again = await post(acme, `${BASE}/manager/checkConfig`, { id });
      expect(again.body.data).toMatchObject({ status: 'configured', errorPorts: [] });
    } finally {
      await new Promise((res) => second.close(res));
    }
    // without the private-address allowance every port fails as 'private'
    app.config.allowPrivateOrigins = false;
    try {
      const refused = await post(acme, `${BASE}/manager/checkConfig`, { id });
      expect(refused.body.data).toMatchObject({ status: 'originToBeChecked', errorPorts: [openPort, closedPort].sort((a, b) => a - b) });
      expect(
        ((await get(acme, `${BASE}/manager/getPortErrorData/${id}`)).body.data as IppPortErrorData).errors.every(
          (e) => e.reason === 'private',
        ),
      ).toBe(true);
    } finally {
      app.config.allowPrivateOrigins = true;
    }
    expect((await post(acme, `${BASE}/manager/delete`, { id })).body.code).toBe(0);
  });

  it('checks only owned entries, never a documentation address, within the per-account and per-target limits; each check audited', async () => {
    const r = await create(acme, { originIp: '127.0.0.1', cnamePrefix: 'limit-check', ports: [openPort] });
    const id = (r.body.data as IppEntry).id;
    await app.db.query(`UPDATE ipp_entries SET status = 'configured', due = NULL WHERE id = $1`, [id]);
    const check = async (entryId = id) => (await post(acme, `${BASE}/manager/checkConfig`, { id: entryId })).body;
    const audited = async () =>
      (
        await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE object_type = 'ippCheck' AND object_id = $1`, [
          String(id),
        ])
      )[0].n;
    const saved = { ...app.config.ipp };
    await app.db.query('DELETE FROM ipp_outbound');
    try {
      // per target: 2 checks of 127.0.0.1 an hour
      app.config.ipp = { ...saved, perAccount: 100, perTarget: 2 };
      expect((await check()).code).toBe(0);
      expect((await check()).code).toBe(0);
      expect((await check()).msg).toBe('Too many checks of 127.0.0.1; try again in 60 min');
      // per account: the tenant's 2 checks are used up too
      app.config.ipp = { ...saved, perAccount: 2, perTarget: 100 };
      expect((await check()).msg).toBe('Too many checks by this account; try again in 60 min');
      const zh = await call(app, acme, { method: 'POST', url: `${BASE}/manager/checkConfig`, payload: { id } });
      expect(zh.body.msg).toBe('本账号的检测过于频繁，请 60 分钟后重试');
      app.config.ipp = saved;
      // one audit row per check, with the ports checked
      expect(await audited()).toBe(5);
      const [row] = await app.db.query<{ after: { ports: number[]; errors: unknown[] } }>(
        `SELECT after FROM audit_log WHERE object_type = 'ippCheck' AND object_id = $1 AND code = '0' ORDER BY id DESC LIMIT 1`,
        [String(id)],
      );
      expect(row.after).toMatchObject({ ports: [openPort], errors: [] });
    } finally {
      app.config.ipp = saved;
    }
    // an entry whose IP is not (or no longer) the tenant's: the create refusal, and no connection
    const [squat] = await app.db.query<{ id: number }>(
      `INSERT INTO ipp_entries (account, origin_ip, protocol, ports, cname_prefix, status)
       VALUES ('acme', '198.18.0.9', 'TCP', '[22]', 'legacy-squat', 'configured') RETURNING id`,
    );
    expect((await check(squat.id)).msg).toBe(
      'The origin IP 198.18.0.9 cannot be protected by this account: ' +
        'it must be an origin of your domains or websites, an IP of your hosts, or proven with a verification file',
    );
    expect((await get(acme, `${BASE}/manager/getPortErrorData/${squat.id}`)).body.data).toMatchObject({ checkTime: null });
    // the demo's entries are in documentation ranges: refused with the reason, nothing stored
    const web = (await list(acme)).find((e) => e.cnamePrefix === 'acme-web')!;
    expect((await check(web.id)).msg).toBe('Port check of 203.0.113.30 not run: address reserved for documentation');
    const zh = await call(app, acme, { method: 'POST', url: `${BASE}/manager/checkConfig`, payload: { id: web.id } });
    expect(zh.body.msg).toBe('未对 203.0.113.30 执行端口检测：该地址保留用于文档示例');
    expect(await entryOf(acme, web.id)).toEqual(web);
    await app.db.query('DELETE FROM ipp_entries WHERE id = ANY($1::int[])', [[id, squat.id]]);
  });
});

describe('statistics', () => {
  const now = Math.floor(Date.now() / 60_000) * 60;
  const acmeIps = DEMO_IPP.filter((e) => e.account.startsWith('acme')).map((e) => e.fields.originIp);

  it('statistic/data for the whole account matches sums computed directly from the samples; top 9 regions plus Other', async () => {
    const end = Math.floor(now / 3600) * 3600;
    const start = end - 86_400;
    const r = await post(acme, `${BASE}/statistic/data`, { ip: 'all', startTime: start, endTime: end, granularity: '1h' });
    expect(r.body.code).toBe(0);
    const s = r.body.data as IppStatistic;
    const [direct] = await app.traffic.query<{ i: string; o: string }>(
      `SELECT sum(in_bytes) AS i, sum(out_bytes) AS o FROM traffic.ipp_traffic WHERE ip IN {ips:Array(String)} AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32})`,
      { ips: acmeIps, s: start, e: end },
    );
    expect(s.totalIngressFlow).toBe(Number(direct.i));
    expect(s.totalEgressFlow).toBe(Number(direct.o));
    expect(s.totalIngressFlow).toBeGreaterThan(0);
    expect(s.points.length).toBe(24);
    expect(s.points.reduce((a, p) => a + p.ingressFlow, 0)).toBe(s.totalIngressFlow);
    expect(s.points[1].time).toBe(s.points[0].time + 3_600_000);
    expect(s.points.every((p) => p.ingressBandwidth === Math.round((p.ingressFlow * 8) / 3600))).toBe(true);
    expect(Object.keys(s.areaIngressFlow).length).toBe(10);
    expect(s.areaIngressFlow.Other).toBeGreaterThan(0);
    expect(Object.values(s.areaIngressFlow).reduce((a, b) => a + b, 0)).toBe(s.totalIngressFlow);
    expect(s.peakIngressBandwidth).toBeGreaterThanOrEqual(Math.max(...s.points.map((p) => p.ingressBandwidth)));
  });

  it("one entry, 5-minute points; an empty ip is refused with the spec's message; a reversed range is a Range Error", async () => {
    const ip = acmeIps[0];
    const end = Math.floor(now / 300) * 300;
    const r = await post(acme, `${BASE}/statistic/data`, { ip, startTime: end - 3600, endTime: end, granularity: '5m' });
    const s = r.body.data as IppStatistic;
    expect(s.points.length).toBe(12);
    const [direct] = await app.traffic.query<{ i: string }>(
      `SELECT sum(in_bytes) AS i FROM traffic.ipp_traffic WHERE ip = {ip:String} AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32})`,
      { ip, s: end - 3600, e: end },
    );
    expect(s.totalIngressFlow).toBe(Number(direct.i));
    expect((await post(acme, `${BASE}/statistic/data`, { ip: ' ', startTime: now - 3600, endTime: now })).body.msg).toBe(
      'IP is empty and cannot be queried',
    );
    expect((await post(acme, `${BASE}/statistic/data`, { ip, startTime: now, endTime: now - 3600 })).body.msg).toBe('Range Error');
  });

  it('statistic/list/{account}: one row per entry of the account tree with flows and alarm counts', async () => {
    const r = await get(acme, `${BASE}/statistic/list/acme?startTime=${now - 7 * 86_400}&endTime=${now}`);
    expect(r.body.code).toBe(0);
    const rows = r.body.data as IppStatListRow[];
    expect(rows.length).toBe(4);
    expect(rows.find((x) => x.cname.startsWith('acme-web'))!.alarms).toBe(2);
    expect(rows.every((x) => x.ingressFlow > 0)).toBe(true);
    const video = (await get(acme, `${BASE}/statistic/list/acme_video`)).body.data as IppStatListRow[];
    expect(video.map((x) => x.originIp)).toEqual(['198.51.100.12']);
  });

  it('keeps the top 9 regions and sums the rest as Other', () => {
    const regions = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`R${i}`, 100 - i]));
    const top = topRegions(regions);
    expect(Object.keys(top)).toEqual(['R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'Other']);
    expect(top.Other).toBe(91 + 90 + 89);
    expect(topRegions({ a: 1, b: 2 })).toEqual({ b: 2, a: 1 });
  });
});

describe('attack detection and alarm records', () => {
  it('the demo alarms are what the detector found in the demo samples', async () => {
    const page = (await post(acme, '/impapi/monitor/alarm/record/page', { pageSize: 50 })).body.data as IppAlarmPage;
    expect(page.total).toBe(4);
    expect(page.list.map((a) => a.type).sort()).toEqual(['icmpFlood', 'synFlood', 'udpFlood', 'udpFlood']);
    expect(page.list.every((a) => a.state === 'ended' && a.endTime > a.startTime && a.peakBps > 0 && a.peakPps > 0)).toBe(true);
    const times = page.list.map((a) => a.startTime);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const gx = (await post(globex, '/impapi/monitor/alarm/record/page', {})).body.data as IppAlarmPage;
    expect(gx.list.map((a) => [a.account, a.type])).toEqual([['globex', 'synFlood']]);
    // filters: type, ip, state, time, paging
    expect(((await post(acme, '/impapi/monitor/alarm/record/page', { type: 'udpFlood' })).body.data as IppAlarmPage).total).toBe(2);
    expect(((await post(acme, '/impapi/monitor/alarm/record/page', { ip: '203.0.113.30' })).body.data as IppAlarmPage).total).toBe(2);
    expect(((await post(acme, '/impapi/monitor/alarm/record/page', { state: 'ongoing' })).body.data as IppAlarmPage).total).toBe(0);
    const p2 = (await post(acme, '/impapi/monitor/alarm/record/page', { pageNum: 2, pageSize: 3 })).body.data as IppAlarmPage;
    expect(p2).toMatchObject({ pageNum: 2, total: 4 });
    expect(p2.list.length).toBe(1);
    const now = Math.floor(Date.now() / 1000);
    expect(
      ((await post(acme, '/impapi/monitor/alarm/record/page', { startTime: now - 2.5 * 86_400, endTime: now })).body.data as IppAlarmPage)
        .total,
    ).toBe(2);
  });

  it('finds a known fixture: a 5-minute UDP flood and a SYN flood still going on, not a 1-minute spike', async () => {
    const end = Math.floor(Date.now() / 60_000) * 60;
    const start = end - 1440 * 60;
    const ip = '198.18.7.7';
    const lines: string[] = [];
    const mb = 1_000_000;
    for (let t = start; t < end; t += 60) {
      const m = (t - start) / 60;
      let tcp = 100 * mb; // 100 MB a minute of web traffic
      let udp = 0;
      let syn = Math.round((tcp / 900) * 0.02);
      if (m === 300) tcp = 2000 * mb; // a one-minute spike: no alarm
      if (m >= 600 && m < 605) udp = 1500 * mb;
      if (m >= 1437) {
        tcp = 1000 * mb;
        syn = Math.round((tcp / 60) * 0.9);
      }
      lines.push(
        JSON.stringify({
          ts: t,
          ip,
          region: 'US',
          protocol: 'tcp',
          in_bytes: tcp,
          out_bytes: 50 * mb,
          in_packets: Math.round(tcp / (m >= 1437 ? 60 : 900)),
          out_packets: 1000,
          syn_packets: syn,
        }),
      );
      if (udp)
        lines.push(
          JSON.stringify({
            ts: t,
            ip,
            region: 'BR',
            protocol: 'udp',
            in_bytes: udp,
            out_bytes: 0,
            in_packets: udp / 500,
            out_packets: 0,
            syn_packets: 0,
          }),
        );
    }
    lines.push(
      JSON.stringify({
        ts: end,
        ip,
        region: 'US',
        protocol: 'bogus',
        in_bytes: 1,
        out_bytes: 1,
        in_packets: 1,
        out_packets: 1,
        syn_packets: 0,
      }),
    );
    const report = await ingestLines(app, 'ipp_traffic', 'ipp-shipper', lines);
    expect(report.code).toBe('0');
    expect(report.data.rows).toBe(lines.length - 1);
    expect(report.data.rejectedLines).toEqual([lines.length]);
    const episodes = await detectIppAttacks(app.traffic, [ip], end);
    expect(episodes).toEqual(
      [
        {
          ip,
          type: 'udpFlood',
          start: start + 600 * 60,
          end: start + 605 * 60,
          peakBps: (1600 * mb * 8) / 60,
          peakPps: ((100 * mb) / 900 + (1500 * mb) / 500) / 60,
          ongoing: false,
        },
        {
          ip,
          type: 'synFlood',
          start: start + 1437 * 60,
          end,
          peakBps: (1000 * mb * 8) / 60,
          peakPps: Math.round((1000 * mb) / 60) / 60,
          ongoing: true,
        },
      ].map((e) => ({ ...e, peakPps: expect.closeTo(e.peakPps, 0) as unknown as number })),
    );
    expect(DETECTOR.factor).toBe(5);

    // As an entry of globex: the alarm records follow, the ongoing one ends when it is not found again.
    const [row] = await app.db.query<{ id: number }>(
      `INSERT INTO ipp_entries (account, origin_ip, protocol, ports, cname_prefix, status) VALUES ('globex', $1, 'TCP', '[80]', 'fixture', 'configured') RETURNING id`,
      [ip],
    );
    await runIppDetector(app.db, app.traffic, end);
    const gx = (await post(globex, '/impapi/monitor/alarm/record/page', { ip })).body.data as IppAlarmPage;
    expect(gx.list.map((a) => [a.type, a.state, a.durationSeconds])).toEqual([
      ['synFlood', 'ongoing', 180],
      ['udpFlood', 'ended', 300],
    ]);
    expect(((await post(acme, '/impapi/monitor/alarm/record/page', { ip })).body.data as IppAlarmPage).total).toBe(0);
    await runIppDetector(app.db, app.traffic, end + 600);
    const later = (await post(globex, '/impapi/monitor/alarm/record/page', { ip, type: 'synFlood' })).body.data as IppAlarmPage;
    expect(later.list.map((a) => a.state)).toEqual(['ended']);
    await app.db.query(`DELETE FROM ipp_entries WHERE id = $1`, [row.id]);
  });
});

describe('hourly rollup (traffic.ipp_traffic_1h)', () => {
  type Row = Record<string, string | number | boolean>;
  /** per IP and hour straight from the samples: flows and the busiest minute */
  const direct = () =>
    app.traffic.query<Row>(
      `SELECT ip, toUInt32(h) AS t, sum(mi) AS i, sum(mo) AS o, max(mi) AS pi, max(mo) AS po FROM (
       SELECT ip, toStartOfHour(ts) AS h, sum(in_bytes) AS mi, sum(out_bytes) AS mo FROM traffic.ipp_traffic GROUP BY ip, ts, h)
     GROUP BY ip, h ORDER BY ip, t`,
    );
  const rollup = () =>
    app.traffic.query<Row>(
      `SELECT ip, toUInt32(ts) AS t, sum(in_bytes) AS i, sum(out_bytes) AS o, max(peak_in) AS pi, max(peak_out) AS po,
       bitCount(groupBitOr(minutes)) = sum(minute_rows) AS exact,
       arrayMax(sumForEachMerge(in_minutes)) AS vi, arrayMax(sumForEachMerge(out_minutes)) AS vo, arraySum(sumForEachMerge(in_minutes)) AS si
     FROM traffic.ipp_traffic_1h GROUP BY ip, ts ORDER BY ip, t`,
    );
  /**
   * The rollup holds every (IP, hour) of the samples with their flows and minute vectors (always exact);
   * its scalar peaks where marked exact. Returns the rows not exact.
   */
  async function compare() {
    const [d, r] = await Promise.all([direct(), rollup()]);
    const key = (x: Row) => `${x.ip} ${x.t} ${x.i} ${x.o}`;
    expect(r.map(key)).toEqual(d.map(key));
    const exact = (x: Row) => x.exact === true || x.exact === 1 || x.exact === '1';
    const peaks = (x: Row) => `${x.ip} ${x.t} ${x.pi} ${x.po}`;
    expect(r.filter(exact).map(peaks)).toEqual(d.filter((_, i) => exact(r[i])).map(peaks));
    expect(r.map((x) => `${x.ip} ${x.t} ${x.vi} ${x.vo}`)).toEqual(d.map(peaks));
    expect(r.every((x) => String(x.si) === String(x.i))).toBe(true);
    return r.filter((x) => !exact(x)).map((x) => ({ ip: String(x.ip), t: Number(x.t) }));
  }
  /** The busiest minute of the summed IPs over [s, e) straight from the samples, as bandwidth. */
  const directPeak = async (ips: string[], s: number, e: number, column: 'in_bytes' | 'out_bytes' = 'in_bytes') => {
    const [row] = await app.traffic.query<{ p: string }>(
      `SELECT max(i) AS p FROM (SELECT ts, sum(${column}) AS i FROM traffic.ipp_traffic
       WHERE ip IN {ips:Array(String)} AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32}) GROUP BY ts)`,
      { ips, s, e },
    );
    return Math.round((Number(row.p) * 8) / 60);
  };
  const acmeIps = DEMO_IPP.filter((e) => e.account.startsWith('acme')).map((e) => e.fields.originIp);

  /** The daily region rollup (fed by the hourly one) holds the samples' flows per IP, UTC day and region. */
  async function compareDaily() {
    const q = (sql: string) =>
      app.traffic.query<Row>(
        `SELECT ip, toUInt32(d) AS t, region, sum(i) AS si, sum(o) AS so FROM (${sql}) GROUP BY ip, d, region ORDER BY ip, t, region`,
      );
    const [d, r] = await Promise.all([
      q('SELECT ip, toStartOfDay(ts) AS d, region, in_bytes AS i, out_bytes AS o FROM traffic.ipp_traffic'),
      q('SELECT ip, ts AS d, region, in_bytes AS i, out_bytes AS o FROM traffic.ipp_traffic_region_1d'),
    ]);
    expect(r.length).toBeGreaterThan(0);
    expect(r).toEqual(d);
  }

  it('matches the samples as the views filled it: flows of every hour, the busiest minute of the exact ones (nearly all)', async () => {
    await compareDaily();
    const inexact = await compare();
    const [{ n }] = await app.traffic.query<{ n: string }>('SELECT uniqExact(ip, toStartOfHour(ts)) AS n FROM traffic.ipp_traffic');
    expect(inexact.length).toBeLessThan(Number(n) / 10);
  });

  it('matches them after a backfill from the minute rollup, every peak exact', async () => {
    for (const t of ['ipp_traffic_1h', 'ipp_traffic_region_1d']) {
      await app.traffic.exec(`DROP VIEW traffic.${t}_mv`);
      await app.traffic.exec(`DROP TABLE traffic.${t}`);
    }
    await ensureIppRollups(app.traffic);
    expect(await compare()).toEqual([]);
    await compareDaily();
  });

  it('after ingests that split a minute across requests: flows still exact, that hour marked, and the statistics read its peak from the minutes', async () => {
    const ip = '203.0.113.208'; // acme-game, the quietest demo entry
    const now = Math.floor(Date.now() / 3600_000) * 3600;
    const t = now - 3 * 3600 + 600; // minute 10 of an hour three hours ago
    const mb = 1_000_000;
    const line = (ts: number, region: string, bytes: number) =>
      JSON.stringify({
        ts,
        ip,
        region,
        protocol: 'tcp',
        in_bytes: bytes,
        out_bytes: bytes / 2,
        in_packets: bytes / 1000,
        out_packets: 1,
        syn_packets: 0,
      });
    const ingest = async (lines: string[]) =>
      expect(await ingestLines(app, 'ipp_traffic', 'ipp-shipper', lines)).toMatchObject({ code: '0', data: { rows: lines.length } });
    // minute t: 5,000 + 4,000 MB in two requests (9,000 MB); minute t + 60: 6,000 MB in the first
    await ingest([line(t, 'US', 5000 * mb), line(t + 60, 'US', 6000 * mb)]);
    await ingest([line(t, 'JP', 4000 * mb)]);
    await compareDaily();
    const inexact = await compare();
    expect(inexact).toContainEqual({ ip, t: now - 3 * 3600 });

    // a range with partial first and last hours around the split hour
    const start = now - 6 * 3600 + 1234;
    const end = now - 3600 + 777;
    const truth = await directPeak([ip], start, end);
    expect(truth).toBeGreaterThanOrEqual(Math.round((9000 * mb * 8) / 60)); // the split minute carries the peak
    const rows = (await get(acme, `${BASE}/statistic/list/acme?startTime=${start}&endTime=${end}`)).body.data as IppStatListRow[];
    for (const row of rows) {
      expect(row.peakIngressBandwidth).toBe(await directPeak([row.originIp], start, end));
      const [flows] = await app.traffic.query<{ i: string; o: string }>(
        `SELECT sum(in_bytes) AS i, sum(out_bytes) AS o FROM traffic.ipp_traffic WHERE ip = {ip:String} AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32})`,
        { ip: row.originIp, s: start, e: end },
      );
      expect([row.ingressFlow, row.egressFlow]).toEqual([Number(flows.i), Number(flows.o)]);
    }
    expect(rows.find((x) => x.originIp === ip)!.peakIngressBandwidth).toBe(truth);

    for (const [who, granularity] of [
      [ip, '1h'],
      ['all', '1h'],
      ['all', '1d'],
      ['all', '5m'],
    ] as const) {
      const s = (await post(acme, `${BASE}/statistic/data`, { ip: who, startTime: start, endTime: end, granularity })).body
        .data as IppStatistic;
      const ips = who === 'all' ? acmeIps : [who];
      expect(s.peakIngressBandwidth).toBe(await directPeak(ips, start, end));
      expect(s.peakEgressBandwidth).toBe(await directPeak(ips, start, end, 'out_bytes'));
      const [flows] = await app.traffic.query<{ i: string; o: string }>(
        `SELECT sum(in_bytes) AS i, sum(out_bytes) AS o FROM traffic.ipp_traffic WHERE ip IN {ips:Array(String)} AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32})`,
        { ips, s: start, e: end },
      );
      expect([s.totalIngressFlow, s.totalEgressFlow]).toEqual([Number(flows.i), Number(flows.o)]);
      expect(s.points.reduce((a, p) => a + p.ingressFlow, 0)).toBe(s.totalIngressFlow);
      expect(Object.values(s.areaEgressFlow).reduce((a, b) => a + b, 0)).toBe(s.totalEgressFlow);
    }
  });

  it('the account peak equals the busiest minute of the summed IPs over a week with partial hours, and with no whole hour', async () => {
    const now = Math.floor(Date.now() / 1000);
    const start = now - 7 * 86_400 + 1801;
    for (const granularity of ['1h', '1d'] as const) {
      const s = (await post(acme, `${BASE}/statistic/data`, { ip: 'all', startTime: start, endTime: now, granularity })).body
        .data as IppStatistic;
      expect(s.peakIngressBandwidth).toBe(await directPeak(acmeIps, start, now));
      expect(s.peakEgressBandwidth).toBe(await directPeak(acmeIps, start, now, 'out_bytes'));
      expect(s.peakIngressBandwidth).toBeGreaterThan(0);
      // regions: whole days, whole hours and the partial hours together
      const byRegion = await app.traffic.query<{ region: string; i: string; o: string }>(
        `SELECT region, sum(in_bytes) AS i, sum(out_bytes) AS o FROM traffic.ipp_traffic
         WHERE ip IN {ips:Array(String)} AND ts >= toDateTime({s:UInt32}) AND ts < toDateTime({e:UInt32}) GROUP BY region`,
        { ips: acmeIps, s: start, e: now },
      );
      expect(s.areaIngressFlow).toEqual(topRegions(Object.fromEntries(byRegion.map((r) => [r.region, Number(r.i)]))));
      expect(s.areaEgressFlow).toEqual(topRegions(Object.fromEntries(byRegion.map((r) => [r.region, Number(r.o)]))));
    }
    // no whole hour inside: the minutes only
    const inside = Math.floor(now / 3600) * 3600 - 3 * 3600 + 300;
    const s = (await post(acme, `${BASE}/statistic/data`, { ip: 'all', startTime: inside, endTime: inside + 3000, granularity: '1h' })).body
      .data as IppStatistic;
    expect(s.points.length).toBe(1);
    expect(s.peakIngressBandwidth).toBe(await directPeak(acmeIps, inside, inside + 3000));
    expect(s.points[0].ingressBandwidth).toBe(Math.round((s.totalIngressFlow * 8) / 3000));
  });
});
