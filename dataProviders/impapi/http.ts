import { SUCCESS_CODES } from '../../common/wire/shell/envelopes';
import { call, callEnvelope, type CallOptions } from '../http';

/** /impapi's success rule, once for the folder: code number 0, the string "0" also accepted (spec §7). */
const IMPAPI = { successCodes: [SUCCESS_CODES.impapi, String(SUCCESS_CODES.impapi)] } as const;

export const impapiCall = <T>(options: CallOptions) => call<T>({ ...IMPAPI, ...options });
export const impapiEnvelope = <T>(options: CallOptions) => callEnvelope<T>({ ...IMPAPI, ...options });
export const impapiGet = <T>(url: string, params?: Record<string, unknown>) => impapiCall<T>({ method: 'GET', url, params });
export const impapiPost = <T>(url: string, data?: unknown) => impapiCall<T>({ method: 'POST', url, data });
export const impapiPut = <T>(url: string, data?: unknown) => impapiCall<T>({ method: 'PUT', url, data });
export const impapiDelete = <T>(url: string, data?: unknown) => impapiCall<T>({ method: 'DELETE', url, data });
