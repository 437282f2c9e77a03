import type { DomainEvent } from '../events.js';
import type { ExemptionOrderType, NonAssessmentType } from '../tax-papers.js';

// ---------------------------------------------------------------------------------------------
// Exemption orders (Freistellungsauftrag, FSA): every order of a member on one stream
// `exemptionorders-<memberId>`, so the overlap rule sees all of them and concurrent writes on one
// member are serialised by the stream's expected revision.
// ---------------------------------------------------------------------------------------------

/** The fields a clerk enters. Amount in euro cents; business dates `YYYY-MM-DD`. */
export interface ExemptionOrderFields {
  readonly type: ExemptionOrderType;
  readonly joint: boolean;
  /**
   * A joint order: the spouse's member id when the spouse recorded in the member's master data is linked as a member,
   * else null (a spouse who is not a member is read from the member's master data). Null for a single order.
   */
  readonly spouse: string | null;
  readonly amount: number;
  readonly date: string;
  readonly startDate: string;
  readonly endDate: string | null;
}

export type ExemptionOrderRecorded = DomainEvent<
  'ExemptionOrderRecorded',
  { exemptionOrderId: string; memberId: string; cooperativeId: string } & ExemptionOrderFields
>;

/** A correction: carries only the fields that changed, flat; a field set to null was cleared. */
export type ExemptionOrderCorrected = DomainEvent<
  'ExemptionOrderCorrected',
  { exemptionOrderId: string; memberId: string } & Partial<ExemptionOrderFields>
>;

export type ExemptionOrderEvent = ExemptionOrderRecorded | ExemptionOrderCorrected;

export const exemptionOrdersStream = (memberId: string): string => `exemptionorders-${memberId}`;

// ---------------------------------------------------------------------------------------------
// Non-assessment certificates (NV-Bescheinigung): every certificate of a member on one stream
// `nonassessments-<memberId>`, for the same reason.
// ---------------------------------------------------------------------------------------------

export interface NonAssessmentFields {
  readonly type: NonAssessmentType;
  /** The certificate's number (tax and list number). */
  readonly orderNumber: string;
  /** Issue date. */
  readonly date: string;
  /** The issuing tax office. */
  readonly taxAuthorities: string;
  readonly startDate: string;
  readonly endDate: string;
  /** The original is on file: true, or null when missing. */
  readonly original: true | null;
}

export type NonAssessmentRecorded = DomainEvent<
  'NonAssessmentRecorded',
  { nonAssessmentId: string; memberId: string; cooperativeId: string } & NonAssessmentFields
>;

/** A correction: carries only the fields that changed, flat. */
export type NonAssessmentCorrected = DomainEvent<
  'NonAssessmentCorrected',
  { nonAssessmentId: string; memberId: string } & Partial<NonAssessmentFields>
>;

export type NonAssessmentEvent = NonAssessmentRecorded | NonAssessmentCorrected;

export const nonAssessmentsStream = (memberId: string): string => `nonassessments-${memberId}`;

/**
 * Personal data in the tax paper events, sealed under the member's key (`member-<memberId>`, the same
 * subject as the member's master data): the spouse link of a joint order, and the certificate's number
 * and issuing tax office. Amounts, dates and types stay readable: the cooperative must keep them
 * (§ 44a Abs. 3 EStG, FSAK reports) after the member's personal data is erased.
 */
export const EXEMPTION_ORDER_PERSONAL_FIELDS = ['spouse'] as const satisfies readonly (keyof ExemptionOrderFields)[];
export const NON_ASSESSMENT_PERSONAL_FIELDS = [
  'orderNumber',
  'taxAuthorities',
] as const satisfies readonly (keyof NonAssessmentFields)[];
