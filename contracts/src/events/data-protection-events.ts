import type { DomainEvent } from '../events.js';

// ---------------------------------------------------------------------------------------------
// Data protection (issue 27; DOMAIN.md 9.3). The hold flag lives on the member's stream `member-<memberId>`; its
// reason is personal data (sealed under `member-<memberId>`). The erasures of a cooperative are one stream of their own,
// `dataprotection-<cooperativeId>`: the log of every clean-up run (GoBD: a deletion must be recorded).
// ---------------------------------------------------------------------------------------------

/** A clerk holds the member's personal data (an open audit, a dispute, a tax assessment still open): never due while held. */
export type MemberRetentionHoldSet = DomainEvent<'MemberRetentionHoldSet', { memberId: string; reason: string }>;
/** The hold ends; the reason says why. */
export type MemberRetentionHoldCleared = DomainEvent<
  'MemberRetentionHoldCleared',
  { memberId: string; reason: string }
>;

export type RetentionHoldEvent = MemberRetentionHoldSet | MemberRetentionHoldCleared;
export const RETENTION_HOLD_EVENT_TYPES: readonly RetentionHoldEvent['type'][] = [
  'MemberRetentionHoldSet',
  'MemberRetentionHoldCleared',
];
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

/**
 * The church data of former members erased earlier (DOMAIN.md 9.3, § 51a Abs. 2c EStG; decision 101): their church key
 * `member-church-<memberId>` is deleted after this event. Due once the member has left, the settlement is paid and the
 * year of the settlement's payout and of the last dividend paid to it has ended (`CHURCH_ERASURE_RULE`).
 */
export const CHURCH_ERASURE_RULE = 'DOMAIN-9.3-church-after-last-payout' as const;

/** A former member whose church data was erased: ids and dates only. */
export interface ChurchErasedMember {
  readonly memberId: string;
  readonly memberNr: number | null;
  readonly exitDate: string;
  /** The first day its church data was due (1 January after the year of its last payout). */
  readonly dueFrom: string;
}

/** A clean-up run's church step: who (metadata user), when (metadata timestamp, `asOf`), which members, under which rule. */
export type ChurchDataErased = DomainEvent<
  'ChurchDataErased',
  {
    erasureId: string;
    cooperativeId: string;
    asOf: string;
    rule: typeof CHURCH_ERASURE_RULE;
    members: readonly ChurchErasedMember[];
  }
>;

export type DataProtectionEvent = MembersErased | ChurchDataErased;
export const dataProtectionStream = (cooperativeId: string): string => `dataprotection-${cooperativeId}`;
