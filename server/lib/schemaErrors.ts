import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { ServerMessageKey } from '../../i18n/serverMessages';
import { formatDomainMessage } from '../../common/rules/domains/messages';

/**
 * Schema refusals in the caller's language (issue #35 item 10): one validator error (ajv's, as
 * Fastify reports them, or TypeBox's, translated to the same shape) becomes 'Invalid request: '
 * and a sentence naming the field by its wire path in dotted form (`pageNum`, `origins.1.port`) and
 * what was wrong. Never the validator's own English text.
 */

/** The part of an ajv error this reads (TypeBox errors are mapped onto it: typeboxProblem). */
export interface SchemaProblem {
  keyword: string;
  /** JSON pointer of the value, '' for the whole part ('/origins/1/port') */
  instancePath: string;
  params: Record<string, unknown>;
}

type Translate = (key: ServerMessageKey) => string;

const TYPE_KEYS: Record<string, ServerMessageKey> = {
  string: 'schemaTypeString',
  integer: 'schemaTypeInteger',
  number: 'schemaTypeNumber',
  boolean: 'schemaTypeBoolean',
  array: 'schemaTypeArray',
  object: 'schemaTypeObject',
  null: 'schemaTypeNull',
};

const LIMIT_KEYS: Record<string, ServerMessageKey> = {
  minimum: 'schemaMinimum',
  exclusiveMinimum: 'schemaExclusiveMinimum',
  maximum: 'schemaMaximum',
  exclusiveMaximum: 'schemaExclusiveMaximum',
  minLength: 'schemaMinLength',
  maxLength: 'schemaMaxLength',
  minItems: 'schemaMinItems',
  maxItems: 'schemaMaxItems',
  minProperties: 'schemaMinItems',
  maxProperties: 'schemaMaxItems',
};

/** '/origins/1/port' → 'origins.1.port' (JSON pointer escapes undone); '' → the part's name. */
export function dottedPath(pointer: string, whole: string): string {
  if (!pointer) return whole;
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const join = (path: string, key: unknown) => (path ? `${path}.${String(key)}` : String(key));

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function typeNames(t: Translate, types: unknown[]): string {
  return types.map((x) => t(TYPE_KEYS[String(x)] ?? 'schemaTypeObject')).join(t('schemaOr'));
}

/** The sentence of one problem, without the 'Invalid request: ' lead. */
function sentence(t: Translate, p: SchemaProblem, whole: string): string {
  const field = dottedPath(p.instancePath, whole);
  const say = (key: ServerMessageKey, args: Record<string, string | number> = {}) => formatDomainMessage(t(key), { field, ...args });
  const { keyword, params } = p;
  if (keyword === 'required')
    return formatDomainMessage(t('schemaRequired'), { field: join(p.instancePath ? field : '', params.missingProperty) });
  if (keyword === 'additionalProperties') {
    return formatDomainMessage(t('schemaAdditional'), { field: join(p.instancePath ? field : '', params.additionalProperty) });
  }
  if (keyword === 'type') return say('schemaType', { type: typeNames(t, [params.type].flat()) });
  if (keyword in LIMIT_KEYS) return say(LIMIT_KEYS[keyword], { limit: shown(params.limit) });
  if (keyword === 'enum') return say('schemaEnum', { values: (params.allowedValues as unknown[]).map(shown).join(', ') });
  if (keyword === 'const') return say('schemaEnum', { values: shown(params.allowedValue) });
  if (keyword === 'pattern') return say('schemaPattern');
  if (keyword === 'format') return say('schemaFormat', { format: String(params.format) });
  return say('schemaInvalid');
}

/**
 * The one problem to tell: the first, except for a union (anyOf), whose branches' errors come
 * first: allowed values (literals) or types are gathered into one sentence, else the union's path
 * is named as not valid.
 */
function merged(problems: SchemaProblem[]): SchemaProblem {
  const union = problems.find((p) => p.keyword === 'anyOf' || p.keyword === 'oneOf');
  if (!union) return problems[0];
  const branches = problems.filter((p) => p !== union && p.instancePath === union.instancePath);
  if (branches.length && branches.every((b) => b.keyword === 'const' || b.keyword === 'enum')) {
    const values = branches.flatMap((b) => (b.keyword === 'const' ? [b.params.allowedValue] : (b.params.allowedValues as unknown[])));
    return { keyword: 'enum', instancePath: union.instancePath, params: { allowedValues: values } };
  }
  if (branches.length && branches.every((b) => b.keyword === 'type')) {
    return { keyword: 'type', instancePath: union.instancePath, params: { type: branches.flatMap((b) => [b.params.type].flat()) } };
  }
  return { keyword: 'invalid', instancePath: union.instancePath, params: {} };
}

/** 'Invalid request: origins.1.port must be at most 65535', in the language of `t`. */
export function schemaRefusalText(t: Translate, problems: SchemaProblem[], whole: string): string {
  if (!problems.length) return t('invalidRequest') + formatDomainMessage(t('schemaInvalid'), { field: whole });
  return t('invalidRequest') + sentence(t, merged(problems), whole);
}

/** The names Fastify gives the parts of a request, as the wire calls them. */
export const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

const TYPEBOX_TYPES: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.String]: 'string',
  [ValueErrorType.Integer]: 'integer',
  [ValueErrorType.Number]: 'number',
  [ValueErrorType.Boolean]: 'boolean',
  [ValueErrorType.Array]: 'array',
  [ValueErrorType.Object]: 'object',
  [ValueErrorType.Null]: 'null',
};

