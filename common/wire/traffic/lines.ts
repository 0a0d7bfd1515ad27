import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire types of the line calls (contract rows /api/line/init, /api/line/data, /api/line/sdwandata,
 * /cloud/line/area/query, /linesapi/static_data). Bandwidth in bit/s; timestamps in seconds.
 */

/** A line of the provider's network. name and address are in the request's language. */
export interface LineInfo {
  code: string;
  name: string;
  nameEn: string;
  nameZh: string;
  /** 'lng,lat' */
  coordinates: string;
  address: string;
  addressEn: string;
  addressZh: string;
  /** ISO 3166 code */
  country: string;
  /** mainland province in pinyin ('' elsewhere) */
  province: string;
  /** capacity in bit/s */
  capacity: number;
}

export interface LineArea {
  code: string;
  /** 'lng,lat' */
  coordinates: string;
  address: string;
}

export interface BandwidthPoint {
  /** epoch seconds */
  timestamp: number;
  outgoingBandWidth: number;
  incomingBandWidth: number;
}

/**
 * Body of the line bandwidth calls (/api/line/data, /api/line/sdwandata: a line and a range) and of
 * /linesapi/static_data (a range): wall-clock 'YYYY-MM-DD HH:mm:ss' in timeZone or epoch seconds
 * (or ms); default the last 24 hours.
 */
export const LineRangeQuerySchema = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 64 })),
    startTime: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    endTime: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    timeZone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type LineRangeQuery = Static<typeof LineRangeQuerySchema>;
/** A line's bandwidth: the range of one line. */
export type LineDataQuery = LineRangeQuery & { code: string };

/** Per-line statistics of /linesapi/static_data (bit/s; utilisation in percent). */
export interface LineSummary {
  code: string;
  name: string;
  capacity: number;
  peakIn: number;
  peakOut: number;
  avgIn: number;
  avgOut: number;
  /** 95th percentile of the 5-minute outgoing averages */
  p95Out: number;
  peakUtilization: number;
}
