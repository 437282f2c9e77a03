/*
 * `@coop/projections/dividend`: a closure's member results (collection and typed document). Only the dividend area of
 * services and the platform import it (rule `read-model-through-its-owner`, decision 248); other areas use the dividend
 * area's `dividendResults` from services/src/dividend/index.ts.
 */
export {
  DIVIDEND_MEMBERS,
  readDividendMember,
  type DividendLine,
  type DividendMemberDocument,
} from '../projectors/dividend-member-document.js';
export { readDividendClosure, type DividendClosureDocument } from '../projectors/dividend-closure-document.js';
