import type { IconName } from './plain/icons';

/** Top-menu entries in the spec's menu order (SPEC 2, 9); shown only to signed-in users holding `role`. */
export interface MenuEntry {
  readonly path: string;
  readonly label: string;
  readonly order: number;
  readonly icon: IconName;
  readonly role?: string;
  readonly testId: string;
  /** Further path prefixes that belong to the entry (highlighted there too). */
  readonly also?: readonly string[];
}

export const MENU: readonly MenuEntry[] = ([
  { path: '/members', label: 'coop.menu.members', order: 1, icon: 'groups', testId: 'menu-members', also: ['/member/'] },
  { path: '/balances', label: 'coop.menu.balances', order: 3, icon: 'receiptLong', testId: 'menu-balances' },
  { path: '/shares', label: 'coop.menu.shares', order: 4, icon: 'tableView', role: 'ROLE_SUPER_ADMIN', testId: 'menu-shares' },
  { path: '/exemption-orders', label: 'coop.menu.exemptionOrders', order: 5, icon: 'assignmentTurnedIn', testId: 'menu-exemption-orders' },
  { path: '/non-assessments', label: 'coop.menu.nonAssessments', order: 6, icon: 'verified', testId: 'menu-non-assessments', also: ['/non-assessment/'] },
  { path: '/administration', label: 'coop.menu.administration', order: 8, icon: 'settings', testId: 'menu-administration' },
  { path: '/users', label: 'coop.menu.users', order: 8, icon: 'people', role: 'ROLE_ADMIN', testId: 'menu-users' },
] satisfies MenuEntry[]).sort((a, b) => a.order - b.order);

/** The page title key for a path (document.title is set on every navigation). */
export function titleFor(pathname: string): string {
  if (pathname === '/' || pathname === '') return 'coop.title.dashboard';
  if (pathname.startsWith('/login')) return 'coop.title.login';
  if (pathname.startsWith('/logout')) return 'coop.title.logout';
  if (pathname === '/users/new') return 'coop.title.newUser';
  if (pathname.startsWith('/users')) return 'coop.title.users';
  if (pathname.startsWith('/cooperative')) return 'coop.title.cooperative';
  if (pathname.startsWith('/administration')) return 'coop.title.administration';
  if (pathname === '/elma-number/new') return 'coop.title.newElmaNumber';
  if (pathname.startsWith('/elma-number')) return 'coop.title.elmaNumber';
  if (pathname === '/members') return 'coop.title.members';
  if (pathname === '/members/new') return 'coop.title.newMember';
  if (pathname.startsWith('/members/')) return 'coop.title.memberEdit';
  if (pathname.startsWith('/member/')) return 'coop.title.memberDashboard';
  if (pathname === '/balances') return 'coop.title.balances';
  if (pathname.startsWith('/balances/new/type/5/')) return 'coop.title.annulBalance';
  if (pathname.startsWith('/balances/new/')) return 'coop.title.newPosting';
  if (pathname.startsWith('/balances/')) return 'coop.title.balance';
  if (pathname === '/shares') return 'coop.title.shares';
  if (pathname.startsWith('/shares/')) return 'coop.title.share';
  if (pathname === '/exemption-orders') return 'coop.title.exemptionOrders';
  if (pathname.startsWith('/exemption-orders/new/')) return 'coop.title.newExemptionOrder';
  if (pathname.startsWith('/exemption-orders/')) return 'coop.title.exemptionOrder';
  if (pathname === '/non-assessments') return 'coop.title.nonAssessments';
  if (pathname.startsWith('/non-assessments/new/')) return 'coop.title.newNonAssessment';
  if (pathname.startsWith('/non-assessment/')) return 'coop.title.nonAssessment';
  return 'coop.title.notFound';
}
