import { portalEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { passwordRoutes } from './users/password';
import { shiroUserRoutes } from './users/users';

/** /shiro: the portal's envelope (success code "0"). */
export const shiroBackend = backendRoutes({
  name: 'shiro',
  prefix: '/shiro/',
  envelope: portalEnvelope,
  routes: [passwordRoutes, shiroUserRoutes],
});
