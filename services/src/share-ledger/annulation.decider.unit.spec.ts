import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ValidationError, type MemberEvent, type PostingType } from '@coop/contracts';
import {
  admitted,
  COOP,
  err,
  exited,
  M,
  M2,
  member,
  ON,
  OTHER_COOP,
  posted,
  subscribed,
  terms,
  TODAY,
} from '../kernel/testing/member-events.js';
import { evolveMemberStream, evolveShareAccount, initialMemberState } from '../kernel/member-stream.js';
import { transferCounterpartToAnnul, type LedgerCommand } from './domain/ledger.decider.js';
import { post, refuses, spec } from './testing/ledger-spec.js';

describe('share ledger decider: annulation (5)', () => {
  const annulCmd = (annulPeer: string | null, fields: Record<string, unknown> = {}): LedgerCommand =>
    ({
      type: 'AnnulPosting',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b5',
      annulPeer,
      terms,
      today: TODAY,
      ...fields,
    }) as LedgerCommand;
  const annulled = (
    annulPeer: string,
    originalType: PostingType,
    quantity: number,
    amount: number,
    extra: Record<string, unknown> = {},
  ): MemberEvent =>
    ({
      type: 'PostingAnnulled',
      data: {
        memberId: M,
        balanceId: 'b5',
        annulPeer,
        originalType,
        quantity,
        amount,
        date: TODAY,
        approvalDate: null,
        interestBegin: null,
        ...extra,
      },
    }) as MemberEvent;

  it('reverses additional shares: quantity and amount negated, dated today', () => {
    spec
      .given([...member, posted('b1', 1, 2)])
      .when(annulCmd('b1'))
      .then([annulled('b1', 1, -2, -50_000)]);
  });

  it('reverses a withdrawal: the shares come back', () => {
    spec
      .given([...member, posted('b2', 2, 1)])
      .when(annulCmd('b2'))
      .then([annulled('b2', 2, 1, 25_000)]);
  });

  it('takes the given date, approval date and interest begin', () => {
    spec
      .given([...member, posted('b1', 1, 2)])
      .when(annulCmd('b1', { date: '2025-06-11', approvalDate: '2025-06-11', interestBegin: '2025-07-01' }))
      .then([
        annulled('b1', 1, -2, -50_000, { date: '2025-06-11', approvalDate: '2025-06-11', interestBegin: '2025-07-01' }),
      ]);
  });

  it('refuses an annulation dated before its original', () => {
    refuses([...member, posted('b1', 1, 2)], annulCmd('b1', { date: '2025-06-09' }), [
      err('date', 'mustBeAtLeast', ON.date),
    ]);
  });

  // Decision 242: a malformed date is refused by the request class (PostingRequest) before the decider, for the API,
  // the demo and the import alike: that case moved to http/posting-requests.unit.spec.ts and members/member-stream.decider.unit.spec.ts.

  describe('what cannot be annulled (cannotAnnul)', () => {
    it('the initial subscription (0)', () => refuses(member, annulCmd('b0'), [err('annulPeer', 'cannotAnnul')]));
    it('an annulation (5)', () => {
      refuses([...member, posted('b1', 1, 2), annulled('b1', 1, -2, -50_000)], annulCmd('b5', { balanceId: 'b5b' }), [
        err('annulPeer', 'cannotAnnul'),
      ]);
    });
    it('an already annulled posting', () => {
      refuses([...member, posted('b1', 1, 2), annulled('b1', 1, -2, -50_000)], annulCmd('b1', { balanceId: 'b5b' }), [
        err('annulPeer', 'cannotAnnul'),
      ]);
    });
  });

  it('refuses an unknown posting', () =>
    refuses(member, annulCmd('nope'), [err('annulPeer', 'invalidChoice', 'nope')]));

  it('refuses an annulation that would make the holding negative', () => {
    const history = [...member, posted('b1', 1, 2), posted('b2', 2, 4)];
    refuses(history, annulCmd('b1'), [err('annulPeer', 'holdingWouldBeNegative')]);
  });

  it('refuses an annulation that takes shares back below the minimum (atLeastAmountMustRemain)', () => {
    const history = [...member, posted('b1', 1, 2), posted('b2', 2, 3)];
    refuses(history, annulCmd('b1'), [err('annulPeer', 'atLeastAmountMustRemain', '250,00', '2', '1')]);
    refuses(history, annulCmd('b1', { terms: { shareCost: 25_000, minimumShares: 2 } }), [
      err('annulPeer', 'atLeastAmountMustRemain', '500,00', '2', '0'),
    ]);
  });

  it('lets an annulation take shares back down to exactly the minimum', () => {
    spec
      .given([...member, posted('b1', 1, 2), posted('b2', 2, 2)])
      .when(annulCmd('b1'))
      .then([annulled('b1', 1, -2, -50_000)]);
  });

  it('answers a member of another cooperative as NotFoundError', () => {
    spec
      .given([...member, posted('b1', 1, 2)])
      .when(annulCmd('b1', { cooperativeId: OTHER_COOP }))
      .thenThrows(NotFoundError);
  });

  describe('annulling an exit re-opens the member', () => {
    const gone = [...member, posted('b1', 1, 2), posted('b8', 8, 5), exited('b8')];

    it('gives the holding back and revokes the exit', () => {
      spec
        .given(gone)
        .when(annulCmd('b8'))
        .then([
          annulled('b8', 8, 5, 125_000),
          { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b8', annulment: 'b5' } },
        ]);
    });

    it('accepts postings again afterwards, from the annulation date on (the holding came back that day)', () => {
      const reopened = [
        ...gone,
        annulled('b8', 8, 5, 125_000),
        { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b8', annulment: 'b5' } } as MemberEvent,
      ];
      const out = (date: string): LedgerCommand =>
        ({
          type: 'TransferOut',
          memberId: M,
          cooperativeId: COOP,
          balanceId: 'b-new',
          peerBalanceId: 'b-in',
          transferTo: M2,
          quantity: 1,
          terms,
          ...ON,
          date,
        }) as LedgerCommand;
      spec
        .given(reopened)
        .when(out(TODAY))
        .then([posted('b-new', 3, 1, { date: TODAY, transferTo: M2, transferPeer: 'b-in' })]);
      refuses(reopened, out(ON.date), [err('quantity', 'atLeastAmountMustRemain', '250,00', '0', '0')]);
      spec
        .given(reopened)
        .when(post(2, 1, { notice: { date: TODAY } }))
        .then([posted('b-new', 2, 1, { date: '2025-12-31', noticeDate: TODAY })]);
    });

    it('refuses to annul any other posting of an exited member', () =>
      refuses(gone, annulCmd('b1'), [err(null, 'memberHasExited')]));
  });

  describe('annulling a transfer annuls both halves', () => {
    const giver = [...member, posted('b-out', 3, 1, { transferTo: M2, transferPeer: 'b-in' })];
    const receiver = [
      admitted({}, M2),
      subscribed(1, M2),
      {
        type: 'SharesPosted',
        data: {
          memberId: M2,
          balanceId: 'b-in',
          type: 4,
          quantity: 1,
          amount: 25_000,
          shareCost: 25_000,
          ...ON,
          transferFrom: M,
          transferPeer: 'b-out',
        },
      },
    ] as MemberEvent[];
    const state = (events: readonly MemberEvent[]) => events.reduce(evolveMemberStream, initialMemberState);
    const counterpart = (fields: Record<string, unknown> = {}): LedgerCommand =>
      ({
        type: 'AnnulTransferCounterpart',
        memberId: M2,
        cooperativeId: COOP,
        balanceId: 'b5-peer',
        annulPeer: 'b-in',
        counterpartOf: 'b-out',
        peerBalanceId: 'b5',
        terms,
        today: TODAY,
        ...fields,
      }) as LedgerCommand;

    it('tells the handler which counterpart to annul', () => {
      expect(transferCounterpartToAnnul(state(giver), 'b-out')).toEqual({ memberId: M2, balanceId: 'b-in' });
      expect(transferCounterpartToAnnul(state(receiver), 'b-in')).toEqual({ memberId: M, balanceId: 'b-out' });
      expect(transferCounterpartToAnnul(state(giver), 'b0')).toBeNull();
      expect(transferCounterpartToAnnul(state(giver), 'nope')).toBeNull();
    });

    it('annuls the outgoing half, pointing at the annulation on the other member', () => {
      spec
        .given(giver)
        .when(annulCmd('b-out', { peerBalanceId: 'b5-peer' }))
        .then([annulled('b-out', 3, 1, 25_000, { transferPeer: 'b5-peer' })]);
    });

    it('annuls the incoming half on the other member', () => {
      spec
        .given(receiver)
        .when(counterpart())
        .then([
          {
            type: 'PostingAnnulled',
            data: {
              memberId: M2,
              balanceId: 'b5-peer',
              annulPeer: 'b-in',
              originalType: 4,
              quantity: -1,
              amount: -25_000,
              date: TODAY,
              approvalDate: null,
              interestBegin: null,
              transferPeer: 'b5',
            },
          },
        ]);
    });

    it('insists on the balance id of the other annulation (a handler error, not a user error)', () => {
      spec
        .given(giver)
        .when(annulCmd('b-out'))
        .thenThrows(Error, (e) => expect(e).not.toBeInstanceOf(ValidationError));
    });

    it('refuses a counterpart that does not belong to the annulled half', () => {
      refuses(receiver, counterpart({ counterpartOf: 'b-other' }), [err('annulPeer', 'invalidChoice', 'b-in')]);
      refuses(receiver, counterpart({ annulPeer: 'b0' }), [err('annulPeer', 'invalidChoice', 'b0')]);
    });

    it('refuses when the receiving member would keep less than the minimum', () => {
      refuses([...receiver, posted('b2', 2, 1, { memberId: M2 })], counterpart(), [
        err('annulPeer', 'atLeastAmountMustRemain', '250,00', '1', '0'),
      ]);
    });

    it('refuses when the receiving member no longer holds the shares', () => {
      const received3 = receiver.map((e) =>
        e.type === 'SharesPosted' && e.data.balanceId === 'b-in'
          ? ({ ...e, data: { ...e.data, quantity: 3, amount: 75_000 } } as MemberEvent)
          : e,
      );
      refuses([...received3, posted('b2', 2, 3, { memberId: M2 })], counterpart(), [
        err('annulPeer', 'holdingWouldBeNegative'),
      ]);
    });

    it('refuses when the other member has exited', () => {
      refuses(
        [
          ...receiver,
          posted('b8', 8, 2, { memberId: M2 }),
          { type: 'MemberExited', data: { memberId: M2, exitDate: ON.date, reason: 'exit', balanceId: 'b8' } },
        ],
        counterpart(),
        [err(null, 'memberHasExited')],
      );
    });

    it('refuses an already annulled counterpart', () => {
      const done = [
        ...receiver,
        {
          type: 'PostingAnnulled',
          data: {
            memberId: M2,
            balanceId: 'b5-peer',
            annulPeer: 'b-in',
            originalType: 4,
            quantity: -1,
            amount: -25_000,
            date: TODAY,
            approvalDate: null,
            interestBegin: null,
            transferPeer: 'b5',
          },
        },
      ] as MemberEvent[];
      refuses(done, counterpart({ balanceId: 'b5-again' }), [err('annulPeer', 'cannotAnnul')]);
    });
  });
});

// =============================================================================================

describe('share ledger decider: state', () => {
  it('tracks the holding in shares and cents, postings, annulations and the exit', () => {
    const events: MemberEvent[] = [
      ...member,
      posted('b1', 1, 2),
      posted('b2', 2, 1),
      {
        type: 'PostingAnnulled',
        data: {
          memberId: M,
          balanceId: 'b5',
          annulPeer: 'b2',
          originalType: 2,
          quantity: 1,
          amount: 25_000,
          date: TODAY,
          approvalDate: null,
          interestBegin: null,
        },
      },
      posted('b8', 8, 5),
      exited('b8', ON.date, 'exit'),
    ];
    const s = events.reduce(evolveMemberStream, initialMemberState);
    expect(s).toMatchObject({
      exists: true,
      memberNr: 1,
      cooperativeId: COOP,
      shares: 0,
      cents: 0,
      exitDate: ON.date,
      exitReason: 'exit',
      exitBalanceId: 'b8',
    });
    expect([...s.postings.keys()]).toEqual(['b0', 'b1', 'b2', 'b5', 'b8']);
    expect(s.postings.get('b2')).toMatchObject({ type: 2, quantity: 1, shares: -1, amount: -25_000, annulated: true });
    expect(s.postings.get('b5')).toMatchObject({
      type: 5,
      shares: 1,
      amount: 25_000,
      annulPeer: 'b2',
      annulated: false,
    });
  });
});

describe('the share account: the member stream without master data', () => {
  it('folds a history as the whole member stream does, but for the master data it leaves out', () => {
    const events: MemberEvent[] = [
      ...member,
      { type: 'MemberDataChanged', data: { memberId: M, name: 'Krause', iban: 'DE02120300000000202051' } },
      posted('b1', 1, 2),
      posted('b2', 2, 1),
      {
        type: 'SharePaymentCorrected',
        data: { memberId: M, balanceId: 'b1', rueckpfleinzahlung: 40_000, interestEnd: '2025-12-31' },
      },
      posted('b8', 8, 4),
      exited('b8'),
    ];
    const full = events.reduce(evolveMemberStream, initialMemberState);
    const ledger = events.reduce(evolveShareAccount, initialMemberState);
    expect(full.master).toMatchObject({ name: 'Krause', givenName: 'Anna', iban: 'DE02120300000000202051' });
    expect(ledger.master).toBeNull();
    expect(ledger).toEqual({ ...full, master: null });
    expect(JSON.stringify([...ledger.postings.values()])).not.toMatch(/Berger|Krause|Anna|DE02/);
  });

  it('a change of master data leaves the ledger state as it was', () => {
    const before = member.reduce(evolveShareAccount, initialMemberState);
    expect(evolveShareAccount(before, { type: 'MemberDataChanged', data: { memberId: M, name: 'Krause' } })).toBe(
      before,
    );
  });
});
