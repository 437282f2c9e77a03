import { lazyScreen, type ConsoleResource } from '../registry';

/** Postings (menu 3): the list, a new posting of a type for a member, the annulation of a posting, one posting. */
export const balances: ConsoleResource = {
  name: 'balances',
  routes: [
    {
      path: '/balances',
      screen: lazyScreen(() => import('./BalanceList')),
      permission: 'members:read',
      title: 'coop.title.balances',
    },
    {
      path: '/balances/new/type/5/peer/:peer',
      screen: lazyScreen(() => import('./BalanceAnnul')),
      permission: 'members:read',
      title: 'coop.title.annulBalance',
    },
    {
      path: '/balances/new/type/:type/member/:member',
      screen: lazyScreen(() => import('./BalanceNew')),
      permission: 'members:read',
      title: 'coop.title.newPosting',
    },
    {
      path: '/balances/:id',
      screen: lazyScreen(() => import('./BalanceView')),
      permission: 'members:read',
      title: 'coop.title.balance',
    },
  ],
  menu: {
    path: '/balances',
    label: 'coop.menu.balances',
    order: 3,
    icon: 'receiptLong',
    permission: 'members:read',
    testId: 'menu-balances',
  },
};
