import type {
  CreateParams, DataProvider, DeleteManyParams, DeleteParams, GetListParams, GetManyParams, GetOneParams, Identifier, RaRecord, UpdateParams,
} from 'react-admin';
import { call, callEnvelope, get, post, PortalApiError } from '../http';
import { decryptJson } from '../cipher';
import type { ProviderModule } from '../types';
import { readLanguage } from '../../src/auth/storage';
import type { AccountNode } from '../../src/auth/userInfo';

export const USER_RESOURCE = 'page/user';

export type { SubUser } from '../../common/wire/users';
import type { SubUser } from '../../common/wire/users';

export type SubUserRecord = SubUser & RaRecord;

/** What the create and edit forms send. */
export interface SubUserInput {
  username?: string;
  email?: string;
  password?: string;
  permissions?: string[];
  accounts?: string[];
}

/** GET /shiro/self/ decrypted. */
export interface SubUserAllData {
  users: SubUser[];
  accounts: AccountNode[];
  /** Rights the signed-in user may grant. */
  permissions: string[];
}

interface SearchReply {
  list: SubUser[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const toRecord = (u: SubUser): SubUserRecord => ({ ...u, id: u.uid });
const as = <R>(value: unknown) => value as R;
/** {language} of the write paths: the current locale (spec §7). */
const language = () => readLanguage();
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** react-admin getList params → the search body (filters username, email, enabled; paging). */
export function userSearchBody(params: Partial<GetListParams>): Record<string, unknown> {
  const f = (params.filter ?? {}) as Record<string, unknown>;
  const enabled = f.enabled === true || f.enabled === 'true' ? true : f.enabled === false || f.enabled === 'false' ? false : undefined;
  return {
    username: text(f.username) ?? text(f.q),
    email: text(f.email),
    enabled,
    pageNum: params.pagination?.page ?? 1,
    pageSize: params.pagination?.perPage ?? 10,
  };
}

async function searchOne(uid: string): Promise<SubUserRecord> {
  const reply = await post<SearchReply>('/shiro/self/search', { uid, pageNum: 1, pageSize: 1 });
  const hit = reply.list[0];
  if (!hit) throw new PortalApiError('ra.notification.item_doesnt_exist', '404', null);
  return toRecord(hit);
}

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((x) => b.includes(x));

const users: Partial<DataProvider> = {
  async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
    const reply = await post<SearchReply>('/shiro/self/search', userSearchBody(params));
    return { data: as<R[]>(reply.list.map(toRecord)), total: reply.total };
  },
  async getOne<R extends RaRecord>(_resource: string, params: GetOneParams) {
    return { data: as<R>(await searchOne(String(params.id))) };
  },
  async getMany<R extends RaRecord>(_resource: string, params: GetManyParams) {
    return { data: as<R[]>(await Promise.all(params.ids.map((id) => searchOne(String(id))))) };
  },
  async create<R extends Omit<RaRecord, 'id'>>(_resource: string, params: CreateParams) {
    const input = params.data as SubUserInput;
    const created = await post<SubUser>(`/shiro/self/create/${language()}`, {
      username: input.username?.trim(),
      email: input.email?.trim(),
      password: input.password ?? '',
      permissions: input.permissions ?? [],
      accounts: input.accounts ?? [],
    });
    return { data: as<R & { id: Identifier }>(toRecord(created)) };
  },
  /** update/{language} for the user's fields, then updateaccount/{language} when its accounts changed. */
  async update<R extends RaRecord>(_resource: string, params: UpdateParams) {
    const input = params.data as SubUserInput;
    const uid = String(params.id);
    let saved = await post<SubUser>(`/shiro/self/update/${language()}`, {
      uid,
      username: input.username?.trim(),
      email: input.email?.trim(),
      password: input.password || undefined,
      permissions: input.permissions ?? [],
    });
    const previous = (params.previousData as Partial<SubUser> | undefined)?.accounts ?? saved.accounts;
    if (input.accounts && !sameSet(input.accounts, previous)) saved = await userMethods.userUpdateAccounts(uid, input.accounts);
    return { data: as<R>(toRecord(saved)) };
  },
  async delete<R extends RaRecord>(_resource: string, params: DeleteParams<R>) {
    await call<{ uid: string }>({ method: 'DELETE', url: `/shiro/self/delete/${encodeURIComponent(String(params.id))}` });
    return { data: params.previousData ?? as<R>({ id: params.id }) };
  },
  async deleteMany(_resource: string, params: DeleteManyParams) {
    for (const id of params.ids) await call({ method: 'DELETE', url: `/shiro/self/delete/${encodeURIComponent(String(id))}` });
    return { data: params.ids };
  },
};

/** Custom verbs of the sub-user screen (useDataProvider<PortalDataProvider>()). */
export const userMethods = {
  /** Which accounts the sub-user may act for (empty: its whole account tree). */
  userUpdateAccounts: async (uid: string, accounts: string[]): Promise<SubUserRecord> =>
    toRecord(await post<SubUser>(`/shiro/self/updateaccount/${language()}`, { uid, accounts })),
  /** Enable or disable; permissions stay; the reply's msg is shown as is. */
  userEnable: async (uid: string, enabled: boolean): Promise<{ record: SubUserRecord; msg: string }> => {
    const env = await callEnvelope<SubUser>({ method: 'POST', url: '/shiro/self/enable', data: { uid, enabled } });
    return { record: toRecord(env.data), msg: env.msg ?? '' };
  },
  /** The encrypted all-data blob, decrypted. */
  userAllData: async (): Promise<SubUserAllData> => decryptJson<SubUserAllData>(await get<string>('/shiro/self/')),
};

/** Sub-users of the shiro backend (contract rows /shiro/self/*, except safeupdatepassword). */
export const usersProvider = { resources: { [USER_RESOURCE]: users }, methods: userMethods } satisfies ProviderModule;
