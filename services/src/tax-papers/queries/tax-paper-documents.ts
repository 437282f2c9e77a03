import {
  EXEMPTION_ORDERS,
  NON_ASSESSMENTS,
  readExemptionOrder,
  readNonAssessment,
  type ExemptionOrderDocument,
  type NonAssessmentDocument,
} from '@coop/projections/tax-papers';
import { TypedReads } from '../../platform/http/typed-reads.js';

/*
 * The tax papers as typed documents (decisions 247, 257): the one reader of each collection, for this area and,
 * through index.ts, for every other (`read-model-through-its-owner`).
 */
export const exemptionOrderDocuments = new TypedReads<ExemptionOrderDocument>(
  EXEMPTION_ORDERS,
  'Exemption order',
  readExemptionOrder,
);
export const nonAssessmentDocuments = new TypedReads<NonAssessmentDocument>(
  NON_ASSESSMENTS,
  'Non assessment',
  readNonAssessment,
);

export type { ExemptionOrderDocument, NonAssessmentDocument };
