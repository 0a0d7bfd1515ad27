import type { GetListParams, Identifier } from 'react-admin';
import { callEnvelope, get, post, PortalApiError } from '../http';
import { crud, filterOf, readAt, text } from '../crud';
import { decryptJson } from '../cipher';
import type { ProviderModule } from '../types';
import type {
  Domain,
  DomainCheckResult,
  DomainCloudStorage,
  DomainEdgeNodes,
  DomainIcpRequest,
  DomainNameInfo,
  DomainRetrieval,
  DomainSchedulingPolicy,
  DomainSearchParams,
  DomainSearchReply,
  DomainSortField,
  DomainStatus,
  DomainStrategy,
  DomainSummary,
  DomainTestUrlRequest,
  DomainVersion,
  LiveDomain,
  LiveDomainQuery,
  LiveDomainReply,
  DomainProtocol,
  DomainScope,
  DomainType,
} from '../../common/wire/domains';

/**
 * Accelerated domains and live domains (api backend; names via the cloud backend's encryptDomainInfo).
 * List, names and search replies arrive AES-encrypted (data = base64 of the JSON) and are decrypted here.
 *
 * Resource 'cdn/domain' filters (react-admin filter object): name, textSearch (or q), domainLabel,
 * type[], scope[], protocol, status[], certificateName, operationState, account[]. Sort fields:
 * name, type, scope, status, account, createTime, updateTime, operationState.
 * create/update data: DomainInput (+ confirmBucket after the bucket question: a PortalApiError with
 * code BUCKET_CONFIRM_CODE '2' asks 'This bucket has been bound by another domain name. Confirm binding?').
 */

/** An encrypted reply's data field → the decrypted value. */
function decrypted<T>(data: unknown): T {
  if (typeof data !== 'string') throw new PortalApiError('portal.errors.requestFailed', null, null, false, { reason: 'malformed reply' });
  return decryptJson<T>(data);
}

const asArray = <T>(v: unknown): T[] | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const list = (Array.isArray(v) ? v : [v]).filter((x) => x !== '' && x !== null && x !== undefined) as T[];
  return list.length ? list : undefined;
};

const SORT_FIELDS: readonly DomainSortField[] = [
  'name',
  'type',
  'scope',
  'status',
  'account',
  'createTime',
  'updateTime',
  'operationState',
];

/** react-admin getList params → the search body. */
export function domainSearchBody(params: Partial<GetListParams>): DomainSearchParams {
  const f = filterOf(params);
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 20;
  const sortField = SORT_FIELDS.find((s) => s === params.sort?.field);
  return {
    pageNum: page,
    current: page,
    pageSize: perPage,
    name: text(f.name),
    textSearch: text(f.textSearch) ?? text(f.q),
    domainLabel: text(f.domainLabel),
    type: asArray<DomainType>(f.type),
    scope: asArray<DomainScope>(f.scope),
    protocol: text(f.protocol) as DomainProtocol | undefined,
    status: asArray<DomainStatus>(f.status),
    operationState: text(f.operationState) as DomainSearchParams['operationState'],
    certificateName: text(f.certificateName),
    account: asArray<string>(f.account),
    sortField,
    sortOrder: sortField ? (params.sort?.order === 'ASC' ? 'ASC' : 'DESC') : undefined,
  };
}

export async function searchDomains(body: DomainSearchParams): Promise<DomainSearchReply> {
  return decrypted<DomainSearchReply>(await post<string>('/api/domain/search', body));
}

async function domainsByIds(ids: Identifier[]): Promise<Domain[]> {
  if (!ids.length) return [];
  const reply = await searchDomains({ ids: ids.map(Number), pageNum: 1, pageSize: Math.min(1000, ids.length) });
  return reply.list;
}

/** Checks that answer 200 on success; failures yield 0 and a message (spec §8), session ends still throw. */
async function check(url: string, body: unknown, missing: string): Promise<DomainCheckResult> {
  try {
    const env = await callEnvelope<number>({ method: 'POST', url, data: body });
    return Number(env.data) === 200 ? { result: 200, msg: env.msg ?? '' } : { result: 0, msg: env.msg || missing };
  } catch (e) {
    if (e instanceof PortalApiError && e.sessionEnded) throw e;
    return { result: 0, msg: e instanceof Error && e.message ? e.message : missing };
  }
}

const deleteDomain = (id: Identifier) => post<null>('/api/domain/delete', { id: Number(id) });

