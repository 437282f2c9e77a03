import { MEMBERS, memberName, readMember, sharesDay, type MemberDocument } from '@coop/projections/members';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The member list as typed documents (decision 247): the one reader of the `members` collection, for this area and,
 * through index.ts, for every other (`read-model-through-its-owner`: no other area reaches the collection itself).
 */
export const memberDocuments = new TypedReads<MemberDocument>(MEMBERS, 'Member', readMember);

export { memberName, readMember, sharesDay, type MemberDocument };
