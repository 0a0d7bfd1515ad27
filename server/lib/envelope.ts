import { Type, type TLiteral, type TObject, type TSchema, type TString } from '@sinclair/typebox';
import { SUCCESS_CODES } from '../../common/wire/shell/envelopes';
import type { ServerMessageKey } from '../../i18n/serverMessages';

/** A failure as it leaves: {code, data, msg} in the shape of the backend that owns the route. */
export interface FailureEnvelope {
  code: string | number;
  data: unknown;
  msg: string;
}

/**
 * A backend's envelope: how its routes answer success and failure. Each route folder declares its
 * envelope once (server/routes/<backend>/index.ts → server/routes/backend.ts); the folder's error,
 * validation, guard, busy and not-found answers all take their shape from it.
 */
export interface Envelope<S extends string | number = string | number> {
  readonly success: S;
  ok<T>(data: T, msg?: string): { code: S; data: T; msg: string };
  fail(code: string, msg: string): FailureEnvelope;
  /** The response schema of a success reply whose data is `data` (see server/routes/backend.ts). */
  reply<T extends TSchema>(data: T): TObject<{ code: TLiteral<S>; data: T; msg: TString }>;
}

function defineEnvelope<S extends string | number>(success: S, fail: Envelope<S>['fail']): Envelope<S> {
  return {
    success,
    ok: (data, msg = 'success') => ({ code: success, data, msg }),
    fail,
    reply: (data) => Type.Object({ code: Type.Literal(success), data, msg: Type.String() }),
  };
}

/** {code: "<n>", data: null, msg}. */
const plainFailure = (code: string, msg: string): FailureEnvelope => ({ code, data: null, msg });

/** /api, /cloud, /shiro and /linesapi: success {code:"0", data, msg}. */
export const portalEnvelope = defineEnvelope(SUCCESS_CODES.api, plainFailure);

/**
 * /impapi: success {code: 0, data, msg} (number 0); a failure carries a number code and its text in
 * both msg and data. A missing right stays code "403" (the client's session-end rule, every backend).
 */
export const impapiEnvelope = defineEnvelope(SUCCESS_CODES.impapi, (code, msg) => {
  if (code === '403') return plainFailure(code, msg);
  const n = Number(code);
  return { code: Number.isInteger(n) && n !== 0 ? n : 1, data: msg, msg };
});

/** /monit: success {code: "200", data, msg}; failures as on /api. */
export const monitEnvelope = defineEnvelope(SUCCESS_CODES.monit, plainFailure);

/** /edgeapi (issue #33): a success is the protocol's own object (common/wire/edge.ts); failures as on /api, with their HTTP status. */
export const edgeEnvelope = defineEnvelope(SUCCESS_CODES.edgeapi, plainFailure);

/** Success replies of each envelope, as the route files call them. */
export const ok = portalEnvelope.ok;
export const impapiOk = impapiEnvelope.ok;
export const monitOk = monitEnvelope.ok;

/** A refusal's words: a catalogue key, literal text, or text in both languages (chosen per request). */
export type FailureText = ServerMessageKey | { text: string } | { zh: string; en: string };

/**
 * A failure that reaches the user as {code, data:null, msg}. `msg` is either a key of the
 * server message catalogue (localised per request), literal text, or text in both languages.
 */
export class PortalError extends Error {
  constructor(
    readonly code: string,
    readonly msgKey: FailureText,
    readonly httpStatus = 200,
  ) {
    super(typeof msgKey === 'string' ? msgKey : 'text' in msgKey ? msgKey.text : msgKey.en);
  }
}

export const fail = (msgKey: FailureText, code = '1') => new PortalError(code, msgKey);
/** Another tenant's record is answered exactly like a missing one. */
export const notFound = () => new PortalError('404', 'notFound');
export const forbidden = () => new PortalError('403', 'forbidden');
/** A write whose record changed since it was read (server/lib/staleWrite.ts). */
export const staleRecord = () => new PortalError('409', 'staleRecord');