/** The schema keyword behind a TypeBox limit error, and where its limit is. */
const TYPEBOX_LIMITS: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.IntegerMinimum]: 'minimum',
  [ValueErrorType.NumberMinimum]: 'minimum',
  [ValueErrorType.IntegerExclusiveMinimum]: 'exclusiveMinimum',
  [ValueErrorType.NumberExclusiveMinimum]: 'exclusiveMinimum',
  [ValueErrorType.IntegerMaximum]: 'maximum',
  [ValueErrorType.NumberMaximum]: 'maximum',
  [ValueErrorType.IntegerExclusiveMaximum]: 'exclusiveMaximum',
  [ValueErrorType.NumberExclusiveMaximum]: 'exclusiveMaximum',
  [ValueErrorType.StringMinLength]: 'minLength',
  [ValueErrorType.StringMaxLength]: 'maxLength',
  [ValueErrorType.ArrayMinItems]: 'minItems',
  [ValueErrorType.ArrayMaxItems]: 'maxItems',
};

/** A TypeBox error (Value.Errors) in the shape of ajv's, so both read the same. */
export function typeboxProblem(e: ValueError): SchemaProblem {
  const schema = e.schema as Record<string, unknown>;
  const parent = e.path.slice(0, e.path.lastIndexOf('/'));
  const last = e.path.slice(e.path.lastIndexOf('/') + 1);
  const type = TYPEBOX_TYPES[e.type];
  if (type) return { keyword: 'type', instancePath: e.path, params: { type } };
  const limit = TYPEBOX_LIMITS[e.type];
  if (limit) return { keyword: limit, instancePath: e.path, params: { limit: schema[limit] } };
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { keyword: 'required', instancePath: parent, params: { missingProperty: last } };
    case ValueErrorType.ObjectAdditionalProperties:
      return { keyword: 'additionalProperties', instancePath: parent, params: { additionalProperty: last } };
    case ValueErrorType.StringPattern:
      return { keyword: 'pattern', instancePath: e.path, params: {} };
    case ValueErrorType.StringFormat:
      return { keyword: 'format', instancePath: e.path, params: { format: schema.format } };
    case ValueErrorType.Literal:
      return { keyword: 'const', instancePath: e.path, params: { allowedValue: schema.const } };
    case ValueErrorType.Union: {
      const branches = (schema.anyOf as Array<Record<string, unknown>> | undefined) ?? [];
      if (branches.length && branches.every((b) => 'const' in b)) {
        return { keyword: 'enum', instancePath: e.path, params: { allowedValues: branches.map((b) => b.const) } };
      }
      return { keyword: 'invalid', instancePath: e.path, params: {} };
    }
    default:
      return { keyword: 'invalid', instancePath: e.path, params: {} };
  }
}
