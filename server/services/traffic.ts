import type { FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { fail, PortalError } from '../lib/envelope';
import { schemaRefusalText, typeboxProblem } from '../lib/schemaErrors';
import { requestedAccounts } from '../plugins/guard';
import { estimateRows } from '../stores/traffic/analysis/estimate';
import {
  listParam,
  parseInterval,
  parseRange,
  validZone,
  type Filters,
  type Precision,
  type Search,
} from '../stores/traffic/analysis/search';
import type { LogFilters } from '../stores/traffic/trafficLogs';
import type { LineRangeQuery } from '../../common/wire/traffic/lines';
import type { LogSearchQuery } from '../../common/wire/traffic/logs';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Traffic (docs/traffic.md): what the analysis, line and log routes of /api and /linesapi share: a
 * request's searches, scope, time zone and range checks, decrypted bodies and log filters.
 */

export type RawSearch = Record<string, unknown>;

/** The accounts a request may read: its scope narrowed to the requested accounts (null = all). */
export async function scopedAccounts(request: FastifyRequest, raw: RawSearch): Promise<string[] | null> {
  return requestedAccounts(request, [...listParam(raw.accounts), ...listParam(raw.account)]);
}

/** Filters of accounts and domains only: every provider, region and ISP. */
export const accountFilters = (accounts: string[] | null, domains: string[]): Filters => ({
  accounts,
  domains,
  providers: [],
  continent: [],
  country: [],
  province: [],
  isp: [],
});

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
export async function toSearch(
  request: FastifyRequest,
  raw: RawSearch,
  precision: Precision | 'auto',
  needDomains = false,
): Promise<Search> {
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
    // The field inside the encrypted payload by its path under `data` (issue #35).
    if (error) {
      const problem = typeboxProblem(error);
      throw new PortalError('400', {
        text: schemaRefusalText((k) => request.t(k), [{ ...problem, instancePath: `/data${problem.instancePath}` }], 'data'),
      });
    }
  }
  return parsed as RawSearch;
}

export const VARIANTS = ['onLine', 'offLine'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Online searches have minute precision, offline (custom range) second precision. */
export const searchOf = (request: FastifyRequest, variant: Variant, needDomainsOffline = false): Promise<Search> =>
  toSearch(request, request.body as RawSearch, variant === 'onLine' ? 'minute' : 'second', needDomainsOffline && variant === 'offLine');

/** [start, end) in epoch seconds; the last 24 hours when no range is given. */
export function lineRange(body: LineRangeQuery, maxDays: number, now = Date.now()): { start: number; end: number } {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(body.startTime) && empty(body.endTime)) {
    const end = Math.floor(now / 60_000) * 60;
    return { start: end - 86400, end };
  }
  const range = parseRange(body.startTime, body.endTime, requestZone(body.timeZone), 'auto');
  if (range === 'format') throw fail('logTimeFormat');
  if (range === 'range') throw fail('logTimeRange');
  if (range.end - range.start > maxDays * 86400) throw fail('lineRangeTooLong');
  return range;
}

/** Longest range one log search or download may cover. */
export const LOG_MAX_DAYS = 31;

function parseStatus(value: LogSearchQuery['status']): { codes: number[]; classes: number[] } {
  const tokens = (Array.isArray(value) ? value : [value ?? ''])
    .flatMap((v) => String(v).split(/[\s,]+/))
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && t !== 'all');
  const codes: number[] = [];
  const classes: number[] = [];
  for (const t of tokens) {
    if (/^[1-5]xx$/.test(t) || /^[1-5]$/.test(t)) classes.push(Number(t[0]));
    else if (/^[1-5]\d\d$/.test(t)) codes.push(Number(t));
    else throw fail('logStatusFormat');
  }
  return { codes, classes };
}

function parseCacheHit(value: LogSearchQuery['cacheHit']): 0 | 1 | null {
  if (value === undefined || value === null || value === '' || value === 'all') return null;
  const v = String(value).toLowerCase();
  if (v === 'hit' || v === '1' || v === 'true') return 1;
  if (v === 'miss' || v === '0' || v === 'false') return 0;
  return null;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/;

function parseIp(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const m = IPV4.exec(v);
  if (!m || m.slice(1, 5).some((o) => Number(o) > 255) || (m[5] !== undefined && Number(m[5]) > 32)) throw fail('logIpFormat');
  return v;
}

/** The filters of a log request, limited to the caller's accounts; time defaults to today so far. */
export async function toLogFilters(request: FastifyRequest, body: LogSearchQuery): Promise<{ filters: LogFilters; tz: string }> {
  const tz = requestZone(body.timeZone);
  let startTime = body.startTime;
  let endTime = body.endTime;
  if ((startTime === undefined || startTime === '') && (endTime === undefined || endTime === '')) {
    const now = dayjs().tz(tz);
    startTime = now.startOf('day').format('YYYY-MM-DD HH:mm:ss');
    endTime = now.format('YYYY-MM-DD HH:mm:ss');
  }
  const range = parseRange(startTime, endTime, tz, 'auto');
  if (range === 'format') throw fail('logTimeFormat');
  if (range === 'range') throw fail('logTimeRange');
  if (range.end - range.start > LOG_MAX_DAYS * 86400) throw fail('logRangeTooLong');
  const requested = listParam(body.accounts);
  const status = parseStatus(body.status);
  return {
    tz,
    filters: {
      accounts: await requestedAccounts(request, requested.length ? requested : body.accountAll),
      domains: listParam(body.domains),
      start: range.start,
      end: range.end,
      statusCodes: status.codes,
      statusClasses: status.classes,
      cacheHit: parseCacheHit(body.cacheHit),
      clientIp: parseIp(body.clientIp),
      url: (body.url ?? '').trim(),
      country: listParam(body.country),
      province: listParam(body.province),
      isp: listParam(body.isp),
      providers: listParam(body.providers),
    },
  };
}
