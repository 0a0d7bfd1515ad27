import { portalEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { sessionRoutes } from './session';
import { analysisRoutes } from './analysis/analysis';
import { domainRoutes } from './domains/domain';
import { domainHistoryRoutes } from './domains/domainHistory';
import { domainInfoRoutes } from './domains/domainInfo';
import { domainValidationRoutes } from './domains/domainValidation';
import { liveDomainRoutes } from './domains/liveDomain';
import { certificateRoutes } from './certificates/certificate';
import { logRoutes } from './logs/log';
import { logIngestRoutes } from './logs/logIngest';
import { lineRoutes } from './lines/line';
import { purgeRoutes } from './purge';
import { hostRoutes } from './hosts';
import { auditRoutes } from './audit';

/** /api: success code "0", failures {code: "<n>", data: null, msg}. */
export const apiBackend = backendRoutes({
  name: 'api',
  prefix: '/api/',
  envelope: portalEnvelope,
  routes: [
    sessionRoutes,
    analysisRoutes,
    domainRoutes,
    domainHistoryRoutes,
    domainInfoRoutes,
    domainValidationRoutes,
    liveDomainRoutes,
    certificateRoutes,
    logRoutes,
    logIngestRoutes,
    lineRoutes,
    purgeRoutes,
    hostRoutes,
    auditRoutes,
  ],
});
