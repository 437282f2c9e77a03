import { paymentRemindersProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * Payment reminders (issue 45): the reminders sent on members' unpaid shares. The events hold no personal data (amounts,
 * dates, ids); the letters take the member's address from the members' list when they are made.
 */
export const paymentRemindersArea: AreaRegistration = {
  name: 'payment-reminders',
  projectors: [paymentRemindersProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
