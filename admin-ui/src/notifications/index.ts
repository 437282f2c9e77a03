import { lazyScreen, type ConsoleResource } from '../registry';
import { prefetch } from '../session/api';
import { notificationsQuery } from './model';

/**
 * Notifications (issue 24; SPEC 2 `/notifications/{id?}`): the list with the chosen one beside it. No menu entry: the
 * top bar's notification link (with the unread count) and the dashboard's notifications card lead here.
 */
export const notifications: ConsoleResource = {
  name: 'notifications',
  routes: [
    {
      path: '/notifications/:id?',
      screen: lazyScreen(() => import('./NotificationList')),
      permission: 'notifications:read',
      title: 'coop.title.notifications',
      prefetch: () => prefetch(notificationsQuery(1, 20, false)),
    },
  ],
};
