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
const MemberList = lazy(() => import('./members/MemberList'));
const MemberForm = lazy(() => import('./members/MemberForm'));
const MemberEditRedirect = lazy(() => import('./members/MemberForm').then((m) => ({ default: m.MemberEditRedirect })));
const MemberDashboard = lazy(() => import('./members/MemberDashboard'));
const BalanceList = lazy(() => import('./balances/BalanceList'));
const BalanceNew = lazy(() => import('./balances/BalanceNew'));
const BalanceAnnul = lazy(() => import('./balances/BalanceAnnul'));
const BalanceView = lazy(() => import('./balances/BalanceView'));
const ShareList = lazy(() => import('./shares/ShareList'));
const ShareEdit = lazy(() => import('./shares/ShareEdit'));
const ExemptionOrderList = lazy(() => import('./taxPapers/ExemptionOrderList'));
const ExemptionOrderForm = lazy(() => import('./taxPapers/ExemptionOrderForm'));
const NonAssessmentList = lazy(() => import('./taxPapers/NonAssessmentList'));
const NonAssessmentForm = lazy(() => import('./taxPapers/NonAssessmentForm'));

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
        <Route path="/members" element={<Guard><MemberList /></Guard>} />
        <Route path="/members/new" element={<Guard><MemberForm /></Guard>} />
        <Route path="/members/:id" element={<Guard><MemberForm /></Guard>} />
        <Route path="/members/:id/edit" element={<Guard><MemberEditRedirect /></Guard>} />
        <Route path="/member/:id" element={<Guard><MemberDashboard /></Guard>} />
        <Route path="/balances" element={<Guard><BalanceList /></Guard>} />
        <Route path="/balances/new/type/5/peer/:peer" element={<Guard><BalanceAnnul /></Guard>} />
        <Route path="/balances/new/type/:type/member/:member" element={<Guard><BalanceNew /></Guard>} />
        <Route path="/balances/:id" element={<Guard><BalanceView /></Guard>} />
        <Route path="/shares" element={<Guard role="ROLE_SUPER_ADMIN"><ShareList /></Guard>} />
        <Route path="/shares/:id" element={<Guard role="ROLE_SUPER_ADMIN"><ShareEdit /></Guard>} />
        <Route path="/exemption-orders" element={<Guard><ExemptionOrderList /></Guard>} />
        <Route path="/exemption-orders/new/member/:member" element={<Guard><ExemptionOrderForm /></Guard>} />
        <Route path="/exemption-orders/:id" element={<Guard><ExemptionOrderForm /></Guard>} />
        <Route path="/non-assessments" element={<Guard><NonAssessmentList /></Guard>} />
        <Route path="/non-assessments/new/member/:member" element={<Guard><NonAssessmentForm /></Guard>} />
        <Route path="/non-assessment/:id" element={<Guard><NonAssessmentForm /></Guard>} />
      </CustomRoutes>
    </Admin>
  );
}
