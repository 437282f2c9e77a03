import { memberFieldError, ValidationError, type MemberEvent } from '@coop/contracts';
import { requireMember, type MemberState } from '../../kernel/member-stream.js';
import { amountFor, amountLimitErrors, shareCostErrors } from '../../kernel/share-terms.js';
import { paidErrors } from '../../kernel/subscription-paid.js';
import type { PostShares } from './ledger.commands.js';
import { postNotice } from './membership-end.rules.js';
import { requireNewBalance, requireNotExited } from './posting-rules.js';
import { requireEarlierSharesPaid } from './subscription-payment.rules.js';

/**
 * Postings of type 1 (additional shares, paid in full or in part) and the postings that end shares: 2, 6, 7, 8 with
 * their notice (membership-end.rules.ts).
 */
export function postShares(command: PostShares, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const { postingType, terms, balanceId, memberId } = command;
  if (![1, 2, 6, 7, 8].includes(postingType))
    throw new ValidationError([memberFieldError('type', 'invalidChoice', String(postingType))]);
  const errors = shareCostErrors(terms);
  if (errors.length > 0) throw new ValidationError(errors);
  if (postingType !== 1) {
    // A partial termination (2) and every end (6, 7, 8) take effect at the end of a financial year (decision 55).
    if (command.notice === undefined)
      throw new RangeError(`A posting of type ${postingType} needs its notice (read at the edge).`);
    return postNotice(command, state);
  }
  const quantity = command.quantity;
  if (quantity === null || quantity === undefined)
    throw new RangeError('A posting of type 1 needs its quantity (read at the edge).');
  const tooMuch = amountLimitErrors('quantity', quantity, terms.shareCost, state.cents);
  const amount = amountFor(1, quantity, terms.shareCost);
  for (const error of paidErrors(command.paid, amount)) tooMuch.push(error);
  if (tooMuch.length > 0) throw new ValidationError(tooMuch);
  // § 15b GenG (DOMAIN.md 9.1): further shares only when every share but the last one taken is fully paid, by day.
  const outstanding = command.paid === null || command.paid === undefined ? 0 : amount - command.paid;
  requireEarlierSharesPaid(state, { date: command.date, outstanding, quantity, amount });
  const dates = { date: command.date, approvalDate: command.approvalDate, interestBegin: command.interestBegin };
  const paid = command.paid === null || command.paid === undefined ? {} : { paid: command.paid };
  return [
    {
      type: 'SharesPosted',
      data: { memberId, balanceId, type: 1, quantity, amount, shareCost: terms.shareCost, ...dates, ...paid },
    },
  ];
}
