import { describe, expect, it } from '@jest/globals';
import { OWED_WITHOUT_END } from '@coop/contracts/console';
import { paidInOn } from './paidIn.js';

/*
 * The member page's Geschäftsguthaben beside the nominal holding (issue 45, decision 273): what was paid in on the
 * shares held today, less nothing that is still owed and less nothing that has left the dues ahead of its posting.
 * Share price 250 €; today 2026-06-30.
 */
const day = '2026-06-30';
const due = (date: string, outstanding: number, owedUntil = OWED_WITHOUT_END) => ({ date, outstanding, owedUntil });
const booked = (id: string, date: string, annulated = false) => ({ id, date, annulated });

describe('paidInOn', () => {
  it('a holding paid in full: the Geschäftsguthaben is the nominal amount, nothing open', () => {
    expect(paidInOn(day, 450_000, [], [booked('a', '2026-01-10')], [])).toEqual({ paidIn: 450_000, open: 0 });
  });

  it('18 shares, 300 € outstanding on one subscription: 4.200 € paid in, 300 € open', () => {
    const dues = [due('2026-02-01', 30_000)];
    expect(paidInOn(day, 450_000, dues, [booked('s', '2026-02-01')], [])).toEqual({ paidIn: 420_000, open: 30_000 });
  });

  it('an incoming transfer (4) of shares part paid: the receiver owes the unpaid rest, it is not paid in', () => {
    // 2 shares (500 €) received with 300 € of Geschäftsguthaben; the 200 € passed on are the transfer's due.
    const dues = [due('2026-03-01', 20_000)];
    const postings = [{ balanceId: 't', type: 4 }];
    expect(paidInOn(day, 50_000, dues, [booked('t', '2026-03-01')], postings)).toEqual({
      paidIn: 30_000,
      open: 20_000,
    });
  });

  it('an outgoing transfer (3) dated later: its passed-on part left the dues but its shares are still held', () => {
    // 4 shares (1.000 €), 300 € paid; 2 of them go on 2026-12-31 with the 300 € paid and 200 € passed on.
    const balances = [booked('s', '2026-01-10'), booked('t', '2026-12-31')];
    const postings = [{ balanceId: 't', type: 3, passedOn: 20_000 }];
    expect(paidInOn(day, 100_000, [due('2026-01-10', 50_000)], balances, postings)).toEqual({
      paidIn: 30_000,
      open: 50_000,
    });
  });

  it('a partial termination (2) that released a part: pending, and once it took effect', () => {
    // 3 shares (750 €), 300 € paid; notice on 2: the 300 € paid leave with them, 200 € released, 250 € still owed.
    const postings = [{ balanceId: 'k', type: 2, released: 20_000 }];
    const dues = [due('2026-01-10', 25_000)];
    const pending = [booked('s', '2026-01-10'), booked('k', '2026-12-31')];
    expect(paidInOn(day, 75_000, dues, pending, postings)).toEqual({ paidIn: 30_000, open: 25_000 });
    const effective = [booked('s', '2026-01-10'), booked('k', '2026-06-30')];
    expect(paidInOn(day, 25_000, dues, effective, postings)).toEqual({ paidIn: 0, open: 25_000 });
    // Annulled, it released nothing: the dues owe the 200 € again and the posting no longer counts.
    const annulled = [booked('s', '2026-01-10'), booked('k', '2026-12-31', true)];
    expect(paidInOn(day, 75_000, [due('2026-01-10', 45_000)], annulled, postings)).toEqual({
      paidIn: 30_000,
      open: 45_000,
    });
  });

  it('a whole end pending owes every share until its date; taken effect it owes nothing (decision 269)', () => {
    const end = '2026-12-31';
    const pending = paidInOn(day, 450_000, [due('2026-02-01', 30_000, end)], [booked('x', end)], []);
    expect(pending).toEqual({ paidIn: 420_000, open: 30_000 });
    const after = paidInOn('2027-01-02', 0, [due('2026-02-01', 30_000, end)], [booked('x', end)], []);
    expect(after).toEqual({ paidIn: 0, open: 0 });
  });

  it('a subscription dated later is of shares not held yet: its outstanding does not count today', () => {
    const dues = [due('2026-08-01', 25_000)];
    expect(paidInOn(day, 50_000, dues, [booked('s', '2026-08-01')], [])).toEqual({ paidIn: 50_000, open: 0 });
  });
});
