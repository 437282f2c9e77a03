import { describe, expect, it } from '@jest/globals';
import { ValidationError, type MemberEvent, type PaymentReminderSent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import {
  addDays,
  dueOn,
  dueReminder,
  intervalPassed,
  isOverdue,
  type DueSubscription,
} from './domain/reminder-rule.js';
import { reminderDecider, type SendReminder } from './domain/reminder.decider.js';

/** A subscription of 2 shares of 250 € posted on 2026-01-10, nothing paid, due since its date. */
const due = (over: Partial<DueSubscription> = {}): DueSubscription => ({
  id: 'b1',
  date: '2026-01-10',
  quantity: 2,
  outstanding: 50_000,
  dueSince: '2026-01-10',
  instalments: [],
  reminderLevel: 0,
  ...over,
});

describe('payment reminders: the rule (issue 45)', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-01-10', 14)).toBe('2026-01-24');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-20', 10)).toBe('2028-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is overdue only once dueSince + reminderAfterDays lies before the date', () => {
    expect(isOverdue(due(), '2026-01-24', 14)).toBe(false);
    expect(isOverdue(due(), '2026-01-25', 14)).toBe(true);
    expect(isOverdue(due({ outstanding: 0, dueSince: null }), '2026-06-01', 14)).toBe(false);
  });

  it('counts only the instalments fallen due, less what was paid on them', () => {
    const plan = due({
      outstanding: 40_000,
      dueSince: '2026-02-01',
      instalments: [
        { dueDate: '2026-01-10', amount: 10_000, paid: 10_000 },
        { dueDate: '2026-02-01', amount: 10_000, paid: 0 },
        { dueDate: '2026-03-01', amount: 10_000, paid: 0 },
        { dueDate: '2026-04-01', amount: 20_000, paid: 0 },
      ],
    });
    expect(dueOn(plan, '2026-02-20')).toEqual({ amount: 10_000, since: '2026-02-01' });
    expect(dueOn(plan, '2026-03-20')).toEqual({ amount: 20_000, since: '2026-02-01' });
    expect(isOverdue(plan, '2026-02-15', 14)).toBe(false);
    expect(isOverdue(plan, '2026-02-16', 14)).toBe(true);
  });

  it('waits reminderAfterDays after the last reminder, and never twice on one day', () => {
    expect(intervalPassed(null, '2026-02-01', 14)).toBe(true);
    expect(intervalPassed('2026-02-01', '2026-02-14', 14)).toBe(false);
    expect(intervalPassed('2026-02-01', '2026-02-15', 14)).toBe(true);
    expect(intervalPassed('2026-02-01', '2026-02-01', 0)).toBe(false);
  });

  it('names the next level, the total and the oldest due date; none after the last reminder', () => {
    const dues = [
      due(),
      due({ id: 'b2', date: '2026-01-05', quantity: 1, outstanding: 25_000, dueSince: '2026-01-05', reminderLevel: 1 }),
    ];
    const r = dueReminder(dues, '2026-02-01', '2026-02-20', 14);
    expect(r).toEqual({
      level: 2,
      amount: 75_000,
      dueSince: '2026-01-05',
      subscriptions: [
        { balanceId: 'b2', date: '2026-01-05', quantity: 1, amount: 25_000, dueSince: '2026-01-05' },
        { balanceId: 'b1', date: '2026-01-10', quantity: 2, amount: 50_000, dueSince: '2026-01-10' },
      ],
    });
    expect(dueReminder(dues, '2026-02-10', '2026-02-20', 14)).toBeNull();
    expect(dueReminder([due({ reminderLevel: 3 })], '2026-01-01', '2026-06-01', 14)).toBeNull();
    expect(dueReminder([due({ dueSince: '2026-02-10' })], null, '2026-02-20', 14)).toBeNull();
  });
});

