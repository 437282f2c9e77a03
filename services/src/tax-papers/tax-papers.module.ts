import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MembersModule } from '../members/index.js';
import {
  CorrectExemptionOrderHandler,
  CorrectNonAssessmentHandler,
  RecordExemptionOrderHandler,
  RecordNonAssessmentHandler,
  TaxPaperWriter,
} from './commands/tax-paper.commands.js';
import { ExemptionOrdersController } from './http/exemption-orders.controller.js';
import { NonAssessmentsController } from './http/non-assessments.controller.js';
import { TaxPaperReads } from './queries/tax-paper-reads.js';

/** Exemption orders (FSA) and non-assessment certificates (NV) of members (issue 5). */
@Module({
  imports: [CqrsModule, MembersModule],
  controllers: [ExemptionOrdersController, NonAssessmentsController],
  providers: [
    TaxPaperReads,
    TaxPaperWriter,
    RecordExemptionOrderHandler,
    CorrectExemptionOrderHandler,
    RecordNonAssessmentHandler,
    CorrectNonAssessmentHandler,
  ],
  exports: [TaxPaperReads],
})
export class TaxPapersModule {}
