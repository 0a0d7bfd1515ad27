import { portalEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { lineStaticDataRoutes } from './traffic/staticData';

/** /linesapi: the portal's envelope for failures (its static data answers raw, as the contract says). */
export const linesapiBackend = backendRoutes({
  name: 'linesapi',
  prefix: '/linesapi/',
  envelope: portalEnvelope,
  routes: [lineStaticDataRoutes],
});
