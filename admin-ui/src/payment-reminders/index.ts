import { lazyScreen, type ConsoleResource } from '../registry';

/**
 * Payment reminders, "Mahnungen" (issue 45; docs/payment-reminders.md): `/payment-reminders?date=` lists the members
 * whose payment on shares is overdue on a day, sends the reminders of the selected ones after a confirmation and gives
 * their letters. Every clerk reads it; clerks who post send (the API enforces it). No top-menu entry: opened from the
 * dashboard's cooperative card.
 */
export const paymentReminders: ConsoleResource = {
  name: 'payment-reminders',
  routes: [
    {
      path: '/payment-reminders',
      screen: lazyScreen(() => import('./RemindersScreen')),
      permission: 'paymentreminders:read',
      title: 'coop.title.paymentReminders',
    },
  ],
};
