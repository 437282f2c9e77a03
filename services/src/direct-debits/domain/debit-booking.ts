import type { DebitAboveOutstanding, DirectDebitItem, MemberEvent, SharePaymentReceived } from '@coop/contracts';
import { followPendingEnd } from '../../kernel/geschaeftsguthaben.js';
import type { MemberState } from '../../kernel/member-stream.js';
import { outstandingOf, subscriptions } from '../../kernel/owing-postings.js';

/*
 * Booking a collection's debits on one member's stream (issue 45, DEBIT; decision 270). The file was made from the
 * dues as they were then; by the time a debit is booked its subscription may owe less: a payment by hand or from a bank
 * statement, a transfer that passed its unpaid part on (decision 265), a partial termination that released it
 * (decision 267), or the subscription's annulment. A debit is booked up to what its subscription still owes on the
 * member stream's state (never a read model); what the bank collects above that is not booked on the shares but named
 * as above what was owed, for the clerk to refund. A debit already booked (its payment id on the stream) is skipped,
 * so a stopped booking run again books nothing twice.
 */

export interface BookDebits {
  readonly type: 'BookDebits';
  readonly memberId: string;
  readonly collectionId: string;
  readonly collectionDate: string;
  readonly messageId: string;
  readonly items: readonly DirectDebitItem[];
}

export interface DebitBooking {
  /** The payments booked (`SharePaymentReceived` by direct debit), with a pending end's Geschäftsguthaben following them. */
  readonly events: MemberEvent[];
  /** The debits booked in part or not at all, with the part above what was owed. */
  readonly aboveOutstanding: DebitAboveOutstanding[];
}

/** What `command`'s debits book on the member `account` (the share account folded from the member stream). */
export function bookDebits(command: BookDebits, account: MemberState, booked: ReadonlySet<string>): DebitBooking {
  const owing = new Set(subscriptions(account).map((p) => p.balanceId));
  // What each subscription still owes, lowered by the debits of this command booked on it before.
  const left = new Map<string, number>();
  const received: SharePaymentReceived[] = [];
  const aboveOutstanding: DebitAboveOutstanding[] = [];
  for (const item of command.items) {
    if (item.memberId !== command.memberId || booked.has(item.paymentId)) continue;
    const posting = account.postings.get(item.balanceId);
    const owed =
      left.get(item.balanceId) ?? (posting !== undefined && owing.has(posting.balanceId) ? outstandingOf(posting) : 0);
    const part = Math.min(item.amount, owed);
    left.set(item.balanceId, owed - part);
    if (part > 0) received.push(receivedOf(command, item, part));
    if (part < item.amount)
      aboveOutstanding.push({
        memberId: item.memberId,
        memberNr: account.memberNr,
        balanceId: item.balanceId,
        paymentId: item.paymentId,
        amount: item.amount,
        booked: part,
        excess: item.amount - part,
        reason: posting?.annulated === true ? 'subscriptionAnnulled' : 'aboveOutstanding',
      });
  }
  return { events: followPendingEnd(account, received), aboveOutstanding };
}

function receivedOf(command: BookDebits, item: DirectDebitItem, amount: number): SharePaymentReceived {
  return {
    type: 'SharePaymentReceived',
    data: {
      memberId: item.memberId,
      balanceId: item.balanceId,
      paymentId: item.paymentId,
      date: command.collectionDate,
      amount,
      method: 'directDebit',
      reference: command.messageId,
      collectionId: command.collectionId,
      statementId: null,
    },
  };
}
