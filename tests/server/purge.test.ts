import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, englishCalls, makeApp, signIn } from './helpers';
import { parseSubmission } from '../../common/rules/purge';
import type { PurgeSubmitReply, PurgeTaskListReply, PurgeUrlListReply } from '../../common/wire/purge';

let app: Awaited<ReturnType<typeof makeApp>>;
let acme: string;
let globex: string;
let viewer: string;

const { post } = englishCalls(() => app);
const tasks = async (cookie: string, payload: object = {}) =>
  (await post(cookie, '/api/refresh/query', payload)).body.data as PurgeTaskListReply;

beforeAll(async () => {
  // Small quotas so the limits are reached quickly (above the demo's URLs of acme's Asia/Shanghai day); a slow edge so nothing moves during
  // the test.
  app = await makeApp({ purge: { urlQuota: 60, dirQuota: 10, prefetchQuota: 1000, dirEnabled: true, edgeDelayScale: 1000 } });
  [acme, globex, viewer] = await Promise.all([signIn(app, 'acme'), signIn(app, 'globex'), signIn(app, 'acme_viewer')]);
});
afterAll(async () => {
  await app?.close();
});

describe('URL rules (shared with the forms)', () => {
  it('numbers bad lines of the pasted text, skipping blank ones', () => {
    const r = parseSubmission('https://a.com/x\n\nftp://a.com/y\nhttp://a.com/dir/\nhttps://a.com/x\nnot a url', 'url');
    expect(r.entries.map((e) => e.line)).toEqual([1, 3, 4, 5, 6]);
    expect(r.bad.map((b) => [b.line, b.problem])).toEqual([
      [3, 'format'],
      [5, 'duplicate'],
      [6, 'format'],
    ]);
    expect(parseSubmission('https://a.com/dir\nhttps://a.com/d/', 'dir').bad.map((b) => [b.line, b.problem])).toEqual([
      [1, 'notDirectory'],
    ]);
  });
});

