import type { GetListParams, Identifier } from 'react-admin';
import { call, callEnvelope, get, post, PortalApiError } from '../http';
import { aesEncrypt, decryptJson } from '../cipher';
import { crud, filterOf, readAt, text } from '../crud';
import type { ProviderModule } from '../types';
import { readLanguage } from '../../src/auth/storage';
import type { AccountNode } from '../../src/auth/userInfo';

export const USER_RESOURCE = 'page/user';

export type { SubUser } from '../../common/wire/users';
import type { SubUser, SubUserBody, SubUserPage } from '../../common/wire/users';

export type SubUserRecord = SubUser & { id: Identifier };

/** What the create and edit forms send. */
export type SubUserInput = Omit<SubUserBody, 'uid' | 'account'>;

/** GET /shiro/self/ decrypted. */
export interface SubUserAllData {
  users: SubUser[];
  accounts: AccountNode[];
  /** Rights the signed-in user may grant. */
  permissions: string[];
}

const toRecord = (u: SubUser): SubUserRecord => ({ ...u, id: u.uid });
/** {language} of the write paths: the current locale (spec §7). */
const language = () => readLanguage();

/** react-admin getList params → the search body (filters username, email, enabled; paging). */
export function userSearchBody(params: Partial<GetListParams>): Record<string, unknown> {
  const f = filterOf(params);
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
  const reply = await post<SubUserPage>('/shiro/self/search', { uid, pageNum: 1, pageSize: 1 });
  const hit = reply.list[0];
  if (!hit) throw new PortalApiError('ra.notification.item_doesnt_exist', '404', null);
  return toRecord(hit);
}

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((x) => b.includes(x));

const deleteUser = (id: Identifier) =>
  call<{ uid: string }>({ method: 'DELETE', url: `/shiro/self/delete/${encodeURIComponent(String(id))}` });

const users = crud<SubUserRecord>({
  async getList(params) {
    const reply = await post<SubUserPage>('/shiro/self/search', userSearchBody(params));
    return { data: reply.list.map(toRecord), total: reply.total };
  },
  getOne: (params) => searchOne(String(params.id)),
  getMany: (params) => Promise.all(params.ids.map((id) => searchOne(String(id)))),
  async create(params) {
    const input = params.data as SubUserInput;
    const created = await post<SubUser>(`/shiro/self/create/${language()}`, {
      username: input.username?.trim(),
      email: input.email?.trim(),
      password: input.password ?? '',
      permissions: input.permissions ?? [],
      accounts: input.accounts ?? [],
    });
    return toRecord(created);
  },
  /** update/{language} for the user's fields, then updateaccount/{language} when its accounts changed. */
  async update(params) {
    const input = params.data as SubUserInput;
    const uid = String(params.id);
    let saved = await post<SubUser>(`/shiro/self/update/${language()}`, {
      uid,
      username: input.username?.trim(),
      email: input.email?.trim(),
      password: input.password || undefined,
      permissions: input.permissions ?? [],
      ...readAt(params),
    });
    const previous = (params.previousData as Partial<SubUser> | undefined)?.accounts ?? saved.accounts;
    if (input.accounts && !sameSet(input.accounts, previous)) saved = await userMethods.userUpdateAccounts(uid, input.accounts);
    return toRecord(saved);
  },
  async delete(params) {
    await deleteUser(params.id);
  },
  async deleteMany(params) {
    for (const id of params.ids) await deleteUser(id);
  },
});

export interface ChangePasswordInput {
  username: string;
  account: string;
  oldPassword: string;
  newPassword: string;
  /** Sign out the user's other sessions after the change. */
  signOutOthers?: boolean;
}

/**
 * The own-password change (contract row GET /shiro/self/safeupdatepassword): both passwords
 * AES-encrypted with the portal key; the reply's msg ('modify successfully', localised) is returned.
 * Failures reject with PortalApiError (message = the server's msg).
 */
async function changePassword(input: ChangePasswordInput): Promise<string> {
  const env = await callEnvelope<null>({
    method: 'GET',
    url: '/shiro/self/safeupdatepassword',
    params: {
      username: input.username,
      password: aesEncrypt(input.newPassword),
      account: input.account,
      ischinese: readLanguage() === 'chinese' ? 'true' : 'false',
      oldPassword: aesEncrypt(input.oldPassword),
      ...(input.signOutOthers ? { signOutOthers: 'true' } : {}),
    },
  });
  return env.msg ?? '';
}

/**
 * The account's time zone (issue #35): the same personal-settings call with `timeZone` and no
 * passwords. Resolves to the reply's msg; a refusal rejects with PortalApiError.
 */
async function setTimeZone(input: { username: string; account: string; timeZone: string }): Promise<string> {
  const ischinese = readLanguage() === 'chinese' ? 'true' : 'false';
  const env = await callEnvelope<null>({ method: 'GET', url: '/shiro/self/safeupdatepassword', params: { ...input, ischinese } });
  return env.msg ?? '';
}

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
  changePassword,
  setTimeZone,
};

/** Sub-users and the own-password change of the shiro backend (contract rows /shiro/self/*). */
export const usersProvider = { resources: { [USER_RESOURCE]: users }, methods: userMethods } satisfies ProviderModule;
