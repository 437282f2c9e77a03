import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CorrectShareHandler, LedgerCommandRunner, PostBalanceHandler } from './commands/posting.commands.js';
import { ClosedYearsReader } from './commands/closed-years.reader.js';
import { ShareTermsReader } from './commands/share-terms.reader.js';
import { BalancesController } from './http/balances.controller.js';
import { SharesController } from './http/shares.controller.js';
import { LedgerReads } from './queries/ledger-reads.js';

/**
 * The share ledger (issue 4): postings on the members' share accounts (balances), transfers, annulations and the
 * share register. It lives on the member streams (`member-<id>`) beside member master data.
 */
@Module({
  imports: [CqrsModule],
  controllers: [BalancesController, SharesController],
  providers: [
    ShareTermsReader,
    ClosedYearsReader,
    LedgerReads,
    LedgerCommandRunner,
    PostBalanceHandler,
    CorrectShareHandler,
  ],
  exports: [ShareTermsReader, ClosedYearsReader, LedgerReads],
})
export class ShareLedgerModule {}
