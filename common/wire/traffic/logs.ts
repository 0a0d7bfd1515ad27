import { Type, type Static } from '@sinclair/typebox';
import { literals, pageFields } from '../shell/schemas';

/** Wire shapes of the log calls (contract rows /api/log/searchList, /api/log/downloadID); the types are Static<> of the schemas. */

const List = Type.Union([Type.Array(Type.String()), Type.String()]);
const Scalar = Type.Union([Type.String(), Type.Number()]);

/**
 * Filters of a log search or download (POST /api/log/searchList and /api/log/downloadID). Lists may
 * be arrays or comma-separated strings.
 */
export const LogSearchQuerySchema = Type.Object(
  {
    /** the user's account and all descendants, comma-joined; filled from the stored user info when absent */
    accountAll: Type.Optional(Type.String()),
    /** narrows to these accounts (within the user's scope) */
    accounts: Type.Optional(List),
    domains: Type.Optional(List),
    /** 'YYYY-MM-DD HH:mm:ss' (in timeZone) or epoch seconds; both absent = start of today to now */
    startTime: Type.Optional(Scalar),
    endTime: Type.Optional(Scalar),
    /** IANA zone of the times above and of the times in the reply; the browser's by default */
    timeZone: Type.Optional(Type.String()),
    /** '404', '4xx', '200,304' or a list of those */
    status: Type.Optional(Type.Union([Scalar, Type.Array(Scalar)])),
    /** 'hit' | 'miss' | 1 | 0 | '' (all) */
    cacheHit: Type.Optional(Type.Union([Scalar, Type.Boolean()])),
    /** one IPv4 address or a range such as 1.2.3.0/24 */
    clientIp: Type.Optional(Type.String({ maxLength: 64 })),
    /** part of the URL (path and query) */
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    country: Type.Optional(List),
    province: Type.Optional(List),
    isp: Type.Optional(List),
    providers: Type.Optional(List),
    /** from 1; at most 100,000 rows can be paged through */
    pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
    /** 1..500, default 20 */
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: true },
);
export type LogSearchQuery = Static<typeof LogSearchQuerySchema>;

/** One access-log row as the server lists it (newest first). */
export const LogRowSchema = Type.Object({
  /** 'YYYY-MM-DD HH:mm:ss' in the requested zone */
  time: Type.String(),
  /** epoch seconds */
  timestamp: Type.Number(),
  account: Type.String(),
  domain: Type.String(),
  url: Type.String(),
  method: Type.String(),
  status: Type.Number(),
  /** bytes sent to the client */
  bytes: Type.Number(),
  /** milliseconds */
  requestTime: Type.Number(),
  cacheHit: literals(['HIT', 'MISS'] as const),
  clientIp: Type.String(),
  continent: Type.String(),
  /** ISO 3166 code, e.g. CN */
  country: Type.String(),
  /** mainland province in pinyin ('' abroad) */
  province: Type.String(),
  isp: Type.String(),
  userAgent: Type.String(),
  referer: Type.String(),
  provider: Type.String(),
  edgeNode: Type.String(),
});
export type LogRow = Static<typeof LogRowSchema>;

export const LogSearchResultSchema = Type.Object({ ...pageFields(LogRowSchema), pageSize: Type.Integer() });
export type LogSearchResult = Static<typeof LogSearchResultSchema>;
