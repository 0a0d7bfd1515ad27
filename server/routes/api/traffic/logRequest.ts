import type { FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { Type } from '@sinclair/typebox';
import { fail } from '../../../lib/envelope';
import { requestedAccounts } from '../../../plugins/guard';
import { listParam, parseRange } from '../../../stores/traffic/analysis/search';
import { requestZone } from './analysisRequest';
import type { LogFilters } from '../../../stores/traffic/logs';

dayjs.extend(utc);
dayjs.extend(timezone);

const List = Type.Union([Type.Array(Type.String()), Type.String()]);
const Scalar = Type.Union([Type.String(), Type.Number()]);

/** Body of POST /api/log/searchList and /api/log/downloadID (lists may be arrays or comma-separated). */
export const LogSearchBody = Type.Object(
  {
    /** the user's account and all descendants, comma-joined (sent by the portal with every search) */
    accountAll: Type.Optional(Type.String()),
    accounts: Type.Optional(List),
    domains: Type.Optional(List),
    startTime: Type.Optional(Scalar),
    endTime: Type.Optional(Scalar),
    timeZone: Type.Optional(Type.String()),
    /** '404', '4xx', '200,304' or a list of those */
    status: Type.Optional(Type.Union([Scalar, Type.Array(Scalar)])),
    /** 'hit' | 'miss' | 1 | 0 | '' (all) */
    cacheHit: Type.Optional(Type.Union([Scalar, Type.Boolean()])),
    clientIp: Type.Optional(Type.String({ maxLength: 64 })),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    country: Type.Optional(List),
    province: Type.Optional(List),
    isp: Type.Optional(List),
    providers: Type.Optional(List),
    pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: true },
);

export type LogSearchInput = {
  accountAll?: string;
  accounts?: string[] | string;
  domains?: string[] | string;
  startTime?: string | number;
  endTime?: string | number;
  timeZone?: string;
  status?: string | number | Array<string | number>;
  cacheHit?: string | number | boolean;
  clientIp?: string;
  url?: string;
  country?: string[] | string;
  province?: string[] | string;
  isp?: string[] | string;
  providers?: string[] | string;
  pageNum?: number;
  pageSize?: number;
};

/** Longest range one log search or download may cover. */
export const LOG_MAX_DAYS = 31;

function parseStatus(value: LogSearchInput['status']): { codes: number[]; classes: number[] } {
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

function parseCacheHit(value: LogSearchInput['cacheHit']): 0 | 1 | null {
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
export async function toLogFilters(request: FastifyRequest, body: LogSearchInput): Promise<{ filters: LogFilters; tz: string }> {
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
