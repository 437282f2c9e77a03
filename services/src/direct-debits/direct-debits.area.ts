import { directDebitsProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * SEPA direct debits (issue 45, DEBIT): mandates, collections and returned debits. Its events carry no personal data:
 * the debtor's name and account are the member's master data, read when a file is made.
 */
export const directDebitsArea: AreaRegistration = {
  name: 'direct-debits',
  projectors: [directDebitsProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
