import type { DomainEvent } from '../events.js';
import type { CorrectionFacts, SharePaymentMemberEvent } from './share-payment-events.js';
import type { PassedOnDue } from '../share-transfer.js';

// ---------------------------------------------------------------------------------------------
// Member master data (SPEC.md section 3 "Member": every field a clerk enters)
// ---------------------------------------------------------------------------------------------

/** 0 founder, 1 joiner, 2 GDPR removed (set by erasure only), 3 investor. */
export type MemberType = 0 | 1 | 2 | 3;
/** 0 normal member, 1 president, 2 supervisory board, 3 adviser. */
export type MemberPosition = 0 | 1 | 2 | 3;
export type Salutation = 'Frau' | 'Herr';
/** `company`: "Sehr geehrte Damen und Herren", the salutation of a legal entity (and only of one). */
export type PostalSalutation = 'female' | 'femaleDr' | 'male' | 'maleDr' | 'company';
export type MemberTitle = 'Dr' | 'Prof' | 'none';
/** 0 individual (natural person), 1 legal entity. */
export type LegalForm = 0 | 1;
/** 0 unmarried, 1 married, 2 partnered, 3 widowed. */
export type CivilStatus = 0 | 1 | 2 | 3;

export const GERMAN_STATES = [
  'bb',
  'be',
  'bw',
  'by',
  'hb',
  'he',
  'hh',
  'mv',
  'ni',
  'nw',
  'rp',
  'sh',
  'sl',
  'sn',
  'st',
  'th',
] as const;
export type GermanState = (typeof GERMAN_STATES)[number];

export const MEMBER_TYPES_ENTERABLE = [0, 1, 3] as const;
export const MEMBER_POSITIONS = [0, 1, 2, 3] as const;
export const CIVIL_STATUSES = [0, 1, 2, 3] as const;
export const LEGAL_FORMS = [0, 1] as const;
export const SALUTATIONS = ['Frau', 'Herr'] as const;
export const POSTAL_SALUTATIONS = ['female', 'femaleDr', 'male', 'maleDr', 'company'] as const;
/** The postal salutations of a natural person; a legal entity has `company`. */
export const PERSON_POSTAL_SALUTATIONS = ['female', 'femaleDr', 'male', 'maleDr'] as const;
export const MEMBER_TITLES = ['Dr', 'Prof', 'none'] as const;

/**
 * The master data of a member as stored in the events. Business dates are `YYYY-MM-DD`; text that
 * was left empty is `null`. Percentages (church tax rates) are decimal strings such as `"9"` or `"8.5"`.
 * Not here: memberNr (own claim streams), exitDate (from exit postings), underage, shareAmount and
 * shareTotalEUR (derived), taxId (from the tax-office lookup), cooperative (from the token).
 */
export interface MemberMasterData {
  readonly memberType: MemberType;
  readonly position: MemberPosition;
  readonly salutation: Salutation | null;
  readonly postalSalutation: PostalSalutation;
  readonly title: MemberTitle | null;
  readonly givenName: string | null;
  /** Surname, or the firm name of a legal entity. */
  readonly name: string;
  readonly birthName: string | null;
  readonly birthDate: string | null;
  readonly legalForm: LegalForm;
  readonly civilStatus: CivilStatus | null;
  /** The spouse when also a member (member id), else null. */
  readonly spouse: string | null;
  readonly spouseGivenName: string | null;
  readonly spouseName: string | null;
  readonly spouseBirthName: string | null;
  readonly spouseBirthDate: string | null;
  readonly spouseTitle: MemberTitle | null;
  /**
   * The spouse's Steuer-IdNr (11 digits, valid check digit), needed for a joint exemption order (§ 44a Abs. 2 EStG,
   * FSA control report). Absent in events recorded before it existed: read as null.
   */
  readonly spouseTaxId: string | null;
  readonly street: string;
  readonly streetHomeNumber: string;
  readonly zipCode: string;
  readonly city: string;
  /** One of the 16 state codes; null for a foreign member. */
  readonly state: GermanState | null;
  /** ISO 3166 alpha-2 in capitals; null unless foreign. */
  readonly country: string | null;
  readonly isForeign: boolean;
  /** Who represents a minor (free text: name(s) of the legal representative(s)). */
  readonly legalRepresentation: string | null;
  readonly privateEmail: string | null;
  readonly privateTelephone: string | null;
  readonly bankname: string;
  /**
   * The account holder's name when it is not the member's (a joint account, a guardian's account for a minor): the
   * payee name of the SEPA file (Verification of Payee, DOMAIN.md 7). Absent in events recorded before it existed: read as null.
   */
  readonly accountHolder: string | null;
  readonly iban: string;
  readonly bic: string;
  readonly entryDate: string;
  readonly approvalDate: string | null;
  readonly interestBegin: string | null;
  /** Steuer-IdNr entered by hand: 11 digits, valid check digit. */
  readonly manualTaxId: string | null;
  /** Church organisation code (DOMAIN.md section 10). */
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  /** Old church-tax attribute, kept as entered. */
  readonly kiSt: string | null;
  readonly kiStSatz: string | null;
}

