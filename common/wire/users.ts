import { Type, type Static } from '@sinclair/typebox';
import { literals, nullable, pageFields, ReadAtFields, Strings } from './shell/schemas';

/** Wire shapes of the sub-user calls (/shiro/self/*) that the server shares; the types are Static<> of the schemas. */

/** A sub-user as /shiro/self answers it. */
export const SubUserSchema = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  email: Type.String(),
  account: Type.String(),
  accountName: Type.String(),
  creator: nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
  permissions: Strings,
  accounts: Strings,
  enabled: Type.Boolean(),
});
export type SubUser = Static<typeof SubUserSchema>;

/** POST /shiro/self/search: one page of sub-users. */
export const SubUserPageSchema = Type.Object({ ...pageFields(SubUserSchema), pageSize: Type.Integer() });
export type SubUserPage = Static<typeof SubUserPageSchema>;

/** {language} of the write paths: the language of msg. */
export const SubUserLanguageParams = Type.Object({ language: literals(['chinese', 'english'] as const) });

/** POST /shiro/self/search: filters and paging, all optional (no body: no filters). */
export const SubUserSearchSchema = Type.Object({
  uid: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  enabled: Type.Optional(Type.Boolean()),
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type SubUserSearch = Static<typeof SubUserSearchSchema>;

/** create/update/{language}. Fields are optional in the schema so that a missing one gets its own localised message. */
export const SubUserBodySchema = Type.Object({
  uid: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  password: Type.Optional(Type.String()),
  permissions: Type.Optional(Strings),
  accounts: Type.Optional(Strings),
  account: Type.Optional(Type.String()),
});
export type SubUserBody = Static<typeof SubUserBodySchema>;
/** update/{language}: the create/update fields and the updateTime the user was read at. */
export const SubUserUpdateSchema = Type.Object({ ...SubUserBodySchema.properties, ...ReadAtFields });

const Uid = Type.String({ minLength: 1 });
/** updateaccount/{language}: the accounts a sub-user may act for. */
export const SubUserAccountsSchema = Type.Object({ uid: Uid, accounts: Strings });
/** enable: the sub-user's flag. */
export const SubUserEnableSchema = Type.Object({ uid: Uid, enabled: Type.Boolean() });
export const SubUserUidParams = Type.Object({ uid: Uid });

/** GET /shiro/self/safeupdatepassword: the signed-in user's own password change. */
export const PasswordChangeQuerySchema = Type.Object({
  username: Type.String({ maxLength: 200 }),
  /** New password, AES-ECB/PKCS7 with the portal key, base64. */
  password: Type.Optional(Type.String({ maxLength: 2000 })),
  account: Type.Optional(Type.String({ maxLength: 200 })),
  ischinese: Type.Optional(Type.String({ maxLength: 20 })),
  /** Current password, encrypted the same way. */
  oldPassword: Type.Optional(Type.String({ maxLength: 2000 })),
  /** 'true': sign out the user's other sessions (issue #22); absent: they stay valid. */
  signOutOthers: Type.Optional(Type.String({ maxLength: 10 })),
  /**
   * The account's time zone (IANA name, issue #35), main users only. Alone (no passwords) it sets
   * the zone; with a password change, the zone is set when the change succeeds.
   */
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PasswordChangeQuery = Static<typeof PasswordChangeQuerySchema>;
