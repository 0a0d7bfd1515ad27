import { portalEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { passwordRoutes } from './password';
import { shiroUserRoutes } from './users';

/** /shiro: the portal's envelope (success code "0"). */
export const shiroBackend = backendRoutes({
  name: 'shiro',
  prefix: '/shiro/',
  envelope: portalEnvelope,
  routes: [passwordRoutes, shiroUserRoutes],
});
