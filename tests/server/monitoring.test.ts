import type http from 'node:http';
import { startSmtpSink, type SmtpSink } from './smtpSink';
import { accessLogLine, startReceiver, type Receiver } from './monitFixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cipher, makeApp, signIn } from './helpers';
import { deliverDue, evaluateRules, type MonitTiming } from '../../server/services/monitoring';
import { signWebhook } from '../../server/lib/monitDelivery';
import { seedDemoProbes } from '../../server/stores/traffic/monitoringProbe';
import type * as wire from '../../common/wire/monitoring';

/**
 * Cloud monitoring (issue #20): every /monit call with its validation and account scope, the rule
 * state machine over a known traffic fixture with a fake clock, and delivery to a local SMTP server
 * and webhook receiver started here (failures, retries, signatures).
 */

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let globex: string;
let viewer: string;
const en = { 'x-portal-lang': 'en' };
const TIMING: MonitTiming = { lagSeconds: 0, retryMs: 10, maxAttempts: 3 };
const DOMAIN = 'img.acme-media.com';
/** Fixture window: a whole hour 12 days ago (before the demo's 7 days of traffic). */
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 12 * 86_400_000;
const minute = (k: number) => new Date(T0 + k * 60_000);

// Local receivers.
const hooks: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
const sms: Array<Record<string, unknown>> = [];
let failNextHooks = 0;
let smtp: SmtpSink;
let receiver: Receiver | undefined;
let base = '';

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(app, cookie, { method, url, payload, headers: en });

/** Per minute k of the fixture: 100 requests, `bad` of them 502, half cache hits. */
function fixtureRows(k: number, bad: number) {
  return Array.from({ length: 100 }, (_, i) =>
    accessLogLine({
      ts: Math.floor(T0 / 1000) + k * 60 + (i % 60),
      domain: DOMAIN,
      url: `/m/${i}.jpg`,
      status: i < bad ? 502 : 200,
      bytes: 10_000,
      request_time: 20,
      cache_hit: i % 2,
      client_ip: '1.2.3.4',
    }),
  );
}
/** 5xx share per minute 0..11: 2 %, then 50 % for minutes 3–9, then 0 %. */
const BAD = [2, 2, 2, 50, 50, 50, 50, 50, 50, 50, 0, 0];

beforeAll(async () => {
  smtp = await startSmtpSink();
  receiver = await startReceiver((rq, body, rs) => {
    if (rq.url === '/sms') {
      sms.push(JSON.parse(body) as Record<string, unknown>);
      rs.writeHead(200).end('ok');
    } else if (failNextHooks > 0) {
      failNextHooks -= 1;
      rs.writeHead(503).end('busy');
    } else {
      hooks.push({ headers: rq.headers, body });
      rs.writeHead(204).end();
    }
  });
  base = receiver.base;
  app = await makeApp(
    { allowPrivateOrigins: true },
    {
      PORTAL_MONIT_TICK_MS: '0', // the tests drive the job with a fake clock
      SMTP_URL: smtp.url,
      SMTP_FROM: 'alerts@portal.test',
      MONIT_WEBHOOK_SECRET: 'hook-secret',
    },
  );
  await app.traffic.insertRaw('traffic.access_log', Buffer.from(BAD.flatMap((b, k) => fixtureRows(k, b)).join('\n')), 'JSONEachRow');
  [acme, globex, viewer] = await Promise.all(['acme', 'globex', 'acme_viewer'].map((u) => signIn(app, u)));
}, 120_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await receiver?.close();
});

const ids: { contact: number; hookOnly: number; group: number; uuid: string } = { contact: 0, hookOnly: 0, group: 0, uuid: '' };