/**
 * Personal data in the member events (names, birth data, address, contact, bank, tax ids, church
 * data, spouse data), sealed under the key of subject `member-<memberId>`. The master data is flat in
 * `MemberAdmitted` and `MemberDataChanged` so these names are top-level fields of both events.
 * Not personal: memberType, position, legalForm, isForeign and the membership dates (the register
 * must keep them for the GenG retention periods).
 */
export const MEMBER_PERSONAL_FIELDS = [
  'salutation',
  'postalSalutation',
  'title',
  'givenName',
  'name',
  'birthName',
  'birthDate',
  'civilStatus',
  'spouse',
  'spouseGivenName',
  'spouseName',
  'spouseBirthName',
  'spouseBirthDate',
  'spouseTitle',
  'spouseTaxId',
  'street',
  'streetHomeNumber',
  'zipCode',
  'city',
  'state',
  'country',
  'legalRepresentation',
  'privateEmail',
  'privateTelephone',
  'bankname',
  'accountHolder',
  'iban',
  'bic',
  'manualTaxId',
  'churchId',
  'churchTaxRate',
  'kiSt',
  'kiStSatz',
] as const satisfies readonly (keyof MemberMasterData)[];

export const memberDataSubject = (memberId: string): string => `member-${memberId}`;

/**
 * The member's church data (religion, Art. 9 GDPR) among the master data: sealed under a subject of its own,
 * `member-church-<memberId>`, whose key is deleted on a null answer of the church-tax query and once the member has left
 * and its church data is no longer needed (§ 51a Abs. 2c EStG; DOMAIN.md 9.3; decision 101). Events sealed before this
 * hold them under `member-<memberId>` and go with the member.
 */
export const MEMBER_CHURCH_FIELDS = [
  'churchId',
  'churchTaxRate',
  'kiSt',
  'kiStSatz',
] as const satisfies readonly (keyof MemberMasterData)[];

export const memberChurchSubject = (memberId: string): string => `member-church-${memberId}`;

// ---------------------------------------------------------------------------------------------
// Member events (stream `member-<memberId>`)
// ---------------------------------------------------------------------------------------------

/** Followed in the same append by the type-0 `SharesPosted` of the initial subscription. */
export type MemberAdmitted = DomainEvent<
  'MemberAdmitted',
  { memberId: string; cooperativeId: string; memberNr: number } & MemberMasterData
>;

/** Carries only the fields that changed, flat; a field set to null was cleared. */
export type MemberDataChanged = DomainEvent<'MemberDataChanged', { memberId: string } & Partial<MemberMasterData>>;

/**
 * Balance types (SPEC.md section 3): 0 initial disposal, 1 additional disposal, 2 withdrawing money, 3 transfer to
 * another member, 4 transfer from another member, 5 annulation, 6 dead, 7 exclusion, 8 withdraw all (exit).
 */
export type BalanceType = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export type PostingType = Exclude<BalanceType, 5>;
export const BALANCE_TYPES: readonly BalanceType[] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/** Types that take shares away: their amount is negative. */
export const OUTGOING_TYPES: readonly PostingType[] = [2, 3, 6, 7, 8];
export const EXIT_TYPES = [6, 7, 8] as const;
export type ExitType = (typeof EXIT_TYPES)[number];

/**
 * A posting on the member's share account. `quantity` is the number of shares as entered (at least
 * 1; for 6, 7, 8 the whole holding withdrawn, which may be 0 only if nothing was held), always
 * positive; `amount` is in euro cents and carries the sign (negative for 2, 3, 6, 7, 8).
 * `shareCost` is the price of one share in cents when posted.
 * Transfers: the outgoing half (3) names `transferTo`, the incoming half (4) names `transferFrom`;
 * each names the other half's balance id as `transferPeer` (both halves are appended atomically).
 */
