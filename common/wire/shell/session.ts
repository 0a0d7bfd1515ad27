import { Type, type Static } from '@sinclair/typebox';

/** Wire shapes of sign-in and the user-info reply (spec §3), shared by the server and the client (types only in the browser). */

/** GET /api/newLogin?username=&password= (the password AES-encrypted). */
export const SignInQuerySchema = Type.Object({ username: Type.String(), password: Type.String() });
export type SignInQuery = Static<typeof SignInQuerySchema>;

/** An account and its sub-accounts, as the user-info reply nests them. */
export interface AccountNode {
  account: string;
  accountName: string;
  accountChild: AccountNode[];
}

/** The user-info reply as the server sends it; the client derives treeData and account_all from it. */
export interface UserInfoReply {
  uid: string;
  username: string;
  email: string;
  role: string;
  account: string;
  accountName: string;
  accountChild: AccountNode[];
  permissionList: string[];
  isMain: boolean;
  /** 3 all certificates, 2 by account, 1 by username. */
  userType: 1 | 2 | 3;
  /** The account's time zone, an IANA name (issue #35; absent in user info stored before it). */
  timeZone?: string;
}
