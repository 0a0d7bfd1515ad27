import type { AuthProvider } from 'react-admin';
import { sessionApi } from '../../dataProviders/api/shell';
import { PortalApiError } from '../../dataProviders/http';
import { accessForAction, hasPermission, holdsModule, landingPage } from '../../common/rules/shell/permissions';
import { clearSession, KEYS, readUserInfo, writeUserInfo } from './storage';
import { enrichUserInfo, type UserInfo } from './userInfo';

export const LOGIN_PATH = '/newlogin';

/** Login failures come from the server in Chinese; the catalogue maps them to i18n keys (spec §8). */
export function loginFailureKey(msg: string | undefined | null): string {
  if (!msg) return 'portal.login.failedUnknown';
  if (msg.includes('用户不存在')) return 'portal.login.failedNoUser';
  if (msg.includes('密码错误')) return 'portal.login.failedPassword';
  if (msg.includes('未激活')) return 'portal.login.failedInactive';
  return msg;
}

export interface AuthOptions {
  /** resource name → permission module (from the resource registry) */
  resourceModules: Record<string, string>;
  /** paths of the pages this build has, for the landing-page choice */
  availablePaths: ReadonlySet<string>;
}

export function storeSignedInUser(raw: Parameters<typeof enrichUserInfo>[0]): UserInfo {
  const info = enrichUserInfo(raw);
  writeUserInfo(info);
  return info;
}

/** Where to go after sign-in: the saved fromUrl, else the landing page. */
export function afterLoginPath(info: UserInfo, available: ReadonlySet<string>): string {
  const from = sessionStorage.getItem(KEYS.fromUrl);
  sessionStorage.removeItem(KEYS.fromUrl);
  if (from && !from.startsWith(LOGIN_PATH) && from !== '/newwelcome' && from !== '/') return from;
  return landingPage(info.permissionList, available);
}

export function createAuthProvider(options: AuthOptions): AuthProvider {
  return {
    async login({ username, password }: { username: string; password: string }) {
      const env = await sessionApi.login(username, password).catch((e: unknown) => {
        if (e instanceof PortalApiError && e.code !== null)
          throw new Error(loginFailureKey(e.message === 'portal.errors.unknown' ? '' : e.message));
        throw e;
      });
      if (!env || !env.data) throw new Error('portal.login.serverError');
      const info = storeSignedInUser(env.data);
      return { redirectTo: afterLoginPath(info, options.availablePaths) };
    },
    async logout() {
      if (readUserInfo()) await sessionApi.logout().catch(() => undefined);
      clearSession();
      return LOGIN_PATH;
    },
    async checkAuth() {
      if (readUserInfo()) return;
      const here = window.location.pathname + window.location.search;
      if (!here.startsWith(LOGIN_PATH) && here !== '/') sessionStorage.setItem(KEYS.fromUrl, here);
      throw { redirectTo: LOGIN_PATH, message: false };
    },
    async checkError(error: unknown) {
      if (error instanceof PortalApiError && error.sessionEnded) {
        clearSession();
        throw { redirectTo: LOGIN_PATH, message: error.message, logoutUser: true };
      }
      const status = (error as { status?: number })?.status;
      if (status === 401) {
        clearSession();
        throw { redirectTo: LOGIN_PATH, message: 'portal.errors.sessionExpired' };
      }
    },
    async getIdentity() {
      const info = readUserInfo();
      if (!info) throw new Error('not signed in');
      return { id: info.uid, fullName: info.username, account: info.account, role: info.role };
    },
    async getPermissions() {
      return readUserInfo()?.permissionList ?? [];
    },
    async canAccess({ resource, action }: { resource: string; action: string }) {
      const perms = readUserInfo()?.permissionList ?? [];
      const module = options.resourceModules[resource] ?? resource;
      if (action === 'menu') return holdsModule(perms, module);
      return hasPermission(perms, module, accessForAction(action));
    },
  };
}