describe('POST /api/refresh', () => {
  it('stores a URL purge, lists it newest first with its URLs, records the submission', async () => {
    const before = (await tasks(acme)).quotas.find((q) => q.kind === 'url')!.used;
    const r = await post(acme, '/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/a.js\n\nhttp://video.acme-video.com/v/1.mp4\n',
    });
    expect(r.body.code).toBe('0');
    expect(r.body.msg).toBe('Push Success');
    const reply = r.body.data as PurgeSubmitReply;
    expect(reply.count).toBe(2);
    expect(reply.quota).toMatchObject({ kind: 'url', limit: 60, used: before + 2, remaining: 58 - before });
    const list = await tasks(acme, { type: 'url' });
    expect(list.list[0]).toMatchObject({ id: reply.taskId, kind: 'url', submittedBy: 'acme', urlCount: 2, status: 'waiting' });
    expect(list.list[0].counts.waiting).toBe(2);
    expect(list.quotas.find((q) => q.kind === 'url')?.used).toBe(before + 2);
    const urls = (await post(acme, '/api/refresh/query', { taskId: reply.taskId })).body.data as PurgeUrlListReply;
    expect(urls.list.map((u) => [u.line, u.url, u.status])).toEqual([
      [1, 'https://www.acme-media.example/a.js', 'waiting'],
      [3, 'http://video.acme-video.com/v/1.mp4', 'waiting'],
    ]);
    const [audit] = await app.db.query<{ username: string; ip: string; urls: string[] }>(
      'SELECT username, ip, urls FROM purge_submissions WHERE task_id = $1',
      [reply.taskId],
    );
    expect(audit).toMatchObject({ username: 'acme', ip: '127.0.0.1' });
    expect(audit.urls).toHaveLength(2);
  });

  it('refuses bad lines with the spec message and their numbers, storing nothing', async () => {
    const before = (await tasks(acme)).total;
    const r = await post(acme, '/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/ok.css\nwww.acme-media.example/x\nhttps://www.globex-corp.example/a\nhttps://unknown.example/a\nhttps://news.acme-media.example/off\nhttps://promo.acme-media.example/frozen',
    });
    expect(r.body.code).toBe('1');
    expect(r.body.msg).toBe('Refresh failed :url invalid');
    expect((r.body.data as { lines: Array<{ line: number }> }).lines.map((l) => l.line)).toEqual([2]);
    const r2 = await post(acme, '/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/ok.css\nhttps://www.globex-corp.example/a\nhttps://unknown.example/a\nhttps://news.acme-media.example/off\nhttps://promo.acme-media.example/frozen',
    });
    expect(r2.body.msg).toBe('Refresh failed :url invalid');
    expect((r2.body.data as { lines: Array<{ line: number }> }).lines.map((l) => l.line)).toEqual([2, 3, 4, 5]);
    expect((await tasks(acme)).total).toBe(before);
  });

  it('refuses more than 100 URLs, empty text, wrong types and odd strings', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `https://www.acme-media.example/${i}`).join('\n');
    expect((await post(acme, '/api/refresh', { type: 'url', urls: many })).body.msg).toBe('At most 100 URLs per submission');
    expect((await post(acme, '/api/refresh', { type: 'url', urls: ' \n ' })).body.msg).toBe('Cannot be empty');
    for (const bad of [
      { type: 'url', urls: ['x'] },
      { type: 'all', urls: 'x' },
      { type: 'url', urls: 'x', __proto__x: 1 },
      { type: 'url', urls: 5 },
    ]) {
      const r = await post(acme, '/api/refresh', bad);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code).not.toBe('0');
    }
    const odd = await post(acme, '/api/refresh', {
      type: 'url',
      urls: 'https://www.acme-media.example/\u0000x\nhttps://www.acme-media.example/\ud800',
    });
    // NUL and lone surrogates are refused for every route before the handler (issue #22).
    expect(odd.body).toMatchObject({ code: '400', msg: 'Invalid request: it contains invalid characters' });
  });

  it('refuses the same URL within a minute, keeping the others', async () => {
    const first = await post(acme, '/api/refresh', { type: 'url', urls: 'https://img.acme-media.example/r.png' });
    expect(first.body.code).toBe('0');
    const again = await post(acme, '/api/refresh', { type: 'url', urls: 'https://img.acme-media.example/r.png' });
    expect(again.body.code).toBe('1');
    expect(again.body.msg).toContain('Refresh the failure');
    const mixed = await post(acme, '/api/refresh', {
      type: 'url',
      urls: 'https://img.acme-media.example/new.png\nhttps://img.acme-media.example/r.png',
    });
    expect(mixed.body.data as PurgeSubmitReply).toMatchObject({ count: 1, repeated: [2] });
    // A minute later it may be purged again.
    await app.db.query(
      `UPDATE purge_task_urls SET create_time = create_time - interval '61 seconds' WHERE url = 'https://img.acme-media.example/r.png'`,
    );
    expect((await post(acme, '/api/refresh', { type: 'url', urls: 'https://img.acme-media.example/r.png' })).body.code).toBe('0');
  });

  it('refuses a submission over the daily quota whole, saying how many remain; the quota resets with the day', async () => {
    const used = (await tasks(acme)).quotas.find((q) => q.kind === 'url')!.used;
    const text = Array.from({ length: 61 - used }, (_, i) => `https://cdn.acme-media.example/q${i}`).join('\n');
    const r = await post(acme, '/api/refresh', { type: 'url', urls: text });
    expect(r.body.code).toBe('1');
    expect(r.body.msg).toBe(`Daily quota exceeded: this submission has ${61 - used}, ${60 - used} remain today`);
    expect((await tasks(acme)).quotas.find((q) => q.kind === 'url')!.used).toBe(used);
    // Yesterday's tasks do not count.
    await app.db.query(`UPDATE purge_tasks SET create_time = create_time - interval '1 day' WHERE account = 'acme'`);
    expect((await post(acme, '/api/refresh', { type: 'url', urls: text })).body.code).toBe('0');
  });

  it('directory purge: entries end with /, its own quota', async () => {
    expect((await post(acme, '/api/refresh', { type: 'dir', urls: 'https://www.acme-media.example/static' })).body.msg).toBe(
      'Refresh failed :url invalid',
    );
    const before = (await tasks(acme)).quotas.find((q) => q.kind === 'dir')!.used;
    const r = await post(acme, '/api/refresh', {
      type: 'dir',
      urls: 'https://www.acme-media.example/assets/\nhttps://www.acme-media.example/img/',
    });
    expect(r.body.code).toBe('0');
    expect((r.body.data as PurgeSubmitReply).quota).toMatchObject({ kind: 'dir', used: before + 2, remaining: 8 - before });
    expect((await tasks(acme, { type: 'dir' })).list.every((t) => t.kind === 'dir')).toBe(true);
  });

  it('acme_viewer sees tasks but cannot submit; globex sees none of acme and gets acme tasks as missing', async () => {
    expect((await post(viewer, '/api/refresh', { type: 'url', urls: 'https://www.acme-media.example/v' })).body.code).toBe('403');
    expect((await post(viewer, '/api/prefetch', { urls: 'https://www.acme-media.example/v' })).body.code).toBe('403');
    const seen = await tasks(viewer);
    expect(seen.total).toBeGreaterThan(0);
    const acmeTask = (await tasks(acme)).list[0];
    expect((await tasks(globex)).list.some((t) => t.account === 'acme')).toBe(false);
    const other = await post(globex, '/api/refresh/query', { taskId: acmeTask.id });
    const missing = await post(globex, '/api/refresh/query', { taskId: 2_000_000_000 });
    expect(other.body).toEqual(missing.body);
  });

  it('filters on the server: status, URL contains, submitted by, time range, paging', async () => {
    const all = await tasks(acme, { pageSize: 2 });
    expect(all.list).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const page2 = await tasks(acme, { pageSize: 2, pageNum: 2 });
    expect(page2.list[0].id).not.toBe(all.list[0].id);
    const byUrl = await tasks(acme, { url: 'VIDEO.acme-video.com/V/1.mp4' });
    expect(byUrl.total).toBe(1);
    expect(byUrl.list[0].urlCount).toBe(2);
    expect((await tasks(acme, { submittedBy: 'nobody_here' })).total).toBe(0);
    expect((await tasks(acme, { status: 'verified', startTime: 0, endTime: 1 })).total).toBe(0);
  });

  it('refuses wrong types, huge numbers and prototype keys in queries with a 4xx-class envelope', async () => {
    const bodies = [{ pageNum: 1e20 }, { taskId: -1 }, { status: 'done' }, JSON.parse('{"__proto__": {"x": 1}}'), { constructor: 'x' }];
    const accepted: string[] = [];
    for (const b of bodies) {
      for (const url of ['/api/refresh/query', '/api/prefetch/search']) {
        const r = await post(acme, url, b);
        expect(r.status).toBeLessThan(500);
        if (r.body.code === '0') accepted.push(`${url} ${JSON.stringify(b)}`);
      }
    }
    expect(accepted).toEqual([]);
    const r = await post(acme, '/api/prefetch/status', { taskId: 1e20 });
    expect(r.status).toBeLessThan(500);
    expect(r.body.code).not.toBe('0');
  });
});