const domainResource = crud<Domain>({
  async getList(params) {
    const reply = await searchDomains(domainSearchBody(params));
    return { data: reply.list, total: reply.total };
  },
  async getOne(params) {
    const [domain] = await domainsByIds([params.id]);
    if (!domain) throw new PortalApiError('ra.notification.item_doesnt_exist', '404', null);
    return domain;
  },
  getMany: (params) => domainsByIds(params.ids),
  create: (params) => post<Domain>('/api/domain/add', params.data),
  update: (params) => post<Domain>('/api/domain/update', { ...params.data, id: Number(params.id), ...readAt(params) }),
  async delete(params) {
    await deleteDomain(params.id);
  },
  async deleteMany(params) {
    for (const id of params.ids) await deleteDomain(id);
  },
});

const liveDomainResource = crud<LiveDomain>({
  async getList(params) {
    const f = filterOf(params);
    const page = params.pagination?.page ?? 1;
    const body: LiveDomainQuery = {
      pageNum: page,
      current: page,
      pageSize: params.pagination?.perPage ?? 20,
      name: text(f.name) ?? text(f.q),
      type: asArray<'live_push' | 'live_pull'>(f.type),
      status: asArray<DomainStatus>(f.status),
      customer: text(f.customer),
      sortField: (['name', 'customer', 'type', 'status', 'createTime'] as const).find((s) => s === params.sort?.field),
      sortOrder: params.sort?.order === 'ASC' ? 'ASC' : 'DESC',
    };
    const reply = await post<LiveDomainReply>('/api/liveDomain/query', body);
    return { data: reply.list, total: reply.total };
  },
});

export const domainMethods = {
  domainEnable: (id: Identifier) => post<Domain>('/api/domain/enable', { id: Number(id) }),
  domainDisable: (id: Identifier) => post<Domain>('/api/domain/disable', { id: Number(id) }),
  /** on → enable, off → disable, freeze → disable with freeze (provider staff only). */
  domainSetStatus: (id: Identifier, status: DomainStatus) =>
    status === 'on'
      ? post<Domain>('/api/domain/enable', { id: Number(id) })
      : post<Domain>('/api/domain/disable', { id: Number(id), freeze: status === 'freeze' }),
  /** Versions, newest first; a failed call yields an empty list (spec §8). */
  async domainHistory(domain: string): Promise<DomainVersion[]> {
    try {
      return await get<DomainVersion[]>('/api/domain/history/version', { domain });
    } catch (e) {
      if (e instanceof PortalApiError && e.sessionEnded) throw e;
      return [];
    }
  },
  domainRollback: (domain: string, version: number) => post<Domain>('/api/domain/history/rollback', { domain, version }),
  domainStrategy: (id: Identifier) => get<DomainStrategy>(`/api/domain/strategy/${encodeURIComponent(String(id))}`),
  domainRetrieval: (id: Identifier) => get<DomainRetrieval>(`/api/domain/retrieval/${encodeURIComponent(String(id))}`),
  domainCloudStorage: (id: Identifier) => get<DomainCloudStorage>(`/api/domain/cloudStorage/get/${encodeURIComponent(String(id))}`),
  domainSchedulingPolicy: (d: { domain: string; type: DomainType; scope: DomainScope; protocol: DomainProtocol }) =>
    get<DomainSchedulingPolicy>(
      `/api/domain/schedulinPpolicy/${[d.domain, d.type, d.scope, d.protocol].map(encodeURIComponent).join('/')}`,
    ),
  /** Probes origin + test URL; {result: 200} on success, else {result: 0, msg}. */
  domainTestUrl: (body: DomainTestUrlRequest) => check('/api/domain/validation/testUrl', body, 'testUrl error'),
  domainCheckIcp: (body: DomainIcpRequest) => check('/api/domain/validation/icp', body, 'icp error'),
  /** Every domain name in scope (decrypted). */
  domainNames: async (account = 'all') => decrypted<DomainNameInfo[]>(await get<string>('/cloud/encryptDomainInfo', { account })),
  /** Every domain in scope, summary fields (decrypted). */
  domainListAll: async () => decrypted<DomainSummary[]>(await get<string>('/api/domain/list')),
  liveDomainFind: () => get<LiveDomain[]>('/api/liveDomain/find'),
  /** The edge nodes and the offline ones (issue #33). */
  domainEdgeNodes: () => get<DomainEdgeNodes>('/api/domain/edgeNodes'),
};

export const domainsModule = {
  resources: { 'cdn/domain': domainResource, 'cdn/liveDomain': liveDomainResource },
  methods: domainMethods,
} satisfies ProviderModule<typeof domainMethods>;
