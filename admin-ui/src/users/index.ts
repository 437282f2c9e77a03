import { preloadOptions } from '../data/dataProvider';
import { USERS_LIST, firstPageRequest } from '../data/firstLists';
import { lazyScreen, type ConsoleResource } from '../registry';
import { prefetch } from '../session/api';
import { can } from '../session/session';

/** Users (`users:read`: administrators and user administrators, menu 8): list left, form right; `/users` opens the first user in place. */
export const users: ConsoleResource = {
  name: 'users',
  routes: [
    {
      path: '/users/:id?',
      screen: lazyScreen(() => import('./UsersPage')),
      permission: 'users:read',
      title: ({ id }) => (id === 'new' ? 'coop.title.newUser' : 'coop.title.users'),
      prefetch: (session) => {
        prefetch(firstPageRequest('users', USERS_LIST));
        // The form shows the role options: asked for with the list, so the form renders once with them.
        if (can(session, 'users:read')) preloadOptions('users', 'roles');
      },
    },
  ],
  menu: {
    path: '/users',
    label: 'coop.menu.users',
    order: 8,
    icon: 'people',
    permission: 'users:read',
    testId: 'menu-users',
  },
};
