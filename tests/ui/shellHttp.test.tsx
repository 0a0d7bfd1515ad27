import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { call, client, fileNameFromDisposition, get, PortalApiError } from '../../dataProviders/http';

// msw stands in for what the real server cannot be made to do on demand: time-outs, broken replies.
const server = setupServer(
  http.get('*/api/ok', () => HttpResponse.json({ code: '0', data: { n: 1 }, msg: 'success' })),
  http.get('*/api/expired', () => HttpResponse.json({ code: '401', data: null, msg: 'x' }, { status: 401 })),
  http.get('*/api/forbidden', () => HttpResponse.json({ code: '403', data: null, msg: '没有权限访问该功能' })),
  http.get('*/api/failing', () => HttpResponse.json({ code: '1', data: null, msg: 'The domain name already exists!' })),
  http.get('*/api/nomsg', () => HttpResponse.json({ code: '1', data: null, msg: '' })),
  http.get('*/api/garbage', () => HttpResponse.text('<html>proxy error</html>')),
  http.get('*/api/slow', async () => {
    await delay(500);
    return HttpResponse.json({ code: '0', data: null, msg: '' });
  }),
  http.get('*/api/down', () => HttpResponse.error()),
  http.get('*/monit/ok', () => HttpResponse.json({ code: '200', data: [1], msg: '' })),
  http.get('*/api/lang', ({ request }) => HttpResponse.json({ code: '0', data: request.headers.get('x-portal-lang'), msg: '' })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function failure(p: Promise<unknown>): Promise<PortalApiError> {
  try {
    await p;
  } catch (e) {
    return e as PortalApiError;
  }
  throw new Error('expected a failure');
}

describe('dataProviders/http.ts: envelope and error catalogue (spec §8)', () => {
  it('returns data on code "0" and sends the language header', async () => {
    expect(await get('/api/ok')).toEqual({ n: 1 });
    sessionStorage.setItem('isChinese', 'english');
    expect(await get('/api/lang')).toBe('en');
    sessionStorage.setItem('isChinese', 'chinese');
    expect(await get('/api/lang')).toBe('zh');
  });

  it('HTTP 401 ends the session with the timeout message', async () => {
    const e = await failure(get('/api/expired'));
    expect(e.sessionEnded).toBe(true);
    expect(e.message).toBe('portal.errors.sessionExpired');
  });

  it('body code 403 ends the session with the server message', async () => {
    const e = await failure(get('/api/forbidden'));
    expect(e.sessionEnded).toBe(true);
    expect(e.message).toBe('没有权限访问该功能');
  });

  it('a non-success code raises the server msg, or "An unknown error"', async () => {
    expect((await failure(get('/api/failing'))).message).toBe('The domain name already exists!');
    const e = await failure(get('/api/nomsg'));
    expect(e.message).toBe('portal.errors.unknown');
    expect(e.sessionEnded).toBe(false);
  });

  it('a malformed reply or a network failure gives "request return data error" plus the reason', async () => {
    const bad = await failure(get('/api/garbage'));
    expect(bad.message).toBe('portal.errors.requestFailed');
    expect(bad.messageArgs.reason).toBeTruthy();
    const down = await failure(get('/api/down'));
    expect(down.message).toBe('portal.errors.requestFailed');
  });

  it('a time-out gives "request return data error" with the reason timeout', async () => {
    // jsdom's XHR under msw ignores xhr.timeout; the fetch adapter honours axios' timeout the same way.
    const e = await failure(call({ method: 'GET', url: 'http://localhost/api/slow', timeout: 50, adapter: 'fetch' }));
    expect(e.message).toBe('portal.errors.requestFailed');
    expect(e.messageArgs.reason).toBe('timeout');
  });

  it('uses 120 s as the default time-out and accepts other success codes', async () => {
    expect(client.defaults.timeout).toBe(120_000);
    expect(await call({ method: 'GET', url: '/monit/ok', successCodes: ['200'] })).toEqual([1]);
  });

  it('reads the file name from content-disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="acme-logs.gz"')).toBe('acme-logs.gz');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AF%81%E4%B9%A6.zip")).toBe('证书.zip');
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});
