import { describe, expect, it } from '@jest/globals';
import { postedDue, shareDuesProjector } from './share-dues.projector.js';
import { admitted, due, homes, payment, plan, recorded, run, subscription } from './testing/share-dues-history.js';

describe('share_dues projector: outstanding and paid in full kept apart (decision 266)', () => {
  const returned = recorded('SharePaymentReturned', {
    memberId: 'm-1',
    balanceId: 'b0',
    paymentId: 'p-2',
    date: '2026-02-10',
    amount: 20_000,
    reason: 'MD06',
  });

  it('a due moves to share_dues_settled when paid in full and back when a return opens it again', () => {
    expect(shareDuesProjector.keys(returned)).toEqual([
      { collection: 'share_dues', id: 'b0' },
      { collection: 'share_dues_settled', id: 'b0' },
    ]);
    expect(homes(run(shareDuesProjector, [admitted, subscription]), 'b0')).toEqual(['share_dues']);
    const paid = run(shareDuesProjector, [admitted, subscription, payment(90_000, 'p-2')]);
    expect(homes(paid, 'b0')).toEqual(['share_dues_settled']);
    expect(due(paid, 'b0')).toMatchObject({ paid: 100_000, outstanding: 0, dueSince: null, memberNr: 7 });
    const reopened = run(shareDuesProjector, [admitted, subscription, payment(90_000, 'p-2'), returned]);
    expect(homes(reopened, 'b0')).toEqual(['share_dues']);
    expect(due(reopened, 'b0')).toMatchObject({ paid: 80_000, outstanding: 20_000, dueSince: '2026-01-10' });
  });

  it('a subscription paid with its posting is stored nowhere; a correction that opens it writes its due (decision 268)', () => {
    const full = recorded('SharesPosted', {
      memberId: 'm-1',
      balanceId: 'b4',
      type: 1,
      quantity: 2,
      amount: 50_000,
      shareCost: 25_000,
      date: '2026-03-01',
      approvalDate: null,
      interestBegin: null,
    });
    expect(homes(run(shareDuesProjector, [admitted, full]), 'b4')).toEqual([]);
    // The readers' due of such a subscription: the same rule as the projector's, paid in full since its date.
    expect(
      postedDue({
        id: 'b4',
        cooperativeId: 'c-1',
        member: 'm-1',
        memberNr: 7,
        memberName: 'Berger, Anna',
        type: 1,
        date: '2026-03-01',
        quantity: 2,
        amount: 50_000,
        paidWhenPosted: 50_000,
        position: '2',
      }),
    ).toMatchObject({ paid: 50_000, paidWhenPosted: 50_000, outstanding: 0, dueSince: null, passedOn: 0 });
    const copy = { type: 1, date: '2026-03-01', quantity: 2, amount: 50_000, paidWhenPosted: 50_000 };
    const corrected = (subscription?: typeof copy) =>
      recorded('SharePaymentCorrected', {
        memberId: 'm-1',
        balanceId: 'b4',
        rueckpfleinzahlung: 30_000,
        interestEnd: null,
        ...(subscription ? { subscription } : {}),
      });
    expect(shareDuesProjector.keys(corrected(copy))).toContainEqual({ collection: 'share_due_members', id: 'm-1' });
    const opened = run(shareDuesProjector, [admitted, full, corrected(copy)]);
    expect(homes(opened, 'b4')).toEqual(['share_dues']);
    expect(due(opened, 'b4')).toMatchObject({
      memberNr: 7,
      memberName: 'Berger, Anna',
      amount: 50_000,
      paidWhenPosted: 50_000,
      paid: 30_000,
      outstanding: 20_000,
      dueSince: '2026-03-01',
    });
    expect(due(opened, 'b4')!.owedUntil).toBe('9999-12-31');
    // A member whose whole end is recorded: the copy says until when the due it opens is owed (decision 269).
    const ending = run(shareDuesProjector, [
      admitted,
      full,
      corrected({ ...copy, owedUntil: '2026-12-31' } as typeof copy),
    ]);
    expect(due(ending, 'b4')).toMatchObject({ outstanding: 20_000, owedUntil: '2026-12-31' });
    // A correction written before decision 268 carries no copy: nothing to write it from.
    expect(homes(run(shareDuesProjector, [admitted, full, corrected()]), 'b4')).toEqual([]);
    // Corrected back to paid in full, it is kept with the dues paid in full; an annulment takes it out.
    const back = recorded('SharePaymentCorrected', {
      memberId: 'm-1',
      balanceId: 'b4',
      rueckpfleinzahlung: 50_000,
      interestEnd: null,
      subscription: copy,
    });
    expect(homes(run(shareDuesProjector, [admitted, full, corrected(copy), back]), 'b4')).toEqual([
      'share_dues_settled',
    ]);
    const annulled = recorded('PostingAnnulled', {
      memberId: 'm-1',
      balanceId: 'b5',
      annulPeer: 'b4',
      originalType: 1,
      quantity: -2,
      amount: -50_000,
      date: '2026-03-02',
      approvalDate: null,
      interestBegin: null,
    });
    expect(homes(run(shareDuesProjector, [admitted, full, corrected(copy), annulled]), 'b4')).toEqual([]);
  });

  it('a partial termination releases the unpaid part of its shares; released in full the due is settled (decision 267)', () => {
    const end = (quantity: number, released?: number) => ({
      memberId: 'm-1',
      balanceId: 'b-end',
      type: 2,
      quantity,
      amount: -quantity * 25_000,
      shareCost: 25_000,
      date: '2026-12-31',
      approvalDate: null,
      interestBegin: null,
      noticeDate: '2026-03-01',
      paid: -10_000,
      ...(released === undefined ? {} : { released: [{ balanceId: 'b0', amount: released }] }),
    });
    // 4 shares, 100 € paid: 3 leave with the 100 €, the 650 € of their price released cover the first instalments.
    const kept = run(shareDuesProjector, [admitted, subscription, plan, recorded('SharesPosted', end(3, 65_000))]);
    expect(due(kept, 'b0')).toMatchObject({ paid: 10_000, passedOn: 0, released: 65_000, outstanding: 25_000 });
    expect(due(kept, 'b0')!.dueSince).toBe('2026-08-01');
    // A later share of its own, not paid: the 4 shares of b0 leave, their 900 € unpaid released; b0 owes nothing.
    const later = recorded('SharesPosted', { ...end(1), balanceId: 'b1', type: 1, amount: 25_000, paid: 0 });
    const four = recorded('SharesPosted', end(4, 90_000));
    const all = run(shareDuesProjector, [admitted, subscription, later, four]);
    expect(homes(all, 'b0')).toEqual(['share_dues_settled']);
    expect(due(all, 'b0')).toMatchObject({ released: 90_000, outstanding: 0, dueSince: null });
    expect(due(all, 'b1')).toMatchObject({ outstanding: 25_000 });
    const withdrawn = recorded('PostingAnnulled', {
      ...end(4, 90_000),
      balanceId: 'b-annul',
      annulPeer: 'b-end',
      originalType: 2,
      quantity: 4,
      amount: 100_000,
      paid: 10_000,
    });
    const back = run(shareDuesProjector, [admitted, subscription, later, four, withdrawn]);
    expect(homes(back, 'b0')).toEqual(['share_dues']);
    expect(due(back, 'b0')).toMatchObject({ released: 0, outstanding: 90_000, dueSince: '2026-01-10' });
  });
});
