import type { GetListParams } from 'react-admin';
import { callEnvelope, get, post, PortalApiError } from '../http';
import { crud, filterOf, text } from '../crud';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import { HOST_SORT_FIELDS, HOST_STATUSES, HOST_TYPES, type HostSortField, type HostStatus, type HostType } from '../../common/rules/hosts';
import type {
  Area,
  Host,
  HostCountReply,
  HostCustomer,
  HostDetailReply,
  HostFulltextReply,
  HostListReply,
  HostQuery,
  HostTypeOverview,
} from '../../common/wire/hosts';

/**
 * Host calls (contract rows /api/hostInfo/*, GET /api/area/all). The customs list (spec §6) is the
 * stored custom-account selection (session storage 'customAccounts', comma separated, or empty),
 * or the list's customer filter; the search-with-details call leaves it out for superadmin.
 */

export const VPS_RESOURCE = 'cdn/cloudHostList';
export const SERVER_RESOURCE = 'cdn/specialHostList';
export const HOST_RESOURCE: Record<HostType, string> = { vps: VPS_RESOURCE, server: SERVER_RESOURCE };
export const CUSTOM_ACCOUNTS_KEY = 'customAccounts';

/** The stored custom-account selection, comma separated ('' when none). */
export function storedCustoms(): string {
  return (typeof window !== 'undefined' ? window.sessionStorage.getItem(CUSTOM_ACCOUNTS_KEY) : null) ?? '';
}
export function storeCustoms(accounts: string[]): void {
  if (typeof window === 'undefined') return;
  if (accounts.length) window.sessionStorage.setItem(CUSTOM_ACCOUNTS_KEY, accounts.join(','));
  else window.sessionStorage.removeItem(CUSTOM_ACCOUNTS_KEY);
}
const isSuperadmin = () => readUserInfo()?.role === 'superadmin';

const customsOf = (f: Record<string, unknown>) => {
  const one = text(f.customer);
  const picked = Array.isArray(f.customer) ? f.customer.filter((x): x is string => typeof x === 'string') : one ? [one] : [];
  return picked.length ? picked.join(',') : storedCustoms();
};

export function hostQuery(type: HostType, params: GetListParams): HostQuery {
  const f = filterOf(params);
  const sort = HOST_SORT_FIELDS.includes(params.sort?.field as HostSortField) ? (params.sort!.field as HostSortField) : 'createTime';
  return {
    type,
    pageNum: params.pagination?.page ?? 1,
    pageSize: params.pagination?.perPage ?? 20,
    sort,
    order: params.sort?.order === 'ASC' ? 'ASC' : 'DESC',
    area: text(f.area),
    status: HOST_STATUSES.includes(f.status as HostStatus) ? (f.status as HostStatus) : undefined,
    expiring: f.expiring === true || f.expiring === 'true' ? true : undefined,
    customs: customsOf(f),
  };
}

/** A host with its last 24 hours (the Show view's record). */
export type HostWithMetrics = Host & Pick<HostDetailReply, 'metrics'>;

const hostList = (type: HostType) =>
  crud<HostWithMetrics | Host>({
    async getList(params) {
      const body = hostQuery(type, params);
      const keyword = text(filterOf(params).q);
      if (keyword) {
        const reply = await post<HostFulltextReply>('/api/hostInfo/search/fulltext', { ...body, keyword });
        return { data: reply.result, total: reply.total };
      }
      const reply = await post<HostListReply>('/api/hostInfo/list/details', body);
      return { data: reply.list, total: reply.total };
    },
    getOne: (params) => hostMethods.hostDetail(Number(params.id), type),
    async update(params) {
      const host = await hostMethods.hostRename(Number(params.id), String((params.data as Partial<Host>).hostName ?? ''), type);
      return { ...(params.previousData as HostWithMetrics), ...host };
    },
  });

export const hostMethods = {
  /** One host (of this type) and its last 24 hours; customs left out for superadmin (spec §7). */
  async hostDetail(id: number, type: HostType): Promise<HostWithMetrics> {
    const customs = isSuperadmin() ? {} : { customs: storedCustoms() };
    const reply = await post<HostDetailReply>('/api/hostInfo/list/details/search', { id, type, ...customs });
    const host = reply.list[0];
    if (!host) throw new PortalApiError('portal.errors.unknown', '404', 200);
    return { ...host, metrics: reply.metrics ?? [] };
  },
  /** Rename (spec §8: success 'success', a non-zero code its msg, no reply data 'error'). */
  async hostRename(id: number, hostName: string, type: HostType): Promise<Host> {
    const body = await callEnvelope<Host | null>({ method: 'POST', url: '/api/hostInfo/modify/hostName', data: { id, hostName, type } });
    if (!body.data) throw new PortalApiError('resources.cdn/cloudHostList.renameError', body.code, 200);
    return body.data;
  },
  hostCount: () => post<HostCountReply>('/api/hostInfo/count', { customs: storedCustoms() }),
  hostOverview: (type: HostType) =>
    post<HostTypeOverview>(type === 'vps' ? '/api/hostInfo/vps' : '/api/hostInfo/server', { customs: storedCustoms() }),
  /** The overview's per-area search. */
  hostAreaSearch: (type: HostType, area: string, pageSize = 10) =>
    post<HostListReply>('/api/hostInfo/search', { type, area, pageSize, customs: storedCustoms() }),
  hostAreas: () => get<Area[]>('/api/area/all'),
  hostCustomers: () => get<HostCustomer[]>('/api/hostInfo/custom/list'),
};

export const hostsModule: ProviderModule<typeof hostMethods> = {
  resources: Object.fromEntries(HOST_TYPES.map((t) => [HOST_RESOURCE[t], hostList(t)])),
  methods: hostMethods,
};
