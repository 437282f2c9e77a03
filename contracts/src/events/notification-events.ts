import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// Notifications (issue 24, SPEC 3 "Notification"): one stream per notification, `notification-<id>`. Notifications
// belong to a cooperative (every user of it sees them); marking one seen is an event on its stream. They hold no
// personal data of members: a member is named by id and number only, so erasing a member leaves nothing to seal here.
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_TYPES = ['generic', 'html', 'kistamError', 'validationError'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a notification (or a validation error's field error) points at (its page in the console); `settlements` the
 * settlement screen of the year its `entityId` names (issue 42).
 */
export const NOTIFICATION_ENTITY_CLASSES = [
  'member',
  'exemptionOrder',
  'nonAssessment',
  'cooperative',
  'task',
  'dividend',
  'settlements',
] as const;
export type NotificationEntityClass = (typeof NOTIFICATION_ENTITY_CLASSES)[number];

/** One field error of a validation-error notification, with the record it belongs to. */
export interface NotificationError {
  readonly field: string | null;
  readonly template: string;
  readonly parameters: readonly string[];
  readonly entityClass: NotificationEntityClass | null;
  readonly entityId: string | null;
}

export type NotificationRaised = DomainEvent<
  'NotificationRaised',
  {
    notificationId: string;
    cooperativeId: string;
    type: NotificationType;
    /** UTC ISO 8601. */
    time: string;
    /** The headline's template (contracts/src/notification-messages.ts), shown in the clerk's language. */
    message: string;
    parameters: string[];
    /** The record the notification is about (a member for a KiStAM error, the task for a task's news). */
    entityClass: NotificationEntityClass | null;
    entityId: string | null;
    errors: NotificationError[];
    /** The member id (KiStAM error), or null. */
    member: string | null;
    /** Only for type `html`: sanitised markup written by the product, never by a user. */
    html: string | null;
    /** The task that raised it, or null. */
    taskId: string | null;
  }
>;
export type NotificationSeen = DomainEvent<'NotificationSeen', { notificationId: string; seenAt: string }>;

export type NotificationEvent = NotificationRaised | NotificationSeen;

export const notificationStream = (notificationId: string): string => `notification-${notificationId}`;
