import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { readLanguage } from '../src/auth/storage';
import { SUCCESS_CODES } from '../common/wire/shell/envelopes';

/** 120 s time-out for every call (spec §9). */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * An error from a call. `message` is either an i18n key (portal.errors.*) or the server's msg;
 * translate it with translate(message, {_: message, ...messageArgs}).
 * `sessionEnded` marks the session-end rules (HTTP 401, a redirected reply, body code "403").
 */
export class PortalApiError extends Error {
  constructor(
    message: string,
    readonly code: string | number | null,
    readonly status: number | null,
    readonly sessionEnded = false,
    readonly messageArgs: Record<string, string> = {},
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'PortalApiError';
  }
}

/**
 * A write refused because its record changed since it was read (code "409", issue #35 item 4): the
 * edit screens keep what the user typed and say so (src/kit/staleWrite.tsx).
 */
export class StaleRecordError extends PortalApiError {
  constructor(message: string, code: string | number, status: number | null) {
    super(message || 'portal.errors.staleRecord', code, status);
    this.name = 'StaleRecordError';
  }
}

export const client = axios.create({ timeout: REQUEST_TIMEOUT_MS, withCredentials: true });

client.interceptors.request.use((config) => {
  config.headers.set('X-Portal-Lang', readLanguage() === 'english' ? 'en' : 'zh');
  return config;
});

interface Envelope<T> {
  code: string | number;
  data: T;
  msg?: string;
  message?: string;
}

export interface CallOptions extends AxiosRequestConfig {
  /**
   * Success codes of the backend: /api's "0" by default (also /cloud, /shiro); the impapi and monit
   * provider folders set theirs once in their http.ts (common/wire/envelopes.ts).
   */
  successCodes?: ReadonlyArray<string | number>;
}

function wasRedirected(res: AxiosResponse): boolean {
  const xhr = res.request as { responseURL?: string } | undefined;
  if (!xhr?.responseURL || typeof window === 'undefined') return false;
  try {
    const asked = new URL(res.config.url ?? '', window.location.origin);
    const got = new URL(xhr.responseURL);
    return asked.pathname !== got.pathname;
  } catch {
    return false;
  }
}

/** Turns transport failures into the catalogue's errors (spec §8). */
function transportError(err: unknown): PortalApiError {
  if (err instanceof PortalApiError) return err;
  const e = err as AxiosError<Envelope<unknown>>;
  const status = e.response?.status ?? null;
  if (status === 401) return new PortalApiError('portal.errors.sessionExpired', 401, 401, true);
  if (e.response?.data && typeof e.response.data === 'object' && String(e.response.data.code) === '403') {
    return new PortalApiError(e.response.data.msg || 'portal.errors.forbidden', '403', status, true);
  }
  if (status && e.response?.data && typeof e.response.data === 'object' && e.response.data.msg) {
    return new PortalApiError(e.response.data.msg, e.response.data.code ?? status, status);
  }
  const reason = e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' ? 'timeout' : e.message || String(err);
  return new PortalApiError('portal.errors.requestFailed', null, status, false, { reason });
}

/** Sends a call, checks the envelope, returns the whole envelope (for callers that need msg). */
export async function callEnvelope<T>(options: CallOptions): Promise<Envelope<T>> {
  const { successCodes = [SUCCESS_CODES.api], ...config } = options;
  let res: AxiosResponse<Envelope<T>>;
  try {
    res = await client.request<Envelope<T>>(config);
  } catch (err) {
    throw transportError(err);
  }
  if (wasRedirected(res)) throw new PortalApiError('portal.errors.sessionExpired', null, res.status, true);
  const body = res.data;
  if (!body || typeof body !== 'object' || !('code' in body)) {
    throw new PortalApiError('portal.errors.requestFailed', null, res.status, false, { reason: 'malformed reply' });
  }
  if (String(body.code) === '403') throw new PortalApiError(body.msg || 'portal.errors.forbidden', '403', res.status, true);
  if (!successCodes.some((c) => c === body.code || String(c) === String(body.code))) {
    const text = body.msg || body.message || (typeof body.data === 'string' ? body.data : '') || 'portal.errors.unknown';
    if (String(body.code) === '409') throw new StaleRecordError(text, body.code, res.status);
    throw new PortalApiError(text, body.code, res.status, false, {}, body.data);
  }
  return body;
}

/**
 * Read queries of the custom pages retry only the server's "busy" answer (HTTP 503 with Retry-After:
 * the traffic queue was full), at most twice, a second apart; every other failure shows at once.
 */
export const retryBusy = (failures: number, error: unknown): boolean =>
  failures < 2 && error instanceof PortalApiError && error.status === 503;
export const BUSY_RETRY_DELAY_MS = 1000;

/** Sends a call and returns its data field. */
export async function call<T>(options: CallOptions): Promise<T> {
  return (await callEnvelope<T>(options)).data;
}

export const get = <T>(url: string, params?: Record<string, unknown>, extra: CallOptions = {}) =>
  call<T>({ ...extra, method: 'GET', url, params });
export const post = <T>(url: string, data?: unknown, extra: CallOptions = {}) => call<T>({ ...extra, method: 'POST', url, data });

/** Binary download: fetches a blob and saves it with the content-disposition file name. */
export async function download(url: string, options: AxiosRequestConfig = {}): Promise<string> {
  let res: AxiosResponse<Blob>;
  try {
    res = await client.request<Blob>({ method: 'GET', ...options, url, responseType: 'blob' });
  } catch (err) {
    throw transportError(err);
  }
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    const body = JSON.parse(await res.data.text()) as Envelope<unknown>;
    if (String(body.code) === '403') throw new PortalApiError(body.msg || 'portal.errors.forbidden', '403', res.status, true);
    throw new PortalApiError(body.msg || 'portal.errors.unknown', body.code, res.status);
  }
  const name = fileNameFromDisposition(String(res.headers['content-disposition'] ?? '')) ?? 'download';
  const href = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

export function fileNameFromDisposition(header: string): string | null {
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}
