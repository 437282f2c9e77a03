import type { Role } from './roles.js';
import type { TaxPaperState } from './tax-papers.js';

/** What the API answers for a user. The password hash never leaves the server. */
export interface UserDto {
  readonly id: string;
  readonly username: string;
  readonly roles: Role[];
  readonly cooperative: string;
}

export interface UserWrite {
  readonly username: string;
  readonly password?: string;
  readonly passwordRepeat?: string;
  readonly roles: string[];
  /** Only ROLE_SUPER_ADMIN may name another cooperative. */
  readonly cooperative?: string;
}

export interface CooperativeFields {
  readonly name: string;
  readonly fullName: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly email: string;
  readonly contactPerson: string;
  readonly url: string;
  readonly taxId: string;
  readonly bankname: string;
  readonly iban: string;
  readonly bic: string;
  /** Price of one share in euro cents. */
  readonly balanceCost: number;
  readonly minimumShares: number;
}

export interface CooperativeDto extends CooperativeFields {
  readonly id: string;
}

export type ElmaProcess = 'fs' | 'km';

export interface ElmaNumberDto {
  readonly id: string;
  readonly elmaProcess: ElmaProcess;
  readonly elmaNumber: string;
  /** UTC ISO 8601 timestamp. */
  readonly createdAt: string;
}

export interface Option {
  readonly key: string;
  readonly value: string;
}

/** A member as the API answers it (docs/api.md "members"). Money in euro cents, dates `YYYY-MM-DD`. */
export interface MemberDto {
  readonly id: string;
  readonly memberNr: number | null;
  readonly memberType: number | null;
  readonly position: number | null;
  readonly salutation: string | null;
  readonly postalSalutation: string | null;
  readonly title: string | null;
  readonly givenName: string | null;
  readonly name: string | null;
  readonly birthName: string | null;
  readonly birthDate: string | null;
  readonly legalForm: number | null;
  readonly civilStatus: number | null;
  readonly spouse: string | null;
  readonly spouseGivenName: string | null;
  readonly spouseName: string | null;
  readonly spouseBirthName: string | null;
  readonly spouseBirthDate: string | null;
  readonly spouseTitle: string | null;
  readonly street: string | null;
  readonly streetHomeNumber: string | null;
  readonly zipCode: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly country: string | null;
  readonly isForeign: boolean;
  readonly underage: boolean;
  readonly legalRepresentation: string | null;
  readonly privateEmail: string | null;
  readonly privateTelephone: string | null;
  readonly bankname: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly entryDate: string | null;
  readonly exitDate: string | null;
  readonly exitReason: string | null;
  readonly exited: boolean;
  readonly approvalDate: string | null;
  readonly interestBegin: string | null;
  readonly taxId: string | null;
  readonly manualTaxId: string | null;
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  readonly kiSt: string | null;
  readonly kiStSatz: string | null;
  readonly shareAmount: number;
  readonly shareTotalEUR: number;
  readonly cooperative: string;
}

/** A posting (balance) as the API answers it. */
export interface BalanceDto {
  readonly id: string;
  readonly member: string;
  readonly memberName: string;
  readonly memberNr: number | null;
  readonly type: number;
  readonly quantity: number;
  readonly amount: number;
  readonly shareCost: number | null;
  readonly date: string;
  readonly approvalDate: string | null;
  readonly interestBegin: string | null;
  readonly transferTo: string | null;
  readonly transferFrom: string | null;
  readonly transferPeer: string | null;
  readonly transferMemberNr: number | null;
  readonly annulPeer: string | null;
  readonly annulated: boolean;
  readonly cooperative: string;
}

export interface ShareVersion {
  readonly cdcAction: string;
  readonly cdcUser: string;
  readonly cdcTimestamp: string;
  readonly rueckpfleinzahlung: number;
  readonly interestEnd: string | null;
}

