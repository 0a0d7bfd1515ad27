import type { AccountNode, UserInfoReply } from '../../common/wire/shell/session';

export type { AccountNode };

/** The user-info reply of sign-in (spec §3) and what the client derives from it. */
export interface UserInfo extends UserInfoReply {
  treeData: TreeNode[];
  account_all: string;
}

export interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

/** account → value, accountName → title, accountChild → children. */
export function toTreeData(nodes: AccountNode[]): TreeNode[] {
  return nodes.map((n) => ({ value: n.account, title: n.accountName, children: toTreeData(n.accountChild ?? []) }));
}

/** The account and all descendants, comma-joined, own account first. */
export function accountAll(account: string, children: AccountNode[]): string {
  const out = [account];
  const walk = (list: AccountNode[]) =>
    list.forEach((n) => {
      out.push(n.account);
      walk(n.accountChild ?? []);
    });
  walk(children);
  return out.join(',');
}

/** Adds treeData and account_all to the server's reply (password fields never kept). */
export function enrichUserInfo(raw: Omit<UserInfo, 'treeData' | 'account_all'> & { password?: string }): UserInfo {
  const { password: _password, ...rest } = raw;
  void _password;
  const root: TreeNode = { value: rest.account, title: rest.accountName, children: toTreeData(rest.accountChild ?? []) };
  return { ...rest, treeData: [root], account_all: accountAll(rest.account, rest.accountChild ?? []) };
}
