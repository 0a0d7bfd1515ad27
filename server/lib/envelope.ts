import type { ServerMessageKey } from '../../i18n/serverMessages';

/** Success envelope of /api, /cloud, /shiro and /linesapi: {code:"0", data, msg}. */
export function ok<T>(data: T, msg = 'success'): { code: '0'; data: T; msg: string } {
  return { code: '0', data, msg };
}

/** Success envelope of /impapi: {code: 0, data, msg} (number 0; ARCHITECTURE 'Envelopes'). */
export function impapiOk<T>(data: T, msg = 'success'): { code: 0; data: T; msg: string } {
  return { code: 0, data, msg };
}

/** Success envelope of /monit: {code: "200", data, msg}. */
export function monitOk<T>(data: T, msg = 'success'): { code: '200'; data: T; msg: string } {
  return { code: '200', data, msg };
}

export interface FailureEnvelope {
  code: string | number;
  data: unknown;
  msg: string;
}

/**
 * A failure in the envelope of the backend that `url` belongs to. /impapi carries a number code and
 * its text in both msg and data; elsewhere {code: "<n>", data: null, msg}. A missing right stays
 * code "403" on every backend (the client's session-end rule).
 */
export function failureEnvelope(url: string, code: string, msg: string): FailureEnvelope {
  if (url.startsWith('/impapi/') && code !== '403') {
    const n = Number(code);
    return { code: Number.isInteger(n) && n !== 0 ? n : 1, data: msg, msg };
  }
  return { code, data: null, msg };
}

/**
 * A failure that reaches the user as {code, data:null, msg}. `msg` is either a key of the
 * server message catalogue (localised per request) or literal text.
 */
export class PortalError extends Error {
  constructor(
    readonly code: string,
    readonly msgKey: ServerMessageKey | { text: string },
    readonly httpStatus = 200,
  ) {
    super(typeof msgKey === 'string' ? msgKey : msgKey.text);
  }
}

export const fail = (msgKey: ServerMessageKey | { text: string }, code = '1') => new PortalError(code, msgKey);
/** Another tenant's record is answered exactly like a missing one. */
export const notFound = () => new PortalError('404', 'notFound');
export const forbidden = () => new PortalError('403', 'forbidden');
