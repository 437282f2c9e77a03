import type { CooperativeFields } from './http/cooperatives.js';
import type { ElmaNumberWrite } from './http/elma-numbers.js';
import type { MemberAdmission } from './http/member-requests.js';
import type { PostingRequest, ShareCorrection } from './http/postings.js';
import type { ExemptionOrderRecord, NonAssessmentRecord } from './http/tax-papers.js';
import type { UserWrite } from './http/users.js';

/**
 * The fields a client may send per resource (docs/api.md): the console sends only these, and a server error on a
 * field outside them is shown as a general error, because no form shows it. Read-only fields of a record (id,
 * createdAt, cooperative, …) are never sent back. Each list is checked against the resource's request class, so a renamed
 * field fails the build, and `writable-fields.unit.spec.ts` holds each list to exactly that class's fields. Plain constants: the console imports them through `@coop/contracts/console`.
 */
export const WRITABLE_FIELDS = {
  users: [
    'username',
    'password',
    'passwordRepeat',
    'roles',
    // The name and roles as the form read it: a change made meanwhile is refused, not overwritten.
    'masterTag',
  ] satisfies readonly (keyof UserWrite)[],
  cooperatives: [
    'name',
    'fullName',
    'address',
    'zip',
    'city',
    'email',
    'contactPerson',
    'url',
    'taxId',
    'taxOffice',
    'bankname',
    'iban',
    'bic',
    'balanceCost',
    'minimumShares',
    'noticePeriodMonths',
    'retentionYears',
    'sessionIdleMinutes',
    'interestBeginRule',
    'dividendMethod',
    'dayCount',
    'dividendRounding',
    'taxRounding',
    'raiseOldExemptionOrders',
    'heirsTaxedFromDeath',
    'allowTestTaxIds',
    'liabilityPerShare',
    // The master data as the form read it: a change made meanwhile is refused, not overwritten.
    'masterTag',
  ] satisfies readonly (keyof CooperativeFields)[],
  elmanumbers: [
    'elmaProcess',
    'elmaNumber',
    // The number as the form read it: a change made meanwhile is refused, not overwritten.
    'masterTag',
  ] satisfies readonly (keyof ElmaNumberWrite)[],
  /** Master data (SPEC 3 "Member"); on create also the initial subscription: shareAmount, paid, approvalDate, interestBegin (`PUT` drops memberNr, shareAmount and paid). */
  members: [
    'memberNr',
    'memberType',
    'position',
    'salutation',
    'postalSalutation',
    'title',
    'givenName',
    'name',
    'birthName',
    'birthDate',
    'legalForm',
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
    'isForeign',
    'legalRepresentation',
    'privateEmail',
    'privateTelephone',
    'bankname',
    'accountHolder',
    'iban',
    'bic',
    'entryDate',
    'approvalDate',
    'interestBegin',
    'manualTaxId',
    'churchId',
    'churchTaxRate',
    'kiSt',
    'kiStSatz',
    'shareAmount',
    'confirmWarnings',
    // The initial subscription paid in part (issue 45).
    'paid',
    // The master data as the form read it: a change made meanwhile is refused, not overwritten.
    'masterTag',
  ] satisfies readonly (keyof MemberAdmission)[],
  balances: [
    'member',
    'type',
    'quantity',
    'date',
    'approvalDate',
    'interestBegin',
    'transferTo',
    'annulPeer',
    'noticeDate',
    'dispatchDate',
    'extraordinaryReason',
    'confirmWarnings',
    // Additional shares paid in part (issue 45).
    'paid',
  ] satisfies readonly (keyof PostingRequest)[],
  /** The share register: only the payment fields are corrected (a correction event; history is kept). */
  shares: [
    'rueckpfleinzahlung',
    'interestEnd',
    'expectedRueckpfleinzahlung',
  ] satisfies readonly (keyof ShareCorrection)[],
  /** Exemption orders: the whole order on POST and PUT; `spouse` only on joint orders (if sent, the spouse linked in the member's master data). */
  exemptionorders: [
    'member',
    'type',
    'joint',
    'spouse',
    'amount',
    'date',
    'startDate',
    'endDate',
    // The order as the form read it: a change made meanwhile is refused, not overwritten.
    'masterTag',
  ] satisfies readonly (keyof ExemptionOrderRecord)[],
  /** Non-assessment certificates: `original` true or null. */
  nonassessments: [
    'member',
    'type',
    'orderNumber',
    'date',
    'taxAuthorities',
    'startDate',
    'endDate',
    'original',
    // The certificate as the form read it: a change made meanwhile is refused, not overwritten.
    'masterTag',
  ] satisfies readonly (keyof NonAssessmentRecord)[],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** A resource (the API path's first segment) whose writable fields are listed. */
export type WritableResource = keyof typeof WRITABLE_FIELDS;
