import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * Bank statements, "Kontoauszüge" (CAMT.053, issue 45; docs/bank-statements.md): `/bank-statements` reads a statement
 * file and lists those read, `/bank-statements/:id` shows its entries, where the clerk confirms the matched ones,
 * chooses the member for the others or sets them aside. No top-menu entry (an eighth would wrap the German menu): the
 * administration page's card leads here. Screens are lazy (the first load stays within its budget).
 */
export const bankStatements: ConsoleResource = {
  name: 'bankStatements',
  routes: [
    {
      path: '/bank-statements',
      screen: lazyScreen(() => import('./BankStatementsScreen')),
      permission: 'bankstatements:read',
      title: 'coop.title.bankStatements',
    },
    {
      path: '/bank-statements/:id',
      screen: lazyScreen(() => import('./StatementScreen')),
      permission: 'bankstatements:read',
      title: 'coop.title.bankStatement',
    },
  ],
};
