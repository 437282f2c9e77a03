import { describe, it } from '@jest/globals';
import { NotFoundError, type MemberEvent } from '@coop/contracts';
import {
  admitted,
  err,
  exited,
  M,
  M2,
  member,
  ON,
  OTHER_COOP,
  posted,
  subscribed,
} from '../kernel/testing/member-events.js';
import type { PostShares } from './domain/ledger.decider.js';
import { post, refuses, spec, transferIn, transferOut } from './testing/ledger-spec.js';

/** A notice given on `date` (issue 22): a partial termination or an end then takes effect at the end of that financial year. */
const notice = (date: string) => ({ notice: { date } });
/** The end of the financial year of ON.date, where a notice given then takes effect (three months' notice). */
const YEAR_END = '2025-12-31';

describe('share ledger decider: PostShares', () => {
  it('posts additional shares (1): 2 × 25,000 cents', () => {
    spec
      .given(member)
      .when(post(1, 2))
      .then([posted('b-new', 1, 2)]);
  });

  it('posts a partial termination (2) with a negative amount, dated on the end of the financial year with its notice date', () => {
    spec
      .given(member)
      .when(post(2, 1, notice(ON.date)))
      .then([
        {
          type: 'SharesPosted',
          data: {
            memberId: M,
            balanceId: 'b-new',
            type: 2,
            quantity: 1,
            amount: -25_000,
            shareCost: 25_000,
            ...ON,
            date: YEAR_END,
            noticeDate: ON.date,
          },
        },
      ]);
  });

  it('uses the share price of the command', () => {
    spec
      .given(member)
      .when(post(1, 3, { terms: { shareCost: 10_050, minimumShares: 1 } }))
      .then([posted('b-new', 1, 3, { amount: 30_150, shareCost: 10_050 })]);
  });

  // The refusal names the shares held on the effective date, the minimum and the effective date.
  describe('the minimum holding after a partial termination (withdrawalLeavesTooFew)', () => {
    const partial = (quantity: number, fields: Partial<PostShares> = {}) =>
      post(2, quantity, { ...notice(ON.date), ...fields });

    it('lets the member keep exactly the minimum', () =>
      spec
        .given(member)
        .when(partial(2))
        .then([posted('b-new', 2, 2, { date: YEAR_END, noticeDate: ON.date })]));

    it('refuses to go below one share', () => {
      refuses(member, partial(3), [err('quantity', 'withdrawalLeavesTooFew', '3', '1', YEAR_END)]);
    });

    it("names the cooperative's minimum: 2 shares", () => {
      refuses(member, partial(2, { terms: { shareCost: 25_000, minimumShares: 2 } }), [
        err('quantity', 'withdrawalLeavesTooFew', '3', '2', YEAR_END),
      ]);
    });

    it('names a large holding and minimum', () => {
      refuses([admitted(), subscribed(45)], partial(6, { terms: { shareCost: 25_000, minimumShares: 40 } }), [
        err('quantity', 'withdrawalLeavesTooFew', '45', '40', YEAR_END),
      ]);
    });

    it('refuses to withdraw more than is held (the holding never goes below zero)', () => {
      refuses(member, partial(5), [err('quantity', 'withdrawalLeavesTooFew', '3', '1', YEAR_END)]);
    });

    it('counts the holding on the effective date: shares that come later do not help, a notice ending after them may take them', () => {
      const history = [...member, posted('b1', 1, 2, { date: '2026-01-15' })];
      refuses(history, partial(3), [err('quantity', 'withdrawalLeavesTooFew', '3', '1', YEAR_END)]);
      spec
        .given(history)
        .when(post(2, 3, notice('2026-01-15')))
        .then([posted('b-new', 2, 3, { date: '2026-12-31', noticeDate: '2026-01-15' })]);
    });
  });

  it('refuses a posting type the command does not handle', () => {
    refuses(member, post(3 as PostShares['postingType'], 1), [err('type', 'invalidChoice', '3')]);
  });

  it('refuses when the cooperative has no share price yet', () => {
    refuses(member, post(1, 1, { terms: { shareCost: 0, minimumShares: 1 } }), [err(null, 'shareCostNotSet')]);
  });

  it('refuses a balance id that is already posted', () =>
    refuses(member, post(1, 1, { balanceId: 'b0' }), [err(null, 'invalidChoice', 'b0')]));

  it('answers a member of another cooperative as NotFoundError', () => {
    spec
      .given(member)
      .when(post(1, 1, { cooperativeId: OTHER_COOP }))
      .thenThrows(NotFoundError);
  });

  describe('death (6), exclusion (7), exit (8): the whole holding leaves at the end of the financial year', () => {
    const noticed = (reason: 'death' | 'exclusion' | 'exit'): MemberEvent => ({
      type: 'MembershipEndNoticed',
      data: {
        memberId: M,
        balanceId: 'b-new',
        reason,
        noticeDate: ON.date,
        effectiveDate: YEAR_END,
        dispatchDate: null,
        noticePeriodMonths: reason === 'exit' ? 3 : null,
        extraordinaryReason: null,
      },
    });

    it.each([
      [6, 'death'],
      [7, 'exclusion'],
      [8, 'exit'],
    ] as const)(
      'type %i records the notice, withdraws every share and money and records the exit (%s) on the effective date',
      (type, reason) => {
        spec
          .given([...member, posted('b1', 1, 2)])
          .when(post(type, null, notice(ON.date)))
          .then([noticed(reason), posted('b-new', type, 5, { date: YEAR_END }), exited('b-new', YEAR_END, reason)]);
      },
    );

    it('ignores a quantity sent with an exit posting', () => {
      spec
        .given(member)
        .when(post(8, 1, notice(ON.date)))
        .then([noticed('exit'), posted('b-new', 8, 3, { date: YEAR_END }), exited('b-new', YEAR_END)]);
    });

    it('pays out the money actually held when the share price changed meanwhile', () => {
      spec
        .given([...member, posted('b1', 1, 2, { amount: 60_000, shareCost: 30_000 })])
        .when(post(8, null, { ...notice(ON.date), terms: { shareCost: 30_000, minimumShares: 1 } }))
        .then([
          noticed('exit'),
          posted('b-new', 8, 5, { amount: -135_000, shareCost: 30_000, date: YEAR_END }),
          exited('b-new', YEAR_END),
        ]);
    });

    it('lies in the future while it is pending (an exclusion takes effect at the end of the financial year)', () => {
      spec
        .given(member)
        .when(post(7, null, notice(ON.date)))
        .then([
          noticed('exclusion'),
          posted('b-new', 7, 3, { date: YEAR_END }),
          exited('b-new', YEAR_END, 'exclusion'),
        ]);
    });

    it('refuses an end before a later posting, naming its date and the end (postingAfterEnd)', () => {
      refuses([...member, posted('b1', 1, 2, { date: '2026-01-15' })], post(8, null, notice(ON.date)), [
        err('noticeDate', 'postingAfterEnd', '2026-01-15', YEAR_END),
      ]);
    });

    it('needs its notice: there is no other way to end a membership (a programming error, not a refusal)', () => {
      for (const type of [2, 6, 7, 8] as const) {
        spec.given(member).when(post(type, 1)).thenThrows(RangeError);
      }
    });
  });

  describe('an exited member accepts no posting (memberHasExited)', () => {
    const gone = [...member, posted('b8', 8, 3, { date: '2025-12-31' }), exited('b8', '2025-12-31')];
    it.each([1, 2, 6, 7, 8] as const)('refuses type %i, even before the exit date has passed', (type) => {
      refuses(gone, post(type, 1, type === 1 ? {} : notice(ON.date)), [err(null, 'memberHasExited')]);
    });
  });
});

