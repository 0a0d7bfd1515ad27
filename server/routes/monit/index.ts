import { monitEnvelope } from '../../lib/envelope';
import { backendRoutes } from '../backend';
import { monitRoutes } from './monitoring/monit';

/** /monit: success code "200"; failures {code: "<n>", data: null, msg}. */
export const monitBackend = backendRoutes({
  name: 'monit',
  prefix: '/monit/',
  envelope: monitEnvelope,
  routes: [monitRoutes],
});