/** A row of the share register (one per posting). */
export interface ShareDto {
  readonly id: string;
  readonly member: string;
  readonly memberNr: number | null;
  readonly process: number;
  readonly shareAmount: number;
  readonly rueckpfleinzahlung: number;
  readonly admissionDate: string | null;
  readonly date: string;
  readonly interestBegin: string | null;
  readonly interestEnd: string | null;
  readonly cdcUser: string;
  readonly cdcAction: string;
  readonly cdcTimestamp: string;
  readonly versions: readonly ShareVersion[];
  readonly cooperative: string;
}

export interface DashboardDto {
  readonly memberCount: number;
  readonly memberExitCount: number;
  readonly balanceSum: number;
}

export interface MemberDashboardDto {
  readonly addressId: string;
  readonly balance: readonly BalanceDto[];
  /** The member's exemption orders, by start date ascending. */
  readonly exemptionOrder: readonly ExemptionOrderDto[];
  /** The member's non-assessment certificates, by start date ascending. */
  readonly nonAssessment: readonly NonAssessmentDto[];
  readonly sumBalance: number;
}

export interface FieldChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** One entry of `GET /members/{id}/history`. */
export interface MemberHistoryEntry {
  /** Global log position (a bigint as a string). */
  readonly position: string;
  readonly revision: number;
  readonly type: string;
  readonly timestamp: string;
  readonly user: string;
  readonly memberNr?: number;
  readonly changes?: readonly FieldChange[];
  readonly posting?: {
    readonly balanceId: string;
    readonly type: number;
    readonly quantity: number;
    readonly amount: number;
    readonly date: string;
    readonly approvalDate: string | null;
    readonly interestBegin: string | null;
    readonly transferTo: string | null;
    readonly transferFrom: string | null;
    readonly transferPeer: string | null;
    readonly annulPeer: string | null;
  };
  readonly exit?: { readonly exitDate: string; readonly reason: string; readonly balanceId: string } | null;
  readonly correction?: { readonly balanceId: string; readonly rueckpfleinzahlung: number; readonly interestEnd: string | null };
  readonly shareAmountAfter: number;
  readonly shareTotalAfter: number;
}

/** An exemption order (FSA) as the API answers it (docs/api.md "exemptionorders"). Amount in euro cents. */
export interface ExemptionOrderDto {
  readonly id: string;
  readonly member: string;
  /** The member's current display name ("Name, GivenName") and number. */
  readonly memberName: string;
  readonly memberNr: number | null;
  /** 0 initial, 1 follow-up. */
  readonly type: number;
  readonly joint: boolean;
  /** SPEC's `fsatyp`: `Einzelner` (single) or `Gemeinsamer` (joint), derived from `joint`. */
  readonly fsatyp: 'Einzelner' | 'Gemeinsamer';
  readonly spouse: string | null;
  readonly spouseName: string | null;
  readonly amount: number;
  readonly date: string;
  readonly startDate: string;
  readonly endDate: string | null;
  /** Derived at read time: active when there is no end date or it is not in the past. */
  readonly state: TaxPaperState;
  readonly cooperative: string;
}

/** A non-assessment certificate (NV) as the API answers it (docs/api.md "nonassessments"). */
export interface NonAssessmentDto {
  readonly id: string;
  readonly member: string;
  readonly memberName: string;
  readonly memberNr: number | null;
  /** 0, 60, 100 or -1 (DOMAIN.md 2.6). */
  readonly type: number;
  readonly orderNumber: string | null;
  readonly date: string;
  readonly taxAuthorities: string | null;
  readonly startDate: string;
  readonly endDate: string;
  /** true when the original is on file, else null. */
  readonly original: true | null;
  readonly state: TaxPaperState;
  readonly cooperative: string;
}

/** One entry of `GET /exemptionorders/{id}/history` and `GET /nonassessments/{id}/history`. */
export interface TaxPaperHistoryEntry {
  /** Global log position (a bigint as a string). */
  readonly position: string;
  readonly revision: number;
  /** `ExemptionOrderRecorded`, `ExemptionOrderCorrected`, `NonAssessmentRecorded`, `NonAssessmentCorrected`. */
  readonly type: string;
  readonly timestamp: string;
  readonly user: string;
  /** Every field set (recorded: from null) or changed (corrected). */
  readonly changes: readonly FieldChange[];
}
