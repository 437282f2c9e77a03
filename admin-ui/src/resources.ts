import { matchPath } from 'react-router-dom';
import { administration } from './administration';
import { balances } from './balances';
import { bankStatements } from './bank-statements';
import { cooperative } from './cooperative';
import { home } from './dashboard';
import { dividend } from './dividend';
import { elmaNumbers } from './elmaNumbers';
import { memberImport } from './member-import';
import { members } from './members';
import { movementReport } from './movement-report';
import { notifications } from './notifications';
import { paymentReminders } from './payment-reminders';
import type { ConsoleResource, MenuEntry, ScreenRoute, TitleKey } from './registry';
import { settlements } from './settlements';
import { directDebits } from './direct-debits';
import { shares } from './shares';
import { sharePayments } from './share-payments';
import { tasks } from './tasks';
import { currentSession } from './session/session';
import { exemptionOrders, nonAssessments } from './taxPapers';
import { users } from './users';

/**
 * The console's one list of resources: `App.tsx` renders their routes, the top bar their menu entries, the page title
 * and the start-up preload follow their routes. A new resource is a folder with an `index.ts` and one line here
 * (docs/console.md). The order is the menu's among entries of equal `order`.
 */
export const RESOURCES: readonly ConsoleResource[] = [
  members,
  balances,
  dividend,
  settlements,
  shares,
  exemptionOrders,
  nonAssessments,
  administration,
  users,
  cooperative,
  elmaNumbers,
  memberImport,
  notifications,
  tasks,
  movementReport,
  sharePayments,
  paymentReminders,
  bankStatements,
  directDebits,
];

/** `/`, the dashboard: react-admin renders it as its dashboard, not as a custom route. */
export const HOME: ScreenRoute = home;

/** Every route of the resources, in the list's order. */
export const ROUTES: readonly ScreenRoute[] = RESOURCES.flatMap((resource) => resource.routes);

/** The top menu in the spec's menu order (SPEC 2, 9). */
export const MENU: readonly MenuEntry[] = RESOURCES.flatMap((resource) => (resource.menu ? [resource.menu] : [])).sort(
  (a, b) => a.order - b.order,
);

/** The route shown at `pathname` and its parameters (first match wins), if any. */
export function routeAt(
  pathname: string,
): { route: ScreenRoute; params: Readonly<Record<string, string | undefined>> } | undefined {
  for (const route of [HOME, ...ROUTES]) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

/** The page title key for a path (document.title is set on every navigation). */
export function titleFor(pathname: string): TitleKey {
  if (pathname === '') return 'coop.title.dashboard';
  if (pathname.startsWith('/login')) return 'coop.title.login';
  if (pathname.startsWith('/logout')) return 'coop.title.logout';
  const found = routeAt(pathname);
  if (!found) return 'coop.title.notFound';
  const { title } = found.route;
  return typeof title === 'function' ? title(found.params) : title;
}

/**
 * Starts, before React renders (`main.tsx`), for a signed-in clerk the download of the screen at `pathname` (a failure
 * is left to React.lazy to report) and the screen's first requests, so both travel while the shell
 * renders (React.lazy would only ask for the screen once the route renders).
 */
export function preloadScreen(pathname: string): void {
  const found = routeAt(pathname);
  if (!found) return;
  // Signed out, the sign-in page comes first (App's SignedOutGate): the screen's files would only compete with it for
  // the two cores now that each screen is its own chunk (decision 180); they load after the sign-in.
  const session = currentSession();
  if (!session) return;
  // The requests first: with a split build the screen's chunk is a dozen files, and a browser opens six connections per host.
  found.route.prefetch?.(session);
  found.route.screen.load().catch(() => undefined);
}
