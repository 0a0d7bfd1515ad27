import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import { get, post } from '../http';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import type { TreeNode } from '../../src/auth/userInfo';

export const SUB_ACCOUNT_RESOURCE = 'page/userAccount';

/** A sub-account as /cloud/customer/showDomainGroup answers it. */
export interface DomainGroup {
  identity: string;
  companyName: string;
  email: string;
  parent: string;
  createTime: string;
}

export type SubAccountRecord = DomainGroup & RaRecord;

const toRecord = (g: DomainGroup): SubAccountRecord => ({ ...g, id: g.identity });

/** GET showDomainGroup; the list is shown reversed (spec §9), i.e. newest first. */
export async function fetchDomainGroups(customer: string): Promise<SubAccountRecord[]> {
  const rows = await get<DomainGroup[]>('/cloud/customer/showDomainGroup', { customer });
  return [...(rows ?? [])].reverse().map(toRecord);
}

/** The account whose sub-accounts are shown: the filter's choice, else the user's own account. */
function customerOf(params: Pick<GetListParams, 'filter'>): string {
  const chosen = params.filter?.customer;
  return typeof chosen === 'string' && chosen ? chosen : (readUserInfo()?.account ?? '');
}

/** The parent of an account in the signed-in user's tree (kept current after create/delete). */
function parentInTree(identity: string): string | null {
  const walk = (nodes: TreeNode[], parent: string | null): string | null => {
    for (const n of nodes) {
      if (n.value === identity) return parent;
      const hit = walk(n.children ?? [], n.value);
      if (hit) return hit;
    }
    return null;
  };
  return walk(readUserInfo()?.treeData ?? [], null);
}

/** There is no single-record call: read the parent's list and pick the record. */
async function findOne(id: Identifier): Promise<SubAccountRecord> {
  const identity = String(id);
  const parents = [parentInTree(identity), readUserInfo()?.account].filter((p): p is string => Boolean(p));
  for (const parent of [...new Set(parents)]) {
    const hit = (await fetchDomainGroups(parent)).find((r) => r.identity === identity);
    if (hit) return hit;
  }
  throw new Error('ra.notification.item_doesnt_exist');
}

interface SubAccountInput {
  identity?: string;
  companyName?: string;
  email?: string;
  customer?: string;
}

/** react-admin's methods are generic in the record type; this resource's records are SubAccountRecord. */
const as = <R>(value: unknown) => value as R;

const subAccounts: Partial<DataProvider> = {
  async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
    const all = await fetchDomainGroups(customerOf(params));
    const { page = 1, perPage = all.length || 1 } = params.pagination ?? {};
    const start = (page - 1) * perPage;
    return { data: as<R[]>(all.slice(start, start + perPage)), total: all.length };
  },
  async getOne<R extends RaRecord>(_resource: string, params: GetOneParams) {
    return { data: as<R>(await findOne(params.id)) };
  },
  async getMany<R extends RaRecord>(_resource: string, params: GetManyParams) {
    const all = await fetchDomainGroups(readUserInfo()?.account ?? '');
    const ids = new Set(params.ids.map(String));
    return { data: as<R[]>(all.filter((r) => ids.has(r.identity))) };
  },
  async create<R extends Omit<RaRecord, 'id'>>(_resource: string, params: CreateParams) {
    const input = params.data as SubAccountInput;
    const created = await post<DomainGroup>('/cloud/customer/portalAddDomainGroup', {
      identity: input.identity?.trim(),
      companyName: input.companyName?.trim(),
      email: input.email?.trim(),
      customer: input.customer || readUserInfo()?.account,
    });
    return { data: as<R & { id: Identifier }>(toRecord(created)) };
  },
  async update<R extends RaRecord>(_resource: string, params: UpdateParams) {
    const input = params.data as SubAccountInput;
    const updated = await post<DomainGroup>('/cloud/customer/editDomainGroup', {
      identity: String(params.id),
      companyName: input.companyName?.trim(),
      email: input.email?.trim(),
    });
    return { data: as<R>(toRecord(updated)) };
  },
  async delete<R extends RaRecord>(_resource: string, params: DeleteParams<R>) {
    await get<null>('/cloud/customer/delDomainGroup', { domainGroup: String(params.id) });
    return { data: params.previousData ?? as<R>({ id: params.id }) };
  },
};

/** Sub-accounts (domain groups) of the cloud backend (contract rows /cloud/customer/*). */
export const domainGroupsProvider = { resources: { [SUB_ACCOUNT_RESOURCE]: subAccounts } } satisfies ProviderModule;