describe('contacts', () => {
  it('adds with validation, unique names per account, lists paged and searchable', async () => {
    const bad = await req(acme, 'PUT', '/monit/contacts/add', { name: 'Ops', email: 'not-an-email' });
    expect(bad.body).toMatchObject({ code: '1', msg: 'The email address format is incorrect' });
    expect((await req(acme, 'PUT', '/monit/contacts/add', { name: 'Ops', mobile: '12345' })).body.msg).toMatch(/mobile number format/);
    expect((await req(acme, 'PUT', '/monit/contacts/add', { name: 'Ops', webhook: 'ftp://x' })).body.msg).toMatch(/webhook URL/);
    expect((await req(acme, 'PUT', '/monit/contacts/add', { name: '  ', email: 'a@b.cn' })).body.msg).toBe('The name cannot be empty');
    expect((await req(acme, 'PUT', '/monit/contacts/add', { name: 'Nobody' })).body.msg).toBe(
      'Enter at least one of email, mobile number and webhook',
    );
    const ok = await req(acme, 'PUT', '/monit/contacts/add', {
      name: 'Ops',
      email: 'ops@acme.example',
      mobile: '+8613800138000',
      webhook: `${base}/hook`,
      language: 'en',
    });
    expect(ok.body.code).toBe('200');
    ids.contact = (ok.body.data as wire.Contact).id;
    expect((await req(acme, 'PUT', '/monit/contacts/add', { name: 'ops', email: 'x@acme.example' })).body.msg).toBe(
      'A contact with this name already exists',
    );
    // Another account may use the same name.
    expect((await req(globex, 'PUT', '/monit/contacts/add', { name: 'Ops', email: 'ops@globex.example' })).body.code).toBe('200');
    const hook = await req(acme, 'PUT', '/monit/contacts/add', { name: 'Hook only', webhook: `${base}/hook2`, mobile: '13800138000' });
    ids.hookOnly = (hook.body.data as wire.Contact).id;
    const list = (await req(acme, 'POST', '/monit/contacts/list', { keyword: 'hook', pageSize: 10 })).body.data as wire.Page<wire.Contact>;
    expect(list).toMatchObject({ total: 1, pageNum: 1 });
    expect(list.list[0].name).toBe('Hook only');
    expect(
      ((await req(acme, 'POST', '/monit/contacts/list', {})).body.data as wire.Page<wire.Contact>).list.every((c) => c.name !== 'globex'),
    ).toBe(true);
  });

  it("updates and deletes only the caller's own contacts; the viewer is refused", async () => {
    const upd = await req(acme, 'POST', '/monit/contacts/update', {
      id: ids.hookOnly,
      name: 'Hook',
      webhook: `${base}/hook2`,
      mobile: '13800138000',
      remark: 'on call',
    });
    expect(upd.body).toMatchObject({ code: '200', data: { name: 'Hook', remark: 'on call' } });
    const foreign = await req(globex, 'POST', '/monit/contacts/update', { id: ids.contact, name: 'Taken', email: 'x@y.cn' });
    const missing = await req(globex, 'POST', '/monit/contacts/update', { id: 999999, name: 'Taken', email: 'x@y.cn' });
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.code).toBe('404');
    expect((await req(globex, 'DELETE', `/monit/contacts/delete/${ids.contact}`)).body.code).toBe('404');
    expect((await req(viewer, 'POST', '/monit/contacts/list', {})).body.code).toBe('403');
    const tmp = (await req(acme, 'PUT', '/monit/contacts/add', { name: 'Temp', email: 't@acme.example' })).body.data as wire.Contact;
    expect((await req(acme, 'DELETE', `/monit/contacts/delete/${tmp.id}`)).body.code).toBe('200');
  });

  it('sendMsg sends a real message per channel and reports each: email sent, SMS not configured, webhook sent', async () => {
    const r = await req(acme, 'POST', '/monit/contacts/sendMsg', { id: ids.contact });
    expect(r.body.code).toBe('200');
    const byChannel = Object.fromEntries((r.body.data as wire.SendMsgReply).results.map((x) => [x.channel, x.status]));
    expect(byChannel).toEqual({ email: 'sent', sms: 'not_configured', webhook: 'sent' });
    expect(smtp.mails.some((m) => m.to === 'ops@acme.example' && m.body.includes('test message'))).toBe(true);
    const hook = hooks.at(-1)!;
    expect(hook.headers['x-portal-signature']).toBe(signWebhook('hook-secret', String(hook.headers['x-portal-timestamp']), hook.body));
    const history = (await req(acme, 'POST', '/monit/notify/history', { status: 'not_configured' })).body
      .data as wire.Page<wire.NotifyRecord>;
    expect(history.list.some((h) => h.channel === 'sms' && h.event === 'test')).toBe(true);
  });
});

