import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { messageText } from '../../../services/domains';
import { backHostOf, probeOrigin, type ProbeTarget } from '../../../lib/originProbe';
import { validateIcp, validateOrigins, validateTestUrl } from '../../../../common/rules/domains/index';
import type { DomainMessageKey } from '../../../../common/rules/domains/messages';
import { DomainIcpSchema, DomainTestUrlSchema, type DomainOrigin } from '../../../../common/wire/domains';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';

const view = { module: 'domain', access: 'view' } as const;

/** A failed check: code "1", data 0 and the reason (the screen then asks whether to proceed). */
const failed = (request: FastifyRequest, key: ServerMessageKey, args?: Record<string, string | number>) => ({
  code: '1',
  data: 0,
  msg: messageText(request, key, args),
});

const MAX_PROBED = 5;

/** Source test and ICP check (contract rows /api/domain/validation/*): data 200 on success. */
export const domainValidationRoutes: TypedRoutes = async (app) => {
  app.post('/api/domain/validation/testUrl', { config: view, schema: { body: DomainTestUrlSchema } }, async (request) => {
    const body = request.body;
    const urlError = validateTestUrl(body.testUrl);
    if (urlError) return failed(request, urlError);
    const name = (body.name ?? '').trim().toLowerCase();
    const origins: DomainOrigin[] = (body.origins ?? []).map((o) => ({
      role: o.role ?? 'main',
      type: o.type ?? 'domain',
      address: (o.address ?? '').trim().toLowerCase(),
      port: o.port === null || o.port === undefined || o.port === '' ? Number.NaN : Number(o.port),
      weight: 10,
    }));
    const originErrors = validateOrigins(origins, name);
    if (originErrors.length) return failed(request, originErrors[0].message as DomainMessageKey, originErrors[0].args);
    const mains = origins.filter((o) => o.role === 'main');
    const probed = (mains.length ? mains : origins).slice(0, MAX_PROBED);
    const targets: ProbeTarget[] = probed.map((o) => ({
      address: o.address,
      port: o.port,
      protocol: body.backProtocol === 'https' || (body.backProtocol !== 'http' && o.port === 443) ? 'https' : 'http',
      host: backHostOf({ backHost: body.backHost }, o, name.replace(/^\*\./, 'www.') || o.address).toLowerCase(),
      path: (body.testUrl ?? '/').trim(),
    }));
    const outcomes = await Promise.all(targets.map((t) => probeOrigin(t, app.config.allowPrivateOrigins)));
    const bad = outcomes.find((o) => !o.ok);
    if (bad && !bad.ok) return failed(request, bad.key, bad.args);
    return ok(200, request.t('domainProbeOk'));
  });

  app.post(
    '/api/domain/validation/icp',
    {
      config: view,
      schema: { body: DomainIcpSchema },
    },
    async (request) => {
      const { icp } = request.body;
      // The check itself is for a number that must be present: always validated as required here.
      const error = validateIcp(icp, 'cn');
      if (error) return failed(request, error);
      return ok(200);
    },
  );
};
