/** Wire types of the sub-user calls (/shiro/self/*) that the server shares. */

/** A sub-user as /shiro/self answers it. */
export interface SubUser {
  uid: string;
  username: string;
  email: string;
  account: string;
  accountName: string;
  creator: string | null;
  createTime: string;
  updateTime: string;
  permissions: string[];
  accounts: string[];
  enabled: boolean;
}
