import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import { addDomain, buildDomainInput, findDomain } from './domainFixtures';
import { uidOf } from './securityHelpers';

/**
 * No lost edits (issue #35 item 4): each of the ten updates (and the certificate rename) takes the
 * `updateTime` its record was read at. A write with the current one passes and moves updateTime
 * forward; a second write with the old one is refused with code "409" and changes nothing; a write
 * without it passes as before; another tenant's record answers 'not found' whatever updateTime says;
 * of two writes that read the same version (in the same millisecond), exactly one passes.
 */

let app: FastifyInstance;
const c: Record<string, string> = {};
const MISSING_UID = '00000000-0000-4000-8000-00000000abcd';
const STALE_EN = 'The record was changed by someone else. Reload it and try again.';
const STALE_ZH = '记录已被他人修改，请刷新后重试。';

type Rec = { updateTime: string } & Record<string, unknown>;
/** Four distinct writes: 0 passes, 1 is the stale one, 2 is another tenant's, 3 is unchecked. */
type Step = 0 | 1 | 2 | 3;

interface Resource {
  name: string;
  /** acme's record's key, found in beforeAll */
  key: () => number | string;
  missing: number | string;
  /** the record as the screens read it */
  read(): Promise<Rec>;
  /** the update's URL and body writing step's value (updateTime added by the test when given) */
  write(key: number | string, step: Step, language: Lang): { url: string; body: Record<string, unknown> };
  /** what the write of a step leaves in the record */
  value(r: Rec): unknown;
  expected(step: Step): unknown;
  /** after a successful write: the state a next edit needs (the issuing job is far off here) */
  settle?(): Promise<void>;
  success: string;
  /** the answer of a write while the record is being issued (the loser of two writes may meet it first) */
  issuing?: string;
}

const keys = {
  domain: 0,
  domainName: 'stale-writes.example-test.com',
  cert: 0,
  website: 0,
  policy: 0,
  rule: 0,
  ipp: 0,
  contact: 0,
  group: 0,
  monitRule: '',
  user: '',
};

const lang = (l: Lang = 'en') => ({ 'x-portal-lang': l });
const get = async (url: string) => (await call(app, c.acme, { method: 'GET', url, headers: lang() })).body.data;
const post = async (url: string, payload: Record<string, unknown>) =>
  (await call(app, c.acme, { method: 'POST', url, payload, headers: lang() })).body.data;
const W = '/impapi/protection/application';
const byId = (list: Rec[], key: unknown): Rec => list.find((x) => x.id === key || x.uuid === key)!;

type Lang = 'en' | 'zh';
interface TextWrite {
  name: string;
  key: () => number | string;
  read(): Promise<Rec>;
  url: string | ((language: Lang) => string);
  /** the update's body writing `text` */
  body(key: number | string, text: string): Record<string, unknown>;
  /** the record's field the text lands in */
  field: string;
  /** the text of a step (default: 'Stale <name> <step>') */
  text?: (step: Step) => string;
  missing?: number | string;
  success?: string;
  settle?(): Promise<void>;
  issuing?: string;
}

/** A resource whose update writes a text field ("0" and a numeric key unless said). */
function textWrite({ url, body, field, text, ...r }: TextWrite): Resource {
  const textOf = text ?? ((step: Step) => `Stale ${r.name} ${step}`);
  return {
    missing: 999999,
    success: '0',
    ...r,
    write: (key, step, language) => ({ url: typeof url === 'string' ? url : url(language), body: body(key, textOf(step)) }),
    value: (rec) => rec[field],
    expected: textOf,
  };
}

const listed = async (url: string, key: unknown) => byId(((await post(url, { pageSize: 1000 })) as { list: Rec[] }).list, key);
/** The demo's issuing job is far off here: a written domain or website is set configured again for the next edit. */
const configured = (table: 'domains' | 'websites', id: () => number) => async () =>
  void (await app.db.query(`UPDATE ${table} SET operation_state = 'configured' WHERE id = $1`, [id()]));

const WAF_FIELDS = { policy: { type: 1, countries: ['RU'] }, rule: { actionType: 3, action: { mode: 'block' } } };
const MONIT = {
  contact: { path: 'contacts', key: () => keys.contact, body: (id: number | string) => ({ id, email: 'stale@acme.example' }) },
  group: { path: 'group', key: () => keys.group, body: (id: number | string) => ({ id }) },
  'alert rule': { path: 'rule', key: () => keys.monitRule, body: (uuid: number | string) => ({ uuid, ...monitRuleBody }) },
};

