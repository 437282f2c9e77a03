import {
  memberFieldError,
  transferSplit,
  ValidationError,
  type DomainEvent,
  type MemberEvent,
  type SharesPosted,
  type TransferSplit,
} from '@coop/contracts';
import { negated, paidField, paidIn as paidInOf } from '../../kernel/geschaeftsguthaben.js';
import type { MemberState } from '../../kernel/member-stream.js';
import { outstandingOf, owedOldestFirst } from '../../kernel/owing-postings.js';
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
 * The transfer's own checks (not to oneself, a share price set) and its posting (3): one place for transfer.rules.ts
 * and a transfer while the member's end is pending (membership-end.rules.ts). It moves the Geschäftsguthaben (§ 76 GenG:
 * what was paid in, `paidIn`, the member's less a pending end's), up to the shares' amount; the unpaid rest of their
 * price leaves the giver's dues, oldest due first, and the receiver owes it (decision 265). `paid` and `passedOn` are
 * written only where the shares were not fully paid: a fully paid holding gives the events it always gave.
 */
export function outgoingTransfer(
  command: OutgoingTransfer,
  state: MemberState,
  paidIn: number,
): { readonly event: MemberEvent; readonly amount: number; readonly split: TransferSplit } {
  const { memberId, balanceId, peerBalanceId, terms, transferTo, quantity } = command;
  const errors = transferTo === memberId ? [memberFieldError('transferTo', 'canNotTransferToSelf')] : [];
  for (const error of shareCostErrors(terms)) errors.push(error);
  if (errors.length > 0) throw new ValidationError(errors);
  const amount = amountFor(3, quantity, terms.shareCost);
  const split = leavingSplit(state, amount, paidIn);
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
      ...paidField(negated(split.paid), amount),
      ...(split.passedOn.length > 0 ? { passedOn: split.passedOn.map((p) => ({ ...p })) } : {}),
    },
  };
  return { event, amount, split };
}

/**
 * What shares leaving the member's holding by `amount` (negative) cents take with them, by transfer (3) or partial
 * termination (2): one rule (`transferSplit`). What was paid in (`paidIn`, the member's Geschäftsguthaben unless told)
 * leaves up to their amount, the shares paid in first; the unpaid rest of their price leaves the member's dues, the
 * oldest due first (decision 209), so the shares that stay owe what they owed (decisions 234, 265, 267).
 */
export function leavingSplit(state: MemberState, amount: number, paidIn: number = paidInOf(state)): TransferSplit {
  const dues = owedOldestFirst(state).map((p) => ({ balanceId: p.balanceId, outstanding: outstandingOf(p) }));
  return transferSplit(-amount, paidIn, dues);
}

/**
 * The Geschäftsguthaben the outgoing half among `events` moves (what the incoming half receives, `TransferIn.paid`):
 * null where it moves the shares' whole amount (no `paid` written), so the incoming half reads as before.
 */
export function movedPaid(events: readonly DomainEvent[]): number | null {
  for (const e of events) {
    if (e.type !== 'SharesPosted') continue;
    const { data } = e as SharesPosted;
    if (data.type === 3) return data.paid === undefined ? null : negated(data.paid);
  }
  return null;
}