describe('demo data', () => {
  it('holds finished, failed and running tasks of acme and its sub-accounts', async () => {
    const list = (await tasks(acme, { pageSize: 100 })).list;
    expect(list.some((t) => t.account === 'acme_video')).toBe(true);
    expect(list.some((t) => t.status === 'failed')).toBe(true);
    expect(list.some((t) => t.status === 'verified')).toBe(true);
    const prefetch = (await post(acme, '/api/prefetch/search', { pageSize: 100 })).body.data as PurgeTaskListReply;
    const failed = prefetch.list.find((t) => t.status === 'failed')!;
    const urls = (await post(acme, '/api/prefetch/status', { taskId: failed.id })).body.data as PurgeUrlListReply;
    expect(urls.list.find((u) => u.status === 'failed')?.reason).toMatch(/404/);
  });
});

describe('POST /api/prefetch and its lists', () => {
  it('stores a prefetch task; search and status answer it', async () => {
    const r = await post(acme, '/api/prefetch', { urls: 'https://www.acme-media.example/big.zip' });
    expect(r.body.code).toBe('0');
    const id = (r.body.data as PurgeSubmitReply).taskId;
    const list = (await post(acme, '/api/prefetch/search', {})).body.data as PurgeTaskListReply;
    expect(list.list[0]).toMatchObject({ id, kind: 'prefetch' });
    expect(list.quotas.map((q) => q.kind)).toEqual(['prefetch']);
    const st = (await post(acme, '/api/prefetch/status', { taskId: id })).body.data as PurgeUrlListReply;
    expect(st.list[0].url).toBe('https://www.acme-media.example/big.zip');
    // A purge task is not a prefetch task.
    const purgeId = (await tasks(acme)).list[0].id;
    expect((await post(acme, '/api/prefetch/status', { taskId: purgeId })).body.code).toBe('404');
  });
});