// =============================================================================================

describe('share ledger decider: transfers (3 out, 4 in)', () => {
  const [out, into] = [transferOut, transferIn];
  const target = [admitted({ name: 'Ernst' }, M2), subscribed(1, M2)];

  it('posts the outgoing half on the giving member: negative amount, target and peer', () => {
    spec
      .given(member)
      .when(out())
      .then([posted('b-out', 3, 1, { transferTo: M2, transferPeer: 'b-in' })]);
  });

  it('posts the incoming half on the receiving member: positive amount, source and peer', () => {
    spec
      .given(target)
      .when(into())
      .then([
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
      ]);
  });

  it('refuses the member itself as target (canNotTransferToSelf)', () =>
    refuses(member, out({ transferTo: M }), [err('transferTo', 'canNotTransferToSelf')]));

  // The refusal names the minimum in euro, the shares held on the posting's date and the most that may leave.
  it('keeps the minimum on the giving member', () => {
    refuses(member, out({ quantity: 3 }), [err('quantity', 'atLeastAmountMustRemain', '250,00', '3', '2')]);
  });

  it("names the cooperative's minimum in euro: 2 shares × 250 € = 500,00, thousands with a dot: 40 × 250 € = 10.000,00", () => {
    refuses(member, out({ quantity: 2, terms: { shareCost: 25_000, minimumShares: 2 } }), [
      err('quantity', 'atLeastAmountMustRemain', '500,00', '3', '1'),
    ]);
    refuses([admitted(), subscribed(45)], out({ quantity: 6, terms: { shareCost: 25_000, minimumShares: 40 } }), [
      err('quantity', 'atLeastAmountMustRemain', '10.000,00', '45', '5'),
    ]);
  });

  it('refuses a back-dated transfer that empties an earlier day, even though enough is held today', () => {
    const history = [...member, posted('b1', 1, 2, { date: '2025-06-12' })];
    refuses(history, out({ quantity: 3, date: '2025-06-05' }), [
      err('quantity', 'atLeastAmountMustRemain', '250,00', '3', '2'),
    ]);
    spec
      .given(history)
      .when(out({ quantity: 3, date: '2025-06-12' }))
      .then([posted('b-out', 3, 3, { date: '2025-06-12', transferTo: M2, transferPeer: 'b-in' })]);
  });

  it('refuses an exited giving member', () => {
    refuses([...member, posted('b8', 8, 3), exited('b8')], out(), [err(null, 'memberHasExited')]);
  });

  it('refuses an exited receiving member on the target field', () => {
    refuses(
      [
        ...target,
        posted('b8', 8, 1, { memberId: M2 }),
        { type: 'MemberExited', data: { memberId: M2, exitDate: ON.date, reason: 'death', balanceId: 'b8' } },
      ],
      into(),
      [err('transferTo', 'memberHasExited')],
    );
  });

  it('refuses a receiving member that does not exist', () =>
    refuses([], into(), [err('transferTo', 'invalidChoice', M2)]));

  it('refuses a receiving member of another cooperative like a missing one', () => {
    refuses([admitted({}, M2, OTHER_COOP)], into(), [err('transferTo', 'invalidChoice', M2)]);
  });

  it('answers a giving member of another cooperative as NotFoundError', () => {
    spec
      .given(member)
      .when(out({ cooperativeId: OTHER_COOP }))
      .thenThrows(NotFoundError);
  });
});

// =============================================================================================
