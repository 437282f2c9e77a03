import { expect } from '@jest/globals';
import { ValidationError, type ExemptionOrderEvent, type ExemptionOrderFields } from '@coop/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import {
  exemptionOrderDecider,
  type ExemptionOrderCommand,
  type ExemptionOrderInput,
} from '../domain/exemption-order.decider.js';
import type { TaxPaperHolder } from '../domain/tax-paper-rules.js';

/** The exemption order decider's specs share the holders, the commands and the recorded events. */
export const spec = deciderSpec(exemptionOrderDecider);

export const ID = 'fsa-1';
export const OTHER = 'fsa-0';
export const MEMBER = 'member-1';
export const SPOUSE = 'member-2';
export const COOP = 'coop-1';
export const TODAY = '2025-06-15';

/** A married natural person resident in Germany, the spouse linked as member SPOUSE. */
export const PERSON: TaxPaperHolder = { legalForm: 0, nonResident: false, spouseRecorded: true, linkedSpouse: SPOUSE };
/** Married to a spouse who is not a member (recorded by name in the master data). */
export const MARRIED_TO_NON_MEMBER: TaxPaperHolder = { ...PERSON, linkedSpouse: null };
export const UNMARRIED: TaxPaperHolder = { ...PERSON, spouseRecorded: false, linkedSpouse: null };
export const LEGAL_ENTITY: TaxPaperHolder = {
  legalForm: 1,
  nonResident: false,
  spouseRecorded: false,
  linkedSpouse: null,
};
export const ABROAD: TaxPaperHolder = { ...PERSON, nonResident: true };

export const input = (overrides: Partial<ExemptionOrderInput> = {}): ExemptionOrderInput => ({
  type: 0,
  joint: false,
  spouse: null,
  amount: 50_000,
  date: '2024-12-20',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  ...overrides,
});

export const record = (
  overrides: Partial<ExemptionOrderInput> = {},
  extra: Partial<Extract<ExemptionOrderCommand, { type: 'RecordExemptionOrder' }>> = {},
): ExemptionOrderCommand => ({
  type: 'RecordExemptionOrder',
  exemptionOrderId: ID,
  memberId: MEMBER,
  cooperativeId: COOP,
  input: input(overrides),
  holder: PERSON,
  spouseJointOrders: [],
  today: TODAY,
  ...extra,
});

export const correct = (
  overrides: Partial<ExemptionOrderInput> = {},
  extra: Partial<Extract<ExemptionOrderCommand, { type: 'CorrectExemptionOrder' }>> = {},
): ExemptionOrderCommand => ({
  type: 'CorrectExemptionOrder',
  exemptionOrderId: ID,
  memberId: MEMBER,
  cooperativeId: COOP,
  requestedMember: null,
  input: input(overrides),
  holder: PERSON,
  spouseJointOrders: [],
  today: TODAY,
  ...extra,
});

export const fields = (overrides: Partial<ExemptionOrderFields> = {}): ExemptionOrderFields => ({
  type: 0,
  joint: false,
  spouse: null,
  amount: 50_000,
  date: '2024-12-20',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  ...overrides,
});

export const recorded = (id = ID, overrides: Partial<ExemptionOrderFields> = {}): ExemptionOrderEvent => ({
  type: 'ExemptionOrderRecorded',
  data: { exemptionOrderId: id, memberId: MEMBER, cooperativeId: COOP, ...fields(overrides) },
});

export const refuses = (command: ExemptionOrderCommand, errors: unknown[], given: ExemptionOrderEvent[] = []): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};
