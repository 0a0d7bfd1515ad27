import type { ServerMessageKey } from '../../i18n/serverMessages';

/** Success envelope of /api, /cloud and /shiro: {code:"0", data, msg}. */
export function ok<T>(data: T, msg = 'success'): { code: '0'; data: T; msg: string } {
  return { code: '0', data, msg };
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
