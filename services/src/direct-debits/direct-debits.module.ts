import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SharePaymentsModule } from '../share-payments/index.js';
import { TasksModule } from '../tasks/index.js';
import { CollectionBooking, CreateCollectionHandler } from './commands/collection.commands.js';
import { CollectionPlanning } from './commands/collection-planning.js';
import { ErasedDebtorFiles } from './commands/erased-debtor-files.js';
import { GrantMandateHandler, ReturnPaymentHandler, RevokeMandateHandler } from './commands/mandate.commands.js';
import { DirectDebitsController } from './http/direct-debits.controller.js';
import { MandatesController } from './http/mandates.controller.js';
import { DirectDebitReads } from './queries/direct-debit-reads.js';

/** SEPA direct debits (issue 45): mandates, collections with their pain.008 files (in the tasks' file store), returned debits. */
@Module({
  imports: [CqrsModule, TasksModule, SharePaymentsModule],
  controllers: [DirectDebitsController, MandatesController],
  providers: [
    DirectDebitReads,
    CollectionBooking,
    CollectionPlanning,
    CreateCollectionHandler,
    GrantMandateHandler,
    RevokeMandateHandler,
    ReturnPaymentHandler,
    ErasedDebtorFiles,
  ],
  // The data-protection clean-up anonymises the erased debtors in the collections' files (decision 364).
  exports: [ErasedDebtorFiles],
})
export class DirectDebitsModule {}
