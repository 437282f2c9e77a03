import { lazyScreen, type ConsoleResource } from '../registry';

/** The share register (`shares:read`, menu 4): the list and the payment correction of a row. */
export const shares: ConsoleResource = {
  name: 'shares',
  routes: [
    {
      path: '/shares',
      screen: lazyScreen(() => import('./ShareList')),
      permission: 'shares:read',
      title: 'coop.title.shares',
    },
    {
      path: '/shares/:id',
      screen: lazyScreen(() => import('./ShareEdit')),
      permission: 'shares:read',
      title: 'coop.title.share',
    },
  ],
  menu: {
    path: '/shares',
    label: 'coop.menu.shares',
    order: 4,
    icon: 'tableView',
    permission: 'shares:read',
    testId: 'menu-shares',
  },
};
