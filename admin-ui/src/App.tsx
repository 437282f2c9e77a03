import type { ReactNode } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes } from 'react-admin';
import { dataProvider } from './data/dataProvider';
import { queryClient } from './data/queryClient';
import { i18nProvider } from './i18n/i18nProvider';
import { store } from './i18n/locale';
import { Guard } from './layout/Guard';
import { Layout } from './layout/Layout';
import { LogoutPage } from './layout/LogoutPage';
import { PageLoading } from './layout/PageLoading';
import { LoginPage } from './layout/LoginPage';
import { ErrorPage, NotFound, Notifications } from './layout/shellParts';
import { HOME, ROUTES } from './resources';
import { authProvider } from './session/authProvider';
import { loginPath, useSession } from './session/session';
import { theme } from './theme';

// Each screen is loaded on demand (its resource's `index.ts`); the build bundles them with the shell (vite.config.ts, decision 26).
const Dashboard = HOME.screen.Component;
const DashboardPage = () => (
  <Guard>
    <Dashboard />
  </Guard>
);

/** The pages a signed-out visitor may open. */
const SIGNED_OUT_PATHS: ReadonlySet<string> = new Set(['/login', '/logout']);

/**
 * Signed out, any page but the sign-in goes to `/login?redirect=...` once, before react-admin renders a route (issue 43).
 * Left to the routes, the dashboard's own check (react-admin's `WithPermissions` → `checkAuth` → logout, which navigates
 * after a timeout and resets the store) raced the `Guard`'s redirect: Chromium saw the address replaced with
 * `/login?redirect=%2F` some 330 times in 4 s and showed a blank page for 8 to 12 s.
 */
function SignedOutGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session && !SIGNED_OUT_PATHS.has(location.pathname))
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}

/**
 * The routes of SPEC section 2 that belong to the screens built so far, read from the resource list (`resources.ts`).
 * react-admin's parts composed directly (what its `<Admin>` does) instead of `<Admin>`, which brings its default
 * login page, layout, menu and OAuth callback into the first download although the console replaces them (decision 26).
 */
export function App() {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      queryClient={queryClient}
    >
      <CssBaseline enableColorScheme>
        <SignedOutGate>
          <CoreAdminUI
            title="Coop Ledger"
            layout={Layout}
            loginPage={LoginPage}
            dashboard={DashboardPage}
            catchAll={NotFound}
            error={ErrorPage}
            loading={PageLoading}
            disableTelemetry
          >
            <CustomRoutes noLayout>
              <Route path="/logout" element={<LogoutPage />} />
            </CustomRoutes>
            <CustomRoutes>
              {ROUTES.map(({ path, permission, screen: { Component } }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Guard permission={permission}>
                      <Component />
                    </Guard>
                  }
                />
              ))}
            </CustomRoutes>
          </CoreAdminUI>
        </SignedOutGate>
        <Notifications />
      </CssBaseline>
    </AdminContext>
  );
}
