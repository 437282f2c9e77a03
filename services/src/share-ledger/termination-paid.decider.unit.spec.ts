import { describe, expect, it } from '@jest/globals';
import { ValidationError, type MemberEvent } from '@coop/contracts';
import { paidIn } from '../kernel/geschaeftsguthaben.js';
import { evolveShareAccount, initialMemberState, type MemberState } from '../kernel/member-stream.js';
import { dueSinceOf, outstandingOf } from '../kernel/owing-postings.js';
import { admitted, COOP, err, M, posted, subscribed, terms } from '../kernel/testing/member-events.js';
import { sharePaymentDecider, type RecordSharePayment } from '../share-payments/index.js';
import { outstandingBeforeLastShare } from './domain/subscription-payment.rules.js';
import type { LedgerCommand } from './domain/ledger.decider.js';
import { post, spec } from './testing/ledger-spec.js';

/*
 * Decision 267 (§ 67b, § 73 (2) GenG): a partial termination of shares not fully paid takes out what was paid in, up to
 * the shares' amount (decision 234), and the unpaid rest of their price leaves the member's dues, oldest due first, by
 * the rule a transfer passes it on (decision 265): nobody owes it, the shares that stay owe what they owed.
 */

const paidOnly = (event: MemberEvent, paid: number): MemberEvent =>
  ({ ...event, data: { ...(event.data as object), paid } }) as MemberEvent;
const fold = (events: readonly MemberEvent[]): MemberState => events.reduce(evolveShareAccount, initialMemberState);
const notice = { notice: { date: '2026-10-01' } };
/** The posting of a partial termination noticed on 01.10.2026, dated on its effective date. */
const terminated = (quantity: number, extra: Record<string, unknown> = {}): MemberEvent =>
  posted('b-new', 2, quantity, { date: '2027-12-31', noticeDate: '2026-10-01', ...extra });

/** 3 shares of 250 € subscribed, 300 € of the 750 € paid. */
const partlyPaid = [admitted(), paidOnly(subscribed(3), 30_000)];
/** 2 of the 3 shares terminated: the 300 € paid leave as their Geschäftsguthaben, the other 200 € are released. */
const twoOut = terminated(2, { paid: -30_000, released: [{ balanceId: 'b0', amount: 20_000 }] });

const pay = (amount: number): RecordSharePayment => ({
  type: 'RecordSharePayment',
  memberId: M,
  cooperativeId: COOP,
  paymentId: 'p1',
  balanceId: null,
  date: '2026-10-15',
  amount,
  method: 'transfer',
  reference: null,
  today: '2026-10-20',
});

describe('a partial termination of shares not fully paid releases their unpaid part (decision 267)', () => {
  it('given 300 € paid of 750 €, when 2 shares are terminated, then 300 € leave and 200 € leave the dues: the one that stays owes 250 €', () => {
    spec
      .given(partlyPaid)
      .when(post(2, 2, notice))
      .then([twoOut]);
    const after = fold([...partlyPaid, twoOut]);
    expect(paidIn(after)).toBe(0);
    expect(after.shares).toBe(1);
    expect(outstandingOf(after.postings.get('b0')!)).toBe(25_000);
    // § 15b: the one share that stays is the last one taken; nothing is open before it.
    expect(outstandingBeforeLastShare(after)).toBe(0);
  });

  it('given the unpaid parts of several dues, then they are released the oldest due first', () => {
    const later = posted('b1', 1, 2, { date: '2025-06-05', paid: 0 });
    const given = [admitted(), paidOnly(subscribed(1), 10_000), later];
    const out = terminated(2, {
      paid: -10_000,
      released: [
        { balanceId: 'b0', amount: 15_000 },
        { balanceId: 'b1', amount: 25_000 },
      ],
    });
    spec
      .given(given)
      .when(post(2, 2, notice))
      .then([out]);
    const after = fold([...given, out]);
    expect(outstandingOf(after.postings.get('b0')!)).toBe(0);
    expect(outstandingOf(after.postings.get('b1')!)).toBe(25_000);
  });

  it('given an instalment plan, then the part released covers its instalments in the order they fall due', () => {
    const plan: MemberEvent = {
      type: 'InstalmentPlanSet',
      data: {
        memberId: M,
        balanceId: 'b0',
        instalments: [
          { dueDate: '2025-09-01', amount: 20_000 },
          { dueDate: '2025-12-01', amount: 25_000 },
        ],
      },
    };
    const after = fold([...partlyPaid, plan, twoOut]);
    expect(dueSinceOf(after.postings.get('b0')!)).toBe('2025-12-01');
  });

  it('given the release, when the member pays, then it can pay only what the share that stays owes', () => {
    const state = fold([...partlyPaid, twoOut]);
    let refusal: unknown = null;
    try {
      sharePaymentDecider.decide(pay(25_001), state);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).errors).toEqual([
      { field: 'amount', template: 'paymentAboveOutstanding', parameters: { '0': '250,01', '1': '250,00' } },
    ]);
    expect(sharePaymentDecider.decide(pay(25_000), state).map((e) => e.type)).toEqual(['SharePaymentReceived']);
  });

  it('given a holding paid in full, when shares are terminated, then the events are those of before (nothing released)', () => {
    spec
      .given([admitted(), subscribed(3)])
      .when(post(2, 2, notice))
      .then([terminated(2)]);
  });

  it('when the notice is withdrawn, then the annulation gives the released dues back: 450 € owed again', () => {
    const withdraw = {
      type: 'AnnulPosting',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b5',
      annulPeer: 'b-new',
      terms,
      today: '2026-11-02',
    } as LedgerCommand;
    const annulled: MemberEvent = {
      type: 'PostingAnnulled',
      data: {
        memberId: M,
        balanceId: 'b5',
        annulPeer: 'b-new',
        originalType: 2,
        quantity: 2,
        amount: 50_000,
        date: '2027-12-31',
        approvalDate: null,
        interestBegin: null,
        paid: 30_000,
        released: [{ balanceId: 'b0', amount: 20_000 }],
      },
    };
    spec
      .given([...partlyPaid, twoOut])
      .when(withdraw)
      .then([annulled]);
    const after = fold([...partlyPaid, twoOut, annulled]);
    expect(outstandingOf(after.postings.get('b0')!)).toBe(45_000);
    expect(paidIn(after)).toBe(30_000);
  });

  it('a termination leaving too few shares is refused before anything is released', () => {
    spec
      .given(partlyPaid)
      .when(post(2, 3, notice))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([err('quantity', 'withdrawalLeavesTooFew', '3', '1', '2027-12-31')]),
      );
  });
});
