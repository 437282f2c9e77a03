import {
  AMOUNT_MAX_CENTS,
  fieldError,
  isIsoDate,
  SHARE_PAYMENT_METHODS,
  ValidationError,
  type Decider,
  type FieldError,
  type MemberEvent,
  type SharePaymentMethod,
  type SharePaymentReceived,
} from '@coop/contracts';
import { followPendingEnd } from '../../kernel/geschaeftsguthaben.js';
import { evolveShareAccount, initialMemberState, requireMember, type MemberState } from '../../kernel/member-stream.js';
import { outstandingOf, owedOldestFirst, subscriptions } from '../../kernel/owing-postings.js';
import { formatEuro } from '../../kernel/money.js';
import { decideInstalmentPlan, type SetInstalmentPlan } from './instalment-plan.rules.js';

/** A payment's reference (remittance text, receipt number): the SEPA remittance information holds 140 characters. */
export const PAYMENT_REFERENCE_MAX = 140;

/**
 * A payment on subscribed shares (issue 45): `amount` cents (> 0) received on `date` (not after `today`), by `method`.
 * With `balanceId` it pays that subscription, at most what is outstanding on it. Without, it pays the member's
 * subscriptions outstanding on `date` oldest first (by due date, then posting date), one `SharePaymentReceived` per
 * subscription it reaches (`paymentId`, then `paymentId.2`, `.3`, …), at most what is outstanding on them all: a bank
 * transfer names the member, seldom the subscription (the bank statement's matching, CAMT). `byClosure`: the dividend's
 * closure credits a dividend (`dividendCredit`, § 19 (1) GenG); no one else may.
 */
export type RecordSharePayment = {
  readonly type: 'RecordSharePayment';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly paymentId: string;
  readonly balanceId: string | null;
  readonly date: string;
  readonly amount: number;
  readonly method: SharePaymentMethod;
  readonly reference: string | null;
  readonly collectionId?: string | null;
  readonly statementId?: string | null;
  readonly today: string;
  readonly byClosure?: boolean;
  /**
   * The payment id derives from the request's `Idempotency-Key` (decision 297): a payment recorded under it already is
   * this request again, and records nothing when it says the same (else `idempotencyKeyReused`).
   */
  readonly keyed?: boolean;
};

export type SharePaymentCommand = RecordSharePayment | SetInstalmentPlan;

// What can owe a payment and what it owes: the kernel's one rule (0, 1 and incoming transfers 4; decision 265).
export { dueSinceOf, outstandingOf, subscriptions } from '../../kernel/owing-postings.js';

/** The decider of the payments on a member's subscriptions, on the member stream folded without master data. */
export const sharePaymentDecider: Decider<SharePaymentCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveShareAccount,
  decide(command, state) {
    requireMember(state, command.cooperativeId, command.memberId);
    // A payment while an end is pending raises the Geschäftsguthaben that leaves with it (decision 234).
    return command.type === 'RecordSharePayment'
      ? followPendingEnd(state, recordPayment(command, state))
      : decideInstalmentPlan(command, state);
  },
};

