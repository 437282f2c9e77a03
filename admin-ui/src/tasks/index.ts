import { lazyScreen, type ConsoleResource } from '../registry';
import { prefetch } from '../session/api';
import { tasksQuery } from './model';

/**
 * Background tasks (issue 24): the task list (`/tasks`), the KiStAM confirmation (`/dashboard/kistam`, SPEC 2) and the
 * FSA control report's confirmation (`/dividend/fsak/{id}`, SPEC 2). No menu entry: the top bar's running-task indicator,
 * the dashboard's cooperative card and the closure screen lead here (an eighth entry would wrap the German menu).
 */
export const tasks: ConsoleResource = {
  name: 'tasks',
  routes: [
    {
      path: '/tasks',
      screen: lazyScreen(() => import('./TaskList')),
      permission: 'tasks:read',
      title: 'coop.title.tasks',
      prefetch: () => prefetch(tasksQuery(1, 20)),
    },
    {
      path: '/dashboard/kistam',
      screen: lazyScreen(() => import('./KistamConfirm')),
      permission: 'church:write',
      title: 'coop.title.kistam',
    },
    {
      path: '/dividend/fsak/:id',
      screen: lazyScreen(() => import('./FsakConfirm')),
      permission: 'dividend:close',
      title: 'coop.title.fsak',
    },
  ],
};
