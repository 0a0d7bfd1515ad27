import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, notFound, ok } from '../../../lib/envelope';
import { isSuperRole } from '../../../../common/rules/shell/permissions';
import {
  childAccounts,
  countAccountDomains,
  countAccountUsers,
  countChildAccounts,
  deleteAccount,
  forgetAccountInUserLists,
  getAccount,
  insertAccount,
  updateAccount,
  type AccountRow,
} from '../../../stores/config/usersAccounts';
import { companyRule, emailRule, identityRule, type SubAccountRule } from '../../../../common/rules/users/subAccounts';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';
import { auditChange, auditObject } from '../../../lib/audit';
import {
  DomainGroupAddSchema,
  DomainGroupDeleteQuerySchema,
  DomainGroupEditSchema,
  DomainGroupListQuerySchema,
} from '../../../../common/wire/domains';

const RULE_MESSAGES: Record<SubAccountRule, ServerMessageKey> = {
  identityRequired: 'identityRequired',
  identityFormat: 'identityFormat',
  identityTooLong: 'accountsIdentityTooLong',
  companyRequired: 'companyRequired',
  companyTooLong: 'accountsCompanyTooLong',
  emailRequired: 'emailRequired',
  emailFormat: 'emailFormat',
};

function check(rule: SubAccountRule | null): void {
  if (rule) throw fail(RULE_MESSAGES[rule]);
}

/** Managing sub-accounts is for main-account users and provider staff. */
function requireManager(request: FastifyRequest): void {
  const user = request.user!;
  if (!user.isMain && !isSuperRole(user.role)) throw fail('notMainAccount');
}

/** The account whose sub-accounts are listed or created; outside the caller's tree it does not exist. */
async function resolveCustomer(request: FastifyRequest, customer: string | undefined): Promise<AccountRow> {
  const wanted = customer?.trim() || request.user!.account;
  const scope = await request.scope();
  if (!scope.has(wanted)) throw notFound();
  const row = await getAccount(request.server.db, wanted);
  if (!row) throw notFound();
  return row;
}

/**
 * A sub-account the caller may change: a descendant of its own account (any account with a parent
 * for staff). Another tenant's group answers exactly like a missing one.
 */
async function resolveGroup(request: FastifyRequest, identity: string): Promise<AccountRow> {
  const user = request.user!;
  const scope = await request.scope();
  if (!identity || identity === user.account || !scope.has(identity)) throw notFound();
  const row = await getAccount(request.server.db, identity);
  if (!row || !row.parent) throw notFound();
  auditObject(request, { type: 'account', id: row.identity, name: row.companyName });
  return row;
}

/** Domain groups (sub-accounts) of spec §3/§7: list, create, edit, delete under /cloud/customer. */
export const domainGroupRoutes: TypedRoutes = async (app) => {
  app.get(
    '/cloud/customer/showDomainGroup',
    { config: { module: 'account', access: 'view' }, schema: { querystring: DomainGroupListQuerySchema } },
    async (request) => {
      requireManager(request);
      const { customer } = request.query;
      const parent = await resolveCustomer(request, customer);
      return ok(await childAccounts(app.db, parent.identity));
    },
  );

  app.post(
    '/cloud/customer/portalAddDomainGroup',
    { config: { module: 'account', access: 'operation' }, schema: { body: DomainGroupAddSchema } },
    async (request) => {
      requireManager(request);
      const body = request.body;
      check(identityRule(body.identity) ?? companyRule(body.companyName) ?? emailRule(body.email));
      const parent = await resolveCustomer(request, body.customer);
      const identity = body.identity!.trim();
      const record = { identity, companyName: body.companyName!.trim(), email: body.email!.trim(), parent: parent.identity };
      await app.db.transaction(async (tx) => {
        // Unique across every account of every tenant (identities name tenants system-wide).
        if (await getAccount(tx, identity)) throw fail('identityUsed');
        await insertAccount(tx, record);
      });
      auditObject(request, { type: 'account', id: identity, name: record.companyName });
      auditChange(request, null, record);
      return ok(await getAccount(app.db, identity));
    },
  );

  app.post(
    '/cloud/customer/editDomainGroup',
    { config: { module: 'account', access: 'operation' }, schema: { body: DomainGroupEditSchema } },
    async (request) => {
      requireManager(request);
      const body = request.body;
      const group = await resolveGroup(request, body.identity.trim());
      check(companyRule(body.companyName) ?? emailRule(body.email));
      await updateAccount(app.db, group.identity, { companyName: body.companyName!.trim(), email: body.email!.trim() });
      const after = await getAccount(app.db, group.identity);
      auditChange(request, group, after);
      return ok(after);
    },
  );

  app.get(
    '/cloud/customer/delDomainGroup',
    { config: { module: 'account', access: 'operation' }, schema: { querystring: DomainGroupDeleteQuerySchema } },
    async (request) => {
      requireManager(request);
      const { domainGroup } = request.query;
      const group = await resolveGroup(request, domainGroup.trim());
      await app.db.transaction(async (tx) => {
        // Deleting would cascade to users and child accounts: refuse instead of losing them.
        if (await countChildAccounts(tx, group.identity)) throw fail('accountsHasChildren');
        if (await countAccountUsers(tx, group.identity)) throw fail('accountHasUsers');
        if (await countAccountDomains(tx, group.identity)) throw fail('accountsHasDomains');
        await forgetAccountInUserLists(tx, group.identity);
        await deleteAccount(tx, group.identity);
      });
      auditChange(request, group, null);
      return ok(null);
    },
  );
};
