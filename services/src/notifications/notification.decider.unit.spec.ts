import { describe, expect, it } from '@jest/globals';
import { NotFoundError, type NotificationEvent } from '@coop/contracts';
import { notificationsProjector } from '@coop/projections';
import type { ReadDocument, RecordedEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { notificationDecider, type NotificationCommand } from './domain/notification.decider.js';
import { notificationRaised } from '../tasks/index.js';

const spec = deciderSpec(notificationDecider);
const ID = 'n-1';
const SEEN_AT = '2026-02-01T10:00:00.000Z';

const raised = (cooperativeId = 'coop-1'): NotificationEvent =>
  notificationRaised(
    {
      type: 'kistamError',
      message: 'kistamMemberError',
      parameters: ['17', 'taxIdMissing'],
      entityClass: 'member',
      entityId: 'm-1',
      member: 'm-1',
      html: '<b>x</b>',
    },
    { notificationId: ID, cooperativeId, time: '2026-01-31T08:00:00.000Z', taskId: 't-1' },
  );
const markSeen = (cooperativeId = 'coop-1'): NotificationCommand => ({
  type: 'MarkNotificationSeen',
  notificationId: ID,
  cooperativeId,
  seenAt: SEEN_AT,
});
const seen: NotificationEvent = { type: 'NotificationSeen', data: { notificationId: ID, seenAt: SEEN_AT } };

describe('notification decider', () => {
  it('marks an unseen notification seen', () => {
    spec.given([raised()]).when(markSeen()).then([seen]);
  });

  it('records nothing for a notification already seen', () => {
    spec.given([raised(), seen]).when(markSeen()).then([]);
  });

  it('answers an unknown notification and another cooperative’s as not found', () => {
    spec
      .given([])
      .when(markSeen())
      .thenThrows(NotFoundError, (e) => expect(e.entity).toBe('Notification'));
    spec
      .given([raised('coop-2')])
      .when(markSeen())
      .thenThrows(NotFoundError);
  });

  it('stamps a draft: markup only on an html notification, no names, the task named', () => {
    const event = raised();
    expect(event.data).toEqual({
      notificationId: ID,
      cooperativeId: 'coop-1',
      type: 'kistamError',
      time: '2026-01-31T08:00:00.000Z',
      message: 'kistamMemberError',
      parameters: ['17', 'taxIdMissing'],
      entityClass: 'member',
      entityId: 'm-1',
      errors: [],
      member: 'm-1',
      html: null,
      taskId: 't-1',
    });
  });
});

describe('notifications projector', () => {
  let position = 0n;
  const recorded = (event: NotificationEvent): RecordedEvent => {
    position += 1n;
    return {
      ...event,
      streamId: `notification-${ID}`,
      revision: 0,
      position,
      metadata: {
        cooperativeId: 'coop-1',
        user: 'clerk',
        timestamp: SEEN_AT,
        correlationId: 'c',
        causationId: 'c',
        schemaVersion: 1,
      },
    } as RecordedEvent;
  };

  it('keeps seen as the number 0, then 1, and ignores a seen event without its notification', () => {
    const docs = new Map<string, ReadDocument>();
    const apply = (event: NotificationEvent): void => {
      for (const op of notificationsProjector.project(recorded(event), (k) => docs.get(k.id)))
        if (op.kind === 'put') docs.set(op.doc.id, op.doc);
    };
    expect(notificationsProjector.project(recorded(seen), () => undefined)).toEqual([]);
    apply(raised());
    expect(docs.get(ID)).toMatchObject({
      id: ID,
      cooperativeId: 'coop-1',
      seen: 0,
      seenAt: null,
      type: 'kistamError',
      member: 'm-1',
      taskId: 't-1',
    });
    apply(seen);
    expect(docs.get(ID)).toMatchObject({ seen: 1, seenAt: SEEN_AT, message: 'kistamMemberError' });
  });
});
