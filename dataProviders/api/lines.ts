import { client, get, post, PortalApiError } from '../http';
import type { ProviderModule } from '../types';
import { withZone } from '../zone';

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

export const linesApi = {
  lineInit: () => post<LineInfo[]>('/api/line/init'),
  /** 1-minute points. */
  lineData: (query: LineDataQuery) => post<BandwidthPoint[]>('/api/line/data', withZone(query)),
  /** 5-minute points (averages of the minutes). */
  lineSdwanData: (query: LineDataQuery) => post<BandwidthPoint[]>('/api/line/sdwandata', withZone(query)),
  lineAreas: () => get<LineArea[]>('/cloud/line/area/query'),
  /** Raw reply (no envelope); failures still arrive as an envelope or an HTTP status. */
  lineStaticData: async (query: LineRangeQuery = {}): Promise<LineSummary[]> => {
    const res = await client.request<LineSummary[] | { code?: string | number; msg?: string } | null>({
      method: 'POST',
      url: '/linesapi/static_data',
      data: withZone(query),
      validateStatus: () => true,
    });
    if (res.status === 401) throw new PortalApiError('portal.errors.sessionExpired', 401, 401, true);
    const body = res.data;
    if (Array.isArray(body)) return body;
    if (body && String(body.code) === '403') throw new PortalApiError(body.msg || 'portal.errors.forbidden', '403', res.status, true);
    throw new PortalApiError(body?.msg || 'portal.errors.unknown', body?.code ?? res.status, res.status);
  },
};

export const linesProvider = { methods: linesApi } satisfies ProviderModule;
