import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// Data protection (issue 27; DOMAIN.md 9.3). The hold flag lives on the member's stream `member-<memberId>`; its
// reason is personal data (sealed under `member-<memberId>`). The erasures of a cooperative are one stream of their own,
// `dataprotection-<cooperativeId>`: the log of every clean-up run (GoBD: a deletion must be recorded).
// ---------------------------------------------------------------------------------------------

/** A clerk holds the member's personal data (an open audit, a dispute, a tax assessment still open): never due while held. */
export type MemberRetentionHoldSet = DomainEvent<'MemberRetentionHoldSet', { memberId: string; reason: string }>;
/** The hold ends; the reason says why. */
export type MemberRetentionHoldCleared = DomainEvent<'MemberRetentionHoldCleared', { memberId: string; reason: string }>;

export type RetentionHoldEvent = MemberRetentionHoldSet | MemberRetentionHoldCleared;
export const RETENTION_HOLD_EVENT_TYPES: readonly RetentionHoldEvent['type'][] = ['MemberRetentionHoldSet', 'MemberRetentionHoldCleared'];
/** Personal data of the hold events, sealed under the member's key. */
export const RETENTION_HOLD_PERSONAL_FIELDS = ['reason'] as const;

/** The rule an erasure was made under (docs/data-protection.md): DOMAIN.md 9.3 with the cooperative's period. */
export const ERASURE_RULE = 'DOMAIN-9.3-last-entry-year' as const;

/**
 * One member erased and the read-model documents that held its personal data, named by id so that every projector can
 * blank its own documents at once (a projector is told its documents by the event alone). All ids, no personal data.
 */
export interface ErasedMember {
  readonly memberId: string;
  readonly memberNr: number | null;
  readonly exitDate: string;
  /** The first day the member was due (1 January after the retention period). */
  readonly dueFrom: string;
  /** The member's postings (balances, also the share register's rows). */
  readonly balances: readonly string[];
  readonly exemptionOrders: readonly string[];
  readonly nonAssessments: readonly string[];
  /** The member's rows of the dividend closures (`dividend_members` ids `<dividendId>:<memberId>`). */
  readonly dividendRows: readonly string[];
  /** Other members whose master data links this member as spouse: the link is cut. */
  readonly spouseOfMembers: readonly string[];
  /** Other members' exemption orders naming this member as spouse: the link and the copied name are cut. */
  readonly spouseOfExemptionOrders: readonly string[];
}

/** A clean-up run: who (metadata user), when (metadata timestamp, `asOf` the business day), which members, under which rule and period. */
export type MembersErased = DomainEvent<
  'MembersErased',
  {
    erasureId: string;
    cooperativeId: string;
    asOf: string;
    rule: typeof ERASURE_RULE;
    retentionYears: number;
    members: readonly ErasedMember[];
  }
>;

export type DataProtectionEvent = MembersErased;
export const dataProtectionStream = (cooperativeId: string): string => `dataprotection-${cooperativeId}`;
