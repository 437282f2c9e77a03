import { describe, expect, it } from '@jest/globals';
import {
  AlreadyCredited,
  creditPaymentId,
  memberCredits,
  outstandingSubscriptions,
  owedOn,
  splitDividend,
  type CreditPosting,
} from './domain/dividend-credit.js';

const posting = (
  balanceId: string,
  type: number,
  date: string,
  amount: number,
  payment: number,
  annulated = false,
): CreditPosting => ({ balanceId, type, date, amount, payment, annulated });

describe('dividend credited to the Geschäftsguthaben (§ 19 (1) GenG, DOMAIN.md 1.6)', () => {
  it('given subscriptions with something owed, then they are listed oldest first with amount less payment', () => {
    const postings = [
      posting('b2', 1, '2024-03-01', 25_000, 5_000),
      posting('b1', 0, '2020-01-15', 50_000, 40_000),
      posting('b3', 1, '2024-03-01', 10_000, 0),
    ];
    expect(outstandingSubscriptions(postings, '2025-06-30')).toEqual([
      { balanceId: 'b1', date: '2020-01-15', outstanding: 10_000 },
      { balanceId: 'b2', date: '2024-03-01', outstanding: 20_000 },
      { balanceId: 'b3', date: '2024-03-01', outstanding: 10_000 },
    ]);
  });

  it('given paid, annulled, non-subscription and later postings, then none of them is outstanding', () => {
    const postings = [
      posting('paid', 0, '2020-01-01', 50_000, 50_000),
      posting('annulled', 1, '2021-01-01', 50_000, 0, true),
      posting('withdrawal', 2, '2021-01-01', -50_000, -50_000),
      posting('incoming', 4, '2021-01-01', 50_000, 50_000),
      posting('after', 1, '2025-07-01', 50_000, 0),
      posting('overpaid', 1, '2021-01-01', 50_000, 60_000),
    ];
    expect(outstandingSubscriptions(postings, '2025-06-30')).toEqual([]);
  });

  it('given shares taken by transfer not paid in full, or passed on by one, then they owe what did not come paid (decision 265)', () => {
    const postings = [
      { ...posting('given', 1, '2020-01-01', 75_000, 0), passedOn: 50_000 },
      posting('incoming', 4, '2021-01-01', 50_000, 20_000),
    ];
    expect(outstandingSubscriptions(postings, '2025-06-30')).toEqual([
      { balanceId: 'given', date: '2020-01-01', outstanding: 25_000 },
      { balanceId: 'incoming', date: '2021-01-01', outstanding: 30_000 },
    ]);
  });

  it('given a net below what is owed, then all of it is credited, oldest first, and nothing paid', () => {
    const owed = [
      { balanceId: 'b1', date: '2020-01-15', outstanding: 1_000 },
      { balanceId: 'b2', date: '2024-03-01', outstanding: 20_000 },
    ];
    expect(splitDividend(3_871, owed, true)).toEqual({
      credited: 3_871,
      paid: 0,
      credits: [
        { balanceId: 'b1', amount: 1_000 },
        { balanceId: 'b2', amount: 2_871 },
      ],
    });
  });

  it('given a net above what is owed, then what is owed is credited and the rest paid, to the cent', () => {
    const owed = [{ balanceId: 'b1', date: '2020-01-15', outstanding: 1_001 }];
    expect(splitDividend(3_871, owed, true)).toEqual({
      credited: 1_001,
      paid: 2_870,
      credits: [{ balanceId: 'b1', amount: 1_001 }],
    });
  });

  it('given a net exactly what is owed, then all is credited and the last subscription is covered exactly', () => {
    const owed = [
      { balanceId: 'b1', date: '2020-01-15', outstanding: 1 },
      { balanceId: 'b2', date: '2020-01-16', outstanding: 3_870 },
    ];
    expect(splitDividend(3_871, owed, true)).toEqual({
      credited: 3_871,
      paid: 0,
      credits: [
        { balanceId: 'b1', amount: 1 },
        { balanceId: 'b2', amount: 3_870 },
      ],
    });
  });

  it('given the statutes say otherwise (creditDividendUntilPaid false), then everything is paid out', () => {
    expect(splitDividend(3_871, [{ balanceId: 'b1', date: '2020-01-15', outstanding: 10_000 }], false)).toEqual({
      credited: 0,
      paid: 3_871,
      credits: [],
    });
  });

  it('given nothing owed or a net of zero, then nothing is credited', () => {
    expect(splitDividend(3_871, [], true)).toEqual({ credited: 0, paid: 3_871, credits: [] });
    expect(splitDividend(0, [{ balanceId: 'b1', date: '2020-01-15', outstanding: 10_000 }], true)).toEqual({
      credited: 0,
      paid: 0,
      credits: [],
    });
  });

  it('for every split, credited + paid = net and no subscription gets more than it owes (all in integer cents)', () => {
    const owed = [
      { balanceId: 'a', date: '2020-01-01', outstanding: 333 },
      { balanceId: 'b', date: '2021-01-01', outstanding: 1_001 },
    ];
    const wrong: number[] = [];
    for (let net = 0; net < 3_000; net += 7) {
      const split = splitDividend(net, owed, true);
      const fits = split.credits.every(
        (c) =>
          Number.isSafeInteger(c.amount) &&
          c.amount > 0 &&
          c.amount <= owed.find((o) => o.balanceId === c.balanceId)!.outstanding,
      );
      if (
        split.credited + split.paid !== net ||
        split.credits.reduce((s, c) => s + c.amount, 0) !== split.credited ||
        !fits
      )
        wrong.push(net);
    }
    expect(wrong).toEqual([]);
  });

  it('given a net that is not whole cents, then it refuses (no floats in money)', () => {
    expect(() => splitDividend(10.5, [], true)).toThrow(RangeError);
    expect(() => splitDividend(-1, [], true)).toThrow(RangeError);
  });

  it('names the credit of one closure on one subscription by one payment id', () => {
    expect(creditPaymentId('d1', 'b1')).toBe('dividend-d1-b1');
  });
});