describe('groups', () => {
  it('adds with members of the caller only, lists members, removes one, refuses foreign ids', async () => {
    expect((await req(acme, 'PUT', '/monit/group/add', { name: '', contactIds: [] })).body.msg).toBe('The name cannot be empty');
    const g = await req(acme, 'PUT', '/monit/group/add', {
      name: 'On call',
      description: 'night shift',
      contactIds: [ids.contact, ids.hookOnly],
    });
    expect(g.body).toMatchObject({ code: '200' });
    ids.group = (g.body.data as wire.ContactGroup).id;
    expect((g.body.data as wire.ContactGroup).members.map((m) => m.id).sort()).toEqual([ids.contact, ids.hookOnly].sort());
    expect((await req(acme, 'PUT', '/monit/group/add', { name: 'ON CALL' })).body.msg).toBe(
      'A contact group with this name already exists',
    );
    expect((await req(globex, 'PUT', '/monit/group/add', { name: 'Steal', contactIds: [ids.contact] })).body.msg).toBe(
      'A chosen contact does not exist',
    );
    const tmp = (await req(acme, 'PUT', '/monit/group/add', { name: 'Tmp', contactIds: [ids.hookOnly] })).body.data as wire.ContactGroup;
    const removed = await req(acme, 'DELETE', `/monit/group/delete/${tmp.id}/${ids.hookOnly}`);
    expect((removed.body.data as wire.ContactGroup).members).toEqual([]);
    expect((await req(globex, 'DELETE', `/monit/group/delete/${ids.group}/${ids.contact}`)).body.code).toBe('404');
    expect((await req(globex, 'DELETE', `/monit/group/delete/${ids.group}`)).body.code).toBe('404');
    expect((await req(acme, 'POST', '/monit/group/update', { id: tmp.id, name: 'Tmp 2', description: 'x' })).body.data).toMatchObject({
      name: 'Tmp 2',
    });
    expect((await req(acme, 'DELETE', `/monit/group/delete/${tmp.id}`)).body.code).toBe('200');
    const list = (await req(acme, 'POST', '/monit/group/list', {})).body.data as wire.Page<wire.ContactGroup>;
    expect(list.list.find((x) => x.id === ids.group)?.members).toHaveLength(2);
    const contacts = (await req(acme, 'POST', '/monit/contacts/list', { keyword: 'Ops' })).body.data as wire.Page<wire.Contact>;
    expect(contacts.list[0].groups).toEqual(['On call']);
  });
});

const RULE = {
  name: '5xx on img',
  domains: [DOMAIN],
  metric: 'rate5xx',
  period: 1,
  comparison: 'gt',
  threshold: 10,
  consecutive: 2,
  channels: ['email', 'sms', 'webhook'],
  repeatMinutes: 0,
};