const RESOURCES: Resource[] = [
  textWrite({
    name: 'domain',
    key: () => keys.domain,
    read: async () => (await findDomain(app, c.acme, keys.domainName)) as unknown as Rec,
    url: '/api/domain/update',
    body: (id, context) => ({ ...buildDomainInput({ name: keys.domainName }), id, context }),
    field: 'context',
    settle: configured('domains', () => keys.domain),
    issuing: '1',
  }),
  {
    name: 'certificate',
    key: () => keys.cert,
    missing: 999999,
    read: async () => (await get(`/api/certificate/details/${keys.cert}`)) as Rec,
    // Sharing on (step 0) and off (1, 3): each write differs from the one before it.
    write: (id, step) => ({
      url: '/api/certificate/update',
      body: { id, share: step % 2 === 0, shareAccounts: step % 2 === 0 ? ['acme_video'] : [] },
    }),
    value: (r) => r.share,
    expected: (step) => step % 2 === 0,
    success: '0',
  },
  textWrite({
    name: 'certificate name',
    key: () => keys.cert,
    read: async () => (await get(`/api/certificate/details/${keys.cert}`)) as Rec,
    url: '/api/certificate/rename',
    body: (id, name) => ({ id, name }),
    field: 'name',
  }),
  textWrite({
    name: 'website',
    key: () => keys.website,
    read: async () => (await get(`${W}/manager/detail/${keys.website}`)) as Rec,
    url: `${W}/manager/update`,
    body: (id, remark) => ({ id, ...websiteBody, remark }),
    field: 'remark',
    settle: configured('websites', () => keys.website),
    issuing: '1',
  }),
  // Policies and rules of the website: the same calls under their kind.
  ...(['policy', 'rule'] as const).map((kind) =>
    textWrite({
      name: kind,
      key: () => keys[kind],
      read: async () => (await get(`${W}/${kind}/detail/${keys[kind]}`)) as Rec,
      url: `${W}/${kind}/update`,
      body: (id, name) => ({ id, name, ...WAF_FIELDS[kind] }),
      field: 'name',
    }),
  ),
  textWrite({
    name: 'protected IP',
    key: () => keys.ipp,
    read: async () => byId((await get('/impapi/protection/network/manager/list')) as Rec[], keys.ipp),
    url: '/impapi/protection/network/manager/update',
    body: (id, remark) => ({ id, ...ippBody, remark }),
    field: 'remark',
  }),
  // Cloud monitoring: contacts, groups and alert rules, read from their lists.
  ...(['contact', 'group', 'alert rule'] as const).map((name) =>
    textWrite({
      name,
      key: () => MONIT[name].key(),
      missing: name === 'alert rule' ? MISSING_UID : 999999,
      read: () => listed(`/monit/${MONIT[name].path}/list`, MONIT[name].key()),
      url: `/monit/${MONIT[name].path}/update`,
      body: (key, text) => ({ ...MONIT[name].body(key), name: text }),
      field: 'name',
      success: '200',
    }),
  ),
  textWrite({
    name: 'sub-user',
    key: () => keys.user,
    missing: MISSING_UID,
    read: async () => ((await post('/shiro/self/search', { uid: keys.user })) as { list: Rec[] }).list[0],
    // The language of these replies is the path's.
    url: (language) => `/shiro/self/update/${language === 'zh' ? 'chinese' : 'english'}`,
    body: (uid, email) => ({ uid, email, permissions: userPermissions }),
    field: 'email',
    text: (step) => `stale${step}@acme.example`,
  }),
];

let websiteBody: Record<string, unknown> = {};
let ippBody: Record<string, unknown> = {};
let monitRuleBody: Record<string, unknown> = {};
let userPermissions: string[] = [];

/** The fields of a read record an update body takes (those it has). */
const pick = (r: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((k) => r[k] != null).map((k) => [k, r[k]]));

async function send(who: string, res: Resource, key: number | string, step: Step, updateTime?: string, language: Lang = 'en') {
  const { url, body } = res.write(key, step, language);
  const payload = updateTime === undefined ? body : { ...body, updateTime };
  const r = await call(app, c[who], { method: 'POST', url, payload, headers: lang(language) });
  return { code: String(r.body.code), msg: r.body.msg, status: r.status };
}

