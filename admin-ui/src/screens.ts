import { MEMBERS_LIST, USERS_LIST, type ListOpening } from './data/firstLists';
import { preloadOptions } from './data/dataProvider';
import { listQuery } from './data/listQuery';
import { prefetch } from './session/api';
import { currentSession, hasRole } from './session/session';

/**
 * The screens' modules, loaded on demand (the build now puts them in the console's one code file, vite.config.ts,
 * decision 26, so their import is immediate; the structure stays for a split build), and a
 * preload of the chunk the opened address needs: `main.tsx` starts it before React renders, so the
 * download runs while the shell renders instead of after it (React.lazy would only ask for the chunk once
 * the route renders). The screen's first API request is started at the same time.
 */
export const screens = {
  dashboard: () => import('./dashboard/Dashboard'),
  users: () => import('./users/UsersPage'),
  cooperative: () => import('./cooperative/CooperativeEdit'),
  administration: () => import('./administration/AdministrationPage'),
  elmaNumber: () => import('./elmaNumbers/ElmaNumberEdit'),
  memberList: () => import('./members/MemberList'),
  memberForm: () => import('./members/MemberForm'),
  memberDashboard: () => import('./members/MemberDashboard'),
  balanceList: () => import('./balances/BalanceList'),
  balanceNew: () => import('./balances/BalanceNew'),
  balanceAnnul: () => import('./balances/BalanceAnnul'),
  balanceView: () => import('./balances/BalanceView'),
  shareList: () => import('./shares/ShareList'),
  shareEdit: () => import('./shares/ShareEdit'),
  exemptionOrderList: () => import('./taxPapers/ExemptionOrderList'),
  exemptionOrderForm: () => import('./taxPapers/ExemptionOrderForm'),
  nonAssessmentList: () => import('./taxPapers/NonAssessmentList'),
  nonAssessmentForm: () => import('./taxPapers/NonAssessmentForm'),
} as const;

/** Path patterns of App.tsx's routes and the screen each one shows (first match wins). */
const BY_PATH: ReadonlyArray<readonly [RegExp, keyof typeof screens]> = [
  [/^\/$/, 'dashboard'],
  [/^\/users(\/|$)/, 'users'],
  [/^\/cooperative(\/|$)/, 'cooperative'],
  [/^\/administration$/, 'administration'],
  [/^\/elma-number\//, 'elmaNumber'],
  [/^\/members$/, 'memberList'],
  [/^\/members\//, 'memberForm'],
  [/^\/member\//, 'memberDashboard'],
  [/^\/balances$/, 'balanceList'],
  [/^\/balances\/new\/type\/5\/peer\//, 'balanceAnnul'],
  [/^\/balances\/new\//, 'balanceNew'],
  [/^\/balances\//, 'balanceView'],
  [/^\/shares$/, 'shareList'],
  [/^\/shares\//, 'shareEdit'],
  [/^\/exemption-orders$/, 'exemptionOrderList'],
  [/^\/exemption-orders\//, 'exemptionOrderForm'],
  [/^\/non-assessments$/, 'nonAssessmentList'],
  [/^\/non-assessments?\//, 'nonAssessmentForm'],
];

/** The screen shown at `pathname`, if any. */
export function screenFor(pathname: string): keyof typeof screens | undefined {
  return BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1];
}

const firstPage = (resource: string, opening: ListOpening) =>
  `/${resource}?${listQuery({ pagination: { page: 1, perPage: 20 }, sort: opening.defaultSort, filter: opening.filter ?? {} }, opening.thenBy)}`;

/** The request a screen makes first when it opens (exactly as its list or card asks for it). */
const FIRST_REQUEST: Partial<Record<keyof typeof screens, () => string>> = {
  dashboard: () => '/dashboard',
  users: () => firstPage('users', USERS_LIST),
  memberList: () => firstPage('members', MEMBERS_LIST),
};

/**
 * Starts downloading the chunk of the screen at `pathname` (a failure is left to React.lazy to report) and,
 * for a signed-in clerk, the screen's first request.
 */
export function preloadScreen(pathname: string): void {
  const screen = screenFor(pathname);
  if (!screen) return;
  // The request first: with a split build the screen's chunk is a dozen files, and a browser opens six connections per host.
  const request = FIRST_REQUEST[screen];
  const session = currentSession();
  if (request && session) prefetch(request());
  // The users' form shows the role options: asked for with the list, so the form renders once with them.
  if (screen === 'users' && session && hasRole(session, 'ROLE_ADMIN')) preloadOptions('users', 'roles');
  screens[screen]().catch(() => undefined);
}
