import type { FastifyPluginAsync } from 'fastify';
import { sessionRoutes } from './api/session';

/** Every backend route plugin, one line each (server/routes/<backend>/<area>.ts). */
export const routePlugins: FastifyPluginAsync[] = [
  sessionRoutes,
];
