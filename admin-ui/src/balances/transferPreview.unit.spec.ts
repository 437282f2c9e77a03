import { describe, expect, it } from '@jest/globals';
import type { ShareDue } from '../share-payments/model';
import { transferPreview } from './transferPreview';

const due = (id: string, date: string, amount: number, paid: number): ShareDue => ({
  id,
  member: 'm-1',
  memberNr: 1,
  memberName: 'Berger, Anna',
  type: id === 'b0' ? 0 : 1,
  date,
  quantity: amount / 25_000,
  amount,
  paid,
  paidWhenPosted: paid,
  passedOn: 0,
  released: 0,
  outstanding: amount - paid,
  dueSince: amount > paid ? date : null,
  instalments: [],
  reminderLevel: 0,
  owedUntil: '9999-12-31',
});

describe('the transfer preview (§ 76 GenG, decision 265)', () => {
  it('3 shares with 300 € paid: 2 shares move the 300 €, the receiver owes 200 €, the member 250 € on the one kept', () => {
    expect(transferPreview(50_000, 75_000, [due('b0', '2020-01-15', 75_000, 30_000)])).toMatchObject({
      nominal: 50_000,
      paid: 30_000,
      owed: 20_000,
      staysOwed: 25_000,
    });
  });

  it('a holding paid in full moves its whole amount and nothing stays owed', () => {
    expect(transferPreview(25_000, 50_000, [due('b0', '2020-01-15', 50_000, 50_000)])).toMatchObject({
      paid: 25_000,
      owed: 0,
      staysOwed: 0,
      passedOn: [],
    });
  });

  it('the unpaid parts pass on from the oldest due first', () => {
    const dues = [due('b1', '2022-05-01', 50_000, 0), due('b0', '2020-01-15', 25_000, 10_000)];
    expect(transferPreview(50_000, 75_000, dues).passedOn).toEqual([
      { balanceId: 'b0', amount: 15_000 },
      { balanceId: 'b1', amount: 25_000 },
    ]);
  });
});
