import type { GetListParams, Identifier } from 'react-admin';
import { get, post } from '../http';
import { crud, slicePage } from '../crud';
import type { ProviderModule } from '../types';
import { readUserInfo } from '../../src/auth/storage';
import type { TreeNode } from '../../src/auth/userInfo';
import type { DomainGroupAddRequest } from '../../common/wire/domains';

export const SUB_ACCOUNT_RESOURCE = 'page/userAccount';

/** A sub-account as /cloud/customer/showDomainGroup answers it. */
export interface DomainGroup {
  identity: string;
  companyName: string;
  email: string;
  parent: string;
  createTime: string;
}

export type SubAccountRecord = DomainGroup & { id: Identifier };

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

const subAccounts = crud<SubAccountRecord>({
  getList: async (params) => slicePage(await fetchDomainGroups(customerOf(params)), params.pagination),
  getOne: (params) => findOne(params.id),
  async getMany(params) {
    const all = await fetchDomainGroups(readUserInfo()?.account ?? '');
    const ids = new Set(params.ids.map(String));
    return all.filter((r) => ids.has(r.identity));
  },
  async create(params) {
    const input = params.data as DomainGroupAddRequest;
    const created = await post<DomainGroup>('/cloud/customer/portalAddDomainGroup', {
      identity: input.identity?.trim(),
      companyName: input.companyName?.trim(),
      email: input.email?.trim(),
      customer: input.customer || readUserInfo()?.account,
    });
    return toRecord(created);
  },
  async update(params) {
    const input = params.data as DomainGroupAddRequest;
    const updated = await post<DomainGroup>('/cloud/customer/editDomainGroup', {
      identity: String(params.id),
      companyName: input.companyName?.trim(),
      email: input.email?.trim(),
    });
    return toRecord(updated);
  },
  async delete(params) {
    await get<null>('/cloud/customer/delDomainGroup', { domainGroup: String(params.id) });
  },
});

/** Sub-accounts (domain groups) of the cloud backend (contract rows /cloud/customer/*). */
export const domainGroupsProvider = { resources: { [SUB_ACCOUNT_RESOURCE]: subAccounts } } satisfies ProviderModule;
