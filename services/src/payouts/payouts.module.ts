import { Module } from '@nestjs/common';
import { SepaController } from './http/sepa.controller.js';
import { SepaPayouts } from './sepa/sepa-payouts.js';

/** Payouts of a closed dividend (issue 25): the SEPA payment file. Reads the closures, members and cooperative; writes nothing. */
@Module({
  controllers: [SepaController],
  providers: [SepaPayouts],
})
export class PayoutsModule {}
