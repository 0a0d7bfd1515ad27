/**
 * The one harness of the UI tests: the real messages in either language, a permission stub, and a
 * render inside react-admin's AdminContext (optionally in a resource's context, with notifications).
 */
import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import {
  Admin,
  AdminContext,
  memoryStore,
  Notification,
  ResourceContextProvider,
  TestMemoryRouter,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
  type ResourceProps,
  type Store,
} from 'react-admin';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { createAuthProvider } from '../../src/auth/authProvider';
import { enrichUserInfo } from '../../src/auth/userInfo';
import { writeUserInfo } from '../../src/auth/storage';

export type TestLocale = 'en' | 'zh';

/** The portal's messages, starting in `locale`. */
export const testI18n = (locale: TestLocale = 'en') =>
  polyglotI18nProvider((l) => (l === 'en' ? en : zh), locale, [], { allowMissing: true });

/** Signed in; every right to read, and the operation right when `operate`. */
export function authFor(operate: boolean): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [],
    canAccess: async ({ action }) => operate || ['list', 'show', 'read', 'export'].includes(action),
  };
}

/** The sign-in the tests start from: acme's main account, a customer, with every right; `over` changes fields of it. */
export function signInUser(over: Partial<Parameters<typeof enrichUserInfo>[0]> = {}): void {
  writeUserInfo(
    enrichUserInfo({
      uid: 'u1',
      username: 'acme',
      email: 'acme@example.com',
      role: 'customer',
      account: 'acme',
      accountName: 'Acme Media',
      accountChild: [],
      permissionList: ['portal:*'],
      isMain: true,
      userType: 2,
      ...over,
    }),
  );
}

export interface AdminRenderOptions {
  dataProvider?: DataProvider;
  locale?: TestLocale;
  authProvider?: AuthProvider;
  /** renders `ui` in this resource's context */
  resource?: string;
  store?: Store;
  /** react-admin's notifications beside `ui` (default true) */
  notifications?: boolean;
}

export function renderInAdmin(
  ui: ReactNode,
  { dataProvider = testDataProvider(), locale = 'en', authProvider, resource, store, notifications = true }: AdminRenderOptions = {},
) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={testI18n(locale)} store={store ?? memoryStore()} authProvider={authProvider}>
      {resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui}
      {notifications && <Notification />}
    </AdminContext>,
  );
}

/**
 * A render of the whole Admin with one `<Resource>` whose rights are those of permission `module`, as the app
 * mounts it: the returned function renders it at a path, with a data provider, in a language.
 */
export function resourceRenderer(resource: ReactElement<ResourceProps>, module: string) {
  const name = resource.props.name;
  return (path: string, dataProvider: DataProvider, locale: TestLocale = 'en') => {
    const authProvider = createAuthProvider({ resourceModules: { [name]: module }, availablePaths: new Set([`/${name}`]) });
    return render(
      <TestMemoryRouter initialEntries={[path]}>
        <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={testI18n(locale)} store={memoryStore()}>
          {resource}
        </Admin>
      </TestMemoryRouter>,
    );
  };
}

/** Picks 简体中文 in the language switch rendered with the screen (the traffic pages' withLanguageSwitch). */
export async function switchToChinese() {
  await userEvent.click(screen.getByTestId('language-switch'));
  await userEvent.click(await screen.findByRole('menuitem', { name: /简体中文/ }));
}
