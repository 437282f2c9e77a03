import { joinedOn, memberFieldError, ValidationError, type MemberEvent } from '@coop/contracts';
import { paidField, paidIn } from '../../kernel/geschaeftsguthaben.js';
import { requireMember, type MemberState } from '../../kernel/member-stream.js';
import { amountFor, amountLimitErrors, shareCostErrors } from '../../kernel/share-terms.js';
import type { TransferIn, TransferOut } from './ledger.commands.js';
import { exitPendingOn, transferOutWhileLeaving } from './membership-end.rules.js';
import { outgoingTransfer } from './transfer-out.js';
import { requireMinimumRemains, requireNewBalance, requireNotExited } from './posting-rules.js';

/** The giving half of a transfer (3); while a noticed end is pending, the exit is re-stated with it. */
export function transferOut(command: TransferOut, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  // § 76 GenG: a transfer is possible at any time, also while a noticed end is pending (its exit is re-stated).
  if (exitPendingOn(state, command.date)) return transferOutWhileLeaving(command, state);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const { event, amount } = outgoingTransfer(command, state, paidIn(state));
  requireMinimumRemains(state, command.date, -command.quantity, amount, command.terms);
  return [event];
}

/**
 * The receiving half of a transfer (4): its shares at their nominal amount, and the Geschäftsguthaben the giving half
 * moved (`paid`, absent: the whole amount). What did not come paid is due as on a subscription (decision 265).
 */
export function transferIn(command: TransferIn, state: MemberState): MemberEvent[] {
  const { memberId, balanceId, peerBalanceId, transferFrom, terms } = command;
  // The receiving member is named by the request (transferTo), so its absence is a field error, not a 404.
  if (!state.exists || state.cooperativeId !== command.cooperativeId) {
    throw new ValidationError([memberFieldError('transferTo', 'invalidChoice', memberId)]);
  }
  if (state.exitDate !== null) throw new ValidationError([memberFieldError('transferTo', 'memberHasExited')]);
  // § 76 GenG: the receiver is or becomes a member; shares received count from the day it is one (§ 15: declaration and
  // admission), so a transfer is dated on or after it (decision 345).
  const member = joinedOn(state.entryDate, state.approvalDate);
  if (member !== null && command.date < member)
    throw new ValidationError([memberFieldError('transferTo', 'transferBeforeMembership', member)]);
  if (transferFrom === memberId) throw new ValidationError([memberFieldError('transferTo', 'canNotTransferToSelf')]);
  requireNewBalance(state, balanceId);
  const { quantity } = command;
  const errors = [...shareCostErrors(terms), ...amountLimitErrors('quantity', quantity, terms.shareCost, state.cents)];
  if (errors.length > 0) throw new ValidationError(errors);
  const amount = amountFor(4, quantity, terms.shareCost);
  const paid = command.paid ?? amount;
  if (!Number.isSafeInteger(paid) || paid < 0 || paid > amount)
    throw new RangeError(`A transfer moves 0 to ${amount} cents paid in, not ${paid} (the outgoing half's).`);
  return [
    {
      type: 'SharesPosted',
      data: {
        memberId,
        balanceId,
        type: 4,
        quantity,
        amount,
        shareCost: terms.shareCost,
        date: command.date,
        approvalDate: command.approvalDate,
        interestBegin: command.interestBegin,
        transferFrom,
        transferPeer: peerBalanceId,
        ...paidField(paid, amount),
      },
    },
  ];
}
