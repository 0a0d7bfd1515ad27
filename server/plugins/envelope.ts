import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { PortalError } from '../lib/envelope';
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

  app.setErrorHandler((error: FastifyError | PortalError, request, reply) => {
    if (error instanceof PortalError) {
      const msg = typeof error.msgKey === 'string' ? request.t(error.msgKey) : error.msgKey.text;
      return reply.status(error.httpStatus).send({ code: error.code, data: null, msg });
    }
    if ((error as FastifyError).validation) {
      // Schema failures: a clear message, never a stack trace.
      return reply.status(200).send({ code: '400', data: null, msg: request.t('invalidRequest') + error.message });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: String(status), data: null, msg: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: '500', data: null, msg: request.t('serverError') });
  });
});
