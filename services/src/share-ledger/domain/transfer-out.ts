import { memberFieldError, ValidationError, type MemberEvent } from '@coop/contracts';
import { amountFor, shareCostErrors, type ShareTerms } from '../../kernel/share-terms.js';
import type { PostingDates } from './posting-rules.js';

/** What the giving half of a transfer (3) reads of its command, whether or not the member's end is pending. */
export type OutgoingTransfer = {
  readonly memberId: string;
  readonly balanceId: string;
  readonly peerBalanceId: string;
  readonly transferTo: string;
  readonly quantity: number;
  readonly terms: ShareTerms;
} & PostingDates;

/**
 * The transfer's own checks (not to oneself, a share price set) and its posting (3) with the amount it moves: one
 * place for transfer.rules.ts and a transfer while the member's end is pending (membership-end.rules.ts).
 */
export function outgoingTransfer(command: OutgoingTransfer): { readonly event: MemberEvent; readonly amount: number } {
  const { memberId, balanceId, peerBalanceId, terms, transferTo, quantity } = command;
  const errors = transferTo === memberId ? [memberFieldError('transferTo', 'canNotTransferToSelf')] : [];
  for (const error of shareCostErrors(terms)) errors.push(error);
  if (errors.length > 0) throw new ValidationError(errors);
  const amount = amountFor(3, quantity, terms.shareCost);
  const dates = { date: command.date, approvalDate: command.approvalDate, interestBegin: command.interestBegin };
  const event: MemberEvent = {
    type: 'SharesPosted',
    data: {
      memberId,
      balanceId,
      type: 3,
      quantity,
      amount,
      shareCost: terms.shareCost,
      ...dates,
      transferTo,
      transferPeer: peerBalanceId,
    },
  };
  return { event, amount };
}
