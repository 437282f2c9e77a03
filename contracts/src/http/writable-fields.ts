import type { CooperativeFields } from './cooperatives.js';
import type { ElmaNumberWrite } from './elma-numbers.js';
import type { ExemptionOrderRecord, NonAssessmentRecord } from './tax-papers.js';
import type { UserWrite } from './users.js';

/**
 * The fields a client sends per endpoint: the properties of the endpoint's request class (a test holds each list to
 * its class), for a console that sends only these and shows a field error on its form field. The members and
 * share-ledger lists join when their bodies are classes.
 */
export const WRITABLE_FIELDS = {
  users: ['username', 'password', 'passwordRepeat', 'roles'] as const satisfies readonly (keyof UserWrite)[],
  cooperatives: [
    'name', 'fullName', 'address', 'zip', 'city', 'email', 'contactPerson', 'url', 'taxId', 'bankname', 'iban', 'bic', 'balanceCost', 'minimumShares',
  ] as const satisfies readonly (keyof CooperativeFields)[],
  elmanumbers: ['elmaProcess', 'elmaNumber'] as const satisfies readonly (keyof ElmaNumberWrite)[],
  exemptionorders: ['member', 'type', 'joint', 'spouse', 'amount', 'date', 'startDate', 'endDate'] as const satisfies readonly (keyof ExemptionOrderRecord)[],
  nonassessments: [
    'member', 'type', 'orderNumber', 'date', 'taxAuthorities', 'startDate', 'endDate', 'original',
  ] as const satisfies readonly (keyof NonAssessmentRecord)[],
};
