import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { evaluateRules, type MonitTiming } from '../../server/services/monitoring';
import { probeTick, type ProbeSettings } from '../../server/lib/availabilityProbe';
import type { AlarmRecord, AlertRule, Contact, ContactGroup, Page, ResourceReply } from '../../common/wire/monitoring';

/**
 * Availability monitoring (issue #20): the probe job measures a local HTTP origin started here for
 * real (private addresses allowed by config), records ok / error / restore rows, never probes a
 * target twice in a minute, and an availability rule fires and restores on those rows (fake clock).
 */

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
const en = { 'x-portal-lang': 'en' };
const TIMING: MonitTiming = { lagSeconds: 0, retryMs: 10, maxAttempts: 1 };
const SETTINGS: ProbeSettings = { intervalMs: 60_000, timeoutMs: 2000, country: 'China', city: 'Test', isp: 'Loopback' };
/**
 * The demo's cdn.acme-media.example (an acme domain without demo availability records) renamed under
 * .invalid: a documentation name's edge is never probed, and an .invalid name never resolves (RFC 6761),
 * so the edge probe records a DNS error on any machine.
 */
const DOMAIN = 'cdn.acme-probe.invalid';
/** Fake clock: whole minutes from an hour ago (inside the records' default last 24 h). */
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
const minute = (k: number) => new Date(T0 + k * 60_000);

let origin: http.Server;
let port = 0;
let answer = 200;
const listen = (p: number) => new Promise<void>((resolve) => origin.listen(p, '127.0.0.1', resolve));

const req = (method: 'POST' | 'PUT', url: string, payload?: object) => call(app, acme, { method, url, payload, headers: en });
const records = async () =>
  (
    (await req('POST', '/monit/record/resource', { domain: DOMAIN, type: 'origin', startTime: Math.floor(T0 / 1000), pageSize: 100 })).body
      .data as ResourceReply
  ).list.reverse();

beforeAll(async () => {
  origin = http.createServer((_rq, rs) => {
    // A little work, so the total time is visibly more than the connect time.
    setTimeout(() => rs.writeHead(answer, { 'content-type': 'text/plain' }).end('origin'), 20);
  });
  await listen(0);
  port = (origin.address() as AddressInfo).port;
  // The tests drive both jobs with a fake clock.
  app = await makeApp({ allowPrivateOrigins: true }, { PORTAL_MONIT_TICK_MS: '0', PORTAL_MONIT_PROBE_MS: '0' });
  await app.db.query(`UPDATE domains SET name = $1 WHERE name = 'cdn.acme-media.example'`, [DOMAIN]);
  await app.db.query(
    `UPDATE domains SET protocol = 'http', config = config || jsonb_build_object('origins', $2::jsonb, 'backProtocol', 'http', 'testUrl', '/health') WHERE name = $1`,
    [DOMAIN, JSON.stringify([{ role: 'main', type: 'ip', address: '127.0.0.1', port, weight: 10 }])],
  );
  acme = await signIn(app, 'acme');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await new Promise((r) => origin?.close(() => r(undefined)));
});

let ruleUuid = '';

describe('availability rules', () => {
  it('offers the availability metrics with their own validation and lists them', async () => {
    const contact = (await req('PUT', '/monit/contacts/add', { name: 'Probe duty', email: 'duty@acme.example' })).body.data as Contact;
    const group = (await req('PUT', '/monit/group/add', { name: 'Probe duty', contactIds: [contact.id] })).body.data as ContactGroup;
    const rule = {
      name: 'Origin down',
      domains: [DOMAIN],
      metric: 'probeFailRate',
      period: 1,
      comparison: 'gt',
      threshold: 60,
      consecutive: 1,
      groupIds: [group.id],
      channels: ['email'],
      repeatMinutes: 0,
    };
    expect((await req('PUT', '/monit/rule/add', { ...rule, threshold: 101 })).body.msg).toMatch(/out of range/);
    expect((await req('PUT', '/monit/rule/add', { ...rule, name: 'Slow', metric: 'probeTotalTime', threshold: 700_000 })).body.msg).toMatch(
      /out of range/,
    );
    expect((await req('PUT', '/monit/rule/add', { ...rule, metric: 'uptime' })).body.code).toBe('400');
    const added = await req('PUT', '/monit/rule/add', rule);
    expect(added.body.code).toBe('200');
    ruleUuid = (added.body.data as AlertRule).uuid;
    expect(
      (await req('PUT', '/monit/rule/add', { ...rule, name: 'Slow origin', metric: 'probeTotalTime', threshold: 3000 })).body.code,
    ).toBe('200');
    const list = ((await req('POST', '/monit/rule/list', { metric: 'probeFailRate' })).body.data as Page<AlertRule>).list;
    expect(list.map((r) => r.name)).toEqual(['Origin down']);
    // Evaluation starts at the first fake minute.
    await app.db.query(`UPDATE monit_rules SET evaluated_until = $1 WHERE account = 'acme' AND metric LIKE 'probe%'`, [minute(0)]);
  });
});

