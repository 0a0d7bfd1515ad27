import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { moduleAccess } from '../../../plugins/guard';
import { fail, notFound, ok, portalEnvelope } from '../../../lib/envelope';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import { hashPassword } from '../../../lib/password';
import { endUserSessions } from '../../../plugins/session';
import { grantablePermissions } from '../../../../common/rules/shell/permissionCatalog';
import { accountSubtree, allAccounts, buildAccountTree, type AccountNode, type AccountRow } from '../../../stores/config/usersAccounts';
import { deleteSubUser, findSubUser, insertSubUser, searchSubUsers, updateSubUser, usernameTaken } from '../../../stores/config/usersSub';
import type { SessionUser } from '../../../types';
import { auditChange, auditObject } from '../../../lib/audit';
import {
  assertMayManage,
  checkAccounts,
  checkEmail,
  checkHomeAccount,
  checkPassword,
  checkPermissions,
  checkUsername,
  managedScope,
} from '../../../services/users';
import { replySchema } from '../../../lib/wireSchemas';
import {
  SubUserAccountsSchema,
  SubUserBodySchema,
  SubUserUpdateSchema,
  SubUserEnableSchema,
  SubUserLanguageParams,
  SubUserPageSchema,
  SubUserSearchSchema,
  SubUserUidParams,
  type SubUserSearch,
} from '../../../../common/wire/users';

const { view: READ, operation: WRITE } = moduleAccess('user');

/** {language} in the path decides the language of msg (chinese | english). */
async function languageFromPath(request: FastifyRequest) {
  const { language } = (request.params ?? {}) as { language?: string };
  if (language === 'english') request.lang = 'en';
  else if (language === 'chinese') request.lang = 'zh';
}

/** A search without a body is a search without filters. */
async function emptyBody(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}

const caller = (request: FastifyRequest) => request.user as SessionUser;

/** Postgres unique violation (two creates racing for one username). */
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/** The caller's accounts as a forest of {account, accountName, accountChild}. */
async function scopeTree(request: FastifyRequest): Promise<AccountNode[]> {
  const scope = await request.scope();
  const db = request.server.db;
  const rows: AccountRow[] = scope.all
    ? await allAccounts(db)
    : (await accountSubtree(db, caller(request).account)).filter((r) => scope.has(r.identity));
  const ids = new Set(rows.map((r) => r.identity));
  return rows
    .filter((r) => !r.parent || !ids.has(r.parent))
    .map((r) => buildAccountTree(rows, r.identity))
    .filter((n): n is AccountNode => n !== null);
}

