import { describe, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { COOP, err, M, member, ON, posted, terms } from '../kernel/testing/member-events.js';
import type { AnnulPosting, TransferOut } from './domain/ledger.decider.js';
import { post, refuses, spec } from './testing/ledger-spec.js';
import { exitOn, notice, noticed } from './testing/membership-end.js';

/**
 * Issue 22: a pending end, its withdrawal and what a member may post meanwhile (the ways an end takes effect are in
 * membership-end.decider.unit.spec.ts).
 */

describe('a pending end', () => {
  const pending = [
    ...member,
    noticed({ noticeDate: '2026-10-01', effectiveDate: '2027-12-31' }),
    posted('b-new', 8, 3, { date: '2027-12-31' }),
    exitOn('2027-12-31'),
  ];
  const withdraw = (date?: string): AnnulPosting => ({
    type: 'AnnulPosting',
    memberId: M,
    cooperativeId: COOP,
    balanceId: 'b-w',
    annulPeer: 'b-new',
    terms,
    today: '2026-11-15',
    ...(date ? { date } : {}),
  });

  it('accepts no further posting (the member leaves; a subscription makes no sense)', () => {
    refuses(pending, post(1, 1), [err(null, 'memberHasExited')]);
    refuses(pending, post(8, null, notice('2026-11-01')), [err(null, 'memberHasExited')]);
  });

  it('is withdrawn before its effective date: the withdrawal on its day, the exit posting annulled on its own date', () => {
    spec
      .given(pending)
      .when(withdraw())
      .then([
        {
          type: 'MembershipEndWithdrawn',
          data: { memberId: M, balanceId: 'b-new', annulment: 'b-w', date: '2026-11-15' },
        },
        {
          type: 'PostingAnnulled',
          data: {
            memberId: M,
            balanceId: 'b-w',
            annulPeer: 'b-new',
            originalType: 8,
            quantity: 3,
            amount: 75_000,
            date: '2027-12-31',
            approvalDate: null,
            interestBegin: null,
          },
        },
        { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b-new', annulment: 'b-w' } },
      ]);
  });

  it('after its effective date is an ordinary annulation of the exit (no withdrawal event)', () => {
    spec
      .given(pending)
      .when(withdraw('2028-01-10'))
      .then([
        {
          type: 'PostingAnnulled',
          data: {
            memberId: M,
            balanceId: 'b-w',
            annulPeer: 'b-new',
            originalType: 8,
            quantity: 3,
            amount: 75_000,
            date: '2028-01-10',
            approvalDate: null,
            interestBegin: null,
          },
        },
        { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b-new', annulment: 'b-w' } },
      ]);
  });

  it('a withdrawn notice leaves a member who can post and give notice again', () => {
    const withdrawn: MemberEvent[] = [
      ...pending,
      {
        type: 'MembershipEndWithdrawn',
        data: { memberId: M, balanceId: 'b-new', annulment: 'b-w', date: '2026-11-15' },
      },
      {
        type: 'PostingAnnulled',
        data: {
          memberId: M,
          balanceId: 'b-w',
          annulPeer: 'b-new',
          originalType: 8,
          quantity: 3,
          amount: 75_000,
          date: '2027-12-31',
          approvalDate: null,
          interestBegin: null,
        },
      },
      { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b-new', annulment: 'b-w' } },
    ];
    spec
      .given(withdrawn)
      .when(post(1, 1, { balanceId: 'b-1', date: '2026-11-20' }))
      .then([posted('b-1', 1, 1, { date: '2026-11-20' })]);
    spec
      .given(withdrawn)
      .when(post(8, null, { balanceId: 'b-2', ...notice('2026-11-20') }))
      .then([
        noticed({ balanceId: 'b-2', noticeDate: '2026-11-20', effectiveDate: '2027-12-31' }),
        posted('b-2', 8, 3, { date: '2027-12-31' }),
        exitOn('2027-12-31', 'exit', 'b-2'),
      ]);
  });

  describe('a transfer (§ 76: at any time) while the end is pending', () => {
    const out = (quantity: number, fields: Partial<TransferOut> = {}): TransferOut => ({
      type: 'TransferOut',
      memberId: M,
      cooperativeId: COOP,
      balanceId: 'b-out',
      peerBalanceId: 'b-in',
      transferTo: 'm-2',
      quantity,
      terms,
      restate: { annulment: 'b-ann', exit: 'b-exit2' },
      ...ON,
      date: '2026-11-20',
      ...fields,
    });

    it('is accepted and re-states the exit posting for the holding that remains', () => {
      spec
        .given(pending)
        .when(out(2))
        .then([
          posted('b-out', 3, 2, { date: '2026-11-20', transferTo: 'm-2', transferPeer: 'b-in' }),
          {
            type: 'PostingAnnulled',
            data: {
              memberId: M,
              balanceId: 'b-ann',
              annulPeer: 'b-new',
              originalType: 8,
              quantity: 3,
              amount: 75_000,
              date: '2027-12-31',
              approvalDate: null,
              interestBegin: null,
            },
          },
          posted('b-exit2', 8, 1, { date: '2027-12-31' }),
          exitOn('2027-12-31', 'exit', 'b-exit2'),
        ]);
    });

    it('keeps the minimum until the effective date, naming what the member holds without the pending withdrawal and what may leave', () => {
      refuses(pending, out(3), [err('quantity', 'atLeastAmountMustRemain', '250,00', '3', '2')]);
    });

    it('is refused after the effective date like any posting of an exited member', () => {
      refuses(pending, out(1, { date: '2028-01-02' }), [err(null, 'memberHasExited')]);
    });
  });

  it('withdraws a pending partial termination the same way (annulled on its own date)', () => {
    const partial = [...member, posted('b2', 2, 1, { date: '2027-12-31', noticeDate: '2026-10-01' })];
    spec
      .given(partial)
      .when({ ...withdraw(), annulPeer: 'b2' })
      .then([
        {
          type: 'PostingAnnulled',
          data: {
            memberId: M,
            balanceId: 'b-w',
            annulPeer: 'b2',
            originalType: 2,
            quantity: 1,
            amount: 25_000,
            date: '2027-12-31',
            approvalDate: null,
            interestBegin: null,
          },
        },
      ]);
  });
});
