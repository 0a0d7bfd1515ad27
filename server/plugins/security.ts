import { Stream } from 'node:stream';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyRequest } from 'fastify';
import { PortalError } from '../lib/envelope';
import { portalConfigScript } from './spa';

/**
 * Input hygiene for every route, in one place (issue #22):
 * - JSON bodies are validated without type coercion: `{"id": true}` or `{"id": [35]}` is refused,
 *   not turned into 1 or 35. Query strings and path parameters are text by nature: they still
 *   convert to the number or boolean a parameter is declared as.
 * - An integer without a declared range is held to the safe-integer range, so 1e21 is refused by
 *   the schema instead of reaching SQL as "1e+21".
 * - A NUL character or a lone UTF-16 surrogate in any string of the body, query or path (values
 *   and keys) is refused before a handler runs: neither can be stored as text.
 * - Bodies of callers without a session stay small (ANONYMOUS_BODY_LIMIT); routes that need a
 *   session refuse such callers before the body is read (plugins/guard.ts, onRequest).
 * - State-changing calls from another site are refused (cross-site request forgery), GETs that
 *   change state included: see isStateChanging.
 * - Every response carries nosniff, X-Frame-Options DENY and a content security policy.
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

/** A raw body (the log ingest's stream, or bytes) is not text to check: only parsed values are. */
const isRaw = (v: object) => v instanceof Stream || ArrayBuffer.isView(v) || v instanceof ArrayBuffer;

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
    } else if (v && typeof v === 'object' && !isRaw(v)) {
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

/** Largest body accepted from a caller without a session (sign-in and public routes). */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/** GETs that change state although their access is not 'operation': sign-in and sign-out. */
const STATE_CHANGING_GETS = new Set(['/api/newLogin', '/api/logout']);

/**
 * The one list of state-changing calls: every method but GET/HEAD/OPTIONS, every route declared
 * with access 'operation' (the contract's GETs such as /cloud/customer/delDomainGroup,
 * /shiro/self/safeupdatepassword, /monit/rule/disable), and the GETs above.
 */
export function isStateChanging(request: FastifyRequest): boolean {
  if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return true;
  if (request.routeOptions.config?.access === 'operation') return true;
  return STATE_CHANGING_GETS.has(request.routeOptions.url ?? '');
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Whether the request comes from another site. A browser's Sec-Fetch-Site decides when present
 * ('same-origin' or 'none', a typed address, pass). Without it (older browsers), an Origin or else a
 * Referer naming another host than the request's Host is foreign. Without any of them (curl,
 * scripts, server tests) the request is not from a browser page and passes.
 */
export function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site) return site !== 'same-origin' && site !== 'none';
  const host = (request.headers.host ?? '').toLowerCase();
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin) return origin === 'null' || hostOf(origin) !== host;
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer) return hostOf(referer) !== host;
  return false;
}

const sha256 = (text: string) => `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`;

/** Hashes of the inline scripts of the built pages (e.g. public/openapi/index.html), found at start. */
function inlineScriptHashes(root: string): string[] {
  const hashes: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 3 || !fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') walk(file, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          if (m[1].trim()) hashes.push(sha256(m[1]));
        }
      }
    }
  };
  walk(root, 0);
  return hashes;
}

/** The content security policy; `scriptHashes` allow the pages' inline scripts (the portal config, the open API page). */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    // MUI (emotion) inserts <style> elements and style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const securityPlugin = fp(async (app) => {
  const csp = contentSecurityPolicy([sha256(portalConfigScript(app.config.cipherKey)), ...inlineScriptHashes(app.config.staticDir)]);
  // onSend: every reply passes here, refusals of earlier hooks (401) and static files included.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', csp);
    reply.header('referrer-policy', 'same-origin');
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (isStateChanging(request) && fromAnotherSite(request)) throw new PortalError('403', 'crossSiteRefused', 403);
    // Routes that need a session have refused an anonymous caller already (guard); the rest
    // (public routes, unknown paths) take no large body from one.
    const length = Number(request.headers['content-length'] ?? 0);
    if (!request.user && length > ANONYMOUS_BODY_LIMIT && !hasOwnBodyLimit.has(request.routeOptions.url ?? '')) {
      throw new PortalError('413', 'bodyTooLarge', 413);
    }
  });

  // Public routes read at most ANONYMOUS_BODY_LIMIT, chunked bodies included, unless they declare
  // their own limit (the log shipper's streamed ingest, authorised by its token).
  const hasOwnBodyLimit = new Set<string>();
  app.addHook('onRoute', (route) => {
    if ((route.config as { access?: string } | undefined)?.access !== 'public') return;
    if (route.bodyLimit === undefined) route.bodyLimit = ANONYMOUS_BODY_LIMIT;
    else hasOwnBodyLimit.add(route.url);
  });

  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    const bounded = boundIntegers(schema) as Schema;
    const compile = httpPart === 'body' ? ajvStrict : ajvCoercing;
    return compile({ schema: bounded, method, url, httpPart: httpPart ?? 'body' } as never);
  });

  // Before the schema (and every route's own preValidation): bad text never reaches a handler.
  app.addHook('preValidation', async (request) => checkText(request));
});
