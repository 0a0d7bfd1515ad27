import { portalEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { sessionRoutes } from './shell/session';
import { analysisRoutes } from './traffic/analysis';
import { domainRoutes } from './domains/domain';
import { domainHistoryRoutes } from './domains/domainHistory';
import { domainInfoRoutes } from './domains/domainInfo';
import { domainEdgeRoutes } from './domains/domainEdge';
import { domainValidationRoutes } from './domains/domainValidation';
import { liveDomainRoutes } from './domains/liveDomain';
import { certificateRoutes } from './certificates/certificate';
import { certificateWriteRoutes } from './certificates/certificateWrite';
import { logRoutes } from './traffic/log';
import { logIngestRoutes } from './traffic/logIngest';
import { lineRoutes } from './traffic/line';
import { purgeRoutes } from './purge/purge';
import { hostRoutes } from './hosts/hosts';
import { auditRoutes } from './audit/audit';

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
    domainEdgeRoutes,
    domainValidationRoutes,
    liveDomainRoutes,
    certificateRoutes,
    certificateWriteRoutes,
    logRoutes,
    logIngestRoutes,
    lineRoutes,
    purgeRoutes,
    hostRoutes,
    auditRoutes,
  ],
});
