import { isSuperRole } from '../../../common/rules/shell/permissions';
import { readUserInfo } from '../../../src/auth/storage';
import type { TreeNode } from '../../../src/auth/userInfo';

export interface AccountChoice {
  id: string;
  name: string;
}

/**
 * Accounts under which the signed-in user may keep sub-accounts: its own account and descendants;
 * for staff every customer account (not the staff's own account).
 */
export function accountChoices(): AccountChoice[] {
  const info = readUserInfo();
  if (!info) return [];
  const out: AccountChoice[] = [];
  const walk = (nodes: TreeNode[], depth: number) =>
    nodes.forEach((n) => {
      out.push({ id: n.value, name: `${'\u2003'.repeat(depth)}${n.title} (${n.value})` });
      walk(n.children ?? [], depth + 1);
    });
  const roots = info.treeData ?? [];
  if (isSuperRole(info.role)) roots.forEach((r) => walk(r.children ?? [], 0));
  else walk(roots, 0);
  return out;
}

/** Only main-account users and staff manage sub-accounts. */
export function canManageSubAccounts(): boolean {
  const info = readUserInfo();
  return Boolean(info && (info.isMain || isSuperRole(info.role)));
}
