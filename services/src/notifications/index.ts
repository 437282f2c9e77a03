/** The notification centre's public entry: its module, and the `Notifier` (token NOTIFIER) other areas raise notifications with. */
export { NotificationsModule } from './notifications.module.js';
export { EventNotifier, notificationRaised } from './notifier.js';
