import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * The year's movement report for the annual accounts, "Bestandsnachweis" (§ 338 Abs. 1 HGB, issue 45;
 * docs/movement-report.md): `/reports/movements?year=` shows a financial year's members, shares and capital at its
 * start and end with their movements and gives the PDF and XLSX. Every reading role, the auditor's too (`reports:read`;
 * the API enforces it). No top-menu entry: opened from the dashboard's cooperative card beside the annual closures.
 */
export const movementReport: ConsoleResource = {
  name: 'movementReport',
  routes: [
    {
      path: '/reports/movements',
      screen: lazyScreen(() => import('./MovementReportScreen')),
      permission: 'reports:read',
      title: 'coop.title.movementReport',
    },
  ],
};
