import { lazyScreen, type ConsoleResource } from '../registry';

/** The share register (`ROLE_SUPER_ADMIN`, menu 4): the list and the payment correction of a row. */
export const shares: ConsoleResource = {
  name: 'shares',
  routes: [
    { path: '/shares', screen: lazyScreen(() => import('./ShareList')), role: 'ROLE_SUPER_ADMIN', title: 'coop.title.shares' },
    { path: '/shares/:id', screen: lazyScreen(() => import('./ShareEdit')), role: 'ROLE_SUPER_ADMIN', title: 'coop.title.share' },
  ],
  menu: { path: '/shares', label: 'coop.menu.shares', order: 4, icon: 'tableView', role: 'ROLE_SUPER_ADMIN', testId: 'menu-shares' },
};
