import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../lib/envelope';
import { failureHandler } from '../plugins/envelope';
import type { Backend } from '../../common/wire/envelopes';
import type { BackendOwner } from '../types';

export interface BackendDeclaration {
  name: Backend;
  /** The URL prefix every route of the folder starts with, e.g. '/impapi/'. */
  prefix: string;
  /** How the folder's routes answer: success code and failure shape (server/lib/envelope.ts). */
  envelope: Envelope;
  /** The folder's route plugins, one line each (server/routes/<backend>/<area>.ts). */
  routes: FastifyPluginAsync[];
}

/**
 * A backend route folder as one encapsulated plugin (server/routes/<backend>/index.ts). Its envelope
 * is a property of the folder: the folder's error handler answers every failure of its routes —
 * the guard's 401/403, schema validation, PortalError, the traffic queue's "busy", a crash — in
 * that shape, and the not-found answer under its prefix too (plugins/spa.ts). The guard refuses at
 * registration a route without an access declaration or outside the folder's prefix.
 */
export function backendRoutes(declaration: BackendDeclaration): FastifyPluginAsync {
  const { routes, ...owner } = declaration;
  return async (app) => {
    const backend: BackendOwner = owner;
    app.decorate('backend', backend);
    app.backends.push(backend);
    app.setErrorHandler(failureHandler(backend.envelope));
    for (const plugin of routes) await app.register(plugin);
  };
}
