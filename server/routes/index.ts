import type { FastifyPluginAsync } from 'fastify';
import { sessionRoutes } from './api/session';
import { domainGroupRoutes } from './cloud/domainGroups';
import { passwordRoutes } from './shiro/password';

/** Every backend route plugin, one line each (server/routes/<backend>/<area>.ts). */
export const routePlugins: FastifyPluginAsync[] = [
  sessionRoutes,
  domainGroupRoutes,
  passwordRoutes,
];
