import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../lib/envelope';
import { failureHandler } from '../plugins/envelope';
import type { Backend } from '../../common/wire/shell/envelopes';
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
 * registration a route without an access declaration or outside the folder's prefix, and the folder
 * one whose response schema is in another envelope.
 */
export function backendRoutes(declaration: BackendDeclaration): FastifyPluginAsync {
  const { routes, ...owner } = declaration;
  return async (app) => {
    const backend: BackendOwner = owner;
    app.decorate('backend', backend);
    app.backends.push(backend);
    app.setErrorHandler(failureHandler(backend.envelope));
    // A response schema must describe this folder's success envelope (replySchema(envelope, data)).
    app.addHook('onRoute', (route) => {
      const reply = (route.schema?.response as Record<string, { properties?: { code?: { const?: unknown } } }> | undefined)?.[200];
      if (reply && reply.properties?.code?.const !== backend.envelope.success) {
        throw new Error(`route ${route.method} ${route.url}: its response schema is not in ${backend.prefix}'s envelope`);
      }
    });
    for (const plugin of routes) await app.register(plugin);
  };
}
