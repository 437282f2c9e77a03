/*
 * The members area's read entry: the member list's typed reader alone (decision 256). It imports no other area, so an
 * area that the members area's own index.ts depends on (the share ledger: the members' commands and decider use it)
 * reads members through their owner here without an import circle. Every other area may use it or index.ts, which
 * exports the same reader.
 */
export { memberDocuments, memberName, readMember, sharesDay, type MemberDocument } from './queries/member-documents.js';
export { refuseErasedMember } from './queries/erased-member.js';