function recordPayment(command: RecordSharePayment, state: MemberState): MemberEvent[] {
  const { amount, date, method } = command;
  const errors: FieldError[] = [];
  if (!Number.isSafeInteger(amount)) errors.push(fieldError('amount', 'invalidNumber'));
  else if (amount <= 0) errors.push(fieldError('amount', 'amountAtLeast', formatEuro(1)));
  else if (amount > AMOUNT_MAX_CENTS) errors.push(fieldError('amount', 'amountAtMost', formatEuro(AMOUNT_MAX_CENTS)));
  if (!isIsoDate(date)) errors.push(fieldError('date', 'invalidDate', date));
  else if (date > command.today) errors.push(fieldError('date', 'dateInFuture', date));
  if (!(SHARE_PAYMENT_METHODS as readonly string[]).includes(method))
    errors.push(fieldError('method', 'invalidChoice', String(method)));
  else if (method === 'dividendCredit' && command.byClosure !== true)
    errors.push(fieldError('method', 'dividendCreditByClosureOnly'));
  if (command.reference !== null && command.reference.length > PAYMENT_REFERENCE_MAX)
    errors.push(fieldError('reference', 'tooLong', String(PAYMENT_REFERENCE_MAX)));
  if (errors.length > 0) throw new ValidationError(errors);
  if (command.keyed === true && state.sharePayments.has(command.paymentId)) return sentAgain(command, state);
  if (command.paymentId === '' || state.sharePayments.has(command.paymentId))
    throw new RangeError(`Payment ${command.paymentId} is not a new payment id.`);
  // From the effective date of the member's whole end nothing of its holding is owed (§ 73 (2) GenG, decision 269).
  if (state.exitDate !== null && state.exitDate <= date)
    throw new ValidationError([fieldError(command.balanceId === null ? 'amount' : 'balanceId', 'nothingOutstanding')]);

  if (command.balanceId !== null) {
    const posting = state.postings.get(command.balanceId);
    if (!posting || !subscriptions(state).includes(posting))
      throw new ValidationError([fieldError('balanceId', 'notASubscription', command.balanceId)]);
    if (date < posting.date) throw new ValidationError([fieldError('date', 'mustBeAtLeast', posting.date)]);
    const outstanding = outstandingOf(posting);
    if (outstanding === 0) throw new ValidationError([fieldError('balanceId', 'nothingOutstanding')]);
    if (amount > outstanding)
      throw new ValidationError([
        fieldError('amount', 'paymentAboveOutstanding', formatEuro(amount), formatEuro(outstanding)),
      ]);
    return [received(command, posting.balanceId, command.paymentId, amount)];
  }

  // Split: the subscriptions posted on or before the payment's date with something outstanding, the oldest due first.
  const open = owedOldestFirst(state, date);
  const total = open.reduce((sum, p) => sum + outstandingOf(p), 0);
  if (total === 0) throw new ValidationError([fieldError('amount', 'nothingOutstanding')]);
  if (amount > total)
    throw new ValidationError([fieldError('amount', 'paymentAboveOutstanding', formatEuro(amount), formatEuro(total))]);
  const events: MemberEvent[] = [];
  let left = amount;
  for (const p of open) {
    if (left === 0) break;
    const part = Math.min(left, outstandingOf(p));
    events.push(
      received(
        command,
        p.balanceId,
        events.length === 0 ? command.paymentId : `${command.paymentId}.${events.length + 1}`,
        part,
      ),
    );
    left -= part;
  }
  return events;
}

/** The ids of a payment recorded under `paymentId`: it, then `paymentId.2`, `.3`, … for each subscription it reached. */
export function paymentIdsOf(state: MemberState, paymentId: string): string[] {
  const ids: string[] = [];
  for (let id = paymentId; state.sharePayments.has(id); id = `${paymentId}.${ids.length + 1}`) ids.push(id);
  return ids;
}

/** A keyed payment sent again: nothing to record when it is the one recorded under its key, else refused. */
function sentAgain(command: RecordSharePayment, state: MemberState): MemberEvent[] {
  const parts = paymentIdsOf(state, command.paymentId).map((id) => state.sharePayments.get(id)!);
  const same =
    parts.reduce((sum, p) => sum + p.amount, 0) === command.amount &&
    parts.every((p) => p.date === command.date && p.method === command.method) &&
    (command.balanceId === null || (parts.length === 1 && parts[0]!.balanceId === command.balanceId));
  if (!same) throw new ValidationError([fieldError(null, 'idempotencyKeyReused')]);
  return [];
}

function received(
  command: RecordSharePayment,
  balanceId: string,
  paymentId: string,
  amount: number,
): SharePaymentReceived {
  return {
    type: 'SharePaymentReceived',
    data: {
      memberId: command.memberId,
      balanceId,
      paymentId,
      date: command.date,
      amount,
      method: command.method,
      reference: command.reference,
      collectionId: command.collectionId ?? null,
      statementId: command.statementId ?? null,
    },
  };
}
