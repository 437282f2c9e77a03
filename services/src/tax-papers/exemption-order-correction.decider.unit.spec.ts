import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError, type ExemptionOrderEvent } from '@coop/contracts';
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
  correct,
  recorded,
  refuses,
} from './testing/exemption-orders.js';

describe('exemption order decider: CorrectExemptionOrder', () => {
  it('records only the changed fields', () => {
    spec
      .given([recorded()])
      .when(correct({ amount: 70_000, endDate: null }))
      .then([
        {
          type: 'ExemptionOrderCorrected',
          data: { exemptionOrderId: ID, memberId: MEMBER, amount: 70_000, endDate: null },
        },
      ]);
  });

  it('records nothing when nothing changed', () => {
    spec.given([recorded()]).when(correct()).then([]);
  });

  it('compares with the latest correction', () => {
    const corrected: ExemptionOrderEvent = {
      type: 'ExemptionOrderCorrected',
      data: { exemptionOrderId: ID, memberId: MEMBER, amount: 70_000 },
    };
    spec
      .given([recorded(), corrected])
      .when(correct({ amount: 70_000 }))
      .then([]);
  });

  it("does not conflict with itself, but with the member's other orders", () => {
    spec
      .given([recorded()])
      .when(correct({ startDate: '2025-02-01' }))
      .then([
        { type: 'ExemptionOrderCorrected', data: { exemptionOrderId: ID, memberId: MEMBER, startDate: '2025-02-01' } },
      ]);
    refuses(
      correct({ endDate: null }),
      [fieldError(null, 'conflictExemptionOrder', OTHER)],
      [recorded(), recorded(OTHER, { startDate: '2026-01-01', endDate: null })],
    );
  });

  it('validates the corrected order with the same rules', () => {
    refuses(
      correct({ joint: true }, { holder: UNMARRIED }),
      [fieldError('joint', 'jointOrderNeedsSpouse')],
      [recorded()],
    );
    refuses(
      correct({ amount: 60_000 }, { holder: LEGAL_ENTITY }),
      [fieldError('member', 'exemptionOrderNotForLegalEntity')],
      [recorded()],
    );
  });

  it('lets the order of a member who moved abroad (or whose spouse is no longer recorded) be ended', () => {
    const joint = recorded(ID, { joint: true, spouse: SPOUSE, endDate: null });
    spec
      .given([joint])
      .when(correct({ joint: true, endDate: '2025-12-31' }, { holder: { ...UNMARRIED, nonResident: true } }))
      .then([
        { type: 'ExemptionOrderCorrected', data: { exemptionOrderId: ID, memberId: MEMBER, endDate: '2025-12-31' } },
      ]);
    refuses(
      correct({ joint: true, endDate: '2025-12-31', amount: 40_000 }, { holder: ABROAD }),
      [fieldError('member', 'exemptionOrderNotForNonResident')],
      [joint],
    );
  });

  it('a correction takes the spouse now linked in the master data', () => {
    spec
      .given([recorded(ID, { joint: true, spouse: SPOUSE, amount: 100_000 })])
      .when(correct({ joint: true, amount: 120_000 }, { holder: MARRIED_TO_NON_MEMBER }))
      .then([
        {
          type: 'ExemptionOrderCorrected',
          data: { exemptionOrderId: ID, memberId: MEMBER, spouse: null, amount: 120_000 },
        },
      ]);
  });

  it("extending a joint order's end is checked against the linked spouse's joint orders", () => {
    const theirs = [
      { exemptionOrderId: 'fsa-9', spouse: '1002 Berger, Bernd', startDate: '2026-01-01', endDate: null },
    ];
    refuses(
      correct({ joint: true, endDate: null }, { spouseJointOrders: theirs }),
      [fieldError(null, 'jointOrderOfSpouseOverlaps', '1002 Berger, Bernd', 'fsa-9')],
      [recorded(ID, { joint: true, spouse: SPOUSE })],
    );
  });

  it('does not re-check an unchanged start date against the year choices', () => {
    const old = recorded(ID, { startDate: '2007-01-01', endDate: '2007-12-31', amount: 1000 });
    spec
      .given([old])
      .when(correct({ startDate: '2007-01-01', endDate: '2007-12-31', amount: 2000 }))
      .then([{ type: 'ExemptionOrderCorrected', data: { exemptionOrderId: ID, memberId: MEMBER, amount: 2000 } }]);
  });

  it('an order never moves to another member: invalidChoice on member', () => {
    refuses(correct({}, { requestedMember: SPOUSE }), [fieldError('member', 'invalidChoice', SPOUSE)], [recorded()]);
    spec
      .given([recorded()])
      .when(correct({}, { requestedMember: MEMBER }))
      .then([]);
  });

  it("answers an unknown order, or another cooperative's, as NotFoundError", () => {
    spec
      .given([])
      .when(correct())
      .thenThrows(NotFoundError, (e) => expect([e.entity, e.id]).toEqual(['Exemption order', ID]));
    spec
      .given([recorded(OTHER)])
      .when(correct())
      .thenThrows(NotFoundError);
    spec
      .given([recorded()])
      .when(correct({}, { cooperativeId: 'coop-2' }))
      .thenThrows(NotFoundError);
  });
});