describe('rules', () => {
  it('validates: domains in scope, own groups, threshold range, consecutive 1–10, mute windows', async () => {
    const add = (body: object) => req(acme, 'PUT', '/monit/rule/add', { ...RULE, groupIds: [ids.group], ...body });
    expect((await add({ domains: [] })).body.msg).toBe('Choose at least one domain');
    expect((await add({ domains: ['www.globex-corp.com'] })).body.msg).toMatch(/not yours: www.globex-corp.com/);
    expect((await add({ threshold: 120 })).body.msg).toMatch(/out of range/);
    expect((await add({ consecutive: 11 })).body.msg).toBe('Consecutive periods must be between 1 and 10');
    expect((await add({ groupIds: [] })).body.msg).toBe('Choose at least one contact group');
    expect((await add({ channels: [] })).body.msg).toBe('Choose at least one notification channel');
    expect((await add({ muteWindows: [{ start: '25:00', end: '07:00' }] })).body.msg).toMatch(/mute window/);
    expect((await req(globex, 'PUT', '/monit/rule/add', { ...RULE, domains: [], groupIds: [ids.group] })).body.code).toBe('1');
    expect((await add({ period: 7 })).body.code).toBe('400');
  });

  it('adds, lists, reads the detail with encrypted domains, disables by GET and enables by PUT, isolated per account', async () => {
    const r = await req(acme, 'PUT', '/monit/rule/add', { ...RULE, groupIds: [ids.group] });
    expect(r.body).toMatchObject({ code: '200', msg: 'Operation successful' });
    const rule = r.body.data as wire.AlertRule;
    ids.uuid = rule.uuid;
    expect(rule).toMatchObject({ enabled: true, state: 'ok', domains: [DOMAIN] });
    expect((await req(acme, 'PUT', '/monit/rule/add', { ...RULE, groupIds: [ids.group] })).body.msg).toBe(
      'An alert rule with this name already exists',
    );
    const detail = (await req(acme, 'POST', '/monit/query/ruleDetail', { uuid: rule.uuid })).body.data as wire.RuleDetailReply;
    expect(typeof detail.domains).toBe('string');
    expect(cipher.decryptJson<string[]>(detail.domains)).toEqual([DOMAIN]);
    expect(cipher.decryptJson<string[]>(detail.options)).toContain('www.acme-media.com');
    expect(cipher.decryptJson<string[]>(detail.options).some((d) => d.includes('globex'))).toBe(false);
    expect(detail.rule).toMatchObject({ uuid: rule.uuid, metric: 'rate5xx' });
    expect((await req(globex, 'POST', '/monit/query/ruleDetail', { uuid: rule.uuid })).body.code).toBe('404');
    expect((await req(globex, 'GET', `/monit/rule/disable?uuid=${rule.uuid}`)).body.code).toBe('404');
    expect((await req(globex, 'PUT', '/monit/rule/enable', { uuid: rule.uuid })).body.code).toBe('404');
    expect((await req(globex, 'DELETE', `/monit/rule/delete/${rule.uuid}`)).body.code).toBe('404');
    expect((await req(globex, 'POST', '/monit/rule/update', { ...RULE, uuid: rule.uuid, groupIds: [] })).body.code).toBe('404');
    expect(((await req(acme, 'GET', `/monit/rule/disable?uuid=${rule.uuid}`)).body.data as wire.AlertRule).enabled).toBe(false);
    const disabled = ((await req(acme, 'POST', '/monit/rule/list', { enabled: false })).body.data as wire.Page<wire.AlertRule>).list;
    expect(disabled.map((x) => x.uuid)).toContain(rule.uuid);
    expect(disabled.every((x) => !x.enabled)).toBe(true);
    expect(((await req(acme, 'PUT', '/monit/rule/enable', { uuid: rule.uuid })).body.data as wire.AlertRule).enabled).toBe(true);
    expect(
      ((await req(globex, 'POST', '/monit/rule/list', {})).body.data as wire.Page<wire.AlertRule>).list.some((x) => x.uuid === rule.uuid),
    ).toBe(false);
    const upd = await req(acme, 'POST', '/monit/rule/update', { ...RULE, uuid: rule.uuid, groupIds: [ids.group], threshold: 20 });
    expect((upd.body.data as wire.AlertRule).threshold).toBe(20);
    expect((await req(viewer, 'PUT', '/monit/rule/add', { ...RULE, groupIds: [ids.group] })).body.code).toBe('403');
  });
});

