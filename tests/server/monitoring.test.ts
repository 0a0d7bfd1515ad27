import type http from 'node:http';
import { mailText, startSmtpSink, type SmtpSink } from './smtpSink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cipher, makeApp, signIn } from './helpers';
import { deliverDue, evaluateRules, zoneLabel, type MonitTiming } from '../../server/services/monitoring';
import { upsertIppAlarms } from '../../server/stores/config/ipProtection';
import { insertSecurityEvents, type SecurityEventRow } from '../../server/stores/traffic/websitesEvents';
import { signWebhook } from '../../server/lib/monitDelivery';
import { seedDemoProbes } from '../../server/stores/traffic/monitoringProbe';
import { accessLogLine, startReceiver, type Receiver } from './monitFixtures';
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
const DOMAIN = 'img.acme-media.example';
/** Fixture window: a whole hour 12 days ago (before the demo's 7 days of traffic). */
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 12 * 86_400_000;
const minute = (k: number) => new Date(T0 + k * 60_000);

// Local receivers.
const hooks: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
const sms: Array<Record<string, unknown>> = [];
let failNextHooks = 0;
let smtp: SmtpSink;
let receiver: Receiver;
let base = '';

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(app, cookie, { method, url, payload, headers: en });

/** Per minute k of the fixture: 100 requests, `bad` of them 502, half cache hits. */
function fixtureRows(k: number, bad: number, domain = DOMAIN) {
  return Array.from({ length: 100 }, (_, i) =>
    accessLogLine({
      ts: Math.floor(T0 / 1000) + k * 60 + (i % 60),
      domain,
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
/** A low-traffic domain that flaps: 5xx share per minute 0..8 on www.acme-media.example (after minute 8: no requests). */
const FLAP_DOMAIN = 'www.acme-media.example';
const FLAP = [50, 0, 50, 0, 0, 50, 0, 0, 0];

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
  const rows = [...BAD.flatMap((b, k) => fixtureRows(k, b)), ...FLAP.flatMap((b, k) => fixtureRows(k, b, FLAP_DOMAIN))];
  await app.traffic.insertRaw('traffic.access_log', Buffer.from(rows.join('\n')), 'JSONEachRow');
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
    expect((await add({ domains: ['www.globex-corp.example'] })).body.msg).toMatch(/not yours: www.globex-corp.example/);
    expect((await add({ threshold: 120 })).body.msg).toMatch(/out of range/);
    expect((await add({ consecutive: 11 })).body.msg).toBe('Consecutive periods must be between 1 and 10');
    expect((await add({ groupIds: [] })).body.msg).toBe('Choose at least one contact group');
    expect((await add({ channels: [] })).body.msg).toBe('Choose at least one notification channel');
    expect((await add({ muteWindows: [{ start: '25:00', end: '07:00' }] })).body.msg).toMatch(/mute window/);
    expect((await req(globex, 'PUT', '/monit/rule/add', { ...RULE, domains: [], groupIds: [ids.group] })).body.code).toBe('1');
    expect((await add({ period: 7 })).body.code).toBe('400');
    for (const restoreAfter of [0, 11, 2.5]) {
      expect((await add({ restoreAfter })).body.msg).toBe('Healthy periods before restoring must be between 1 and 10');
    }
    expect(((await req(acme, 'POST', '/monit/rule/list', { keyword: RULE.name })).body.data as wire.Page<wire.AlertRule>).total).toBe(0);
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
    expect(cipher.decryptJson<string[]>(detail.options)).toContain('www.acme-media.example');
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
    // Said once, on the rule: Hook has no email address (the rule's channels: email, SMS, webhook).
    const unreachable = [{ id: ids.hookOnly, name: 'Hook', channels: ['email'] }];
    expect((upd.body.data as wire.AlertRule).unreachable).toEqual(unreachable);
    expect(
      ((await req(acme, 'POST', '/monit/rule/list', {})).body.data as wire.Page<wire.AlertRule>).list.find((x) => x.uuid === rule.uuid),
    ).toMatchObject({ unreachable });
    expect(
      ((await req(acme, 'POST', '/monit/query/ruleDetail', { uuid: rule.uuid })).body.data as wire.RuleDetailReply).rule,
    ).toMatchObject({
      unreachable,
    });
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
    await tickAt(11); // minute 10: 0 %, the first healthy period of the 2 (restoreAfter's default) a restore waits for
    expect((await alarms(ids.uuid)).length).toBe(1);
    await tickAt(12); // minute 11: 0 % → restored
    events = await alarms(ids.uuid);
    expect(events.map((e) => e.event)).toEqual(['firing', 'restored']);
    expect(events[1].periodStart).toBe(minute(11).toISOString());
    // A restart replays nothing: same clock again, and a rule row put back (as after a crash before commit) conflicts on the alarm key.
    expect(await tickAt(12)).toBe(0);
    await app.db.query(`UPDATE monit_rules SET evaluated_until = $2, state = 'firing', breaches = 2, healthy = 0 WHERE uuid = $1::uuid`, [
      ids.uuid,
      minute(10),
    ]);
    await tickAt(12);
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
    // Hook has no email: skipped, no 'no_address' row per notice (the rule says it once: unreachable).
    expect(statuses.filter((x) => x.startsWith('firing/Hook/')).map((x) => x.split('/')[2])).toEqual(['sms', 'webhook']);
    expect(history.list.some((h) => h.status === 'no_address')).toBe(false);
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
    const mails = smtp.mails.filter((m) => m.body.includes('5xx on img')).map((m) => mailText(m.body));
    expect(mails.length).toBe(2);
    // Times carry their zone (the rule's, Asia/Shanghai by default), in the mail and in the SMS text.
    const stamp = (d: Date) => `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} (UTC+8)`;
    expect(mails.every((m) => m.includes(`${stamp(minute(4))} – ${stamp(minute(5))}`) || m.includes(stamp(minute(12))))).toBe(true);
    const smsRows = (await req(acme, 'POST', '/monit/notify/history', { ruleName: '5xx', channel: 'sms', pageSize: 50 })).body
      .data as wire.Page<wire.NotifyRecord>;
    const smsText = smsRows.list.find((h) => h.event === 'firing')!.content;
    expect(smsText).toContain(`${stamp(minute(4))} – ${stamp(minute(5))}`);
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
      'restored@11',
    ]);
    const m = await alarms(muted);
    expect(m.map((e) => e.event)).toEqual(['firing', 'restored']);
    expect(m.every((e) => e.muted)).toBe(true);
    const history = (await req(acme, 'POST', '/monit/notify/history', { ruleName: 'muted', pageSize: 50 })).body
      .data as wire.Page<wire.NotifyRecord>;
    expect(history.list.length).toBeGreaterThan(0);
    expect(history.list.every((h) => h.status === 'muted')).toBe(true);
    expect(history.list[0].content).toContain(' (UTC+0)');
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
    expect(byUuid[mine]).toMatchObject({ state: 'firing', breaches: 2, notices: 5 }); // Ops × 3 channels, Hook × 2 (no email)
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

describe('hysteresis: restoreAfter healthy periods', () => {
  it('stores restoreAfter (default 2); a flapping low-traffic domain restores only after N healthy periods in a row', async () => {
    const add = async (name: string, extra: object) =>
      (
        await req(acme, 'PUT', '/monit/rule/add', {
          ...RULE,
          name,
          domains: [FLAP_DOMAIN],
          groupIds: [ids.group],
          channels: ['webhook'],
          consecutive: 1,
          ...extra,
        })
      ).body.data as wire.AlertRule;
    const byDefault = await add('flap default', {});
    const once = await add('flap once', { restoreAfter: 1 });
    const three = await add('flap three', { restoreAfter: 3 });
    expect([byDefault.restoreAfter, once.restoreAfter, three.restoreAfter]).toEqual([2, 1, 3]);
    const at = async (uuid: string) =>
      ((await req(acme, 'POST', '/monit/record/alarm', { uuid, pageSize: 100 })).body.data as wire.Page<wire.AlarmRecord>).list
        .reverse()
        .map((e) => `${e.event}@${(new Date(e.periodStart).getTime() - T0) / 60_000}`);
    for (const r of [byDefault, once, three]) {
      await app.db.query(`UPDATE monit_rules SET evaluated_until = $2 WHERE uuid = $1::uuid`, [r.uuid, minute(0)]);
    }
    // 5xx per minute: 50, 0, 50, 0, 0, 50, 0, 0, 0 %, then no requests (0 %).
    await evaluateRules(app, minute(10), TIMING);
    await evaluateRules(app, minute(12), TIMING);
    expect(await at(once.uuid)).toEqual(['firing@0', 'restored@1', 'firing@2', 'restored@3', 'firing@5', 'restored@6']);
    expect(await at(byDefault.uuid)).toEqual(['firing@0', 'restored@4', 'firing@5', 'restored@7']);
    expect(await at(three.uuid)).toEqual(['firing@0', 'restored@8']);
  });
});

describe('security metrics: attacks on protected IPs and website security events', () => {
  const IPS = ['198.51.100.231', '198.51.100.232'];
  const GLOBEX_IP = '198.51.100.233';
  const SITES = ['monit-shop.acme-fixture.example', 'monit-blog.acme-fixture.example'];
  const GLOBEX_SITE = 'monit-news.globex-fixture.example';
  const alarmsOf = async (uuid: string) =>
    ((await req(acme, 'POST', '/monit/record/alarm', { uuid, pageSize: 100 })).body.data as wire.Page<wire.AlarmRecord>).list.map((e) => [
      e.event,
      e.value,
      (new Date(e.periodStart).getTime() - T0) / 60_000,
    ]);
  const addRule = async (name: string, metric: string, domains: string[], threshold: number) => {
    const r = await req(acme, 'PUT', '/monit/rule/add', {
      ...RULE,
      name,
      metric,
      domains,
      period: 5,
      comparison: 'gte',
      threshold,
      consecutive: 1,
      groupIds: [ids.group],
    });
    expect(r.body.code).toBe('200');
    const rule = r.body.data as wire.AlertRule;
    await app.db.query(`UPDATE monit_rules SET evaluated_until = $2 WHERE uuid = $1::uuid`, [rule.uuid, minute(0)]);
    return rule;
  };
  const notices = async (uuid: string) =>
    (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM monit_notifications WHERE rule_uuid = $1::uuid`, [uuid]))[0].n;

  beforeAll(async () => {
    // Protected IPs (acme: two, globex: one) and the attacks the detector recorded on them in minutes 1–2 of the fixture.
    const entries = new Map<string, number>();
    for (const [account, ip] of [...IPS.map((ip) => ['acme', ip]), ['globex', GLOBEX_IP]]) {
      const [row] = await app.db.query<{ id: number }>(
        `INSERT INTO ipp_entries (account, origin_ip, protocol, ports, cname_prefix, status)
         VALUES ($1, $2, 'UDP', '[53]', $3, 'configured') RETURNING id`,
        [account, ip, `monit-${ip.replaceAll('.', '-')}`],
      );
      entries.set(ip, row.id);
    }
    const attack = (ip: string, account: string, k: number) => ({
      entryId: entries.get(ip)!,
      account,
      originIp: ip,
      type: 'udpFlood' as const,
      state: 'ended' as const,
      start: minute(k),
      end: minute(k + 3),
      peakBps: 5e8,
      peakPps: 1e5,
    });
    await upsertIppAlarms(app.db, [attack(IPS[0], 'acme', 1), attack(IPS[1], 'acme', 2), attack(GLOBEX_IP, 'globex', 1)]);
    // Websites (acme: two, globex: one) and their security events: 3 + 2 for acme in minutes 1–2, 9 for globex.
    const sites = new Map<string, number>();
    for (const [account, domain] of [...SITES.map((d) => ['acme', d]), ['globex', GLOBEX_SITE]]) {
      const [row] = await app.db.query<{ id: number }>(
        `INSERT INTO websites (account, domain, protection_address) VALUES ($1, $2, $3) RETURNING id`,
        [account, domain, `${domain}.waf.example`],
      );
      sites.set(domain, row.id);
    }
    const event = (domain: string, account: string, k: number, i: number): SecurityEventRow => ({
      ts: Math.floor(minute(k).getTime() / 1000) + i,
      account,
      website_id: sites.get(domain)!,
      domain,
      source_kind: 'waf',
      source_id: 1,
      source_name: 'fixture',
      category: 'sqli',
      action: 'block',
      client_ip: '192.0.2.7',
      country: 'CN',
      url: '/login',
      user_agent: 'curl/8',
    });
    await insertSecurityEvents(app.traffic, [
      ...[0, 1, 2].map((i) => event(SITES[0], 'acme', 1, i)),
      ...[0, 1].map((i) => event(SITES[1], 'acme', 2, i)),
      ...Array.from({ length: 9 }, (_, i) => event(GLOBEX_SITE, 'globex', 1, i)),
    ]);
  });

  it('the demo shows them in use: acme has an IP-attack rule (all its IPs) and a WAF-events rule on its website', async () => {
    const rule = async (keyword: string) =>
      ((await req(acme, 'POST', '/monit/rule/list', { keyword })).body.data as wire.Page<wire.AlertRule>).list[0];
    expect(await rule('IP under attack')).toMatchObject({ metric: 'ippAttack', enabled: true });
    expect(await rule('WAF events (www)')).toMatchObject({ metric: 'wafEvents', enabled: true });
    expect(
      ((await req(globex, 'POST', '/monit/rule/list', { keyword: 'IP under attack' })).body.data as wire.Page<wire.AlertRule>).total,
    ).toBe(0);
  });

  it("validates the targets: the caller's protected IPs and websites, none meaning all of them", async () => {
    const add = (body: object) => req(acme, 'PUT', '/monit/rule/add', { ...RULE, name: 'security check', groupIds: [ids.group], ...body });
    expect((await add({ metric: 'ippAttack', domains: [GLOBEX_IP] })).body.msg).toBe(
      `The protected IP does not exist or is not yours: ${GLOBEX_IP}`,
    );
    expect((await add({ metric: 'ippAttack', domains: ['198.51.100.250'] })).body.msg).toBe(
      'The protected IP does not exist or is not yours: 198.51.100.250',
    );
    expect((await add({ metric: 'wafEvents', domains: [GLOBEX_SITE] })).body.msg).toBe(
      `The protected website does not exist or is not yours: ${GLOBEX_SITE}`,
    );
    // An accelerated domain is not a website target, and a traffic metric still needs its domains.
    expect((await add({ metric: 'wafEvents', domains: [DOMAIN] })).body.msg).toMatch(/protected website does not exist/);
    expect((await add({ metric: 'requests', domains: [] })).body.msg).toBe('Choose at least one domain');
    const detail = (await req(acme, 'POST', '/monit/query/ruleDetail', {})).body.data as wire.RuleDetailReply;
    expect(cipher.decryptJson<string[]>(detail.ipOptions)).toEqual(expect.arrayContaining(IPS));
    expect(cipher.decryptJson<string[]>(detail.ipOptions)).not.toContain(GLOBEX_IP);
    expect(cipher.decryptJson<string[]>(detail.websiteOptions)).toEqual(expect.arrayContaining(SITES));
    expect(cipher.decryptJson<string[]>(detail.websiteOptions)).not.toContain(GLOBEX_SITE);
  });

  it("ippAttack counts the attacks started on the account's protected IPs (a list narrows it), after the detector's delay", async () => {
    const all = await addRule('attacks: all IPs', 'ippAttack', [], 2);
    const narrowed = await addRule('attacks: one IP', 'ippAttack', [IPS[1]], 2);
    expect(all.domains).toEqual([]);
    // Minutes 0–5 end at minute 5; the detector needs its first minutes and a run (3 min with the default 60 s interval).
    await evaluateRules(app, minute(7), TIMING);
    const until = async () =>
      (
        (await req(acme, 'POST', '/monit/rule/list', { metric: 'ippAttack', keyword: 'attacks:' })).body.data as wire.Page<wire.AlertRule>
      ).list.map((r) => r.evaluatedUntil);
    expect(await until()).toEqual([minute(0).toISOString(), minute(0).toISOString()]);
    await evaluateRules(app, minute(9), TIMING);
    expect(await until()).toEqual([minute(5).toISOString(), minute(5).toISOString()]);
    expect(await alarmsOf(all.uuid)).toEqual([['firing', 2, 0]]); // globex's attack is not acme's
    expect(await alarmsOf(narrowed.uuid)).toEqual([]);
    const rows = (
      (await req(acme, 'POST', '/monit/rule/list', { metric: 'ippAttack', keyword: 'attacks:' })).body.data as wire.Page<wire.AlertRule>
    ).list;
    expect(rows.find((r) => r.uuid === narrowed.uuid)).toMatchObject({ lastValue: 1, state: 'ok' });
    expect(await notices(all.uuid)).toBe(5); // the same groups and channels as traffic rules (Hook has no email)
    const history = (await req(acme, 'POST', '/monit/notify/history', { ruleName: 'attacks: all IPs' })).body
      .data as wire.Page<wire.NotifyRecord>;
    const hook = history.list.find((h) => h.channel === 'webhook' && h.contactName === 'Ops')!;
    expect(hook.content).toContain('attacks on protected IPs ≥ 2 attacks, value 2 attacks');
    expect(hook.content).toContain("protected IPs: all of the account's protected IPs");
  });

  it("wafEvents counts the security events of the account's websites (a list narrows it)", async () => {
    const all = await addRule('events: all websites', 'wafEvents', [], 5);
    const narrowed = await addRule('events: blog', 'wafEvents', [SITES[1]], 2);
    const shop = await addRule('events: shop', 'wafEvents', [SITES[0]], 4);
    await evaluateRules(app, minute(5), TIMING);
    expect(await alarmsOf(all.uuid)).toEqual([['firing', 5, 0]]); // 3 + 2; globex's 9 are not acme's
    expect(await alarmsOf(narrowed.uuid)).toEqual([['firing', 2, 0]]);
    expect(await alarmsOf(shop.uuid)).toEqual([]);
    const history = (await req(acme, 'POST', '/monit/notify/history', { ruleName: 'events: blog' })).body
      .data as wire.Page<wire.NotifyRecord>;
    expect(history.list.map((h) => h.status)).not.toContain('no_address');
    expect(history.list.find((h) => h.channel === 'sms' && h.contactName === 'Ops')!.content).toContain(`protected websites: ${SITES[1]}`);
  });

  it('writes zones as UTC±H[:MM]', () => {
    expect([zoneLabel(480), zoneLabel(0), zoneLabel(330), zoneLabel(-210)]).toEqual(['UTC+8', 'UTC+0', 'UTC+5:30', 'UTC-3:30']);
  });
});

describe('availability records', () => {
  it("lists records with avg / max / min / p90 per period, limited to the caller's accounts", async () => {
    await seedDemoProbes(app.traffic, [
      { name: DOMAIN, account: 'acme' },
      { name: 'www.globex-corp.example', account: 'globex' },
    ]);
    const r = (await req(acme, 'POST', '/monit/record/resource', { interval: 60, pageSize: 10 })).body.data as wire.ResourceReply;
    expect(r.total).toBeGreaterThanOrEqual(24 * 12 * 2 * 4);
    expect(r.list.every((x) => x.domain.endsWith('acme-media.example'))).toBe(true);
    expect(r.stats.length).toBeGreaterThan(20);
    expect(r.stats.every((s) => s.min <= s.avg && s.avg <= s.max && s.p90 <= s.max)).toBe(true);
    const errors = (
      await req(acme, 'POST', '/monit/record/resource', { event: 'error', startTime: Math.floor(Date.now() / 1000) - 2 * 86_400 })
    ).body.data as wire.ResourceReply;
    expect(errors.list.every((x) => x.event === 'error' && x.httpStatus === 502)).toBe(true);
    expect(((await req(globex, 'POST', '/monit/record/resource', { domain: DOMAIN })).body.data as wire.ResourceReply).total).toBe(0);
  });
});
