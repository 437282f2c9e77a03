import { describe, expect, it } from '@jest/globals';
import {
  NotFoundError,
  ValidationError,
  type FieldError,
  type MemberEvent,
  type MemberMasterData,
} from '@coop/contracts';
import {
  admitted,
  COOP,
  err,
  exited,
  M,
  member,
  OTHER_COOP,
  personMaster,
  posted,
  subscribed,
  terms,
} from '../kernel/testing/member-events.js';
import { closedThroughOf } from '../kernel/closed-years.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { memberMasterDecider, type AdmitMember, type MasterDataCommand } from './domain/member-master.decider.js';

/** The decider takes master data checked at the edge (the request classes of contracts, tested in members/http/member-requests.unit.spec.ts). */
const spec = deciderSpec(memberMasterDecider);

const admit = (master: Partial<MemberMasterData> = {}, fields: Partial<AdmitMember> = {}): MasterDataCommand => ({
  type: 'AdmitMember',
  memberId: M,
  cooperativeId: COOP,
  memberNr: 1,
  master: { ...personMaster, ...master },
  shareAmount: 3,
  balanceId: 'b0',
  terms,
  ...fields,
});

const change = (master: Partial<MemberMasterData> = {}, cooperativeId = COOP): MasterDataCommand => ({
  type: 'ChangeMemberData',
  memberId: M,
  cooperativeId,
  master: { ...personMaster, ...master },
});

const refuses = (given: readonly MemberEvent[], command: MasterDataCommand, errors: FieldError[]): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

describe('member master decider: AdmitMember', () => {
  it('admits the member and records the initial subscription: 3 shares × 25,000 cents = 75,000 cents', () => {
    spec
      .given([])
      .when(admit())
      .then([admitted(), subscribed(3)]);
  });

  it("dates the subscription on the entry date with the member's approval date and interest begin", () => {
    spec
      .given([])
      .when(
        admit({ entryDate: '2024-12-01', approvalDate: '2024-11-20', interestBegin: '2025-01-01' }, { shareAmount: 1 }),
      )
      .then([
        admitted({ entryDate: '2024-12-01', approvalDate: '2024-11-20', interestBegin: '2025-01-01' }),
        {
          type: 'SharesPosted',
          data: {
            memberId: M,
            balanceId: 'b0',
            type: 0,
            quantity: 1,
            amount: 25_000,
            shareCost: 25_000,
            date: '2024-12-01',
            approvalDate: '2024-11-20',
            interestBegin: '2025-01-01',
          },
        },
      ]);
  });

  it('records the master data as parsed', () => {
    const company = {
      ...personMaster,
      legalForm: 1 as const,
      memberType: 3 as const,
      postalSalutation: 'company' as const,
      name: 'Stadtwerke Potsdam GmbH',
      givenName: null,
      birthDate: null,
      civilStatus: null,
      salutation: null,
    };
    spec
      .given([])
      .when(admit(company))
      .then([admitted(company), subscribed(3)]);
  });

  describe('postal salutation and legal form', () => {
    const firm = {
      legalForm: 1 as const,
      name: 'Stadtwerke Potsdam GmbH',
      givenName: null,
      birthDate: null,
      civilStatus: null,
      salutation: null,
    };
    it('refuses a person salutation for a legal entity (postalSalutationDoesNotFitLegalForm naming it)', () => {
      refuses([], admit({ ...firm, postalSalutation: 'male' }), [
        err('postalSalutation', 'postalSalutationDoesNotFitLegalForm', 'male'),
      ]);
    });
    it('refuses the firm salutation for a natural person', () => {
      refuses([], admit({ postalSalutation: 'company' }), [
        err('postalSalutation', 'postalSalutationDoesNotFitLegalForm', 'company'),
      ]);
    });
    it('reports it with the rules of the initial shares', () => {
      refuses([], admit({ postalSalutation: 'company' }, { terms: { shareCost: 0, minimumShares: 1 } }), [
        err('postalSalutation', 'postalSalutationDoesNotFitLegalForm', 'company'),
        err(null, 'shareCostNotSet'),
      ]);
    });
  });

  it('refuses a stream that already holds a member', () => {
    refuses(member, admit(), [err(null, 'invalidChoice', M)]);
  });

  describe("initial shares against the cooperative's terms", () => {
    it("requires at least the cooperative's minimum (mustBeAtLeast with the minimum)", () => {
      refuses([], admit({}, { shareAmount: 2, terms: { shareCost: 25_000, minimumShares: 3 } }), [
        err('shareAmount', 'mustBeAtLeast', '3'),
      ]);
    });
    it('accepts exactly the minimum', () => {
      spec
        .given([])
        .when(admit({}, { shareAmount: 3, terms: { shareCost: 25_000, minimumShares: 3 } }))
        .then([admitted(), subscribed(3)]);
    });
    it('refuses when the cooperative has no share price yet (general error)', () => {
      refuses([], admit({}, { terms: { shareCost: 0, minimumShares: 1 } }), [err(null, 'shareCostNotSet')]);
    });
    it('reports both at once', () => {
      refuses([], admit({}, { shareAmount: 1, terms: { shareCost: 0, minimumShares: 2 } }), [
        err('shareAmount', 'mustBeAtLeast', '2'),
        err(null, 'shareCostNotSet'),
      ]);
    });
  });
});

