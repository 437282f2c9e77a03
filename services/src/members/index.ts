/** The members area's public entry (member master data): what other areas may use. */
export { MembersModule } from './members.module.js';
export { asOfDate, MemberReads } from './queries/member-reads.js';
export { erasedMembersReader, refuseErasedInLog, type ErasedMembers } from './commands/erased-members.js';
export { MemberDividendReads } from './queries/member-dividends.js';
export { holdingOn, toMemberDto } from './queries/member.view.js';
export {
  countMembersAsOf,
  membersAsOf,
  selectMembersAsOf,
  type MembersAsOf,
  type MembersAsOfScope,
} from './queries/members-as-of.js';
export {
  memberDecider,
  type AdmitMemberRequest,
  type ChangeMemberDataRequest,
  type MemberCommand,
} from './member-stream.decider.js';
export { memberMasterDecider, type AdmitMember, type ChangeMemberData } from './domain/member-master.decider.js';
export type { MemberMasterInput } from './member-stream.decider.js';
export {
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  type MemberNumberSequenceState,
} from './domain/member-number.decider.js';
export {
  memberDocuments,
  memberName,
  readMember,
  refuseErasedMember,
  sharesDay,
  type MemberDocument,
} from './reads.js';
export { memberStatistics, postingSumsAsOf } from './queries/member-statistics.js';
