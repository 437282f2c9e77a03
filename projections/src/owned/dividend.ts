/*
 * `@coop/projections/dividend`: the closures and a closure's member results (collections and typed documents). Only the
 * dividend area of services and the platform import it (rule `read-model-through-its-owner`, decisions 248, 258, 262);
 * other areas use the dividend area's `dividendClosures` and `dividendResults` from services/src/dividend/index.ts.
 */
export {
  DIVIDEND_MEMBERS,
  readDividendMember,
  type DividendLine,
  type DividendMemberDocument,
} from '../projectors/dividend-member-document.js';
export { DIVIDENDS } from '../projectors/dividend-collections.js';
export { readDividendClosure, type DividendClosureDocument } from '../projectors/dividend-closure-document.js';
