import Database from 'better-sqlite3';
import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { businessToday, type EventStore, type PaymentReminderDueDto } from '@coop/contracts';
import { SqliteReadStoreFiles } from '@coop/projections';
import {
  SendRemindersCommand,
  SendRemindersHandler,
  type ReminderRunResult,
} from '../../services/src/payment-reminders/commands/send-reminders.js';
import { RecordSharePaymentCommand } from '../../services/src/share-payments/commands/share-payment.commands.js';
import { EVENT_STORE } from '../../services/src/platform/tokens.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { adminContext } from './support/direct-debits.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';

/**
 * A reminder is never sent for money paid before the sending (docs/payment-reminders.md "Sending once"). Figures by
 * hand: 2 shares of 250 €, nothing paid, reminders 1 day after what is due: the member is due for a first reminder of
 * 500 €. A second clerk (or another API process, or the bank statement import) records the member's payment of the
 * whole 500 €; the read models have not yet shown it (held here by a write lock on the read-model file, as a loaded
 * projection thread or worker is behind) when the first clerk sends the reminders. Before: the sending read the dues
 * as the read models still had them and the decider checked only the level and the interval on the stream: a first
 * reminder of 500 € was recorded (and its letter printed) for money already paid. Now the sending reads the dues once
 * the read models include every write before it (as a collection does, decision 235): nothing is sent.
 */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('payment reminders: a payment recorded a moment before the sending', () => {
  let t: TestApp;
  let memberId = '';
  const today = businessToday();

  const due = async (): Promise<PaymentReminderDueDto[]> => {
    const res = await request(t.http).get(`/api/v1/payment-reminders/due?date=${today}`).set(auth(t.adminToken));
    return res.status === 204 ? [] : (res.body as PaymentReminderDueDto[]);
  };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken, { reminderAfterDays: 1 });
    memberId = (await createMember(t.http, t.adminToken, { name: 'Zahlerin', shareAmount: 2, paid: 0 })).id;
  }, 60_000);
  afterAll(async () => t.close());

  it('sends no reminder for the amount paid, though the read models did not show the payment yet', async () => {
    expect((await due()).map((d) => [d.id, d.level, d.amount])).toEqual([[memberId, 1, 50_000]]);
    const app = t.running.app;
    const events = app.get<EventStore>(EVENT_STORE, { strict: false });
    const head = await events.headPosition();
    const lock = new Database(SqliteReadStoreFiles.current(t.dataDir));
    lock.exec('BEGIN IMMEDIATE');
    let payment: Promise<unknown> | undefined;
    let sending: Promise<ReminderRunResult> | undefined;
    try {
      // The payment is in the log; its write waits for the read models, which the lock holds.
      payment = app
        .get(CommandBus, { strict: false })
        .execute(
          new RecordSharePaymentCommand(adminContext(t), memberId, {
            balanceId: null,
            date: today,
            amount: 50_000,
            method: 'transfer',
            reference: null,
          }),
        )
        .catch((reason: unknown) => reason);
      while ((await events.headPosition()) === head) await sleep(10);
      sending = app
        .get(SendRemindersHandler, { strict: false })
        .execute(new SendRemindersCommand(adminContext(t), today, [memberId]));
      await sleep(500);
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    await payment;
    const run = await sending!;
    expect([run.sent, run.skipped, run.amount]).toEqual([0, 1, 0]);
    // No reminder recorded on the member (204: none).
    await request(t.http).get(`/api/v1/payment-reminders?member=${memberId}`).set(auth(t.adminToken)).expect(204);
    expect(await due()).toEqual([]);
  }, 60_000);
});
