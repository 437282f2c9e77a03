import type { CollectionSpec } from '@coop/contracts';

/*
 * The read models of background tasks and notifications (issue 24; their projectors beside this file).
 */

/** One document per task (id = task id): `TaskDto` plus `cooperativeId`; listed newest first. */
export const TASKS: CollectionSpec = {
  name: 'tasks',
  fields: { kind: 'string', state: 'string', queuedAt: 'string' },
  search: [],
  // The task worker takes the queued and running tasks of every cooperative, oldest first.
  crossTenant: [['state', 'queuedAt']],
};

/** One document per notification (id = notification id): `NotificationDto` plus `cooperativeId`. */
export const NOTIFICATIONS: CollectionSpec = {
  name: 'notifications',
  fields: { seen: 'number', type: 'string', time: 'string', taskId: 'string' },
  search: [],
};

/** One document per member with church data recorded by KiStAM or by hand (id = member id): `MemberChurchTaxDto`. */
export const CHURCH_TAX: CollectionSpec = {
  name: 'church_tax',
  fields: { queriedOn: 'string', queryKind: 'string' },
  search: [],
};
