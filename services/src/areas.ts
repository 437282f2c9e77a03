import { composeAreas } from './platform/areas.js';
import { churchTaxArea } from './church-tax/church-tax.area.js';
import { cooperativesArea } from './cooperatives/cooperatives.area.js';
import { dataProtectionArea } from './data-protection/data-protection.area.js';
import { dividendArea } from './dividend/dividend.area.js';
import { elmaNumbersArea } from './elma-numbers/elma-numbers.area.js';
import { memberImportArea } from './member-import/member-import.area.js';
import { membersArea } from './members/members.area.js';
import { notificationsArea } from './notifications/notifications.area.js';
import { payoutsArea } from './payouts/payouts.area.js';
import { settlementsArea } from './settlements/settlements.area.js';
import { sharePaymentsArea } from './share-payments/share-payments.area.js';
import { taxPapersArea } from './tax-papers/tax-papers.area.js';
import { tasksArea } from './tasks/tasks.area.js';
import { usersArea } from './users/users.area.js';

/**
 * The business areas of the product, in the order their projectors run. A new area adds its `<area>.area.ts` here;
 * the entries (main, worker, rebuild, demo, the benchmarks) hand this list to the platform, and the platform's worker
 * threads import this module (by the URL in `areas.module`) to get the same list.
 */
export const areas = composeAreas(import.meta.url, [
  cooperativesArea,
  usersArea,
  elmaNumbersArea,
  membersArea,
  taxPapersArea,
  dividendArea,
  tasksArea,
  notificationsArea,
  churchTaxArea,
  payoutsArea,
  dataProtectionArea,
  memberImportArea,
  settlementsArea,
  sharePaymentsArea,
]);