/** Sub-users (/page/user) through /shiro/self (contract rows 73–80, except safeupdatepassword). */
export const shiroUserRoutes: TypedRoutes = async (app) => {
  app.post(
    '/shiro/self/search',
    {
      config: READ,
      schema: { body: SubUserSearchSchema, response: replySchema(portalEnvelope, SubUserPageSchema) },
      preValidation: emptyBody,
    },
    async (request) => {
      const body = (request.body ?? {}) as SubUserSearch;
      const pageNum = body.pageNum ?? 1;
      const pageSize = body.pageSize ?? 10;
      const { list, total } = await searchSubUsers(
        app.db,
        await managedScope(request),
        { uid: body.uid, username: body.username?.trim(), email: body.email?.trim(), enabled: body.enabled },
        { limit: pageSize, offset: (pageNum - 1) * pageSize },
      );
      return ok({ list, total, pageNum, pageSize });
    },
  );

  app.post(
    '/shiro/self/create/:language',
    { config: WRITE, schema: { params: SubUserLanguageParams, body: SubUserBodySchema }, preValidation: languageFromPath },
    async (request) => {
      const body = request.body;
      const username = checkUsername(body.username);
      const email = checkEmail(body.email);
      const password = checkPassword(body.password, true) as string;
      const permissions = checkPermissions(caller(request), body.permissions);
      const account = await checkHomeAccount(request, body.account);
      const accounts = await checkAccounts(request, account, body.accounts);
      if (await usernameTaken(app.db, username)) throw fail('usersUsernameUsed');
      const uid = crypto.randomUUID();
      try {
        await insertSubUser(app.db, {
          uid,
          username,
          email,
          account,
          permissions,
          accounts,
          passwordHash: await hashPassword(password),
          creator: caller(request).username,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw fail('usersUsernameUsed');
        throw err;
      }
      const created = await findSubUser(app.db, await managedScope(request), uid);
      auditObject(request, { type: 'user', id: uid, name: username });
      auditChange(request, null, created);
      return ok(created, request.t('usersCreated'));
    },
  );

  app.post(
    '/shiro/self/update/:language',
    { config: WRITE, schema: { params: SubUserLanguageParams, body: SubUserUpdateSchema }, preValidation: languageFromPath },
    async (request) => {
      const body = request.body;
      const uid = (body.uid ?? '').trim();
      if (uid && uid === caller(request).uid) throw fail('usersOwnPermissions');
      const scope = await managedScope(request);
      const target = uid ? await findSubUser(app.db, scope, uid) : null;
      if (!target) throw notFound();
      auditObject(request, { type: 'user', id: target.uid, name: target.username });
      assertMayManage(caller(request), target);
      // A missing username keeps the current one; a given one follows the create rules.
      const username = body.username === undefined ? target.username : checkUsername(body.username);
      const email = checkEmail(body.email);
      const password = checkPassword(body.password, false);
      const permissions = checkPermissions(caller(request), body.permissions, target.permissions);
      const accounts = body.accounts === undefined ? undefined : await checkAccounts(request, target.account, body.accounts);
      if (username !== target.username && (await usernameTaken(app.db, username, uid))) throw fail('usersUsernameUsed');
      try {
        const passwordHash = password ? await hashPassword(password) : undefined;
        await writeIfUnchanged(request, 'users', uid, body.updateTime, (db) =>
          updateSubUser(db, uid, { username, email, permissions, accounts, passwordHash }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw fail('usersUsernameUsed');
        throw err;
      }
      // A password set by someone else: whoever held the old one is signed out (issue #22).
      if (password) await endUserSessions(request, uid);
      const after = await findSubUser(app.db, scope, uid);
      // A new password shows as changed, never as a value (the field is redacted).
      auditChange(request, target, password ? { ...after, password: true } : after);
      return ok(after, request.t('usersUpdated'));
    },
  );

  app.post(
    '/shiro/self/updateaccount/:language',
    { config: WRITE, schema: { params: SubUserLanguageParams, body: SubUserAccountsSchema }, preValidation: languageFromPath },
    async (request) => {
      const body = request.body;
      if (body.uid === caller(request).uid) throw fail('usersOwnPermissions');
      const scope = await managedScope(request);
      const target = await findSubUser(app.db, scope, body.uid);
      if (!target) throw notFound();
      auditObject(request, { type: 'user', id: target.uid, name: target.username });
      assertMayManage(caller(request), target);
      const accounts = await checkAccounts(request, target.account, body.accounts);
      await updateSubUser(app.db, body.uid, { accounts });
      const after = await findSubUser(app.db, scope, body.uid);
      auditChange(request, target, after);
      return ok(after, request.t('usersUpdated'));
    },
  );

  app.post('/shiro/self/enable', { config: WRITE, schema: { body: SubUserEnableSchema } }, async (request) => {
    const body = request.body;
    if (body.uid === caller(request).uid) throw fail('usersSelfAction');
    const scope = await managedScope(request);
    const target = await findSubUser(app.db, scope, body.uid);
    if (!target) throw notFound();
    auditObject(request, { type: 'user', id: target.uid, name: target.username });
    assertMayManage(caller(request), target);
    // Only the flag changes: the user's permissions stay as they are.
    await updateSubUser(app.db, body.uid, { enabled: body.enabled });
    if (!body.enabled) await endUserSessions(request, body.uid);
    const after = await findSubUser(app.db, scope, body.uid);
    auditChange(request, target, after);
    return ok(after, request.t(body.enabled ? 'usersEnabled' : 'usersDisabled'));
  });

  app.delete('/shiro/self/delete/:uid', { config: WRITE, schema: { params: SubUserUidParams } }, async (request) => {
    const { uid } = request.params;
    if (uid === caller(request).uid) throw fail('usersSelfAction');
    const target = await findSubUser(app.db, await managedScope(request), uid);
    if (!target) throw notFound();
    auditObject(request, { type: 'user', id: target.uid, name: target.username });
    assertMayManage(caller(request), target);
    await deleteSubUser(app.db, uid);
    auditChange(request, target, null);
    return ok({ uid }, request.t('usersDeleted'));
  });

  app.get('/shiro/self/', { config: READ }, async (request) => {
    const { list } = await searchSubUsers(app.db, await managedScope(request), {}, null);
    const blob = { users: list, accounts: await scopeTree(request), permissions: grantablePermissions(caller(request).permissions) };
    return ok(app.cipher.encryptJson(blob));
  });
};
