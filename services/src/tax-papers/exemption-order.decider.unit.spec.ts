import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError } from '@coop/contracts';
import {
  spec,
  ID,
  OTHER,
  MEMBER,
  SPOUSE,
  MARRIED_TO_NON_MEMBER,
  UNMARRIED,
  LEGAL_ENTITY,
  ABROAD,
  record,
  recorded,
  refuses,
} from './testing/exemption-orders.js';

// CorrectExemptionOrder is in exemption-order-correction.decider.unit.spec.ts.
describe('exemption order decider: RecordExemptionOrder', () => {
  it('records a single order', () => {
    spec.given([]).when(record()).then([recorded()]);
  });

  it('records a joint order with its spouse and an open end', () => {
    spec
      .given([])
      .when(record({ joint: true, spouse: SPOUSE, type: 1, amount: 150_000, endDate: null }))
      .then([recorded(ID, { type: 1, joint: true, spouse: SPOUSE, amount: 150_000, endDate: null })]);
  });

  it('reports a missing member with the other errors of the order, the member first', () => {
    refuses(record({ joint: true, endDate: '2024-12-31' }, { memberId: '', holder: null }), [
      fieldError('member', 'mustNotBeEmpty'),
      fieldError('endDate', 'endDateMustBeAfterStartDate'),
    ]);
  });

  it("answers an unknown member (or another cooperative's) as NotFoundError", () => {
    spec
      .given([])
      .when(record({}, { holder: null }))
      .thenThrows(NotFoundError, (e) => expect([e.entity, e.id]).toEqual(['Member', MEMBER]));
  });

  it('a single order has no spouse: mustBeEmpty', () => {
    refuses(record({ joint: false, spouse: SPOUSE }), [fieldError('spouse', 'mustBeEmpty')]);
  });
  it('the end date must be after the start date: endDateMustBeAfterStartDate', () => {
    refuses(record({ startDate: '2025-01-01', endDate: '2025-01-01' }), [
      fieldError('endDate', 'endDateMustBeAfterStartDate'),
    ]);
    refuses(record({ startDate: '2025-01-01', endDate: '2024-12-31' }), [
      fieldError('endDate', 'endDateMustBeAfterStartDate'),
    ]);
  });

  it('the range is at most 3 years: dateRangeExceeds {0: 3}', () => {
    spec
      .given([])
      .when(record({ startDate: '2023-01-01', endDate: '2025-12-31', amount: 80_100 }))
      .then([recorded(ID, { startDate: '2023-01-01', endDate: '2025-12-31', amount: 80_100 })]);
    refuses(record({ startDate: '2023-01-01', endDate: '2026-01-01' }), [
      fieldError('endDate', 'dateRangeExceeds', '3'),
    ]);
  });

  it('start years 2008 to the current year: yearOutOfRange {0: 2008, 1: 2025}', () => {
    refuses(record({ startDate: '2007-12-31', endDate: '2008-01-31', amount: 1000 }), [
      fieldError('startDate', 'yearOutOfRange', '2008', '2025'),
    ]);
    refuses(record({ startDate: '2026-01-01', endDate: null }), [
      fieldError('startDate', 'yearOutOfRange', '2008', '2025'),
    ]);
    spec
      .given([])
      .when(record({ startDate: '2008-01-01', endDate: '2008-12-31', amount: 1000 }))
      .then([recorded(ID, { startDate: '2008-01-01', endDate: '2008-12-31', amount: 1000 })]);
  });

  it('end years up to 3 years ahead (2028): implied by the start year and the 3-year range', () => {
    refuses(record({ startDate: '2025-12-01', endDate: '2029-01-01' }), [
      fieldError('endDate', 'dateRangeExceeds', '3'),
    ]);
    spec
      .given([])
      .when(record({ startDate: '2025-12-01', endDate: '2028-11-30' }))
      .then([recorded(ID, { startDate: '2025-12-01', endDate: '2028-11-30' })]);
  });

  it.each([
    ['single up to 2022: 801 €', false, '2022-01-01', '2022-12-31', 80_100, '801,00', '2022'],
    ['joint up to 2022: 1.602 €', true, '2022-01-01', '2022-12-31', 160_200, '1.602,00', '2022'],
    ['single from 2023: 1.000 €', false, '2023-01-01', '2023-12-31', 100_000, '1.000,00', '2023'],
    ['joint from 2023: 2.000 €', true, '2023-01-01', null, 200_000, '2.000,00', '2023'],
    ['spanning 2022 and 2023: the lower 2022 figure', false, '2022-06-01', '2023-05-31', 80_100, '801,00', '2022'],
    ['open-ended from 2021: the 2021 figure', true, '2021-01-01', null, 160_200, '1.602,00', '2021'],
  ] as const)(
    "the amount within the saver's allowance, %s",
    (_label, joint, startDate, endDate, limit, shown, year) => {
      const spouse = joint ? SPOUSE : null;
      spec
        .given([])
        .when(record({ joint, spouse, startDate, endDate, amount: limit }))
        .then([recorded(ID, { joint, spouse, startDate, endDate, amount: limit })]);
      refuses(record({ joint, spouse, startDate, endDate, amount: limit + 1 }), [
        fieldError('amount', 'amountExceedsAllowance', shown, year),
      ]);
    },
  );

  it('no overlap with another order of the member: conflictExemptionOrder {0: the other id}', () => {
    const given = [recorded(OTHER, { startDate: '2024-01-01', endDate: '2024-12-31' })];
    refuses(
      record({ startDate: '2024-12-31', endDate: null }),
      [fieldError(null, 'conflictExemptionOrder', OTHER)],
      given,
    );
    refuses(
      record({ startDate: '2023-01-01', endDate: '2024-01-01', amount: 80_100 }),
      [fieldError(null, 'conflictExemptionOrder', OTHER)],
      given,
    );
    spec
      .given(given)
      .when(record({ startDate: '2025-01-01', endDate: null }))
      .then([recorded(ID, { startDate: '2025-01-01', endDate: null })]);
  });

  it('an open-ended order conflicts with every later one', () => {
    refuses(
      record({ startDate: '2025-01-01', endDate: '2025-12-31' }),
      [fieldError(null, 'conflictExemptionOrder', OTHER)],
      [recorded(OTHER, { startDate: '2020-01-01', endDate: null })],
    );
  });

  it('refuses to record the same id twice', () => {
    refuses(
      record({ startDate: '2019-01-01', endDate: '2019-12-31' }),
      [fieldError(null, 'invalidChoice', ID)],
      [recorded()],
    );
  });
});

