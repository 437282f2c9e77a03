import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * The import of a member register (issue 29): `/administration/import`, administrators only (the API's `import:write`).
 * No menu entry of its own (an eighth would wrap the German menu): the administration page's import card leads here and
 * the administration entry stays highlighted.
 */
export const memberImport: ConsoleResource = {
  name: 'memberImport',
  routes: [
    {
      path: '/administration/import',
      screen: lazyScreen(() => import('./ImportPage')),
      permission: 'import:write',
      title: 'coop.title.memberImport',
    },
  ],
};
