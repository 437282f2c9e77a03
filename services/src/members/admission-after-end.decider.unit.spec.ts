import { describe, expect, it } from '@jest/globals';
import { ValidationError, type FieldError, type MemberEvent, type MemberMasterData } from '@coop/contracts';
import { COOP, err, M, member, personMaster, posted } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { memberMasterDecider, type MasterDataCommand } from './domain/member-master.decider.js';

/**
 * Decision 368: the day a membership began (§ 15 GenG: the later of declaration and admission) is not moved after an
 * end recorded for the member (PUT /members/{id}): the member declared on 01.06.2025 and admitted on 05.06.2025 gave
 * notice on 30.09.2025 and left on 31.12.2025.
 */
const spec = deciderSpec(memberMasterDecider);
const change = (master: Partial<MemberMasterData>): MasterDataCommand => ({
  type: 'ChangeMemberData',
  memberId: M,
  cooperativeId: COOP,
  master: { ...personMaster, ...master },
});
const refuses = (given: readonly MemberEvent[], command: MasterDataCommand, errors: FieldError[]): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

// A notice of 30.09.2025 ending the membership on 31.12.2025 (the events the share ledger records; members' own spec).
const left: MemberEvent[] = [
  ...member,
  {
    type: 'MembershipEndNoticed',
    data: {
      memberId: M,
      balanceId: 'b-new',
      reason: 'exit',
      noticeDate: '2025-09-30',
      effectiveDate: '2025-12-31',
      dispatchDate: null,
      noticePeriodMonths: 3,
      extraordinaryReason: null,
    },
  },
  posted('b-new', 8, 3, { date: '2025-12-31' }),
  { type: 'MemberExited', data: { memberId: M, exitDate: '2025-12-31', reason: 'exit', balanceId: 'b-new' } },
];
const changed = (data: Record<string, unknown>): MemberEvent[] =>
  [{ type: 'MemberDataChanged', data: { memberId: M, ...data } }] as MemberEvent[];

describe('member master decider: the admission is not moved after an end', () => {
  it('refuses an approval date after the exit, naming the notice of the end', () => {
    refuses(left, change({ approvalDate: '2026-01-10' }), [err('approvalDate', 'admissionAfterEnd', '2025-09-30')]);
    refuses(left, change({ approvalDate: '2025-10-01' }), [err('approvalDate', 'admissionAfterEnd', '2025-09-30')]);
  });

  it('refuses an entry date moved after the end (on the entry date when it is the later day)', () => {
    refuses(left, change({ entryDate: '2026-02-01', approvalDate: '2026-01-15' }), [
      err('entryDate', 'admissionAfterEnd', '2025-09-30'),
    ]);
  });

  it('refuses an admission after a standing partial termination, naming its notice', () => {
    const partial = [...member, posted('b2', 2, 1, { date: '2026-12-31', noticeDate: '2025-08-01' })];
    refuses(partial, change({ approvalDate: '2025-08-15' }), [err('approvalDate', 'admissionAfterEnd', '2025-08-01')]);
  });

  it('takes an admission moved up to the day of the end, and any change that keeps the day of joining', () => {
    spec
      .given(left)
      .when(change({ approvalDate: '2025-09-30' }))
      .then(changed({ approvalDate: '2025-09-30' }));
    spec
      .given(left)
      .when(change({ city: 'Berlin' }))
      .then(changed({ city: 'Berlin' }));
  });
});
