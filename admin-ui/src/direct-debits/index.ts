import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * SEPA direct debits, "Lastschriften" (issue 45; docs/direct-debits.md): `/direct-debits` lists the collections with
 * their pain.008 files and makes a new one of the outstanding dues chosen. A member's mandates and returned debits are
 * on the member's page (`MemberDirectDebits`, loaded with it on demand). Every clerk who reads members sees it; making a
 * collection is shown to those who write them (the API enforces both). No top-menu entry (an eighth wraps the German
 * menu at 1024 px): opened from the dashboard's cooperative card beside the outstanding payments.
 */
export const directDebits: ConsoleResource = {
  name: 'direct-debits',
  routes: [
    {
      path: '/direct-debits',
      screen: lazyScreen(() => import('./DirectDebitsScreen')),
      permission: 'directdebits:read',
      title: 'coop.title.directDebits',
    },
  ],
};
