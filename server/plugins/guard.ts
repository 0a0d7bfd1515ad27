import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, isSuperRole } from '../../common/rules/shell/permissions';
import { PortalError } from '../lib/envelope';
import { accountSubtree } from '../stores/config/usersAccounts';
import type { ConfigDb } from '../stores/config/db';
import { StoreMemo } from '../lib/storeMemo';
import type { AccountScope, BackendOwner, RouteDeclaration } from '../types';

/** How long an account's subtree is kept in memory at most (a write to accounts ends it at once). */
const SUBTREE_KEEP_MS = 5_000;
const subtrees = new WeakMap<ConfigDb, StoreMemo<readonly string[]>>();

/** The identities of an account and all its sub-accounts (the scope's building block), kept while accounts are unchanged. */
export async function subtreeIdentities(db: ConfigDb, identity: string): Promise<readonly string[]> {
  let memo = subtrees.get(db);
  if (!memo) subtrees.set(db, (memo = new StoreMemo(db, { tables: ['accounts'], maxEntries: 10_000 })));
  return memo.get(identity, async () => ({
    value: Object.freeze((await accountSubtree(db, identity)).map((a) => a.identity)),
    keepMs: SUBTREE_KEEP_MS,
  }));
}

/** A module's two route declarations (a route's config): `view` for the routes that read, `operation` for those that write. */
export const moduleAccess = (module: string) => ({ view: { module, access: 'view' }, operation: { module, access: 'operation' } }) as const;

/**
 * One guard for every route: the route's own declaration (config.module, config.access, as in the
 * contract table) decides. No session → HTTP 401; missing right → body code "403", each in the
 * envelope of the route's backend folder (server/routes/backend.ts).
 * A backend route without a declaration is refused at registration, so none can slip through; so is
 * a route outside its folder's prefix, or one under a backend's prefix registered outside the folder.
 */
export const guardPlugin = fp(async (app) => {
  const table: RouteDeclaration[] = [];
  app.decorate('routeTable', table);
  app.decorate('backends', [] as BackendOwner[]);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const url = route.url;
    const owner = this.backend;
    if (!owner) {
      const claimed = app.backends.find((b) => url.startsWith(b.prefix));
      if (claimed) throw new Error(`route ${route.method} ${url} is registered outside server/routes/${claimed.name}/`);
      return;
    }
    if (!url.startsWith(owner.prefix))
      throw new Error(`route ${route.method} ${url} is outside ${owner.prefix} (server/routes/${owner.name}/)`);
    const config = route.config as { access?: string; module?: string } | undefined;
    if (!config?.access) throw new Error(`route ${route.method} ${url} has no access declaration`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url, module: config.module ?? '-', access: config.access, backend: owner.name, schema: route.schema });
    }
  });

  // Before the body is read (issue #22): a caller without a session gets 401 at once; its body is
  // neither received in full nor parsed, so it cannot answer a validation message or cost memory.
  app.addHook('onRequest', async (request) => {
    const { access } = request.routeOptions.config ?? {};
    if (!access || access === 'public') return;
    if (!request.user) throw new PortalError('401', 'notSignedIn', 401);
  });

  // Before schema validation (after the route's {language} is known): a missing right is "403".
  app.addHook('preValidation', async (request) => {
    const { access, module } = request.routeOptions.config ?? {};
    if (!access || access === 'public') return;
    if (!request.user) throw new PortalError('401', 'notSignedIn', 401);
    if (access === 'session' || !module || module === '-') return;
    if (!hasPermission(request.user.permissions, module, access)) throw new PortalError('403', 'forbidden');
  });

  /** Each request's scope, computed once (a request's routes and hooks may ask several times). */
  const scopes = new WeakMap<import('fastify').FastifyRequest, AccountScope>();
  app.decorateRequest('scope', async function (this: import('fastify').FastifyRequest): Promise<AccountScope> {
    const cached = scopes.get(this);
    if (cached) return cached;
    const user = this.user;
    if (!user) throw new PortalError('401', 'notSignedIn', 401);
    let scope: AccountScope;
    if (isSuperRole(user.role)) {
      scope = { all: true, accounts: [], has: () => true };
    } else {
      const own = await subtreeIdentities(this.server.db, user.account);
      let accounts = [...own];
      if (user.accounts.length) {
        // A sub-user limited to some accounts: their subtrees, never beyond its own tenant.
        const ownSet = new Set(own);
        const picked = new Set<string>();
        for (const a of user.accounts.filter((x) => ownSet.has(x))) {
          for (const id of await subtreeIdentities(this.server.db, a)) picked.add(id);
        }
        accounts = [...picked];
      }
      const set = new Set(accounts);
      scope = { all: false, accounts, has: (a: string) => set.has(a.replace('@+@', '')) };
    }
    scopes.set(this, scope);
    return scope;
  });
});

/**
 * The accounts a request covers: the caller's whole scope when none is requested (for super roles:
 * null, meaning no filter), else the requested entries (comma-separated or an array) narrowed to
 * the scope: 'x@+@' is x's own domains only, 'x' is x and all its sub-accounts (spec §6: queries
 * cover the account and its descendants).
 */
export async function requestedAccounts(
  request: FastifyRequest,
  requested: string | string[] | undefined | null,
): Promise<string[] | null> {
  const scope = await request.scope();
  const entries = (Array.isArray(requested) ? requested : (requested ?? '').split(','))
    .map((s) => s.trim())
    .filter((s) => s && s !== 'all');
  if (!entries.length) return scope.all ? null : scope.accounts;
  const out = new Set<string>();
  for (const raw of entries) {
    const id = raw.replace('@+@', '');
    if (!scope.has(id)) continue;
    if (raw.endsWith('@+@')) out.add(id);
    else for (const sub of await subtreeIdentities(request.server.db, id)) if (scope.has(sub)) out.add(sub);
  }
  return [...out];
}
