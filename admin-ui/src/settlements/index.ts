import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * The settlement with those who leave, "Auseinandersetzung" (§ 73 GenG, issue 42; docs/settlement.md):
 * `/settlements?year=` lists a year's ends, records their payout, corrects one and gives the SEPA file and the
 * statements. Every clerk reads it; the payout and the correction are shown to those who close the dividend (the API
 * enforces it). No top-menu entry: opened from the dashboard's cooperative card beside the annual closures.
 */
export const settlements: ConsoleResource = {
  name: 'settlements',
  routes: [
    {
      path: '/settlements',
      screen: lazyScreen(() => import('./SettlementsScreen')),
      permission: 'dividend:read',
      title: 'coop.title.settlements',
    },
  ],
};
