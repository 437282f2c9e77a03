import type { ComponentType } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import TableViewIcon from '@mui/icons-material/TableView';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import VerifiedIcon from '@mui/icons-material/Verified';

/** Top-menu entries in the spec's menu order (SPEC 2, 9); shown only to signed-in users holding `role`. */
export interface MenuEntry {
  readonly path: string;
  readonly label: string;
  readonly order: number;
  readonly icon: ComponentType<{ fontSize?: 'small' | 'inherit' | 'medium' | 'large' }>;
  readonly role?: string;
  readonly testId: string;
  /** Further path prefixes that belong to the entry (highlighted there too). */
  readonly also?: readonly string[];
}

export const MENU: readonly MenuEntry[] = [
  { path: '/members', label: 'coop.menu.members', order: 1, icon: GroupsIcon, testId: 'menu-members', also: ['/member/'] },
  { path: '/balances', label: 'coop.menu.balances', order: 3, icon: ReceiptLongIcon, testId: 'menu-balances' },
  { path: '/shares', label: 'coop.menu.shares', order: 4, icon: TableViewIcon, role: 'ROLE_SUPER_ADMIN', testId: 'menu-shares' },
  { path: '/exemption-orders', label: 'coop.menu.exemptionOrders', order: 5, icon: AssignmentTurnedInIcon, testId: 'menu-exemption-orders' },
  { path: '/non-assessments', label: 'coop.menu.nonAssessments', order: 6, icon: VerifiedIcon, testId: 'menu-non-assessments', also: ['/non-assessment/'] },
  { path: '/administration', label: 'coop.menu.administration', order: 8, icon: SettingsIcon, testId: 'menu-administration' },
  { path: '/users', label: 'coop.menu.users', order: 8, icon: PeopleIcon, role: 'ROLE_ADMIN', testId: 'menu-users' },
].sort((a, b) => a.order - b.order);

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
