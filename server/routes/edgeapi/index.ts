import { edgeEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { edgeNodeRoutes } from './edge/edge';

/**
 * /edgeapi: the edge nodes' signed protocol (issue #33, docs/edge.md). No session: every call is
 * verified by its signature (server/services/edge.ts); answers are the wire types of common/wire/edge.ts.
 */
export const edgeapiBackend = backendRoutes({
  name: 'edgeapi',
  prefix: '/edgeapi/',
  envelope: edgeEnvelope,
  routes: [edgeNodeRoutes],
});
