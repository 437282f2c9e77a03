import { describe, expect, it } from '@jest/globals';
import { UnconfirmedWarnings, ValidationError, type MemberMasterData } from '@coop/contracts';
import { admitted, COOP, M, personMaster, subscribed, terms } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { memberMasterDecider, type MasterDataCommand } from './domain/member-master.decider.js';
import { membershipWarnings } from './domain/plausibility.js';

/** Plausibility of a member's dates (issue 22 "Safety nets"): warnings the clerk confirms, decided on the member stream. */
const spec = deciderSpec(memberMasterDecider);
const TODAY = '2025-06-20';
const dates = { entryDate: '2025-06-01', approvalDate: '2025-06-05', interestBegin: '2025-07-01' };

const admit = (master: Partial<MemberMasterData>, confirmed = false, shareAmount = 3): MasterDataCommand => ({
  type: 'AdmitMember',
  memberId: M,
  cooperativeId: COOP,
  memberNr: 1,
  master: { ...personMaster, ...master },
  shareAmount,
  balanceId: 'b0',
  terms,
  plausibility: { today: TODAY, confirmed },
});

const change = (master: Partial<MemberMasterData>, confirmed = false): MasterDataCommand => ({
  type: 'ChangeMemberData',
  memberId: M,
  cooperativeId: COOP,
  master: { ...personMaster, ...master },
  plausibility: { today: TODAY, confirmed },
});

describe('membership warnings', () => {
  it('has none for dates in order up to today', () => expect(membershipWarnings(dates, TODAY)).toEqual([]));
  it('warns of an entry date after today', () => {
    expect(
      membershipWarnings(
        { ...dates, entryDate: '2025-06-21', approvalDate: '2025-06-21', interestBegin: '2025-07-01' },
        TODAY,
      ),
    ).toEqual([
      { field: 'entryDate', template: 'dateInFuture', parameters: { 0: '2025-06-21' } },
      { field: 'approvalDate', template: 'dateInFuture', parameters: { 0: '2025-06-21' } },
    ]);
  });
  it('takes today itself as no future', () =>
    expect(membershipWarnings({ ...dates, entryDate: TODAY, approvalDate: TODAY }, TODAY)).toEqual([]));
  it('warns of an approval before the declaration (the entry date)', () => {
    expect(membershipWarnings({ ...dates, approvalDate: '2025-05-31' }, TODAY)).toEqual([
      { field: 'approvalDate', template: 'approvalBeforeDeclaration', parameters: { 0: '2025-06-01' } },
    ]);
  });
  it('warns of an interest begin before the entry', () => {
    expect(membershipWarnings({ ...dates, interestBegin: '2025-05-01' }, TODAY)).toEqual([
      { field: 'interestBegin', template: 'interestBeginBeforeEntry', parameters: { 0: '2025-06-01' } },
    ]);
  });
  it('has nothing to say of empty approval date and interest begin (a member changed later)', () => {
    expect(membershipWarnings({ ...dates, approvalDate: null, interestBegin: null }, TODAY)).toEqual([]);
  });
});

describe('member master decider: the warnings need a confirmation', () => {
  it('refuses an admission with a future entry date unless confirmed, recording nothing', () => {
    spec
      .given([])
      .when(admit({ entryDate: '2025-07-01', approvalDate: '2025-07-01', interestBegin: '2025-08-01' }))
      .thenThrows(UnconfirmedWarnings, (e) =>
        expect(e.warnings.map((w) => `${w.field} ${w.template}`)).toEqual([
          'entryDate dateInFuture',
          'approvalDate dateInFuture',
        ]),
      );
  });

  it('admits the same member once the warnings are confirmed', () => {
    const events = memberMasterDecider.decide(
      admit({ entryDate: '2025-07-01', approvalDate: '2025-07-01', interestBegin: '2025-08-01' }, true),
      memberMasterDecider.initialState(),
    );
    expect(events.map((e) => e.type)).toEqual(['MemberAdmitted', 'SharesPosted']);
  });

  it('answers the errors before the warnings', () => {
    spec
      .given([])
      .when(admit({ entryDate: '2025-07-01' }, false, 0))
      .thenThrows(ValidationError);
  });

  it('admits without asking when the dates are plausible', () => {
    spec
      .given([])
      .when(admit(dates))
      .then([admitted(), subscribed(3)]);
  });

  it('asks on a change that brings a warning (approval moved before the entry)', () => {
    spec
      .given([admitted(), subscribed(3)])
      .when(change({ approvalDate: '2025-05-20' }))
      .thenThrows(UnconfirmedWarnings, (e) =>
        expect(e.warnings).toEqual([
          { field: 'approvalDate', template: 'approvalBeforeDeclaration', parameters: { 0: '2025-06-01' } },
        ]),
      );
    spec
      .given([admitted(), subscribed(3)])
      .when(change({ approvalDate: '2025-05-20' }, true))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, approvalDate: '2025-05-20' } }]);
  });

  it('does not ask again for a warning the record had already (the address changes)', () => {
    const known = admitted({ approvalDate: '2025-05-20' });
    spec
      .given([known, subscribed(3)])
      .when(change({ approvalDate: '2025-05-20', city: 'Kassel' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, city: 'Kassel' } }]);
  });
});
