import { client, get, post, PortalApiError } from '../http';
import type { ProviderModule } from '../types';
import { withZone } from '../zone';

export * from '../../common/wire/traffic/lines';
import type { BandwidthPoint, LineArea, LineDataQuery, LineInfo, LineRangeQuery, LineSummary } from '../../common/wire/traffic/lines';

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