describe('evaluation with a fake clock over the fixture', () => {
  const alarms = async (uuid: string) =>
    ((await req(acme, 'POST', '/monit/record/alarm', { uuid, pageSize: 100 })).body.data as wire.Page<wire.AlarmRecord>).list.reverse();
  /** Sets evaluated_until so that the next tick evaluates from minute k. */
  const startAt = (uuid: string, k: number) =>
    app.db.query(`UPDATE monit_rules SET evaluated_until = $2, state = 'ok', breaches = 0 WHERE uuid = $1::uuid`, [uuid, minute(k)]);
  const tickAt = (k: number) => evaluateRules(app, minute(k), TIMING);

  it('fires after N consecutive breaches, notifies once, restores, and a second worker or a restart adds nothing', async () => {
    await startAt(ids.uuid, 0);
    for (let k = 1; k <= 3; k++) await tickAt(k); // minutes 0–2: 2 %
    expect(await alarms(ids.uuid)).toEqual([]);
    await tickAt(4); // minute 3: first breach (50 % > 20)
    expect(await alarms(ids.uuid)).toEqual([]);
    // Two workers at once on minute 4: one evaluates it, the other finds it taken.
    const [a, b] = await Promise.all([tickAt(5), tickAt(5)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    let events = await alarms(ids.uuid);
    expect(events.map((e) => [e.event, e.value])).toEqual([['firing', 50]]);
    expect(events[0].periodStart).toBe(minute(4).toISOString());
    for (let k = 6; k <= 10; k++) await tickAt(k); // still firing, repeat off
    expect((await alarms(ids.uuid)).length).toBe(1);
    await tickAt(11); // minute 10: 0 % → restored
    events = await alarms(ids.uuid);
    expect(events.map((e) => e.event)).toEqual(['firing', 'restored']);
    // A restart replays nothing: same clock again, and a rule row put back (as after a crash before commit) conflicts on the alarm key.
    expect(await tickAt(11)).toBe(0);
    await app.db.query(`UPDATE monit_rules SET evaluated_until = $2, state = 'firing', breaches = 2 WHERE uuid = $1::uuid`, [
      ids.uuid,
      minute(10),
    ]);
    await tickAt(11);
    expect((await alarms(ids.uuid)).length).toBe(2);
    const rule = ((await req(acme, 'POST', '/monit/rule/list', {})).body.data as wire.Page<wire.AlertRule>).list.find(
      (r) => r.uuid === ids.uuid,
    )!;
    expect(rule.state).toBe('ok');
  });

  it('delivers the outbox: email and webhook sent, SMS not configured, a failing webhook retried with back-off', async () => {
    failNextHooks = 1;
    const before = hooks.length;
    await deliverDue(app, new Date(), TIMING);
    let history = (await req(acme, 'POST', '/monit/notify/history', { ruleName: '5xx', pageSize: 50 })).body
      .data as wire.Page<wire.NotifyRecord>;
    const statuses = history.list.map((h) => `${h.event}/${h.contactName}/${h.channel}/${h.status}`).sort();
    expect(statuses).toContain('firing/Ops/email/sent');
    expect(statuses).toContain('firing/Ops/sms/not_configured');
    expect(statuses).toContain('firing/Hook/email/no_address');
    expect(history.list.filter((h) => h.channel === 'webhook' && h.status === 'pending')).toHaveLength(1); // the 503, to be retried
    await new Promise((r) => setTimeout(r, 30));
    await deliverDue(app, new Date(Date.now() + 1000), TIMING);
    history = (await req(acme, 'POST', '/monit/notify/history', { ruleName: '5xx', channel: 'webhook', pageSize: 50 })).body
      .data as wire.Page<wire.NotifyRecord>;
    expect(history.list.every((h) => h.status === 'sent')).toBe(true);
    expect(history.list.some((h) => h.attempts === 2)).toBe(true);
    const received = hooks.slice(before).map((h) => JSON.parse(h.body) as { event: string; value: number; rule: { uuid: string } });
    expect(
      received
        .filter((h) => h.rule.uuid === ids.uuid)
        .map((h) => h.event)
        .sort(),
    ).toEqual(['firing', 'firing', 'restored', 'restored']);
    expect(smtp.mails.filter((m) => m.body.includes('5xx on img')).length).toBe(2);
    // Nothing left, and a second pass sends nothing again.
    expect(await deliverDue(app, new Date(Date.now() + 60_000), TIMING)).toBe(0);
  });

  it('repeats while firing at the repeat interval, and mutes inside a mute window', async () => {
    const add = async (name: string, extra: object) =>
      (
        (await req(acme, 'PUT', '/monit/rule/add', { ...RULE, name, groupIds: [ids.group], consecutive: 1, ...extra })).body
          .data as wire.AlertRule
      ).uuid;
    const repeating = await add('repeat every 5', { repeatMinutes: 5 });
    const hh = (d: Date) => d.toISOString().slice(11, 16);
    const muted = await add('muted', { muteWindows: [{ start: hh(minute(0)), end: hh(minute(30)) }], timeZone: 'UTC' });
    await startAt(repeating, 2);
    await startAt(muted, 2);
    // Evaluate minutes 2..11 at a clock inside the mute window.
    await evaluateRules(app, minute(12), TIMING);
    expect((await alarms(repeating)).map((e) => `${e.event}@${(new Date(e.periodStart).getTime() - T0) / 60_000}`)).toEqual([
      'firing@3',
      'repeat@8',
      'restored@10',
    ]);
    const m = await alarms(muted);
    expect(m.map((e) => e.event)).toEqual(['firing', 'restored']);
    expect(m.every((e) => e.muted)).toBe(true);
    const history = (await req(acme, 'POST', '/monit/notify/history', { ruleName: 'muted', pageSize: 50 })).body
      .data as wire.Page<wire.NotifyRecord>;
    expect(history.list.length).toBeGreaterThan(0);
    expect(history.list.every((h) => h.status === 'muted' || h.status === 'no_address')).toBe(true);
  });

  it('writes the rules of a tick as one batch: a rule another worker took meanwhile keeps nothing of the pass, the others are written', async () => {
    const add = async (name: string) =>
      ((await req(acme, 'PUT', '/monit/rule/add', { ...RULE, name, groupIds: [ids.group], consecutive: 1 })).body.data as wire.AlertRule)
        .uuid;
    const [mine, taken] = [await add('batch mine'), await add('batch taken')];
    await startAt(mine, 3);
    await startAt(taken, 3);
    // Between the tick's read and its write, another worker evaluates minutes 3–4 of one of the rules.
    const transaction = app.db.transaction;
    app.db.transaction = async (fn) => {
      app.db.transaction = transaction;
      await app.db.query(`UPDATE monit_rules SET evaluated_until = $2, breaches = 7 WHERE uuid = $1::uuid`, [taken, minute(5)]);
      return transaction(fn);
    };
    expect(await evaluateRules(app, minute(5), TIMING)).toBe(2); // minutes 3 and 4 of `mine` only
    expect((await alarms(mine)).map((e) => `${e.event}@${(new Date(e.periodStart).getTime() - T0) / 60_000}`)).toEqual(['firing@3']);
    expect(await alarms(taken)).toEqual([]);
    const rows = await app.db.query<{ uuid: string; state: string; breaches: number; until: Date; notices: number }>(
      `SELECT r.uuid::text AS uuid, r.state, r.breaches, r.evaluated_until AS until, (SELECT count(*)::int FROM monit_notifications n WHERE n.rule_uuid = r.uuid) AS notices
       FROM monit_rules r WHERE r.uuid = ANY($1::uuid[])`,
      [[mine, taken]],
    );
    const byUuid = Object.fromEntries(rows.map((r) => [r.uuid, r]));
    expect(byUuid[mine]).toMatchObject({ state: 'firing', breaches: 2, notices: 6 }); // 2 contacts × 3 channels
    expect(new Date(byUuid[mine].until).getTime()).toBe(minute(5).getTime());
    expect(byUuid[taken]).toMatchObject({ state: 'ok', breaches: 7, notices: 0 });
  });

  it('history pages on the server with default page 1 and filters; globex sees none of it', async () => {
    const p1 = (await req(acme, 'POST', '/monit/notify/history', { pageSize: 3 })).body.data as wire.Page<wire.NotifyRecord>;
    expect(p1.pageNum).toBe(1);
    expect(p1.list).toHaveLength(3);
    const p2 = (await req(acme, 'POST', '/monit/notify/history', { pageSize: 3, pageNum: 2 })).body.data as wire.Page<wire.NotifyRecord>;
    expect(p2.total).toBe(p1.total);
    expect(p2.list[0].id).not.toBe(p1.list[0].id);
    expect(
      ((await req(globex, 'POST', '/monit/notify/history', { ruleName: '5xx' })).body.data as wire.Page<wire.NotifyRecord>).total,
    ).toBe(0);
    expect(((await req(globex, 'POST', '/monit/record/alarm', { ruleName: '5xx' })).body.data as wire.Page<wire.AlarmRecord>).total).toBe(
      0,
    );
  });
});

describe('availability records', () => {
  it("lists records with avg / max / min / p90 per period, limited to the caller's accounts", async () => {
    await seedDemoProbes(app.traffic, [
      { name: DOMAIN, account: 'acme' },
      { name: 'www.globex-corp.com', account: 'globex' },
    ]);
    const r = (await req(acme, 'POST', '/monit/record/resource', { interval: 60, pageSize: 10 })).body.data as wire.ResourceReply;
    expect(r.total).toBeGreaterThanOrEqual(24 * 12 * 2 * 4);
    expect(r.list.every((x) => x.domain.endsWith('acme-media.com'))).toBe(true);
    expect(r.stats.length).toBeGreaterThan(20);
    expect(r.stats.every((s) => s.min <= s.avg && s.avg <= s.max && s.p90 <= s.max)).toBe(true);
    const errors = (
      await req(acme, 'POST', '/monit/record/resource', { event: 'error', startTime: Math.floor(Date.now() / 1000) - 2 * 86_400 })
    ).body.data as wire.ResourceReply;
    expect(errors.list.every((x) => x.event === 'error' && x.httpStatus === 502)).toBe(true);
    expect(((await req(globex, 'POST', '/monit/record/resource', { domain: DOMAIN })).body.data as wire.ResourceReply).total).toBe(0);
  });
});
