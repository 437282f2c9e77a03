import { notificationsProjector } from '@coop/projections';
import type { AreaRegistration } from '../platform/areas.js';

/**
 * Notifications: what the area contributes to the platform (services/src/areas.ts). No personal data: a notification
 * names a member by id only (its number is looked up when it is read), so erasing a member leaves nothing here to seal.
 */
export const notificationsArea: AreaRegistration = {
  name: 'notifications',
  projectors: [notificationsProjector],
  personalData: {},
  upcasters: [],
  views: {},
};
