import { describe, expect, it } from '@jest/globals';
import { ValidationError, type MemberEvent } from '@coop/contracts';
import { admitted, COOP, err, M, personMaster, subscribed, terms } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { memberMasterDecider, type AdmitMember } from './domain/member-master.decider.js';

const spec = deciderSpec(memberMasterDecider);
const admit = (paid: number | null): AdmitMember => ({
  type: 'AdmitMember',
  memberId: M,
  cooperativeId: COOP,
  memberNr: 1,
  master: personMaster,
  shareAmount: 3,
  balanceId: 'b0',
  terms,
  paid,
});

describe('AdmitMember: the initial subscription paid in part (issue 45)', () => {
  it('puts what was paid on the subscription; without it, the subscription is paid in full as before', () => {
    spec
      .given([])
      .when(admit(2_500))
      .then([
        admitted(),
        { ...subscribed(3), data: { ...(subscribed(3).data as object), paid: 2_500 } } as MemberEvent,
      ]);
    spec
      .given([])
      .when(admit(0))
      .then([admitted(), { ...subscribed(3), data: { ...(subscribed(3).data as object), paid: 0 } } as MemberEvent]);
    spec
      .given([])
      .when(admit(null))
      .then([admitted(), subscribed(3)]);
  });

  it('refuses more than the amount (3 × 250 €) and less than nothing', () => {
    spec
      .given([])
      .when(admit(75_001))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([err('paid', 'mustBeAtMost', '750,00')]));
    spec
      .given([])
      .when(admit(-1))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([err('paid', 'mustBeAtLeast', '0,00')]));
  });
});