beforeAll(async () => {
  // The issuing and confirmation jobs stay far off: the test settles a record itself where a next edit needs it.
  app = await makeApp({ issueDelayMs: 3_600_000 });
  await app.ready();
  for (const u of ['acme', 'globex']) c[u] = await signIn(app, u);
  expect((await addDomain(app, c.acme, { name: keys.domainName })).body.code).toBe('0');
  const one = async <T>(sql: string, params: unknown[] = []) => (await app.db.query<T>(sql, params))[0];
  keys.domain = (await one<{ id: number }>('SELECT id FROM domains WHERE name = $1', [keys.domainName])).id;
  await app.db.query(`UPDATE domains SET operation_state = 'configured' WHERE id = $1`, [keys.domain]);
  keys.cert = (await one<{ id: number }>(`SELECT id FROM certificates WHERE account = 'acme' AND logic_delete = 0 ORDER BY id LIMIT 1`)).id;
  keys.website = (await one<{ id: number }>(`SELECT id FROM websites WHERE account = 'acme' ORDER BY id LIMIT 1`)).id;
  await app.db.query(`UPDATE websites SET operation_state = 'configured' WHERE id = $1`, [keys.website]);
  keys.policy = (await one<{ id: number }>('SELECT id FROM waf_policies WHERE website_id = $1 ORDER BY id LIMIT 1', [keys.website])).id;
  keys.rule = (await one<{ id: number }>('SELECT id FROM waf_rules WHERE website_id = $1 ORDER BY id LIMIT 1', [keys.website])).id;
  keys.ipp = (
    await one<{ id: number }>(
      `SELECT id FROM ipp_entries WHERE account = 'acme' AND status IN ('configured', 'toBeConfirmed', 'disabled') ORDER BY id LIMIT 1`,
    )
  ).id;
  keys.contact = (await one<{ id: number }>(`SELECT id FROM monit_contacts WHERE account = 'acme' ORDER BY id LIMIT 1`)).id;
  keys.group = (await one<{ id: number }>(`SELECT id FROM monit_groups WHERE account = 'acme' ORDER BY id LIMIT 1`)).id;
  keys.monitRule = (
    await one<{ uuid: string }>(`SELECT uuid::text AS uuid FROM monit_rules WHERE account = 'acme' ORDER BY id LIMIT 1`)
  ).uuid;
  keys.user = await uidOf(app, 'acme_viewer');
  const w = (await get(`${W}/manager/detail/${keys.website}`)) as Record<string, unknown>;
  websiteBody = pick(w, ['domain', 'originType', 'lbMode', 'origins', 'certificateId', 'hsts', 'enabled']);
  const ipp = (await RESOURCES.find((r) => r.name === 'protected IP')!.read()) as Record<string, unknown>;
  ippBody = pick(ipp, ['originIp', 'protocol', 'ports', 'ranges', 'preset', 'cnamePrefix']);
  const rule = (await RESOURCES.find((r) => r.name === 'alert rule')!.read()) as Record<string, unknown>;
  monitRuleBody = pick(rule, [
    'domains',
    'metric',
    'period',
    'comparison',
    'threshold',
    'consecutive',
    'groupIds',
    'channels',
    'repeatMinutes',
  ]);
  userPermissions = (await RESOURCES.find((r) => r.name === 'sub-user')!.read()).permissions as string[];
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe.each(RESOURCES)('$name update', (res) => {
  it('read time passes, an old one is refused with "409" (nothing changes), none passes; another tenant: not found', async () => {
    const read0 = await res.read();
    expect(read0.updateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    expect(await send('acme', res, res.key(), 0, read0.updateTime)).toMatchObject({ code: res.success });
    await res.settle?.();
    const read1 = await res.read();
    expect(res.value(read1)).toEqual(res.expected(0));
    expect(Date.parse(read1.updateTime)).toBeGreaterThan(Date.parse(read0.updateTime));

    // The same old updateTime again: someone else's edit in between.
    const stale = await send('acme', res, res.key(), 1, read0.updateTime);
    expect(stale).toEqual({ code: '409', msg: STALE_EN, status: 200 });
    expect(await send('acme', res, res.key(), 1, read0.updateTime, 'zh')).toMatchObject({ code: '409', msg: STALE_ZH });
    const read2 = await res.read();
    expect(res.value(read2)).toEqual(res.expected(0));
    expect(read2.updateTime).toBe(read1.updateTime);

    // Another tenant: exactly a missing record's answer, stale or current updateTime alike; nothing changes.
    const missing = await send('globex', res, res.missing, 2, read0.updateTime);
    expect(missing.code).toBe('404');
    expect(await send('globex', res, res.key(), 2, read0.updateTime)).toEqual(missing);
    expect(await send('globex', res, res.key(), 2, read1.updateTime)).toEqual(missing);
    expect((await res.read()).updateTime).toBe(read1.updateTime);

    // Without updateTime: accepted as before (scripts, older clients).
    expect(await send('acme', res, res.key(), 3)).toMatchObject({ code: res.success });
    await res.settle?.();
    const read3 = await res.read();
    expect(res.value(read3)).toEqual(res.expected(3));
    expect(Date.parse(read3.updateTime)).toBeGreaterThan(Date.parse(read1.updateTime));
  });

  it('of two writes that read the same version at once, exactly one passes', async () => {
    const read = await res.read();
    const both = await Promise.all([send('acme', res, res.key(), 0, read.updateTime), send('acme', res, res.key(), 1, read.updateTime)]);
    const passed = both.filter((r) => r.code === res.success);
    expect(passed).toHaveLength(1);
    expect(['409', res.issuing]).toContain(both.find((r) => r.code !== res.success)!.code);
    await res.settle?.();
    const winner = both[0].code === res.success ? 0 : 1;
    expect(res.value(await res.read())).toEqual(res.expected(winner));
  });
});

describe('update_time of the checked records', () => {
  it('moves forward by at least a millisecond on every write, within one transaction too, and keeps whole milliseconds', async () => {
    const times = await app.db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) {
        const [r] = await tx.query<{ t: Date }>('UPDATE monit_contacts SET update_time = now() WHERE id = $1 RETURNING update_time AS t', [
          keys.contact,
        ]);
        out.push(new Date(r.t).getTime());
      }
      return out;
    });
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(1);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1);
    const [{ us }] = await app.db.query<{ us: number }>(
      `SELECT count(*)::int AS us FROM monit_contacts WHERE update_time <> date_trunc('milliseconds', update_time)`,
    );
    expect(us).toBe(0);
  });
});
