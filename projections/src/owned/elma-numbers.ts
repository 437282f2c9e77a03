/*
 * `@coop/projections/elma-numbers`: the approval numbers (collection and typed document). Only the approval numbers
 * area of services, the platform and the demo import it (rule `read-model-through-its-owner`, decision 258); other
 * areas use the area's `elmaNumberDocuments` and `approvalNumberOf` from services/src/elma-numbers/index.ts.
 */
export { ELMA_NUMBERS, readElmaNumber, type ElmaNumberDocument } from '../projectors/elma-number-document.js';
