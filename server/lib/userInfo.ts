import type { ConfigDb } from '../stores/config/db';
import { accountSubtree, allAccounts, buildAccountTree, getAccount } from '../stores/config/usersAccounts';
import type { AccountNode, UserInfoReply } from '../../common/wire/shell/session';
import { isSuperRole, normalizePermissions } from '../../common/rules/shell/permissions';
import type { SessionUser } from '../types';
import { DEFAULT_TIME_ZONE } from '../../common/rules/users/timeZone';

/** User-info reply (spec §3). userType: 3 sees all certificates, 2 by account, 1 by username. */
export type UserInfo = UserInfoReply;

export async function buildUserInfo(db: ConfigDb, user: SessionUser): Promise<UserInfo> {
  const rows = isSuperRole(user.role) ? await allAccounts(db) : await accountSubtree(db, user.account);
  const own = await getAccount(db, user.account);
  let children: AccountNode[];
  if (isSuperRole(user.role)) {
    // Staff: every top-level customer account is a child of the staff account.
    children = rows
      .filter((r) => !r.parent && r.identity !== user.account)
      .map((r) => buildAccountTree(rows, r.identity))
      .filter((n): n is AccountNode => n !== null);
  } else {
    children = buildAccountTree(rows, user.account)?.accountChild ?? [];
  }
  return {
    uid: user.uid,
    username: user.username,
    email: user.email,
    role: user.role,
    account: user.account,
    accountName: own?.companyName ?? user.account,
    accountChild: children,
    permissionList: normalizePermissions(user.permissions),
    isMain: user.isMain,
    userType: isSuperRole(user.role) ? 3 : user.isMain ? 2 : 1,
    timeZone: own?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
