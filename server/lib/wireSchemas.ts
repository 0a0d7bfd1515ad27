import { Type, type TSchema } from '@sinclair/typebox';
import type { Envelope } from './envelope';

/**
 * Response schemas of the list and search replies. The data schemas are the wire shapes themselves
 * (common/wire/<area>.ts: TypeBox schemas whose Static<> types the code uses, one definition), so a
 * schema and its type cannot drift apart. They document the reply and let Fastify serialise it with a
 * compiled serialiser, which keeps only the properties a schema names and coerces values to the
 * declared types; tests/server/shellResponseSchemas.test.ts compares every annotated route's sent reply
 * with its handler's object.
 */

/** The 200 reply of a route whose success data is `data`, in the envelope of the route's folder. */
export const replySchema = <T extends TSchema>(envelope: Envelope, data: T) => ({ 200: envelope.reply(data) });

/** Domain list and search replies are encrypted (spec §7): data is the cipher text. */
export const EncryptedSchema = Type.String();