describe('exemption order decider: who may give an order (issue 22, DOMAIN.md 2.6-2.8)', () => {
  it('refuses a legal entity: exemptionOrderNotForLegalEntity on member', () => {
    refuses(record({}, { holder: LEGAL_ENTITY }), [fieldError('member', 'exemptionOrderNotForLegalEntity')]);
    refuses(record({ joint: true }, { holder: LEGAL_ENTITY }), [
      fieldError('member', 'exemptionOrderNotForLegalEntity'),
    ]);
  });

  it('refuses a member living abroad: exemptionOrderNotForNonResident on member', () => {
    refuses(record({}, { holder: ABROAD }), [fieldError('member', 'exemptionOrderNotForNonResident')]);
  });

  it("reports the refusal with the order's other errors", () => {
    refuses(record({ endDate: '2024-12-31' }, { holder: ABROAD }), [
      fieldError('member', 'exemptionOrderNotForNonResident'),
      fieldError('endDate', 'endDateMustBeAfterStartDate'),
    ]);
  });

  it('a joint order needs a spouse recorded in the master data: jointOrderNeedsSpouse on joint', () => {
    refuses(record({ joint: true, amount: 150_000 }, { holder: UNMARRIED }), [
      fieldError('joint', 'jointOrderNeedsSpouse'),
    ]);
  });

  it('records a joint order with a spouse who is not a member: no spouse link on the order', () => {
    spec
      .given([])
      .when(record({ joint: true, amount: 150_000 }, { holder: MARRIED_TO_NON_MEMBER }))
      .then([recorded(ID, { joint: true, spouse: null, amount: 150_000 })]);
  });

  it('records the linked spouse on a joint order even when the request names none', () => {
    spec
      .given([])
      .when(record({ joint: true, spouse: null, amount: 150_000 }))
      .then([recorded(ID, { joint: true, spouse: SPOUSE, amount: 150_000 })]);
  });

  it('a spouse named by the request must be the member linked in the master data: invalidChoice', () => {
    refuses(record({ joint: true, spouse: 'member-3' }), [fieldError('spouse', 'invalidChoice', 'member-3')]);
    refuses(record({ joint: true, spouse: SPOUSE }, { holder: MARRIED_TO_NON_MEMBER }), [
      fieldError('spouse', 'invalidChoice', SPOUSE),
    ]);
  });

  it('refuses a joint order overlapping a joint order of the linked spouse, naming the spouse: jointOrderOfSpouseOverlaps', () => {
    const theirs = [
      { exemptionOrderId: 'fsa-9', spouse: '1002 Berger, Bernd', startDate: '2024-01-01', endDate: null },
    ];
    refuses(record({ joint: true, amount: 150_000 }, { spouseJointOrders: theirs }), [
      fieldError(null, 'jointOrderOfSpouseOverlaps', '1002 Berger, Bernd', 'fsa-9'),
    ]);
  });

  it("accepts a joint order beside the linked spouse's joint order of other years", () => {
    const theirs = [
      { exemptionOrderId: 'fsa-9', spouse: '1002 Berger, Bernd', startDate: '2022-01-01', endDate: '2024-12-31' },
    ];
    spec
      .given([])
      .when(record({ joint: true, amount: 150_000 }, { spouseJointOrders: theirs }))
      .then([recorded(ID, { joint: true, spouse: SPOUSE, amount: 150_000 })]);
  });

  it("a single order is not held against the spouse's joint orders", () => {
    const theirs = [
      { exemptionOrderId: 'fsa-9', spouse: '1002 Berger, Bernd', startDate: '2024-01-01', endDate: null },
    ];
    spec
      .given([])
      .when(record({}, { spouseJointOrders: theirs }))
      .then([recorded()]);
  });

  it('accepts an order whatever the tax ids: a missing one is a warning of the answer, not a refusal', () => {
    // The decider takes no tax id at all: the holder carries none (the view derives the warning).
    spec
      .given([])
      .when(record({ joint: true, amount: 150_000 }, { holder: MARRIED_TO_NON_MEMBER }))
      .then([recorded(ID, { joint: true, amount: 150_000 })]);
  });
});
