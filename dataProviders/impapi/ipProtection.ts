import type { GetListParams } from 'react-admin';
import { impapiGet, impapiPost } from './http';
import { crud, filterOf, readAt, fromList, slicePage } from '../crud';
import type { ProviderModule } from '../types';
import type {
  IppAlarmPage,
  IppAlarmQuery,
  IppEntry,
  IppOwnershipBody,
  IppPortErrorData,
  IppProofReply,
  IppStatistic,
  IppStatisticQuery,
  IppStatListRow,
} from '../../common/wire/ipProtection';
import type { IppEntryInput } from '../../common/rules/ipProtection';

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
  const f = filterOf(params);
  const q = typeof f.q === 'string' ? f.q.trim().toLowerCase() : '';
  const matches = (e: IppEntry) => !q || [e.originIp, e.cnamePrefix, e.cname, e.remark].some((v) => v.toLowerCase().includes(q));
  let rows = all.filter((e) => matches(e) && (!f.status || e.status === f.status));
  const { field = 'createTime', order = 'DESC' } = params.sort ?? {};
  const key = field as keyof IppEntry;
  rows = [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 'ASC' ? c : -c;
  });
  return slicePage(rows, params.pagination, 20);
}

const entries = crud<IppEntry>({
  getList: async (params) => applyList(await fetchAll(), params),
  ...fromList(fetchAll),
  create: (params) => impapiPost<IppEntry>(`${BASE}/manager/create`, params.data as Partial<IppEntryInput>),
  update: (params) =>
    impapiPost<IppEntry>(`${BASE}/manager/update`, {
      ...(params.data as Partial<IppEntryInput>),
      id: Number(params.id),
      ...readAt(params),
    }),
  async delete(params) {
    await impapiPost<null>(`${BASE}/manager/delete`, { id: Number(params.id) });
  },
});

export const ippMethods = {
  ippEntries: fetchAll,
  ippEnable: (id: number) => impapiPost<IppEntry>(`${BASE}/manager/enable`, { id }),
  ippDisable: (id: number) => impapiPost<IppEntry>(`${BASE}/manager/disable`, { id }),
  ippDelete: (id: number) => impapiPost<null>(`${BASE}/manager/delete`, { id }),
  ippCheckConfig: (id: number) => impapiPost<IppEntry>(`${BASE}/manager/checkConfig`, { id }),
  ippPortErrors: (id: number) => impapiGet<IppPortErrorData>(`${BASE}/manager/getPortErrorData/${id}`),
  ippStatistic: (q: IppStatisticQuery) => impapiPost<IppStatistic>(`${BASE}/statistic/data`, q),
  ippStatList: (account: string, startTime: number, endTime: number) =>
    impapiGet<IppStatListRow[]>(`${BASE}/statistic/list/${encodeURIComponent(account)}`, { startTime, endTime }),
  /** The token to serve on an origin IP to prove it is the account's (issue #35). */
  ippOwnershipChallenge: (body: IppOwnershipBody) => impapiPost<IppProofReply>(`${BASE}/ownership/challenge`, body),
  /** Asks the server to fetch the token from the IP; verified, the IP may be protected. */
  ippOwnershipVerify: (body: IppOwnershipBody) => impapiPost<IppProofReply>(`${BASE}/ownership/verify`, body),
  ippAlarms: (q: IppAlarmQuery) => impapiPost<IppAlarmPage>('/impapi/monitor/alarm/record/page', q),
};

export const ippModule: ProviderModule<typeof ippMethods> = {
  resources: { [IPP_RESOURCE]: entries, [IPP_DCDN_RESOURCE]: entries },
  methods: ippMethods,
};
