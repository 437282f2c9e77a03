/*
 * `@coop/projections/members`: the member list's collection and its typed document. Only the members area of services
 * and the platform import it (rule `read-model-through-its-owner`, decision 248); other areas use the members area's
 * `memberReads` from services/src/members/index.ts.
 */
export { MEMBERS, memberName, readMember, type MemberDocument } from '../projectors/member-document.js';
