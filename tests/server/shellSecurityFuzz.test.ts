import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { call, makeApp, signIn } from './helpers';
import { coveredRows, pattern } from './contractTable';
import { storeDigest } from './securityHelpers';
import { hasBadText } from '../../server/plugins/security';
import type { RouteDeclaration } from '../../server/types';

/**
 * Issue #22: property-based fuzzing (fast-check) of every served write route of the contract and of EXTRA_ROWS (every
 * non-GET row and every 'operation' row), signed in as acme (as admin where acme is refused: staff
 * rows). Bodies come from the route's own JSON schema, then get mutated: wrong JSON types, NUL, lone
 * surrogates, prototype names, huge/negative/fractional numbers, 100k-character strings, deep
 * nesting. Every reply is below HTTP 500 and a JSON envelope; input the schema (or the text check)
 * refuses must not answer code "0"; a route whose batch was all refusals leaves the config store as
 * it was. CI runs a fixed seed and few runs; a larger run by hand:
 *   FUZZ_RUNS=200 FUZZ_SEED=$RANDOM nice npx vitest run --project server tests/server/shellSecurityFuzz.test.ts
 */

const SEED = Number(process.env.FUZZ_SEED ?? 2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

interface Row {
  method: string;
  path: string;
  module: string;
  access: string;
  /** The contract's note says the result is returned raw (no envelope), e.g. /linesapi/static_data. */
  raw: boolean;
}

const rows: Row[] = coveredRows().map(({ method, path, module, access, note }) => ({
  method,
  path,
  module,
  access,
  raw: /no envelope/.test(note),
}));

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

/** A value the schema (mostly) accepts: the base every mutation starts from. */
function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object' || depth > 4) return fc.constant(undefined);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((x) => fromSchema(x, depth + 1)));
  if (s.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of [s, ...s.allOf]) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return fromSchema(merged, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = fromSchema(v, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(fromSchema(s.items ?? {}, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'string':
      return fc.string({
        minLength: Math.min(s.minLength ?? 0, 20),
        maxLength: Math.max(Math.min(s.maxLength ?? 20, 20), Math.min(s.minLength ?? 0, 20)),
      });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1_000_000), max: Math.min(s.maximum ?? 1_000_000, 1_000_000) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum ?? -1e6, max: s.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const nest = (n: number): unknown => {
  let v: unknown = 'deep';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const PROTO_OBJECT = JSON.parse('{"__proto__":{"isAdmin":true,"account":"globex"},"constructor":{"prototype":{"polluted":1}}}') as unknown;

/** Values that are wrong somewhere: types, NUL, lone surrogates, prototype names, extreme numbers, size, depth. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -2147483649,
    2 ** 31,
    2 ** 53,
    1e21,
    1e308,
    -1e308,
    0.5,
    -0.000001,
    1.5,
    '',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udc00y',
    '\udfff\ud800',
    '__proto__',
    'constructor',
    'prototype',
    'x'.repeat(100_000),
    '9'.repeat(400),
    "' OR 1=1 --",
    '../../etc/passwd',
    [],
    {},
    [null],
    ['\u0000'],
    { '\ud800': 1 },
    PROTO_OBJECT,
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 20, max: 1000 }).map(nest),
);

/** A body from the schema, then one mutation (or none: the base itself). */
function bodyArb(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const base = schema ? fromSchema(schema) : fc.constant({});
  const keys = Object.keys(schema?.properties ?? {}).concat(...(schema?.allOf ?? []).map((p) => Object.keys(p.properties ?? {})));
  const key = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.constantFrom('__proto__', 'constructor', 'prototype', 'x\u0000'))
    : fc.constantFrom('__proto__', 'constructor', 'id');
  return fc.oneof(
    { weight: 1, arbitrary: base },
    { weight: 4, arbitrary: fc.tuple(base, key, nasty).map(([b, k, v]) => withKey(b, k, v)) },
    { weight: 1, arbitrary: fc.tuple(base, key, nasty, key, nasty).map(([b, k1, v1, k2, v2]) => withKey(withKey(b, k1, v1), k2, v2)) },
    { weight: 1, arbitrary: nasty },
  );
}

/** A copy of an object body with an own property k = v (an own '__proto__' too, as JSON.parse makes it). */
function withKey(body: unknown, k: string, v: unknown): unknown {
  const target: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  Object.defineProperty(target, k, { value: v, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Percent-encodes every byte: a lone surrogate becomes the UTF-8 bytes of U+FFFD, not an exception. */
const enc = (s: string): string => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** The text the server receives for a query value (a lone surrogate arrives as U+FFFD). */
const sent = (s: string): string => Buffer.from(s, 'utf8').toString('utf8');
const textOf = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));

/** Query and path values: text by nature. */
const textArb = fc.oneof(
  fc.string({ maxLength: 30 }),
  nasty.map(textOf).map((t) => t.slice(0, 3000)),
);

/** As the server does (plugins/security.ts): an integer without a declared range is held to the safe range. */
function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = boundIntegers(v);
  if (out.type === 'integer') {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = Number.MAX_SAFE_INTEGER;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -Number.MAX_SAFE_INTEGER;
  }
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false });
const validators = new Map<string, (v: unknown) => boolean>();
function schemaAccepts(decl: RouteDeclaration, body: unknown): boolean {
  const schema = (decl.schema as { body?: object } | undefined)?.body;
  if (!schema) return true;
  const key = `${decl.method} ${decl.url}`;
  if (!validators.has(key)) {
    const v = ajv.compile(boundIntegers(JSON.parse(JSON.stringify(schema))) as object);
    validators.set(key, (x) => v(x) as boolean);
  }
  return validators.get(key)!(JSON.parse(JSON.stringify(body ?? null)));
}

/**
 * Accepted writes start background jobs (domain issuing, purge edge, certificate deletion) that change
 * the store a little later: after a batch with accepted writes, wait until the store is quiet so the
 * next route's before/after comparison sees only its own requests.
 */
async function settle(): Promise<void> {
  let last = await storeDigest(app);
  let quietSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() - quietSince < 2200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await storeDigest(app);
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
}

let app: FastifyInstance;
let acme: string;
let admin: string;
let targets: Array<{ row: Row; decl: RouteDeclaration }> = [];

beforeAll(async () => {
  // Domain issuing completes at the next poll, so a settle after accepted writes is short.
  app = await makeApp({ issueDelayMs: 0 });
  await app.ready();
  acme = await signIn(app, 'acme');
  admin = await signIn(app, 'admin');
  targets = [];
  for (const row of rows) {
    if (row.access === 'public' || row.access === 'session') continue;
    if (row.method === 'GET' && row.access !== 'operation') continue;
    const re = pattern(row.path);
    for (const decl of app.routeTable.filter((d) => d.method === row.method && re.test(d.url))) targets.push({ row, decl });
  }
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('fuzzing every served write route (fast-check, seed ' + SEED + ', ' + RUNS + ' runs each)', () => {
  it('every write route: never 5xx, always a JSON envelope, refused input answers a code other than "0", refusals change nothing', async () => {
    expect(targets.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let requests = 0;
    let accepted = 0;
    let settleFirst = false;
    for (const { row, decl } of targets) {
      const schema = (decl.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema; params?: JsonSchema };
      const paramNames = [...decl.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      // Staff rows: acme is refused by the guard, so the fuzz runs as admin.
      const probe = await call(app, acme, {
        method: decl.method as InjectOptions['method'],
        url: decl.url.replace(/:([A-Za-z0-9_]+)/g, '1'),
        payload: decl.method === 'GET' || decl.method === 'DELETE' ? undefined : {},
      });
      const cookie = String(probe.body.code) === '403' ? admin : acme;
      if (settleFirst) await settle();
      const before = await storeDigest(app);
      let allRefused = true;
      const replies: string[] = [];
      const queryKeys = Object.keys(schema.querystring?.properties ?? {});
      const sample = fc.sample(
        fc.record({
          body: bodyArb(schema.body),
          params: fc.array(textArb, { minLength: paramNames.length, maxLength: paramNames.length }),
          query: fc.array(
            fc.tuple(queryKeys.length ? fc.constantFrom(...queryKeys, '__proto__') : fc.constantFrom('id', '__proto__'), textArb),
            { maxLength: 4 },
          ),
        }),
        { seed: SEED + requests, numRuns: RUNS },
      );
      for (const input of sample) {
        let i = 0;
        const url = decl.url.replace(/:([A-Za-z0-9_]+)/g, () => enc(input.params[i++] || 'x'));
        const qs = input.query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
        const opts: InjectOptions = {
          method: decl.method as InjectOptions['method'],
          url: qs ? `${url}?${qs}` : url,
          headers: { 'x-portal-lang': 'en', 'content-type': 'application/json' },
        };
        if (decl.method !== 'GET') opts.payload = JSON.stringify(input.body ?? null);
        else delete (opts.headers as Record<string, string>)['content-type'];
        const res = await call(app, cookie, opts);
        requests += 1;
        const label = `${decl.method} ${decl.url} ${String(opts.payload ?? opts.url).slice(0, 160)}`;
        if (res.status >= 500) failures.push(`${label}: HTTP ${res.status} ${res.raw.body.slice(0, 200)}`);
        let json = true;
        try {
          JSON.parse(res.raw.body);
        } catch {
          json = false;
        }
        if (!json) failures.push(`${label}: not JSON (${res.status} ${res.raw.body.slice(0, 100)})`);
        // A raw row (no envelope) answers its data as is when it accepts, an envelope when it refuses.
        const enveloped = res.body.code !== 'raw' && res.body.code !== undefined;
        if (!row.raw && !enveloped) failures.push(`${label}: not an envelope (${res.status} ${res.raw.body.slice(0, 100)})`);
        const code = row.raw && !enveloped ? '0' : String(res.body.code);
        replies.push(
          `${String(opts.payload ?? opts.url).slice(0, 120)} → ${res.status} ${code} ${String(res.body.msg ?? '').slice(0, 60)}`,
        );
        const invalid =
          (decl.method !== 'GET' && (hasBadText(input.body) || !schemaAccepts(decl, input.body))) ||
          input.query.some(([k, v]) => hasBadText(sent(k)) || hasBadText(sent(v)));
        if (invalid && code === '0') {
          const why = hasBadText(input.body)
            ? 'bad text in the body'
            : decl.method !== 'GET' && !schemaAccepts(decl, input.body)
              ? 'body outside the schema'
              : 'bad text in the query';
          failures.push(`${label}: refused input answered "0" (${why}; query ${JSON.stringify(input.query).slice(0, 200)})`);
        }
        if (code === '0') {
          allRefused = false;
          accepted += 1;
        }
      }
      settleFirst = !allRefused && row.access === 'operation';
      if (allRefused) {
        const after = await storeDigest(app);
        if (after !== before) {
          const changed = after
            .split('\n')
            .filter((line) => !before.split('\n').includes(line))
            .map((line) => line.split(':')[0]);
          failures.push(
            `${decl.method} ${decl.url} (${row.module}/${row.access}): refusals changed ${changed.join(', ')}:\n    ${replies.join('\n    ')}`,
          );
        }
      }
    }
    console.log(`fuzz: ${targets.length} routes, ${requests} requests (${accepted} accepted), seed ${SEED}`);
    expect(failures).toEqual([]);
  }, 600_000);
});