// =============================================================================================

describe('member master decider: ChangeMemberData', () => {
  it('records a cleared approval date and interest begin', () => {
    spec
      .given(member)
      .when(change({ approvalDate: null, interestBegin: null }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, approvalDate: null, interestBegin: null } }]);
  });

  it('emits nothing when nothing changed', () => spec.given(member).when(change()).then([]));

  it('refuses the member as its own spouse', () =>
    refuses(member, change({ spouse: M }), [err('spouse', 'invalidChoice', M)]));

  it('refuses a change to a legal entity that keeps a person salutation', () => {
    refuses(member, change({ legalForm: 1, givenName: null, birthDate: null, civilStatus: null, salutation: null }), [
      err('postalSalutation', 'postalSalutationDoesNotFitLegalForm', 'female'),
    ]);
  });

  it("records the spouse's tax id", () => {
    spec
      .given(member)
      .when(change({ spouseTaxId: '47036892816' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, spouseTaxId: '47036892816' } }]);
  });

  it("keeps no copy of a member spouse's tax id: the spouse member's own record holds it (issue 39)", () => {
    spec
      .given(member)
      .when(change({ civilStatus: 1, spouse: 'm-spouse', spouseTaxId: '47036892816' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, spouse: 'm-spouse' } }]);
    const events = memberMasterDecider.decide(
      admit({ civilStatus: 1, spouse: 'm-spouse', spouseTaxId: '47036892816' }),
      memberMasterDecider.initialState(),
    );
    expect(events[0]).toMatchObject({ type: 'MemberAdmitted', data: { spouse: 'm-spouse', spouseTaxId: null } });
  });

  it('reads a spouse tax id missing from an older admission as empty: no change', () => {
    const { spouseTaxId: _none, ...older } = personMaster;
    spec
      .given([
        { type: 'MemberAdmitted', data: { memberId: M, cooperativeId: COOP, memberNr: 1, ...older } } as MemberEvent,
        subscribed(3),
      ])
      .when(change())
      .then([]);
  });

  it('emits only the changed fields', () => {
    spec
      .given(member)
      .when(change({ city: 'Berlin', state: 'be', zipCode: '10115' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, city: 'Berlin', state: 'be', zipCode: '10115' } }]);
  });

  it('switching to foreign clears the state', () => {
    spec
      .given(member)
      .when(change({ isForeign: true, state: null, country: 'AT' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, isForeign: true, state: null, country: 'AT' } }]);
  });

  it('switching back home clears the country', () => {
    spec
      .given([admitted({ isForeign: true, state: null, country: 'AT' }), subscribed(3)])
      .when(change({ isForeign: false, state: 'by', country: null }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, isForeign: false, state: 'by', country: null } }]);
  });

  it('compares with the latest data', () => {
    spec
      .given([...member, { type: 'MemberDataChanged', data: { memberId: M, city: 'Berlin' } }])
      .when(change({ city: 'Berlin' }))
      .then([]);
  });

  it('lets the data of an exited member be corrected', () => {
    spec
      .given([...member, posted('b8', 8, 3), exited('b8')])
      .when(change({ city: 'Berlin' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, city: 'Berlin' } }]);
  });

  it('answers a member of another cooperative as NotFoundError', () => {
    spec
      .given(member)
      .when(change({ city: 'Berlin' }, OTHER_COOP))
      .thenThrows(NotFoundError, (e) => {
        expect(e.entity).toBe('Member');
        expect(e.id).toBe(M);
      });
  });

  it('answers a member that never existed as NotFoundError', () => {
    spec.given([]).when(change()).thenThrows(NotFoundError);
  });
});

describe('member master decider: an admission into a closed year (issue 23)', () => {
  // The register has 2025 closing (kernel/closed-years.ts): the initial subscription is a posting (0) like any other.
  const closedThrough = closedThroughOf([
    { type: 'DividendYearClosing', data: { cooperativeId: COOP, year: 2025, dividendId: 'd-2025' } },
  ]);

  it('refuses an entry dated in the closing year, and an interest begin in it, with closedYear', () => {
    refuses([], admit({}, { closedThrough }), [
      err('entryDate', 'closedYear', '2025'),
      err('interestBegin', 'closedYear', '2025'),
    ]);
    refuses(
      [],
      admit({ entryDate: '2026-01-01', approvalDate: '2026-01-01', interestBegin: '2025-12-01' }, { closedThrough }),
      [err('interestBegin', 'closedYear', '2025')],
    );
  });

  it('names every other error of the form beside it', () => {
    refuses([], admit({}, { closedThrough, shareAmount: 0 }), [
      err('shareAmount', 'mustBeAtLeast', '1'),
      err('entryDate', 'closedYear', '2025'),
      err('interestBegin', 'closedYear', '2025'),
    ]);
  });

  it('admits a member entering in the next open year', () => {
    const open = { entryDate: '2026-01-02', approvalDate: '2026-01-05', interestBegin: '2026-02-01' };
    spec
      .given([])
      .when(admit(open, { closedThrough }))
      .then([
        admitted(open),
        {
          ...subscribed(3),
          data: {
            ...(subscribed(3).data as object),
            date: '2026-01-02',
            approvalDate: '2026-01-05',
            interestBegin: '2026-02-01',
          },
        } as MemberEvent,
      ]);
  });
});
