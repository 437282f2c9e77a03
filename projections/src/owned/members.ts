/*
 * `@coop/projections/members`: the member list's collection and the cooperative's member statistics, with their typed
 * documents. Only the members area of services and the platform import it (rule `read-model-through-its-owner`,
 * decisions 248, 263); other areas use the members area's `memberDocuments` and `memberStatsAsOf` from
 * services/src/members/index.ts.
 */
export { MEMBERS, memberName, readMember, type MemberDocument } from '../projectors/member-document.js';
export { MEMBER_STATS, sharesDay } from '../projectors/member-collections.js';
export { readMemberStats, statsAsOf, type MemberStatsDocument } from '../projectors/member-stats.js';
