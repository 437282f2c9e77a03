import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TasksModule } from '../tasks/index.js';
import { ChurchDataKey } from './commands/church-data-key.js';
import { RecordChurchDataHandler } from './commands/record-church-data.command.js';
import { ChurchTaxController } from './http/church-tax.controller.js';
import { KistamController } from './http/kistam.controller.js';
import { KistamHandler } from './kistam/kistam.handler.js';
import { BopFileTransport, KISTAM_TRANSPORT } from './kistam/kistam-transport.js';
import { ChurchTaxReads } from './queries/church-tax-reads.js';

/**
 * Members' church data and the KiStAM query (issue 24): church data by hand, the KiStAM task's handler (declared
 * `@TaskHandlerProvider()`, found by the task runner's registry) and its routes. It lends the church key (ChurchDataKey) to the
 * data-protection clean-up. The transport is the BOP file one; an ELMA5 adapter
 * would be bound to KISTAM_TRANSPORT here instead.
 */
@Module({
  imports: [CqrsModule, TasksModule],
  controllers: [ChurchTaxController, KistamController],
  providers: [
    ChurchTaxReads,
    ChurchDataKey,
    RecordChurchDataHandler,
    KistamHandler,
    { provide: KISTAM_TRANSPORT, useClass: BopFileTransport },
  ],
  exports: [ChurchDataKey],
})
export class ChurchTaxModule {}
