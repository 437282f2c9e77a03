import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NotificationsModule } from '../notifications/index.js';
import { SettlementReminders } from './commands/settlement-reminders.js';
import {
  PaySettlementsHandler,
  RecordHeirsAccountHandler,
  ReverseSettlementHandler,
  SetSettlementTermsHandler,
} from './commands/settlement.commands.js';
import { SettlementsController } from './http/settlements.controller.js';
import { SettlementSepa } from './papers/settlement-sepa.js';
import { SettlementStatements } from './papers/settlement-statements.js';
import { SettlementReads } from './queries/settlement-reads.js';

/** The settlement with those who leave (§ 73 GenG, issue 42), and the reminder before its deadline. */
@Module({
  imports: [CqrsModule, NotificationsModule],
  controllers: [SettlementsController],
  providers: [
    SettlementReads,
    SettlementSepa,
    SettlementStatements,
    PaySettlementsHandler,
    ReverseSettlementHandler,
    RecordHeirsAccountHandler,
    SetSettlementTermsHandler,
    SettlementReminders,
  ],
  exports: [SettlementReads],
})
export class SettlementsModule {}