export type SharesPosted = DomainEvent<
  'SharesPosted',
  {
    memberId: string;
    balanceId: string;
    type: PostingType;
    quantity: number;
    amount: number;
    shareCost: number;
    date: string;
    approvalDate: string;
    interestBegin: string;
    transferTo?: string;
    transferFrom?: string;
    transferPeer?: string;
    /** A partial termination (2, § 67b): the day notice was given; the posting is dated on its effective date. */
    noticeDate?: string;
    /**
     * The register's payment (`rueckpfleinzahlung`) the posting moves, signed like `amount`, where it differs from the
     * amount (issue 45). A subscription (0, 1) not paid in full when posted: the cents paid with it; the rest is due
     * (share-payment-events.ts). An end (2, 6, 7, 8) of a holding not paid in full: the Geschäftsguthaben that leaves
     * with it (§ 73 (2) GenG, decision 234). A transfer (3, 4) of shares not paid in full: the Geschäftsguthaben it
     * moves (§ 76 GenG, decision 265). Absent: the whole amount (every posting before issue 45).
     */
    paid?: number;
    /** Unpaid shares leaving, their unpaid part by due: transferred (3; decision 265), terminated (2; 267). */
    passedOn?: PassedOnDue[];
    released?: PassedOnDue[];
  }
>;

/**
 * An annulation (type 5): a new posting `balanceId` that reverses the original posting `annulPeer`.
 * Unlike `SharesPosted`, `quantity` and `amount` are the signed effect on the holding (the negated
 * effect of the original), counted at the annulation's own `date`. `originalType` is the annulled
 * posting's type. When the original is a transfer half, `transferPeer` is the annulation posted on
 * the other member's stream in the same append.
 */
export type PostingAnnulled = DomainEvent<
  'PostingAnnulled',
  {
    memberId: string;
    balanceId: string;
    annulPeer: string;
    originalType: PostingType;
    quantity: number;
    amount: number;
    date: string;
    approvalDate: string | null;
    interestBegin: string | null;
    transferPeer?: string;
    /**
     * The register's payment the annulation reverses (the annulled posting's, negated) where it differs from `amount`:
     * a subscription paid in part, an end that took a Geschäftsguthaben out (issue 45, decision 234). Absent: `amount`.
     */
    paid?: number;
    /** The annulation of a transfer (3) or partial termination (2) that lowered dues: they are owed again (265, 267). */
    passedOn?: PassedOnDue[];
    released?: PassedOnDue[];
  }
>;

/** Why a membership ended; `dissolution` is the end of a legal entity (§ 77a GenG), posted as type 6. */
export type ExitReason = 'death' | 'exclusion' | 'exit' | 'dissolution';
export const EXIT_REASON_BY_TYPE: Readonly<Record<ExitType, ExitReason>> = { 6: 'death', 7: 'exclusion', 8: 'exit' };

/**
 * Follows the exit posting (6, 7, 8) `balanceId` in the same append; `exitDate` is its date: recorded alone (before issue
 * 22) the day the membership ended, after a `MembershipEndNoticed` the notice's effective date (the end of a financial
 * year, possibly ahead: the member holds its shares until then). `dues`: the member's subscriptions (0, 1, 4) not
 * annulled and not paid in full when posted, owed until `exitDate`, not from it (§ 73 (2) GenG, decision 269); absent:
 * none, or recorded before.
 */
export type MemberExited = DomainEvent<
  'MemberExited',
  { memberId: string; exitDate: string; reason: ExitReason; balanceId: string; dues?: string[] }
>;

/**
 * A membership ends at the end of a financial year (GenG § 65, § 68, § 77, § 77a; DOMAIN.md 9.1): the notice of
 * termination (8), the board's exclusion decision (7), the death or a legal entity's dissolution (6) was recorded on
 * `noticeDate` (the notice, decision, death or dissolution date) and takes effect on `effectiveDate`. The same append
 * holds the exit posting `balanceId` (dated `effectiveDate`, the whole holding) and `MemberExited`.
 * `dispatchDate`: the day the exclusion was sent by registered letter (7; from then no votes and seats), else null.
 * `extraordinaryReason`: the reason of an extraordinary notice (§ 65 (3), 8 only), else null; personal data.
 * `noticePeriodMonths`: the notice period applied (8), else null.
 */
export type MembershipEndNoticed = DomainEvent<
  'MembershipEndNoticed',
  {
    memberId: string;
    balanceId: string;
    reason: ExitReason;
    noticeDate: string;
    effectiveDate: string;
    dispatchDate: string | null;
    noticePeriodMonths: number | null;
    extraordinaryReason: string | null;
  }
