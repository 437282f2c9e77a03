import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PaySettlementsHandler, RecordHeirsAccountHandler, ReverseSettlementHandler, SetSettlementTermsHandler } from './commands/settlement.commands.js';
import { SettlementsController } from './http/settlements.controller.js';
import { SettlementSepa } from './papers/settlement-sepa.js';
import { SettlementStatements } from './papers/settlement-statements.js';
import { SettlementReads } from './queries/settlement-reads.js';

/** The settlement with those who leave (§ 73 GenG, issue 42). */
@Module({
  imports: [CqrsModule],
  controllers: [SettlementsController],
  providers: [SettlementReads, SettlementSepa, SettlementStatements, PaySettlementsHandler, ReverseSettlementHandler, RecordHeirsAccountHandler, SetSettlementTermsHandler],
  exports: [SettlementReads],
})
export class SettlementsModule {}