const admitted = {
  type: 'MemberAdmitted',
  data: { memberId: 'm1', cooperativeId: 'c1', memberNr: 7 },
} as unknown as MemberEvent;
const sent = (
  level: 1 | 2 | 3,
  date: string,
  over: Partial<PaymentReminderSent['data']> = {},
): PaymentReminderSent => ({
  type: 'PaymentReminderSent',
  data: {
    memberId: 'm1',
    reminderId: `r-${date}`,
    level,
    date,
    dueSince: '2026-01-10',
    amount: 50_000,
    balanceIds: ['b1'],
    letterId: 'run-1',
    subscriptions: [{ balanceId: 'b1', date: '2026-01-10', quantity: 2, amount: 50_000, dueSince: '2026-01-10' }],
    ...over,
  },
});
const send = (date: string, over: Partial<SendReminder> = {}): SendReminder => ({
  type: 'SendReminder',
  memberId: 'm1',
  cooperativeId: 'c1',
  reminderId: `r-${date}`,
  letterId: 'run-1',
  date,
  reminderAfterDays: 14,
  reminder: {
    level: 1,
    amount: 50_000,
    dueSince: '2026-01-10',
    subscriptions: [{ balanceId: 'b1', date: '2026-01-10', quantity: 2, amount: 50_000, dueSince: '2026-01-10' }],
  },
  today: date,
  ...over,
});
const spec = deciderSpec(reminderDecider);
const debit = (paymentId: string, date: string): MemberEvent =>
  ({
    type: 'SharePaymentReceived',
    data: {
      memberId: 'm1',
      balanceId: 'b1',
      paymentId,
      date,
      amount: 10_000,
      method: 'directDebit',
      reference: null,
      collectionId: 'dd1',
      statementId: null,
    },
  }) as MemberEvent;
const returned = (paymentId: string, date: string): MemberEvent => ({
  type: 'SharePaymentReturned',
  data: { memberId: 'm1', balanceId: 'b1', paymentId, date, amount: 10_000, reason: 'MD06' },
});

describe('payment reminders: the decider on the member stream (issue 45)', () => {
  it('sends the first reminder', () => {
    spec
      .given([admitted])
      .when(send('2026-02-01'))
      .then([sent(1, '2026-02-01')]);
  });

  it('a retry on the same day sends nothing (idempotent per member, level and date)', () => {
    spec
      .given([admitted, sent(1, '2026-02-01')])
      .when(send('2026-02-01'))
      .then([]);
  });

  it('takes the level from the stream, not from a read model that lags', () => {
    spec
      .given([admitted, sent(1, '2026-02-01')])
      .when(send('2026-02-20'))
      .then([sent(2, '2026-02-20')]);
    spec
      .given([admitted, sent(1, '2026-02-01'), sent(2, '2026-02-20'), sent(3, '2026-03-10')])
      .when(send('2026-04-01'))
      .then([]);
  });

  it('waits reminderAfterDays after the last reminder', () => {
    spec
      .given([admitted, sent(1, '2026-02-01')])
      .when(send('2026-02-14'))
      .then([]);
  });

  it('starts again at the first level after a payment on the subscription', () => {
    const paid = {
      type: 'SharePaymentReceived',
      data: {
        memberId: 'm1',
        balanceId: 'b1',
        paymentId: 'p1',
        date: '2026-02-25',
        amount: 10_000,
        method: 'transfer',
        reference: null,
        collectionId: null,
        statementId: null,
      },
    } as MemberEvent;
    spec
      .given([admitted, sent(1, '2026-02-01'), sent(2, '2026-02-20'), paid])
      .when(send('2026-03-20'))
      .then([sent(1, '2026-03-20')]);
  });

  it('refuses a letter dated after today or more than a week back (decision 356)', () => {
    const refused = (date: string, today: string, template: string, parameter: string) =>
      spec
        .given([admitted])
        .when(send(date, { today }))
        .thenThrows(ValidationError, (e) =>
          expect(e.errors).toEqual([{ field: 'date', template, parameters: { '0': parameter } }]),
        );
    // The probe: instalments due in 2027 reminded today with letters dated ahead, or back-dated by weeks.
    refused('2027-02-01', '2026-03-01', 'dateInFuture', '2027-02-01');
    refused('2026-03-02', '2026-03-01', 'dateInFuture', '2026-03-02');
    refused('2026-01-26', '2026-03-01', 'reminderDateTooEarly', '2026-02-22');
    refused('2026-02-21', '2026-03-01', 'reminderDateTooEarly', '2026-02-22');
    spec
      .given([admitted])
      .when(send('2026-02-22', { today: '2026-03-01' }))
      .then([sent(1, '2026-02-22')]);
  });

  it('a returned debit gives back the level it had before that payment (decision 359)', () => {
    const reminded = [admitted, sent(1, '2026-02-01'), sent(2, '2026-02-20')];
    spec
      .given([...reminded, debit('p1', '2026-03-01'), returned('p1', '2026-03-05')])
      .when(send('2026-03-20'))
      .then([sent(3, '2026-03-20')]);
    // A payment that still stands keeps the reminders started again.
    spec
      .given([...reminded, debit('p1', '2026-03-01'), debit('p2', '2026-03-02'), returned('p1', '2026-03-05')])
      .when(send('2026-03-20'))
      .then([sent(1, '2026-03-20')]);
  });

  it("sends nothing on another cooperative's member", () => {
    spec
      .given([admitted])
      .when(send('2026-02-01', { cooperativeId: 'c2' }))
      .then([]);
  });
});
