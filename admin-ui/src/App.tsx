import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Error as ErrorPage, LoadingPage, Notification } from 'react-admin';
import { dataProvider } from './data/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { store } from './i18n/locale';
import { NotFound } from './layout/AccessDenied';
import { Guard } from './layout/Guard';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { LogoutPage } from './layout/LogoutPage';
import { screens } from './screens';
import { authProvider } from './session/authProvider';
import { theme } from './theme';

// Each screen is loaded on demand (screens.ts); the build bundles them with the shell (vite.config.ts, decision 26).
const Dashboard = lazy(screens.dashboard);
const UsersPage = lazy(screens.users);
const CooperativeEdit = lazy(screens.cooperative);
const AdministrationPage = lazy(screens.administration);
const ElmaNumberEdit = lazy(screens.elmaNumber);
const MemberList = lazy(screens.memberList);
const MemberForm = lazy(screens.memberForm);
const MemberEditRedirect = lazy(() => screens.memberForm().then((m) => ({ default: m.MemberEditRedirect })));
const MemberDashboard = lazy(screens.memberDashboard);
const BalanceList = lazy(screens.balanceList);
const BalanceNew = lazy(screens.balanceNew);
const BalanceAnnul = lazy(screens.balanceAnnul);
const BalanceView = lazy(screens.balanceView);
const ShareList = lazy(screens.shareList);
const ShareEdit = lazy(screens.shareEdit);
const ExemptionOrderList = lazy(screens.exemptionOrderList);
const ExemptionOrderForm = lazy(screens.exemptionOrderForm);
const NonAssessmentList = lazy(screens.nonAssessmentList);
const NonAssessmentForm = lazy(screens.nonAssessmentForm);

const DashboardPage = () => (
  <Guard>
    <Dashboard />
  </Guard>
);

/**
 * The routes of SPEC section 2 that belong to the screens built so far. react-admin's parts composed directly
 * (what its `<Admin>` does) instead of `<Admin>`, which brings its default login page, layout, menu and
 * OAuth callback into the first download although the console replaces them (decision 26).
 */
export function App() {
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={store} theme={theme}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Coop Ledger"
          layout={Layout}
          loginPage={LoginPage}
          dashboard={DashboardPage}
          catchAll={NotFound}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          <CustomRoutes noLayout>
            <Route path="/logout" element={<LogoutPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/users/:id?" element={<Guard role="ROLE_ADMIN"><UsersPage /></Guard>} />
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
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
