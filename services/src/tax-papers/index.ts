/** The tax papers' public entry (exemption orders, non-assessment certificates): what other areas may use. */
export { TaxPapersModule } from './tax-papers.module.js';
export { TaxPaperReads } from './queries/tax-paper-reads.js';
export {
  exemptionOrderDecider,
  type ExemptionOrderInput,
  type ExemptionOrdersState,
  type SpouseJointOrder,
} from './domain/exemption-order.decider.js';
export {
  nonAssessmentDecider,
  type NonAssessmentInput,
  type NonAssessmentsState,
} from './domain/non-assessment.decider.js';
export { holderOf, type TaxPaperHolder } from './domain/tax-paper-rules.js';
export {
  exemptionOrderDocuments,
  nonAssessmentDocuments,
  type ExemptionOrderDocument,
  type NonAssessmentDocument,
} from './queries/tax-paper-documents.js';
