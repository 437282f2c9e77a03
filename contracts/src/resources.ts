import type { ExemptionOrderDto, FieldChange, NonAssessmentDto } from './http/tax-papers.js';

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