describe('probe job with a fake clock', () => {
  it('measures the origin for real and the edge, one row per target and minute, even with two workers', async () => {
    const rows = await probeTick(app, minute(0), SETTINGS);
    expect(rows.map((r) => r.type).sort()).toEqual(['edge', 'origin']);
    const o = rows.find((r) => r.type === 'origin')!;
    expect(o).toMatchObject({
      domain: DOMAIN,
      account: 'acme',
      event: 'ok',
      http_status: 200,
      origin_ip: '127.0.0.1',
      origin_port: port,
      dns_ms: 0,
      client_ip: '127.0.0.1',
    });
    expect(o.connect_ms).toBeGreaterThanOrEqual(1);
    expect(o.total_ms).toBeGreaterThanOrEqual(20);
    expect(o.total_ms).toBeGreaterThanOrEqual(o.connect_ms);
    // The edge is the domain's own name: it does not resolve here, an error.
    expect(rows.find((r) => r.type === 'edge')).toMatchObject({ event: 'error', http_status: 0 });
    // The same minute again, and two workers at once on the next: each target once per minute.
    expect(await probeTick(app, new Date(minute(0).getTime() + 30_000), SETTINGS)).toEqual([]);
    const [a, b] = await Promise.all([probeTick(app, minute(1), SETTINGS), probeTick(app, minute(1), SETTINGS)]);
    expect(a.length + b.length).toBe(2);
    const listed = await records();
    expect(listed.map((r) => [r.event, r.httpStatus])).toEqual([
      ['ok', 200],
      ['ok', 200],
    ]);
    expect(listed[0]).toMatchObject({ originIp: '127.0.0.1', originPort: port, country: 'China', city: 'Test', isp: 'Loopback' });
    expect(listed[0].totalMs).toBeGreaterThanOrEqual(20);
  });

  it('records an error for a 5xx answer and for a stopped origin, then a restore', async () => {
    answer = 503;
    expect((await probeTick(app, minute(2), SETTINGS)).find((r) => r.type === 'origin')).toMatchObject({
      event: 'error',
      http_status: 503,
    });
    answer = 200;
    await new Promise((r) => origin.close(() => r(undefined)));
    const down = (await probeTick(app, minute(3), SETTINGS)).find((r) => r.type === 'origin')!;
    expect(down).toMatchObject({ event: 'error', http_status: 0, connect_ms: 0 });
    await listen(port);
    expect((await probeTick(app, minute(4), SETTINGS)).find((r) => r.type === 'origin')).toMatchObject({
      event: 'restore',
      http_status: 200,
    });
    expect((await probeTick(app, minute(5), SETTINGS)).find((r) => r.type === 'origin')).toMatchObject({ event: 'ok' });
    expect((await records()).map((r) => r.event)).toEqual(['ok', 'ok', 'error', 'error', 'restore', 'ok']);
    const errors = (
      await req('POST', '/monit/record/resource', { domain: DOMAIN, type: 'origin', event: 'error', startTime: Math.floor(T0 / 1000) })
    ).body.data as ResourceReply;
    expect(errors.total).toBe(2);
  });

  it('an availability rule fires on the failed probes and restores, evaluated from the probe records', async () => {
    // Failed share per minute: 50 % (edge down, origin up), 100 % at minutes 2 and 3, 50 % after.
    for (let k = 1; k <= 6; k++) await evaluateRules(app, minute(k), TIMING);
    const alarms = (
      (await req('POST', '/monit/record/alarm', { uuid: ruleUuid, pageSize: 50 })).body.data as Page<AlarmRecord>
    ).list.reverse();
    expect(alarms.map((a) => [a.event, a.value, (new Date(a.periodStart).getTime() - T0) / 60_000])).toEqual([
      ['firing', 100, 2],
      ['restored', 50, 5], // the second healthy period (restoreAfter's default 2)
    ]);
    const rules = ((await req('POST', '/monit/rule/list', {})).body.data as Page<AlertRule>).list;
    expect(rules.find((r) => r.uuid === ruleUuid)).toMatchObject({ state: 'ok', lastValue: 50 });
    // The slow-total rule read the average total time of the same probes: a value in ms, below 3 s, no alarm.
    const slow = rules.find((r) => r.name === 'Slow origin')!;
    expect(slow.state).toBe('ok');
    expect(slow.lastValue).toBeGreaterThan(0);
    expect(slow.lastValue).toBeLessThan(3000);
  });
});