>;

/**
 * The notice behind the pending exit posting `balanceId` was withdrawn on `date` (before its effective date); the same
 * append holds the annulation `annulment` of the exit posting (dated on the effective date) and `MemberExitRevoked`.
 */
export type MembershipEndWithdrawn = DomainEvent<
  'MembershipEndWithdrawn',
  { memberId: string; balanceId: string; annulment: string; date: string }
>;

/** The exit posting `balanceId` was annulled by `annulment`: the member is a member again, its `dues` owed again (269). */
export type MemberExitRevoked = DomainEvent<
  'MemberExitRevoked',
  { memberId: string; balanceId: string; annulment: string; dues?: string[] }
>;

/**
 * A correction of the register's payment fields of posting `balanceId` (SPEC.md 3 "Share"): the payment made in cents
 * (signed as the amount), the end of interest (or null); later ones supersede. `subscription` and `effectiveDate`:
 * `CorrectionFacts`.
 */
export type SharePaymentCorrected = DomainEvent<
  'SharePaymentCorrected',
  { memberId: string; balanceId: string; rueckpfleinzahlung: number; interestEnd: string | null } & CorrectionFacts
>;

/** How a member's church data was learned (DOMAIN.md 3.1): the yearly query, the query when joining, or a paper answer typed in. */
export const CHURCH_QUERY_KINDS = ['regular', 'event', 'paper'] as const;
export type ChurchQueryKind = (typeof CHURCH_QUERY_KINDS)[number];

/**
 * The member's church-tax attributes as BZSt answered them (issue 24, DOMAIN.md 3.3): the church id (the two-letter
 * code of DOMAIN.md 10) and the rate, or null for both on a null answer (not a member of a tax-levying community, or
 * a blocking note), which deletes the data held. `queriedOn` is the query's date (the status date of the answer),
 * `taskId` the KiStAM task that read the answer (null when typed in from paper). `churchId` and `churchTaxRate` are
 * personal data (Art. 9 GDPR), sealed under the member's church key (`memberChurchSubject`) like the master data's
 * fields of the same names; after a null answer that key is deleted (the null itself then reads as erased: null).
 */
export type ChurchDataRecorded = DomainEvent<
  'ChurchDataRecorded',
  {
    memberId: string;
    churchId: string | null;
    churchTaxRate: string | null;
    queriedOn: string;
    queryKind: ChurchQueryKind;
    taskId: string | null;
  }
>;

export const CHURCH_DATA_PERSONAL_FIELDS = ['churchId', 'churchTaxRate'] as const;

export type PostingEvent = SharesPosted | PostingAnnulled;
export type MemberEvent =
  | MemberAdmitted
  | MemberDataChanged
  | SharesPosted
  | PostingAnnulled
  | MemberExited
  | MemberExitRevoked
  | MembershipEndNoticed
  | MembershipEndWithdrawn
  | SharePaymentCorrected
  | ChurchDataRecorded
  | SharePaymentMemberEvent;

/** The change a posting makes to the holding: shares and euro cents, both signed. */
export function postingEffect(event: PostingEvent): { shares: number; cents: number } {
  if (event.type === 'PostingAnnulled') return { shares: event.data.quantity, cents: event.data.amount };
  const sign = (OUTGOING_TYPES as readonly number[]).includes(event.data.type) ? -1 : 1;
  return { shares: sign * event.data.quantity, cents: event.data.amount };
}

export const memberStream = (memberId: string): string => `member-${memberId}`;

// ---------------------------------------------------------------------------------------------
// Member numbers (unique per cooperative), like usernames: a claim stream per number plus a
// sequence stream per cooperative that remembers the highest number handed out.
// ---------------------------------------------------------------------------------------------

/** On `membernr-<cooperativeId>-<nr>`: who holds the number. On `membernr-seq-<cooperativeId>`: the highest number so far. */
export type MemberNumberClaimed = DomainEvent<
  'MemberNumberClaimed',
  { cooperativeId: string; memberNr: number; memberId: string }
>;
export type MemberNumberEvent = MemberNumberClaimed;

export const memberNumberStream = (cooperativeId: string, memberNr: number): string =>
  `membernr-${cooperativeId}-${memberNr}`;
export const memberNumberSequenceStream = (cooperativeId: string): string => `membernr-seq-${cooperativeId}`;
