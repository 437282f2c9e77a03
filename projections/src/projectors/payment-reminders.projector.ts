import type { CollectionSpec, PaymentReminderSent, ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

export * from './payment-reminder-document.js';

/*
 * Payment reminders (issue 45; docs/payment-reminders.md): one document per reminder sent (id = its reminder id) and the
 * day of each member's last reminder. No personal data:
 * names and addresses come from the members' list when a list or a letter is made.
 */
export const PAYMENT_REMINDERS: CollectionSpec = {
  name: 'payment_reminders',
  fields: { member: 'string', level: 'number', date: 'string', runId: 'string', amount: 'number' },
  search: [],
};

/** One document per reminded member (id = memberId): the day of its last reminder. */
export const PAYMENT_REMINDER_MEMBERS: CollectionSpec = {
  name: 'payment_reminder_members',
  fields: { lastDate: 'string' },
  search: [],
};

type Handled = PaymentReminderSent;

export const paymentRemindersProjector: Projector = {
  collections: [PAYMENT_REMINDERS, PAYMENT_REMINDER_MEMBERS],
  keys(recorded: RecordedEvent): DocKey[] {
    if (recorded.type === 'PaymentReminderSent') {
      const d = (recorded as unknown as PaymentReminderSent).data;
      return [{ collection: PAYMENT_REMINDER_MEMBERS.name, id: d.memberId }];
    }
    return [];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as unknown as Handled & RecordedEvent;
    const cooperativeId = recorded.metadata.cooperativeId;
    const put = (collection: string, doc: ReadDocument): WriteOp => ({ kind: 'put', collection, doc });
    switch (event.type) {
      case 'PaymentReminderSent': {
        const d = event.data;
        const member = current({ collection: PAYMENT_REMINDER_MEMBERS.name, id: d.memberId });
        const lastDate = typeof member?.lastDate === 'string' && member.lastDate > d.date ? member.lastDate : d.date;
        return [
          put(
            PAYMENT_REMINDERS.name,
            stamp(recorded, {
              id: d.reminderId,
              cooperativeId,
              member: d.memberId,
              level: d.level,
              date: d.date,
              dueSince: d.dueSince,
              amount: d.amount,
              balanceIds: d.balanceIds,
              subscriptions: d.subscriptions ?? [],
              runId: d.letterId ?? '',
            }),
          ),
          put(PAYMENT_REMINDER_MEMBERS.name, stamp(recorded, { id: d.memberId, cooperativeId, lastDate })),
        ];
      }
      default:
        return [];
    }
  },
};
