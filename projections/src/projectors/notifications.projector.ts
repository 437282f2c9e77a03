import type { NotificationEvent, ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { NOTIFICATIONS } from './task-collections.js';

/*
 * The notification centre's read model (issue 24): one document per notification (id = notification id), the
 * `NotificationDto` fields without `memberNr` (the API looks the member's number up; no names are stored here) plus
 * `cooperativeId`. `seen` is stored as the number 0 or 1 so that the list's `filter=seen:0` (a number field) finds the
 * unread ones and `TotalItems` counts them. Idempotent: the runner skips an event a document already carries.
 */

const TYPES = new Set<string>(['NotificationRaised', 'NotificationSeen']);

const key = (id: string): DocKey => ({ collection: NOTIFICATIONS.name, id });

export const notificationsProjector: Projector = {
  collections: [NOTIFICATIONS],
  keys(recorded: RecordedEvent): DocKey[] {
    if (!TYPES.has(recorded.type)) return [];
    return [key((recorded as RecordedEvent<NotificationEvent>).data.notificationId)];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as RecordedEvent<NotificationEvent>;
    switch (event.type) {
      case 'NotificationRaised': {
        const d = event.data;
        const doc = stamp(recorded, {
          id: d.notificationId,
          cooperativeId: d.cooperativeId,
          type: d.type,
          time: d.time,
          seen: 0,
          seenAt: null,
          message: d.message,
          parameters: d.parameters,
          entityClass: d.entityClass,
          entityId: d.entityId,
          errors: d.errors,
          member: d.member,
          html: d.html,
          taskId: d.taskId,
        });
        return [{ kind: 'put', collection: NOTIFICATIONS.name, doc }];
      }
      case 'NotificationSeen': {
        const existing = current(key(event.data.notificationId));
        if (!existing) return [];
        const doc: ReadDocument = {
          ...existing,
          seen: 1,
          seenAt: event.data.seenAt,
          position: recorded.position.toString(),
        };
        return [{ kind: 'put', collection: NOTIFICATIONS.name, doc }];
      }
      default:
        return [];
    }
  },
};
