import { lazyScreen, type ConsoleResource } from '../registry';

/** `/administration` (menu 8, cog): the cooperative card, the approval numbers card and the data-protection card. */
export const administration: ConsoleResource = {
  name: 'administration',
  routes: [
    {
      path: '/administration',
      screen: lazyScreen(() => import('./AdministrationPage')),
      title: 'coop.title.administration',
    },
  ],
  menu: {
    path: '/administration',
    label: 'coop.menu.administration',
    order: 8,
    icon: 'settings',
    testId: 'menu-administration',
  },
};
