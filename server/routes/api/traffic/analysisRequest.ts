import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { fail, PortalError } from '../../../lib/envelope';
import { requestedAccounts } from '../../../plugins/guard';
import { estimateRows } from '../../../stores/traffic/analysis/estimate';
import { listParam, parseInterval, parseRange, validZone, type Precision, type Search } from '../../../stores/traffic/analysis/search';

/** Body of every analysis POST (spec §3 analysis search); lists may also be comma-separated strings. */
export const SearchBody = Type.Object(
  {
    accounts: Type.Optional(Type.Array(Type.String())),
    account: Type.Optional(Type.String()),
    domains: Type.Optional(Type.Array(Type.String())),
    startTime: Type.Union([Type.String(), Type.Number()]),
    endTime: Type.Union([Type.String(), Type.Number()]),
    interval: Type.Optional(Type.Union([Type.Literal('5m'), Type.Literal('1h'), Type.Literal('1d')])),
    providers: Type.Optional(Type.Array(Type.String())),
    continent: Type.Optional(Type.Array(Type.String())),
    country: Type.Optional(Type.Array(Type.String())),
    province: Type.Optional(Type.Array(Type.String())),
    isp: Type.Optional(Type.Array(Type.String())),
    timeSelect: Type.Optional(Type.String()),
    pullDown: Type.Optional(Type.Boolean()),
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** Query of the simple GETs (comma-separated lists). */
export const SimpleQuery = Type.Object(
  {
    domains: Type.Optional(Type.String()),
    account: Type.Optional(Type.String()),
    interval: Type.Optional(Type.Union([Type.Literal('5m'), Type.Literal('1h'), Type.Literal('1d')])),
    startTime: Type.String(),
    endTime: Type.String(),
    providers: Type.Optional(Type.String()),
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export type RawSearch = Record<string, unknown>;

/** The accounts a request may read: its scope narrowed to the requested accounts (null = all). */
export async function scopedAccounts(request: FastifyRequest, raw: RawSearch): Promise<string[] | null> {
  return requestedAccounts(request, [...listParam(raw.accounts), ...listParam(raw.account)]);
}

/** The zone a request names (an IANA name), or the server's when it names none; an unknown name fails. */
export function requestZone(value: unknown): string {
  const zone = validZone(value);
  if (value !== undefined && value !== null && value !== '' && zone !== value) throw fail('timeZoneUnknown');
  return zone;
}

/**
 * A validated search limited to the caller's accounts. `precision`: online 'minute', offline
 * 'second', simple GETs 'auto' (as written). `needDomains`: offline calls that the spec says need
 * a domain ('domains is required').
 */
export async function toSearch(request: FastifyRequest, raw: RawSearch, precision: Precision | 'auto', needDomains = false): Promise<Search> {
  const domains = listParam(raw.domains);
  if (needDomains && !domains.length) throw fail('analysisDomainsRequired');
  const tz = requestZone(raw.timeZone);
  const range = parseRange(raw.startTime, raw.endTime, tz, precision);
  if (range === 'format') throw fail('analysisTimeFormat');
  if (range === 'range') throw fail('analysisTimeRange');
  const search: Search = {
    accounts: await scopedAccounts(request, raw),
    domains,
    providers: listParam(raw.providers),
    continent: listParam(raw.continent),
    country: listParam(raw.country),
    province: listParam(raw.province),
    isp: listParam(raw.isp),
    start: range.start,
    end: range.end,
    interval: parseInterval(raw.interval),
    tz,
  };
  // How much the base table would read decides between it and the rollups (analysis/plan.ts).
  if (request.server.config.analysisSource === 'rollups') return search;
  return { ...search, rows: await estimateRows(request.server.traffic, search) };
}

/**
 * Decrypts an {data: cipher text} body into the JSON object it holds and, with `schema`, checks it
 * as a plain body is checked (an encrypted payload is no more trusted than a plain one): a field
 * of the wrong type or value gets the same 'Invalid request' reply as a schema failure.
 */
export function decryptBody(request: FastifyRequest, decrypt: (b64: string) => string, schema?: TSchema): RawSearch {
  const data = (request.body as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'string' || !data) throw fail('analysisPayloadInvalid');
  let parsed: unknown;
  try {
    parsed = JSON.parse(decrypt(data));
  } catch {
    throw fail('analysisPayloadInvalid');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw fail('analysisPayloadInvalid');
  if (schema) {
    const error = Value.Errors(schema, parsed).First();
    if (error) throw new PortalError('400', { text: `${request.t('invalidRequest')}data${error.path} ${error.message}` });
  }
  return parsed as RawSearch;
}

export const EncryptedBody = Type.Object({ data: Type.String() }, { additionalProperties: true });
