import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PortalError, portalEnvelope, type Envelope } from '../lib/envelope';
import { serverMessages, type ServerMessageKey } from '../../i18n/serverMessages';
import { PART_NAMES, schemaRefusalText } from '../lib/schemaErrors';

/** Request language, the localiser, and the one error handler that keeps every failure in the envelope. */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('t', function (this: { lang: 'zh' | 'en' }, key: ServerMessageKey) {
    return serverMessages[key][this.lang];
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-portal-lang'];
    request.lang = header === 'en' || header === 'english' ? 'en' : 'zh';
  });

  // Outside every backend folder (the site's own files): the portal's envelope.
  app.setErrorHandler(failureHandler(portalEnvelope));
});

/**
 * Sends a failure in `envelope`'s shape. JSON.stringify, not the route's response schema: a schema
 * describes the success reply, and its serialiser would reshape a failure's code and data. (A reply
 * serialiser of one's own leaves the content type to the caller.)
 */
export const sendFailure = (reply: FastifyReply, envelope: Envelope, status: number, code: string, msg: string) =>
  reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(envelope.fail(code, msg));

/**
 * The one error handler, per envelope: every failure of a backend folder's routes (guard, schema
 * validation, PortalError, the traffic queue's "busy", a crash) leaves in that folder's envelope.
 */
export function failureHandler(envelope: Envelope, prefix?: ServerMessageKey) {
  return (error: FastifyError | PortalError, request: FastifyRequest, reply: FastifyReply) => {
    // A route whose every refusal starts with its own words (prefetch: 'Prefetch failed: ').
    const lead = prefix ? request.t(prefix) : '';
    const send = (status: number, code: string, msg: string) => sendFailure(reply, envelope, status, code, lead + msg);
    if (error instanceof PortalError) {
      const m = error.msgKey;
      const msg = typeof m === 'string' ? request.t(m) : 'text' in m ? m.text : m[request.lang];
      return send(error.httpStatus, error.code, msg);
    }
    const { validation, validationContext } = error as FastifyError;
    if (validation) {
      // Schema failures: the field by its wire path and what was wrong, in the caller's language (issue #35).
      return send(
        200,
        '400',
        schemaRefusalText((k) => request.t(k), validation, PART_NAMES[validationContext ?? 'body'] ?? 'body'),
      );
    }
    // A value the config store cannot take (SQLSTATE class 22: an id beyond 32 bits, bad text): the
    // statement failed, so nothing changed; the caller sent it, so it is a 400, not a 500.
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      return send(200, '400', request.t(sqlState === '22003' ? 'valueOutOfRange' : 'invalidValue'));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return send(status, String(status), error.message);
    request.log.error({ err: error }, 'unhandled error');
    return send(500, '500', request.t('serverError'));
  };
}
