import type { GetListParams, Identifier } from 'react-admin';
import { download, get, post } from '../http';
import { crud, filterOf, readAt, text } from '../crud';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import type {
  Certificate,
  CertificateBindReply,
  CertificateDeletionStatus,
  CertificateDetails,
  CertificateExpiry,
  CertificateMatch,
  CertificateName,
  CertificateProvider,
  CertificateSearchParams,
  CertificateSearchReply,
  CertificateSortField,
  CertificateUploadInput,
} from '../../common/wire/certificates';

/**
 * Certificates (api backend, /api/certificate/*), resource 'page/certificateUpload'.
 * getList without filters lists by user type (spec §6: 2 by account, 3 all, others by username) and
 * pages the reply here; with filters (name, domain, expiry) it uses the paged search.
 * update: `certificate` + `privateKey` renew, `share`/`shareAccounts` change the sharing, a changed
 * `name` renames (each through its own call). delete answers the record in state 2 (deleting);
 * poll certificateDeletionStatus until it ends.
 */
export const CERTIFICATE_RESOURCE = 'page/certificateUpload';

const SORT_FIELDS: readonly CertificateSortField[] = ['name', 'commonName', 'expireTime', 'awardedTime', 'createTime'];
const EXPIRIES: readonly CertificateExpiry[] = ['valid', 'expiring', 'expired'];
const path = (verb: string, id: Identifier) => `/api/certificate/${verb}/${encodeURIComponent(String(id))}`;

/** The listing call of the signed-in user's type. */
export async function listByUserType(): Promise<Certificate[]> {
  const info = readUserInfo();
  if (info?.userType === 3) return get<Certificate[]>('/api/certificate/all');
  if (info?.userType === 2) return get<Certificate[]>('/api/certificate/account', { account: info.account_all || info.account });
  return get<Certificate[]>('/api/certificate/username', { username: info?.username ?? '' });
}

/** Sorts and pages a whole listing (lists by user type are not paged by the server). */
export function pageOf(list: Certificate[], params: Partial<GetListParams>): { data: Certificate[]; total: number } {
  const field = SORT_FIELDS.find((f) => f === params.sort?.field) ?? 'createTime';
  const dir = params.sort?.order === 'ASC' ? 1 : -1;
  const key = (c: Certificate) => (field === 'name' || field === 'commonName' ? c[field].toLowerCase() : Date.parse(c[field]));
  const sorted = [...list].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : b.id - a.id));
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 10;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: list.length };
}

/** react-admin getList params → search body, or null when no filter is set. */
export function certificateSearchBody(params: Partial<GetListParams>): CertificateSearchParams | null {
  const f = filterOf(params);
  const body: CertificateSearchParams = {
    name: text(f.name) ?? text(f.q),
    domain: text(f.domain),
    expiry: EXPIRIES.find((e) => e === f.expiry),
  };
  if (!body.name && !body.domain && !body.expiry) return null;
  const sortField = SORT_FIELDS.find((s) => s === params.sort?.field);
  return {
    ...body,
    pageNum: params.pagination?.page ?? 1,
    pageSize: params.pagination?.perPage ?? 10,
    sortField,
    sortOrder: sortField ? (params.sort?.order === 'ASC' ? 'ASC' : 'DESC') : undefined,
  };
}

const certificateResource = crud<Certificate | CertificateDetails>({
  async getList(params) {
    const body = certificateSearchBody(params);
    if (body) {
      const reply = await post<CertificateSearchReply>('/api/certificate/search', body);
      return { data: reply.list, total: reply.total };
    }
    return pageOf(await listByUserType(), params);
  },
  getOne: (params) => get<CertificateDetails>(path('details', params.id)),
  async getMany(params) {
    if (!params.ids.length) return [];
    const pageSize = Math.min(1000, params.ids.length);
    return (await post<CertificateSearchReply>('/api/certificate/search', { ids: params.ids.map(Number), pageNum: 1, pageSize })).list;
  },
  create(params) {
    const d = params.data as CertificateUploadInput;
    const body: CertificateUploadInput = {
      name: d.name,
      certificate: d.certificate,
      privateKey: d.privateKey,
      share: Boolean(d.share),
      shareAccounts: d.share ? (d.shareAccounts ?? []) : [],
      ...(d.account ? { account: d.account } : {}),
    };
    return post<Certificate>('/api/certificate/add', body);
  },
  async update(params) {
    const id = Number(params.id);
    const d = params.data as Partial<CertificateDetails> & { privateKey?: string };
    const prev = (params.previousData ?? {}) as Partial<CertificateDetails>;
    let result: Certificate | null = null;
    if (d.name !== undefined && d.name !== prev.name) {
      result = await post<Certificate>('/api/certificate/rename', { id, name: d.name, ...readAt(params) });
    }
    const renew = Boolean(text(d.privateKey)) || (d.certificate !== undefined && d.certificate !== prev.certificate);
    const sortedShares = (c: Partial<Certificate>) => JSON.stringify([...(c.shareAccounts ?? [])].sort());
    const shareChanged = d.share !== undefined && (d.share !== prev.share || sortedShares(d) !== sortedShares(prev));
    if (renew || shareChanged) {
      result = await post<Certificate>('/api/certificate/update', {
        id,
        // after a rename in this save, the record as the rename left it
        ...readAt({ previousData: result ?? prev }),
        ...(renew ? { certificate: d.certificate ?? '', privateKey: d.privateKey ?? '' } : {}),
        ...(shareChanged ? { share: Boolean(d.share), shareAccounts: d.share ? (d.shareAccounts ?? []) : [] } : {}),
      });
    }
    return result ?? (await get<CertificateDetails>(path('details', id)));
  },
  async delete(params) {
    const status = await post<CertificateDeletionStatus>(path('delete', params.id));
    const previous: Certificate = params.previousData ?? { id: params.id };
    const logicDelete = status.operationStatus === 1 ? 1 : status.operationStatus === 2 ? 3 : 2;
    return { ...previous, logicDelete, deleteLog: status.log };
  },
});

export const certificateMethods = {
  certificateDeletionStatus: (id: Identifier) => get<CertificateDeletionStatus>(path('deling', id)),
  certificateClear: (id: Identifier) => post<Certificate>(path('clear', id)),
  /** Saves the chain (and, for the operation right, the key) under the server's file name. */
  certificateDownload: (id: Identifier) => download(path('download', id)),
  certificateProviderDetails: (id: Identifier) => get<CertificateProvider>(path('providerDetails', id)),
  certificateAllNames: (account?: string) => get<CertificateName[]>('/api/certificate/allName', account ? { account } : {}),
  /** Usable certificates whose names cover the domain (optionally only those an account may use). */
  certificateMatchDomain: (domain: string, account?: string) =>
    post<CertificateMatch[]>('/api/certificate/match/domain', account ? { domain, account } : { domain }),
  /** The certificate's bindings become exactly `domains`. */
  certificateBindDomains: (certificateId: Identifier, domains: string[]) =>
    post<CertificateBindReply>('/api/certificate/batch/bind/domain', { certificateId: Number(certificateId), domains }),
};

export const certificatesModule = {
  resources: { [CERTIFICATE_RESOURCE]: certificateResource },
  methods: certificateMethods,
} satisfies ProviderModule<typeof certificateMethods>;
