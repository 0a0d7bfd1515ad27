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

/** Range of a line query: wall-clock 'YYYY-MM-DD HH:mm:ss' in timeZone or epoch seconds; default the last 24 hours. */
export interface LineRangeQuery {
  startTime?: string | number;
  endTime?: string | number;
  timeZone?: string;
}

export interface LineDataQuery extends LineRangeQuery {
  code: string;
}

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

/** Longest range: 1-minute points 7 days, 5-minute points and statistics 31 days. */
export const LINE_MAX_DAYS = { minute: 7, fiveMinutes: 31 } as const;
