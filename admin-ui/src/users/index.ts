import { preloadOptions } from '../data/dataProvider';
import { USERS_LIST, firstPageRequest } from '../data/firstLists';
import { lazyScreen, type ConsoleResource } from '../registry';
import { prefetch } from '../session/api';
import { hasRole } from '../session/session';

/** Users (`ROLE_ADMIN`, menu 8): list left, form right; `/users` opens the first user in place. */
export const users: ConsoleResource = {
  name: 'users',
  routes: [
    {
      path: '/users/:id?',
      screen: lazyScreen(() => import('./UsersPage')),
      role: 'ROLE_ADMIN',
      title: ({ id }) => (id === 'new' ? 'coop.title.newUser' : 'coop.title.users'),
      prefetch: (session) => {
        prefetch(firstPageRequest('users', USERS_LIST));
        // The form shows the role options: asked for with the list, so the form renders once with them.
        if (hasRole(session, 'ROLE_ADMIN')) preloadOptions('users', 'roles');
      },
    },
  ],
  menu: { path: '/users', label: 'coop.menu.users', order: 8, icon: 'people', role: 'ROLE_ADMIN', testId: 'menu-users' },
};
