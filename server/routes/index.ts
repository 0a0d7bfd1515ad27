import type { FastifyPluginAsync } from 'fastify';
import { apiBackend } from './api';
import { cloudBackend } from './cloud';
import { shiroBackend } from './shiro';
import { linesapiBackend } from './linesapi';
import { impapiBackend } from './impapi';
import { monitBackend } from './monit';
import { edgeapiBackend } from './edgeapi';

/**
 * Every backend, one line each. A backend is a folder server/routes/<backend>/ whose index.ts
 * declares its prefix, its envelope and its route plugins (one line per area).
 */
export const routePlugins: FastifyPluginAsync[] = [
  apiBackend,
  cloudBackend,
  shiroBackend,
  linesapiBackend,
  impapiBackend,
  monitBackend,
  edgeapiBackend,
];
