import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { PortalError, failureEnvelope } from '../lib/envelope';
import { serverMessages, type ServerMessageKey } from '../../i18n/serverMessages';

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

  // Every failure leaves in the envelope of its backend (failureEnvelope: /impapi numbers, others strings).
  app.setErrorHandler((error: FastifyError | PortalError, request, reply) => {
    const send = (status: number, code: string, msg: string) => reply.status(status).send(failureEnvelope(request.url, code, msg));
    if (error instanceof PortalError) {
      const msg = typeof error.msgKey === 'string' ? request.t(error.msgKey) : error.msgKey.text;
      return send(error.httpStatus, error.code, msg);
    }
    if ((error as FastifyError).validation) {
      // Schema failures: a clear message, never a stack trace.
      return send(200, '400', request.t('invalidRequest') + error.message);
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
  });
});
