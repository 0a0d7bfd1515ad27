import { impapiEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { ippRoutes } from './ipProtection/ipp';
import { websiteRoutes } from './websites/websites';
import { wafPolicyRoutes } from './websites/policies';
import { wafRuleRoutes } from './websites/rules';
import { wafDashboardRoutes } from './websites/dashboard';
import { wafDryRunRoutes } from './websites/dryRun';

/** /impapi: success code number 0; a failure's number code with its text in msg and data. */
export const impapiBackend = backendRoutes({
  name: 'impapi',
  prefix: '/impapi/',
  envelope: impapiEnvelope,
  routes: [ippRoutes, websiteRoutes, wafPolicyRoutes, wafRuleRoutes, wafDashboardRoutes, wafDryRunRoutes],
});
