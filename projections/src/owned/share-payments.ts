/*
 * `@coop/projections/share-payments`: the dues on subscribed shares, outstanding and settled (collections and typed document). Only the share
 * payments area of services and the platform import it (rule `read-model-through-its-owner`, decision 258); other areas
 * use the share payments area's `shareDues` from services/src/share-payments/index.ts.
 */
export { SHARE_DUES, SHARE_DUES_SETTLED, SHARE_DUE_MEMBERS } from '../projectors/share-dues-collections.js';
export { readShareDue, type ShareDueDocument } from '../projectors/share-due-document.js';
