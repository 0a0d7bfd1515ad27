import { SUCCESS_CODES } from '../../common/wire/shell/envelopes';
import { call, callEnvelope, type CallOptions } from '../http';

/** /monit's success rule, once for the folder: code "200" (spec §7). */
const MONIT = { successCodes: [SUCCESS_CODES.monit] } as const;

export const monitCall = <T>(options: CallOptions) => call<T>({ ...MONIT, ...options });
export const monitEnvelope = <T>(options: CallOptions) => callEnvelope<T>({ ...MONIT, ...options });
export const monitGet = <T>(url: string, params?: Record<string, unknown>) => monitCall<T>({ method: 'GET', url, params });
export const monitPost = <T>(url: string, data?: unknown) => monitCall<T>({ method: 'POST', url, data });
export const monitPut = <T>(url: string, data?: unknown) => monitCall<T>({ method: 'PUT', url, data });
export const monitDelete = <T>(url: string, data?: unknown) => monitCall<T>({ method: 'DELETE', url, data });
