import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes } from 'react-admin';
import { dataProvider } from './data/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { store } from './i18n/locale';
import { NotFound } from './layout/AccessDenied';
import { Guard } from './layout/Guard';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { LogoutPage } from './layout/LogoutPage';
import { authProvider } from './session/authProvider';
import { theme } from './theme';

// Each screen is its own chunk: the first paint loads only the shell.
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const CooperativeEdit = lazy(() => import('./cooperative/CooperativeEdit'));
const AdministrationPage = lazy(() => import('./administration/AdministrationPage'));
const ElmaNumberEdit = lazy(() => import('./elmaNumbers/ElmaNumberEdit'));

const DashboardPage = () => (
  <Guard>
    <Dashboard />
  </Guard>
);

/** The routes of SPEC section 2 that belong to the screens built so far. */
export function App() {
  return (
    <Admin
      title="Coop Ledger"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={DashboardPage}
      catchAll={NotFound}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/logout" element={<LogoutPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/users" element={<Guard role="ROLE_ADMIN"><UsersPage /></Guard>} />
        <Route path="/users/:id" element={<Guard role="ROLE_ADMIN"><UsersPage /></Guard>} />
        <Route path="/cooperative" element={<Guard><CooperativeEdit /></Guard>} />
        <Route path="/cooperative/:id" element={<Guard><CooperativeEdit /></Guard>} />
        <Route path="/administration" element={<Guard><AdministrationPage /></Guard>} />
        <Route path="/elma-number/:id" element={<Guard><ElmaNumberEdit /></Guard>} />
      </CustomRoutes>
    </Admin>
  );
}
