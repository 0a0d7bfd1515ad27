import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { impapiGet, impapiPost } from './http';
import type { ProviderModule } from '../types';
import type { IppAlarmPage, IppEntry, IppPortErrorData, IppStatistic, IppStatListRow } from '../../common/wire/ipProtection';
import type { IppAlarmState, IppAlarmType, IppEntryInput, IppGranularity } from '../../common/rules/ipProtection';

/**
 * IP protection calls (issue #19; contract rows /impapi/protection/network/* and
 * /impapi/monitor/alarm/record/page). The manager list comes whole (an account has few entries):
 * filters, sorting and pages are applied here. The same list serves /ipP/ipset and /dcdn/ipset.
 */

export const IPP_RESOURCE = 'ipP/ipset';
export const IPP_DCDN_RESOURCE = 'dcdn/ipset';
const BASE = '/impapi/protection/network';

const fetchAll = () => impapiGet<IppEntry[]>(`${BASE}/manager/list`);

function applyList(all: IppEntry[], params: GetListParams) {
  const f = (params.filter ?? {}) as Record<string, unknown>;
  const q = typeof f.q === 'string' ? f.q.trim().toLowerCase() : '';
  let rows = all.filter((e) => (!q || [e.originIp, e.cnamePrefix, e.cname, e.remark].some((v) => v.toLowerCase().includes(q))) && (!f.status || e.status === f.status));
  const { field = 'createTime', order = 'DESC' } = params.sort ?? {};
  const key = field as keyof IppEntry;
  rows = [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 'ASC' ? c : -c;
  });
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
}

const entries: Partial<DataProvider> = {
  async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
    const { data, total } = applyList(await fetchAll(), params);
    return { data: data as unknown as R[], total };
  },
  async getOne<R extends RaRecord>(_resource: string, params: { id: unknown }) {
    const found = (await fetchAll()).find((e) => String(e.id) === String(params.id));
    if (!found) throw new Error('ra.notification.item_doesnt_exist');
    return { data: found as unknown as R };
  },
  async getMany<R extends RaRecord>(_resource: string, params: { ids: unknown[] }) {
    const ids = new Set(params.ids.map(String));
    return { data: (await fetchAll()).filter((e) => ids.has(String(e.id))) as unknown as R[] };
  },
  async create<R extends RaRecord>(_resource: string, params: { data: Partial<IppEntryInput> }) {
    return { data: (await impapiPost<IppEntry>(`${BASE}/manager/create`, params.data)) as unknown as R };
  },
  async update<R extends RaRecord>(_resource: string, params: { id: unknown; data: Partial<IppEntryInput> }) {
    return { data: (await impapiPost<IppEntry>(`${BASE}/manager/update`, { ...params.data, id: Number(params.id) })) as unknown as R };
  },
  async delete<R extends RaRecord>(_resource: string, params: { id: unknown; previousData?: R }) {
    await impapiPost<null>(`${BASE}/manager/delete`, { id: Number(params.id) });
    return { data: (params.previousData ?? { id: params.id }) as R };
  },
};

export interface IppStatQuery {
  ip: string;
  startTime: number;
  endTime: number;
  granularity?: IppGranularity;
}

export interface IppAlarmQuery {
  pageNum?: number;
  pageSize?: number;
  ip?: string;
  type?: IppAlarmType;
  state?: IppAlarmState;
  startTime?: number;
  endTime?: number;
}

export const ippMethods = {
  ippEntries: fetchAll,
  ippEnable: (id: number) => impapiPost<IppEntry>(`${BASE}/manager/enable`, { id }),
  ippDisable: (id: number) => impapiPost<IppEntry>(`${BASE}/manager/disable`, { id }),
  ippDelete: (id: number) => impapiPost<null>(`${BASE}/manager/delete`, { id }),
  ippCheckConfig: (id: number) => impapiPost<IppEntry>(`${BASE}/manager/checkConfig`, { id }),
  ippPortErrors: (id: number) => impapiGet<IppPortErrorData>(`${BASE}/manager/getPortErrorData/${id}`),
  ippStatistic: (q: IppStatQuery) => impapiPost<IppStatistic>(`${BASE}/statistic/data`, q),
  ippStatList: (account: string, startTime: number, endTime: number) =>
    impapiGet<IppStatListRow[]>(`${BASE}/statistic/list/${encodeURIComponent(account)}`, { startTime, endTime }),
  ippAlarms: (q: IppAlarmQuery) => impapiPost<IppAlarmPage>('/impapi/monitor/alarm/record/page', q),
};

export const ippModule: ProviderModule<typeof ippMethods> = {
  resources: { [IPP_RESOURCE]: entries, [IPP_DCDN_RESOURCE]: entries },
  methods: ippMethods,
};
