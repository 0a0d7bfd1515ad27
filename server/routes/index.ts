import type { FastifyPluginAsync } from 'fastify';
import { sessionRoutes } from './api/session';
import { analysisRoutes } from './api/analysis/analysis';
import { domainRoutes } from './api/domains/domain';
import { domainHistoryRoutes } from './api/domains/domainHistory';
import { domainInfoRoutes } from './api/domains/domainInfo';
import { domainValidationRoutes } from './api/domains/domainValidation';
import { liveDomainRoutes } from './api/domains/liveDomain';
import { encryptDomainInfoRoutes } from './cloud/encryptDomainInfo';
import { certificateRoutes } from './api/certificates/certificate';
import { domainGroupRoutes } from './cloud/domainGroups';
import { passwordRoutes } from './shiro/password';
import { shiroUserRoutes } from './shiro/users';
import { logRoutes } from './api/logs/log';
import { logIngestRoutes } from './api/logs/logIngest';
import { lineRoutes } from './api/lines/line';
import { lineAreaRoutes } from './cloud/lineArea';
import { lineStaticDataRoutes } from './linesapi/staticData';
import { purgeRoutes } from './api/purge';
import { hostRoutes } from './api/hosts';
import { auditRoutes } from './api/audit';
import { ippRoutes } from './impapi/ipp';
import { websiteRoutes } from './impapi/websites';
import { wafPolicyRoutes } from './impapi/wafPolicies';
import { wafRuleRoutes } from './impapi/wafRules';
import { wafDashboardRoutes } from './impapi/wafDashboard';
import { wafDryRunRoutes } from './impapi/wafDryRun';
import { monitRoutes } from './monit';

/** Every backend route plugin, one line each (server/routes/<backend>/<area>.ts). */
export const routePlugins: FastifyPluginAsync[] = [
  sessionRoutes,
  analysisRoutes,
  domainRoutes,
  domainHistoryRoutes,
  domainInfoRoutes,
  domainValidationRoutes,
  liveDomainRoutes,
  encryptDomainInfoRoutes,
  certificateRoutes,
  domainGroupRoutes,
  passwordRoutes,
  shiroUserRoutes,
  logRoutes,
  logIngestRoutes,
  lineRoutes,
  lineAreaRoutes,
  lineStaticDataRoutes,
  purgeRoutes,
  hostRoutes,
  auditRoutes,
  ippRoutes,
  websiteRoutes, wafPolicyRoutes, wafRuleRoutes, wafDashboardRoutes,
  wafDryRunRoutes,
  monitRoutes,
];
