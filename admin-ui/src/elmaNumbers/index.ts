import { lazyScreen, type ConsoleResource } from '../registry';

/** Approval numbers (`/elma-number/new`, `/elma-number/:id`; listed on the administration page); saving needs `ROLE_ADMIN`. */
export const elmaNumbers: ConsoleResource = {
  name: 'elmanumbers',
  routes: [
    {
      path: '/elma-number/:id',
      screen: lazyScreen(() => import('./ElmaNumberEdit')),
      permission: 'elmanumbers:read',
      title: ({ id }) => (id === 'new' ? 'coop.title.newElmaNumber' : 'coop.title.elmaNumber'),
    },
  ],
};
