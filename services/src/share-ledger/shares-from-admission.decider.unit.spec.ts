import { describe, it } from '@jest/globals';
import { admitted, err, M, M2, ON, posted, subscribed } from '../kernel/testing/member-events.js';
import type { LedgerCommand } from './domain/ledger.decider.js';
import { refuses, spec, transferIn, transferOut } from './testing/ledger-spec.js';

/**
 * Decision 334: the write side's holding counts a subscription's shares from its admission, as the register and the
 * movement report do (§ 15, § 15b (3) GenG, decision 330). Shares declared but not yet admitted cannot leave by a
 * transfer, nor count towards what must remain.
 */
describe('share ledger decider: shares count from their admission', () => {
  const out = transferOut;
  const transferred = (quantity: number, date: string) =>
    posted('b-out', 3, quantity, {
      ...ON,
      date,
      approvalDate: date,
      interestBegin: date,
      transferTo: M2,
      transferPeer: 'b-in',
    });

  // The first subscription is declared on 01.06. and admitted on 05.06. (`subscribed`).
  it('refuses a transfer of the first shares between the declaration and the admission', () => {
    const given = [admitted(), subscribed(3)];
    const between = { date: '2025-06-03', approvalDate: '2025-06-03', interestBegin: '2025-06-03' };
    refuses(given, out(between), [err('quantity', 'atLeastAmountMustRemain', '250,00', '0', '0')]);
    spec
      .given(given)
      .when(out({ date: '2025-06-05', approvalDate: '2025-06-05', interestBegin: '2025-06-05' }))
      .then([transferred(1, '2025-06-05')]);
  });

  it('keeps further shares declared on 12.06. and admitted on 20.06. out of the holding between the two days', () => {
    const further = posted('b1', 1, 2, { date: '2025-06-12', approvalDate: '2025-06-20', interestBegin: '2025-07-01' });
    const given = [admitted(), subscribed(3), further];
    const on = (date: string) => ({ quantity: 4, date, approvalDate: date, interestBegin: date });
    refuses(given, out(on('2025-06-15')), [err('quantity', 'atLeastAmountMustRemain', '250,00', '3', '2')]);
    spec
      .given(given)
      .when(out(on('2025-06-20')))
      .then([transferred(4, '2025-06-20')]);
  });

  // Decision 345 (§ 76 GenG): the receiver is or becomes a member; shares reach it from the day it is one.
  it('refuses a transfer to a member declared on 01.06. and admitted on 05.06. dated between the two days', () => {
    const receiver = [admitted({ name: 'Ernst' }, M2), subscribed(1, M2)];
    const into = (date: string): LedgerCommand => transferIn({ date, approvalDate: date, interestBegin: date });
    refuses(receiver, into('2025-06-03'), [err('transferTo', 'transferBeforeMembership', '2025-06-05')]);
    spec
      .given(receiver)
      .when(into('2025-06-05'))
      .then([
        posted('b-in', 4, 1, {
          memberId: M2,
          date: '2025-06-05',
          approvalDate: '2025-06-05',
          interestBegin: '2025-06-05',
          transferFrom: M,
          transferPeer: 'b-out',
        }),
      ]);
  });
});
