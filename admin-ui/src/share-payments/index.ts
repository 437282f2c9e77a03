import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * "Offene Einzahlungen / Outstanding payments" (issue 45; docs/share-payments.md): every subscription with something
 * outstanding, oldest due first, with the sum; each row opens its member, where payments are recorded. No top-menu
 * entry: opened from the dashboard's cooperative card beside the settlements.
 */
export const sharePayments: ConsoleResource = {
  name: 'share-dues',
  routes: [
    {
      path: '/share-dues',
      screen: lazyScreen(() => import('./ShareDuesScreen')),
      permission: 'sharepayments:read',
      title: 'coop.title.shareDues',
    },
  ],
};
