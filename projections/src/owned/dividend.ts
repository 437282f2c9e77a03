/*
 * `@coop/projections/dividend`: the closures, a closure's member results and the calculation's inputs per member
 * (collections and typed documents, and the fields a closure's events give its documents). Only the dividend area of
 * services and the platform import it (rule `read-model-through-its-owner`, decisions 248, 258, 262, 263); other areas
 * use the dividend area's `dividendClosures` and `dividendResults` from services/src/dividend/index.ts.
 */
export {
  DIVIDEND_MEMBERS,
  readDividendMember,
  type DividendLine,
  type DividendMemberDocument,
} from '../projectors/dividend-member-document.js';
export { DIVIDEND_INPUTS, DIVIDENDS } from '../projectors/dividend-collections.js';
export { readDividendClosure, type DividendClosureDocument } from '../projectors/dividend-closure-document.js';
export { readDividendInput, type DividendInputDocument } from '../projectors/dividend-input-document.js';
export type { DividendInputOrder } from '../projectors/dividend-inputs.projector.js';
export { closureFields, memberResultFields } from '../projectors/dividends.projector.js';
