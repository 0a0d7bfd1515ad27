import fp from 'fastify-plugin';
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyRequest } from 'fastify';
import { PortalError } from '../lib/envelope';

/**
 * Input hygiene for every route, in one place (issue #22):
 * - JSON bodies are validated without type coercion: `{"id": true}` or `{"id": [35]}` is refused,
 *   not turned into 1 or 35. Query strings and path parameters are text by nature: they still
 *   convert to the number or boolean a parameter is declared as.
 * - An integer without a declared range is held to the safe-integer range, so 1e21 is refused by
 *   the schema instead of reaching SQL as "1e+21".
 * - A NUL character or a lone UTF-16 surrogate in any string of the body, query or path (values
 *   and keys) is refused before a handler runs: neither can be stored as text.
 */

const buildCompiler = AjvCompiler();
const ajvStrict = buildCompiler({}, { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } });
const ajvCoercing = buildCompiler({}, { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } });

type Schema = Record<string, unknown>;

/** A copy of the schema with every unbounded integer bounded to the safe range. */
function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema as Schema)) out[k] = boundIntegers(v);
  if (out.type === 'integer') {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = Number.MAX_SAFE_INTEGER;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -Number.MAX_SAFE_INTEGER;
  }
  return out;
}

/** NUL, or a UTF-16 surrogate that is not part of a pair. */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when some string (or key) anywhere in the value holds a NUL or a lone surrogate. Iterative: any depth. */
export function hasBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  let seen = 0;
  while (stack.length) {
    const v = stack.pop();
    if (++seen > 1_000_000) return true;
    if (typeof v === 'string') {
      if (BAD_TEXT.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (BAD_TEXT.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

export function checkText(request: FastifyRequest): void {
  if (hasBadText(request.body) || hasBadText(request.query) || hasBadText(request.params)) {
    throw new PortalError('400', 'invalidCharacters');
  }
}

export const securityPlugin = fp(async (app) => {
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    const bounded = boundIntegers(schema) as Schema;
    const compile = httpPart === 'body' ? ajvStrict : ajvCoercing;
    return compile({ schema: bounded, method, url, httpPart: httpPart ?? 'body' } as never);
  });

  // Before the schema (and every route's own preValidation): bad text never reaches a handler.
  app.addHook('preValidation', async (request) => checkText(request));
});
