import { portalEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { encryptDomainInfoRoutes } from './domains/encryptDomainInfo';
import { domainGroupRoutes } from './users/domainGroups';
import { lineAreaRoutes } from './traffic/lineArea';

/** /cloud: the portal's envelope (success code "0"). */
export const cloudBackend = backendRoutes({
  name: 'cloud',
  prefix: '/cloud/',
  envelope: portalEnvelope,
  routes: [encryptDomainInfoRoutes, domainGroupRoutes, lineAreaRoutes],
});
