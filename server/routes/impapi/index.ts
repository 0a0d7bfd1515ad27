import { impapiEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { ippRoutes } from './ipp';
import { websiteRoutes } from './websites';
import { wafPolicyRoutes } from './wafPolicies';
import { wafRuleRoutes } from './wafRules';
import { wafDashboardRoutes } from './wafDashboard';
import { wafDryRunRoutes } from './wafDryRun';

/** /impapi: success code number 0; a failure's number code with its text in msg and data. */
export const impapiBackend = backendRoutes({
  name: 'impapi',
  prefix: '/impapi/',
  envelope: impapiEnvelope,
  routes: [ippRoutes, websiteRoutes, wafPolicyRoutes, wafRuleRoutes, wafDashboardRoutes, wafDryRunRoutes],
});