describe('a closure step books each member credit once', () => {
  const account = {
    postings: [posting('b1', 0, '2024-01-10', 50_000, 10_000), posting('b2', 1, '2024-02-10', 25_000, 0)],
    paymentIds: ['p-transfer'],
  };

  it('given a member owing on two subscriptions, then the net is credited to them oldest first, each part with its payment id', () => {
    expect(memberCredits('d1', 'm1', '2025-06-30', 45_000, account, true)).toEqual([
      { balanceId: 'b1', paymentId: 'dividend-d1-b1', amount: 40_000 },
      { balanceId: 'b2', paymentId: 'dividend-d1-b2', amount: 5_000 },
    ]);
  });

  it('given the same step run again on the same state, then it decides the same credits (a resumed step appends what a whole run would)', () => {
    expect(memberCredits('d1', 'm1', '2025-06-30', 45_000, account, true)).toEqual(
      memberCredits('d1', 'm1', '2025-06-30', 45_000, account, true),
    );
  });

  it('given a member stream already holding a credit of this closure (the step was written before a crash), then it refuses to credit again', () => {
    const booked = { ...account, paymentIds: ['p-transfer', 'dividend-d1-b1'] };
    expect(() => memberCredits('d1', 'm1', '2025-06-30', 45_000, booked, true)).toThrow(AlreadyCredited);
    // Another closure's credit (an earlier year) is no reason to refuse.
    expect(memberCredits('d2', 'm1', '2025-06-30', 1_000, booked, true)).toEqual([
      { balanceId: 'b1', paymentId: 'dividend-d2-b1', amount: 1_000 },
    ]);
  });

  it('given the setting false, then nothing is credited', () => {
    expect(memberCredits('d1', 'm1', '2025-06-30', 45_000, account, false)).toEqual([]);
  });

  it('given a whole end in effect by the payment date, then nothing is owed and nothing credited (decision 269)', () => {
    const ending = (endsOn: string | null) =>
      memberCredits('d1', 'm1', '2025-06-30', 45_000, { ...account, endsOn }, true);
    expect([ending('2024-12-31'), ending('2025-06-30')]).toEqual([[], []]);
    // An end still to come: the member owes until then, the credit is as without one.
    expect(ending('2025-12-31')).toEqual(ending(null));
    expect(ending(null).length).toBe(2);
  });

  it('given the preview’s dues, then those of a leaver whose end took effect by the date are not owed', () => {
    const dues = [
      { balanceId: 'b1', date: '2025-01-10', outstanding: 100 },
      { balanceId: 'b2', date: '2025-01-10', outstanding: 100, owedUntil: '2025-06-30' },
      { balanceId: 'b3', date: '2025-01-10', outstanding: 100, owedUntil: '2025-07-01' },
      { balanceId: 'b4', date: '2025-07-01', outstanding: 100 },
    ];
    expect(owedOn(dues, '2025-06-30').map((d) => d.balanceId)).toEqual(['b1', 'b3']);
  });
});
