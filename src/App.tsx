import { Admin, Authenticated, CustomRoutes, Resource, memoryStore } from 'react-admin';
import { useState, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { dataProvider } from '../dataProviders';
import { createI18nProvider } from '../i18n';
import { createAuthProvider } from './auth/authProvider';
import { TOP_MENU } from '../common/rules/shell/permissions';
import { Layout } from './layout/Layout';
import { LoginPage } from './pages/LoginPage';
import { WelcomePage } from './pages/WelcomePage';
import { AreaRedirect, RootRedirect, ToLogin } from './pages/AreaRedirect';
import { availablePaths, pages, resourceModules, resources } from './registry';
import { theme } from './theme';
import { RequireModule } from './kit/RequireModule';

const authProvider = createAuthProvider({ resourceModules, availablePaths });

/** Every resource view checks the session first, even views that render no react-admin List/Edit. */
function withAuth(View: ComponentType | undefined): ComponentType | undefined {
  if (!View) return undefined;
  const Guarded = () => (
    <Authenticated>
      <View />
    </Authenticated>
  );
  Guarded.displayName = `Authenticated(${View.displayName ?? View.name ?? 'View'})`;
  return Guarded;
}

// `parent` is the registry's (no menu entry, no landing page); react-admin needs only the rest.
const guardedResources = resources.map(({ parent: _parent, ...r }) => ({
  ...r,
  list: withAuth(r.list),
  create: withAuth(r.create),
  edit: withAuth(r.edit),
  show: withAuth(r.show),
}));

/**
 * The portal: every resource and custom page comes from src/registry.ts. Sign-in and /newwelcome are
 * public; resources check the session themselves, custom pages through <Authenticated>, and each custom
 * page opens only for holders of its module (RequireModule, once here for every page).
 */
export function App() {
  // Made at the first render, not at import: an English start has loaded its messages by then (main.tsx).
  const [i18nProvider] = useState(() => createI18nProvider());
  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={false}
      dashboard={RootRedirect}
      catchAll={ToLogin}
      store={memoryStore()}
      theme={theme}
      disableTelemetry
    >
      {guardedResources.map((r) => (
        <Resource key={r.name} {...r} />
      ))}
      <CustomRoutes noLayout>
        <Route path="/newlogin" element={<LoginPage />} />
        <Route path="/newwelcome" element={<WelcomePage />} />
      </CustomRoutes>
      <CustomRoutes>
        {TOP_MENU.map(({ area }) => (
          <Route
            key={area}
            path={`/${area}`}
            element={
              <Authenticated>
                <AreaRedirect area={area} />
              </Authenticated>
            }
          />
        ))}
        {pages.map((p) => (
          <Route
            key={p.path}
            path={`/${p.path}/*`}
            element={
              <Authenticated>
                <RequireModule module={p.module} anyRight={p.anyRight}>
                  <p.component />
                </RequireModule>
              </Authenticated>
            }
          />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
