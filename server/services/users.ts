import type { FastifyRequest } from 'fastify';
import { fail } from '../lib/envelope';
import { passwordStrongEnough } from '../lib/password';
import { PASSWORD_MIN_LENGTH } from '../../common/rules/users/password';
import { canGrant, isKnownPermission, ungrantable } from '../../common/rules/shell/permissionCatalog';
import { normalizePermissions } from '../../common/rules/shell/permissions';
import { isSuperRole } from '../../common/rules/shell/permissions';
import { accountSubtree } from '../stores/config/usersAccounts';
import type { SubUserScope } from '../stores/config/usersSub';
import type { SessionUser } from '../types';
import { USERNAME_PATTERN, EMAIL_PATTERN } from '../../common/rules/shell/formats';

export function checkUsername(value: string | undefined): string {
  const username = (value ?? '').trim();
  if (!username) throw fail('usersUsernameRequired');
  if (!USERNAME_PATTERN.test(username)) throw fail('usersUsernameFormat');
  return username;
}

export function checkEmail(value: string | undefined): string {
  const email = (value ?? '').trim();
  if (!email) throw fail('usersEmailRequired');
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw fail('usersEmailFormat');
  return email;
}

/** Required on create; on update an empty or missing password means unchanged (null). */
export function checkPassword(value: string | undefined, required: boolean): string | null {
  if (value === undefined || value === '') {
    if (required) throw fail('usersPasswordRequired');
    return null;
  }
  if (value.length < PASSWORD_MIN_LENGTH) throw fail('usersPasswordLength');
  if (!passwordStrongEnough(value)) throw fail('usersPasswordPattern');
  return value;
}

/**
 * At least one known right, none that the caller does not hold itself; rights the target already
 * holds (`kept`) are no grant and may stay.
 */
export function checkPermissions(caller: SessionUser, value: string[] | undefined, kept: readonly string[] = []): string[] {
  const list = [...new Set((value ?? []).map((p) => p.trim()).filter(Boolean))];
  if (!list.length) throw fail('usersPermissionRequired');
  if (list.some((p) => !isKnownPermission(p))) throw fail('usersPermissionUnknown');
  if (ungrantable(caller.permissions, list, kept).length) throw fail('usersPermissionNotHeld');
  return list;
}

/**
 * The one rule for acting on another user (issue #22): a caller may change, reset the password of,
 * enable, disable or delete only a user whose rights are all rights the caller holds itself, so
 * that no one takes over a richer user. Staff roles (beginning with 'super') manage everyone.
 */
export function mayManage(caller: SessionUser, target: { permissions: readonly string[] }): boolean {
  if (isSuperRole(caller.role)) return true;
  return normalizePermissions(target.permissions).every((p) => canGrant(caller.permissions, p));
}

export function assertMayManage(caller: SessionUser, target: { permissions: readonly string[] }): void {
  if (!mayManage(caller, target)) throw fail('usersTargetRicher');
}

/**
 * Accounts a sub-user may act for: each must be in the caller's scope and inside the sub-user's
 * home account tree (the session scope ignores anything else). Empty = its whole home tree.
 */
export async function checkAccounts(request: FastifyRequest, home: string, value: string[] | undefined): Promise<string[]> {
  const list = [...new Set((value ?? []).map((a) => a.trim().replace('@+@', '')).filter(Boolean))];
  if (!list.length) return [];
  const scope = await request.scope();
  const homeTree = new Set((await accountSubtree(request.server.db, home)).map((a) => a.identity));
  if (list.some((a) => !scope.has(a) || !homeTree.has(a))) throw fail('usersAccountOutOfScope');
  return list;
}

/** The home account of a new sub-user: the one asked for (in scope), else the caller's own. */
export async function checkHomeAccount(request: FastifyRequest, value: string | undefined): Promise<string> {
  const scope = await request.scope();
  const caller = request.user as SessionUser;
  const wanted = (value ?? '').trim();
  if (wanted) {
    const exists = (await accountSubtree(request.server.db, wanted)).length > 0;
    if (!exists || !scope.has(wanted)) throw fail('usersAccountOutOfScope');
    return wanted;
  }
  if (scope.has(caller.account)) return caller.account;
  return scope.accounts[0] ?? caller.account;
}

/** Whose sub-users the caller manages: its scope's accounts (super roles: all), never itself. */
export async function managedScope(request: FastifyRequest): Promise<SubUserScope> {
  const caller = request.user as SessionUser;
  const scope = await request.scope();
  return { accounts: isSuperRole(caller.role) || scope.all ? null : scope.accounts, callerUid: caller.uid };
}
