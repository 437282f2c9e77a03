import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ConfirmBankStatementEntriesHandler,
  IgnoreBankStatementEntriesHandler,
  ReadBankStatementHandler,
} from './commands/bank-statement.commands.js';
import { BankStatementsController } from './http/bank-statements.controller.js';
import { StatementGate, StatementReadGate } from './http/statement-gate.js';
import { BankStatementReads } from './queries/bank-statement-reads.js';
import { MatchingBookReads } from './queries/matching-book.js';

/** Bank statements (CAMT.053, issue 45): reading, matching, confirming payments on shares. */
@Module({
  imports: [CqrsModule],
  controllers: [BankStatementsController],
  providers: [
    MatchingBookReads,
    StatementGate,
    StatementReadGate,
    BankStatementReads,
    ReadBankStatementHandler,
    ConfirmBankStatementEntriesHandler,
    IgnoreBankStatementEntriesHandler,
  ],
})
export class BankStatementsModule {}
