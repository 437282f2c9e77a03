/*
 * `@coop/projections/notifications`: the notification centre's collection. Only the notifications area of services and
 * the platform import it (rule `read-model-through-its-owner`, decision 263).
 */
export { NOTIFICATIONS } from '../projectors/task-collections.js';
