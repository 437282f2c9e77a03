import type { ComponentType } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';

/** Top-menu entries in the spec's menu order (SPEC 2, 9); shown only to signed-in users holding `role`. */
export interface MenuEntry {
  readonly path: string;
  readonly label: string;
  readonly order: number;
  readonly icon: ComponentType<{ fontSize?: 'small' | 'inherit' | 'medium' | 'large' }>;
  readonly role?: string;
  readonly testId: string;
}

export const MENU: readonly MenuEntry[] = [
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
  return 'coop.title.notFound';
}
