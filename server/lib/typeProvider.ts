import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Fastify's type provider for TypeBox (the shape @fastify/type-provider-typebox declares, without
 * its runtime): a route's `request.body`, `query` and `params` are typed from the TypeBox schemas it
 * declares, so a wire shape is written once, as the schema that also validates it.
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** A route plugin whose routes are typed from their schemas. */
export type TypedRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, TypeBoxTypeProvider>;
