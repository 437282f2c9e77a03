import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SharePaymentsModule } from '../share-payments/index.js';
import { SendRemindersHandler } from './commands/send-reminders.js';
import { PaymentRemindersController } from './http/payment-reminders.controller.js';
import { ReminderLetters } from './letters/reminder-letters.js';
import { ReminderReads } from './queries/reminder-reads.js';

/** Payment reminders on shares not paid in time (issue 45): the due list, the sending, the letters. */
@Module({
  imports: [CqrsModule, SharePaymentsModule],
  controllers: [PaymentRemindersController],
  providers: [ReminderReads, ReminderLetters, SendRemindersHandler],
  exports: [ReminderReads],
})
export class PaymentRemindersModule {}
