import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ShareLedgerModule } from '../share-ledger/index.js';
import { SetPaymentTermsHandler } from './commands/payment-terms.commands.js';
import {
  RecordSharePaymentHandler,
  SetInstalmentPlanHandler,
  SharePaymentRunner,
} from './commands/share-payment.commands.js';
import { PaymentTermsController } from './http/payment-terms.controller.js';
import { SharePaymentsController } from './http/share-payments.controller.js';
import { PaymentTermsQuery } from './queries/payment-terms.query.js';
import { ShareDueReads } from './queries/share-due-reads.js';

/** The payments on subscribed shares (issue 45): payments, instalment plans, what is outstanding, the payment terms. */
@Module({
  imports: [CqrsModule, ShareLedgerModule],
  controllers: [SharePaymentsController, PaymentTermsController],
  providers: [
    SharePaymentRunner,
    RecordSharePaymentHandler,
    SetInstalmentPlanHandler,
    SetPaymentTermsHandler,
    PaymentTermsQuery,
    ShareDueReads,
  ],
  exports: [PaymentTermsQuery, ShareDueReads, SharePaymentRunner],
})
export class SharePaymentsModule {}