describe('POST /api/prefetch refusals (issue #35 item 8)', () => {
  const prefetch = (cookie: string | null, payload: unknown, lang: 'en' | 'zh') =>
    call(app, cookie, { method: 'POST', url: '/api/prefetch', payload: payload as object, headers: { 'x-portal-lang': lang } });

  it('every refusal starts with "Prefetch failed: " / "预热失败：", never "Refresh"', async () => {
    await post(acme, '/api/prefetch', { urls: 'https://www.acme-media.example/twice.zip' });
    const used = (await post(acme, '/api/prefetch/search', {})).body.data as PurgeTaskListReply;
    const many = Array.from({ length: 101 }, (_, i) => `https://www.acme-media.example/p${i}`).join('\n');
    // [what, caller, body, en, zh]: the exact text where the refusal has one of its own.
    const cases: Array<[string, string | null, unknown, string, string]> = [
      ['format', acme, { urls: 'www.acme-media.example/x' }, 'Prefetch failed: URL invalid', '预热失败：URL 无效'],
      ['host', acme, { urls: 'https://www.globex-corp.example/a' }, 'Prefetch failed: URL invalid', '预热失败：URL 无效'],
      ['empty', acme, { urls: ' \n ' }, 'Prefetch failed: Cannot be empty', '预热失败：不能为空'],
      ['too many', acme, { urls: many }, 'Prefetch failed: At most 100 URLs per submission', '预热失败：每次最多提交100条URL'],
      [
        'repeated',
        acme,
        { urls: 'https://www.acme-media.example/twice.zip' },
        'Prefetch failed: the same content cannot be prefetched again within 1 minute',
        '预热失败：同一内容1分钟内不可重复预热',
      ],
      ['schema', acme, { urls: 5 }, 'Prefetch failed: ', '预热失败：'],
      ['no right', viewer, { urls: 'https://www.acme-media.example/v' }, 'Prefetch failed: ', '预热失败：'],
      ['no session', null, { urls: 'https://www.acme-media.example/v' }, 'Prefetch failed: ', '预热失败：'],
    ];
    for (const [what, cookie, body, enText, zhText] of cases) {
      for (const [lang, text] of [['en', enText] as const, ['zh', zhText] as const]) {
        const r = await prefetch(cookie, body, lang);
        expect(r.body.code, what).not.toBe('0');
        expect(r.body.msg, `${what} ${lang}`).toMatch(
          text.endsWith(': ') || text.endsWith('：') ? new RegExp(`^${text}.`) : new RegExp(`^${text}$`),
        );
        expect(r.body.msg).not.toMatch(/refresh|刷新/i);
      }
    }
    // Over the daily quota.
    const quota = used.quotas[0].used;
    app.config.purge.prefetchQuota = quota;
    try {
      for (const [lang, text] of [
        ['en', 'Prefetch failed: Daily quota exceeded: this submission has 1, 0 remain today'],
        ['zh', '预热失败：超出今日配额：本次1条，今日剩余0条'],
      ] as const) {
        expect((await prefetch(acme, { urls: 'https://www.acme-media.example/over.zip' }, lang)).body.msg).toBe(text);
      }
    } finally {
      app.config.purge.prefetchQuota = 1000;
    }
    // The refused lines keep their prefetch words.
    const repeat = await prefetch(acme, { urls: 'https://www.acme-media.example/twice.zip' }, 'en');
    expect((repeat.body.data as { lines: Array<{ reason: string }> }).lines[0].reason).toBe('Already prefetched less than 1 minute ago');
  });
});

describe('directory purge switched off', () => {
  it('refuses with the maintenance message', async () => {
    app.config.purge.dirEnabled = false;
    try {
      const r = await post(acme, '/api/refresh', { type: 'dir', urls: 'https://www.acme-media.example/a/' });
      expect(r.body.msg).toBe('Directory push is under maintenance, please contact operation and maintenance to purge');
    } finally {
      app.config.purge.dirEnabled = true;
    }
  });
});

describe('daily quotas reset at midnight of the account time zone (issue #35 item 9)', () => {
  it("resets at Asia/Shanghai midnight on a UTC host, not at the server's", async () => {
    const DAY = 86_400_000;
    const SHANGHAI = 8 * 3_600_000;
    // The next Asia/Shanghai midnight (UTC+8 all year): 16:00 UTC, no midnight of the host's zone (UTC).
    const midnight = Math.ceil((Date.now() + SHANGHAI) / DAY) * DAY - SHANGHAI;
    let clock = midnight - 60_000;
    app.config.purge.now = () => new Date(clock);
    const quotaNow = async () => ((await post(acme, '/api/prefetch/search', {})).body.data as PurgeTaskListReply).quotas[0];
    try {
      app.config.purge.prefetchQuota = (await quotaNow()).used + 1;
      expect((await post(acme, '/api/prefetch', { urls: 'https://www.acme-media.example/late.zip' })).body.code).toBe('0');
      const over = await post(acme, '/api/prefetch', { urls: 'https://www.acme-media.example/later.zip' });
      expect(over.body.msg).toMatch(/^Prefetch failed: Daily quota exceeded/);
      // Two minutes later it is a new day in Asia/Shanghai (still the same day in UTC).
      clock = midnight + 60_000;
      expect(await quotaNow()).toMatchObject({ used: 0, remaining: app.config.purge.prefetchQuota });
      expect((await post(acme, '/api/prefetch', { urls: 'https://www.acme-media.example/later.zip' })).body.code).toBe('0');
      // An account in UTC counts the same tasks as today's.
      await app.db.query(`UPDATE accounts SET time_zone = 'UTC' WHERE identity = 'acme'`);
      expect((await quotaNow()).used).toBeGreaterThanOrEqual(2);
    } finally {
      await app.db.query(`UPDATE accounts SET time_zone = 'Asia/Shanghai' WHERE identity = 'acme'`);
      app.config.purge.now = undefined;
      app.config.purge.prefetchQuota = 1000;
    }
  });
});
