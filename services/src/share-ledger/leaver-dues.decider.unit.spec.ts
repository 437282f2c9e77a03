import { describe, expect, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { evolveShareAccount, initialMemberState } from '../kernel/member-stream.js';
import { admitted, COOP, M, posted, subscribed, terms } from '../kernel/testing/member-events.js';
import { shareLedgerDecider, type AnnulPosting, type LedgerCommand } from './domain/ledger.decider.js';
import { post } from './testing/ledger-spec.js';
import { notice } from './testing/membership-end.js';

/*
 * Decision 269: a whole end (6, 7, 8) names the member's dues on its `MemberExited` (`dues`): the subscriptions not paid
 * in full when posted, owed until its effective date and not from it; its revocation names them again, owed again.
 */

const decide = (given: readonly MemberEvent[], command: LedgerCommand): MemberEvent[] =>
  shareLedgerDecider.decide(command, given.reduce(evolveShareAccount, initialMemberState));
const ofType = (events: readonly MemberEvent[], type: MemberEvent['type']) => events.find((e) => e.type === type);

/** b3 annulled: it owes nothing and is not named. */
const b3Annulled: MemberEvent = {
  type: 'PostingAnnulled',
  data: {
    memberId: M,
    balanceId: 'b3x',
    annulPeer: 'b3',
    originalType: 1,
    quantity: -1,
    amount: -25_000,
    date: '2025-06-10',
    approvalDate: null,
    interestBegin: null,
    paid: -5_000,
  },
};
/** 3 shares 300 € paid of 750 € (b0), 1 share nothing paid (b1), 1 share paid in full (b2), 1 share part paid but annulled (b3). */
const holding: MemberEvent[] = [
  admitted(),
  { ...subscribed(3), data: { ...(subscribed(3).data as object), paid: 30_000 } } as MemberEvent,
  posted('b1', 1, 1, { paid: 0 }),
  posted('b2', 1, 1),
  posted('b3', 1, 1, { paid: 5_000 }),
  b3Annulled,
];

describe('a whole end names the member’s dues (decision 269)', () => {
  it('given subscriptions paid in part, when the notice is recorded, then its MemberExited names them, not those paid in full or annulled', () => {
    const events = decide(holding, post(8, null, notice('2026-09-30')));
    expect(ofType(events, 'MemberExited')).toEqual({
      type: 'MemberExited',
      data: { memberId: M, exitDate: '2026-12-31', reason: 'exit', balanceId: 'b-new', dues: ['b0', 'b1'] },
    });
  });

  it('given a holding paid with its postings, when the notice is recorded, then MemberExited is as before (no dues)', () => {
    const events = decide([admitted(), subscribed(3)], post(6, null, notice('2026-05-02')));
    expect(ofType(events, 'MemberExited')!.data).not.toHaveProperty('dues');
  });

  it('given the end recorded, when the notice is withdrawn, then MemberExitRevoked names the same dues, owed again', () => {
    const leaving = [...holding, ...decide(holding, post(8, null, notice('2026-09-30')))];
    const withdraw: AnnulPosting = {
      type: 'AnnulPosting',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b-w',
      annulPeer: 'b-new',
      terms,
      today: '2026-11-15',
    };
    const events = decide(leaving, withdraw);
    expect(events.map((e) => e.type)).toEqual(['MembershipEndWithdrawn', 'PostingAnnulled', 'MemberExitRevoked']);
    expect(ofType(events, 'MemberExitRevoked')).toEqual({
      type: 'MemberExitRevoked',
      data: { memberId: M, balanceId: 'b-new', annulment: 'b-w', dues: ['b0', 'b1'] },
    });
  });

  it('given a subscription paid in full when posted and opened by a correction, then the end names it too, and a later correction carries the end (decisions 268, 269)', () => {
    const correct = (rueckpfleinzahlung: number): LedgerCommand => ({
      type: 'CorrectSharePayment',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b2',
      rueckpfleinzahlung,
      interestEnd: null,
    });
    const opened = [...holding, ...decide(holding, correct(10_000))];
    const exited = decide(opened, post(8, null, notice('2026-09-30')));
    expect(ofType(exited, 'MemberExited')!.data).toMatchObject({ dues: ['b0', 'b1', 'b2'] });
    // After the end is recorded, a correction that opens a due says until when it is owed: the end's effective date.
    const leaving = [...holding, ...decide(holding, post(8, null, notice('2026-09-30')))];
    expect(ofType(decide(leaving, correct(10_000)), 'SharePaymentCorrected')!.data).toMatchObject({
      subscription: { type: 1, amount: 25_000, paidWhenPosted: 25_000, owedUntil: '2026-12-31' },
    });
  });
});
