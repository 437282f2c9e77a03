/*
 * `@coop/projections/tax-papers`: the exemption orders and non-assessment certificates with their typed documents. Only
 * the tax-papers area of services and the platform import it (rule `read-model-through-its-owner`, decisions 248, 257);
 * other areas use the tax-papers area's `exemptionOrderDocuments` and `nonAssessmentDocuments` from
 * services/src/tax-papers/index.ts.
 */
export {
  EXEMPTION_ORDERS,
  NON_ASSESSMENTS,
  readExemptionOrder,
  readNonAssessment,
  type ExemptionOrderDocument,
  type NonAssessmentDocument,
} from '../projectors/tax-paper-documents.js';
