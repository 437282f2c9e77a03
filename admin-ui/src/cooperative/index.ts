import { lazyScreen, type ConsoleResource } from '../registry';

const CooperativeEdit = lazyScreen(() => import('./CooperativeEdit'));

/** The own cooperative (id from the token's `cooperative` claim); saving needs `ROLE_ADMIN`. No menu entry. */
export const cooperative: ConsoleResource = {
  name: 'cooperatives',
  routes: [
    { path: '/cooperative', screen: CooperativeEdit, title: 'coop.title.cooperative' },
    { path: '/cooperative/:id', screen: CooperativeEdit, title: 'coop.title.cooperative' },
  ],
};
