import {
  memberFieldError,
  NotFoundError,
  ValidationError,
  type Decider,
  type MemberEvent,
  type PostingType,
} from '@coop/contracts';
import type { ClosedThrough } from '../../kernel/closed-years.js';
import {
  evolveShareAccount,
  initialMemberState,
  requireMember,
  type MemberPosting,
  type MemberState,
} from '../../kernel/member-stream.js';
import { amountFor, amountLimitErrors, shareCostErrors, type ShareTerms } from '../../kernel/share-terms.js';
import { requireOpenYearsFor } from './closed-years.rules.js';
import { lowestSharesFrom } from './holding.js';
import { exitPendingOn, postNotice, transferOutWhileLeaving, type EndNotice } from './membership-end.rules.js';
import {
  minimumRemainsError,
  requireMinimumRemains,
  requireNewBalance,
  requireNotExited,
  withEntry,
  type PostingDates,
} from './posting-rules.js';
import { negated, paidField } from '../../kernel/geschaeftsguthaben.js';
import { paidErrors } from '../../kernel/subscription-paid.js';
import { requireEarlierSharesPaid } from './subscription-payment.rules.js';

/**
 * The ledger's commands are typed: their shape (a whole quantity of at least 1, calendar dates, a target) is checked
 * at the HTTP edge (the request class PostingRequest of contracts, share-ledger/http/posting.ts); the decider checks what needs the account and the terms.
 */

/**
 * The latest year whose dividend is closing or closed (the cooperative's register `dividends-<coop>`, read by the
 * handler; kernel/closed-years.ts): a posting or annulation dated in or before it is refused (`closedYear`,
 * closed-years.rules.ts). Absent or null: no year is closed.
 */
export type InOpenYears = { readonly closedThrough?: ClosedThrough };

/**
 * 1 additional shares, 2 partial termination of further shares (`quantity` a whole number of at least 1), 6 death or
 * dissolution, 7 exclusion, 8 exit (`quantity` ignored: the whole holding goes).
 */
export type PostShares = {
  readonly type: 'PostShares';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly postingType: 1 | 2 | 6 | 7 | 8;
  readonly quantity?: number | null;
  readonly terms: ShareTerms;
  /**
   * Required for 2, 6, 7, 8 (issue 22; read at the edge): the day the notice was given (2, 8), the board decided the
   * exclusion (7) or the member died or was dissolved (6). The posting is dated on the effective date (the end of a
   * financial year, membership-end.ts) and `date` is ignored. The one way a membership (or a further share) ends:
   * exits recorded before, without a notice, are still read (the fold), never decided any more.
   */
  readonly notice?: EndNotice;
  /** Additional shares (1) paid in part (issue 45): the cents paid with the posting, 0..amount; absent or null: in full. */
  readonly paid?: number | null;
} & PostingDates &
  InOpenYears;

/**
 * The outgoing half of a transfer (3), on the giving member. `balanceId` is posted here,
 * `peerBalanceId` on the receiving member by `TransferIn` in the same append.
 */
export type TransferOut = {
  readonly type: 'TransferOut';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly peerBalanceId: string;
  readonly transferTo: string;
  readonly quantity: number;
  readonly terms: ShareTerms;
  /**
   * Balance ids for re-stating a pending exit (membership-end.rules.ts `transferOutWhileLeaving`): the annulation of
   * the exit posting and the exit posting for the holding that remains. Used only while an exit is pending.
   */
  readonly restate?: { readonly annulment: string; readonly exit: string };
} & PostingDates &
  InOpenYears;

/** The incoming half of a transfer (4), on the receiving member; mirrors `TransferOut` (ids swapped). */
export type TransferIn = {
  readonly type: 'TransferIn';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly peerBalanceId: string;
  readonly transferFrom: string;
  readonly quantity: number;
  readonly terms: ShareTerms;
} & PostingDates &
  InOpenYears;

/**
 * Annul the posting `annulPeer` with the new type-5 posting `balanceId`. The date defaults to
 * `today`; approval date and interest begin are optional. When the original is a transfer half
 * (see `transferCounterpartToAnnul`), `peerBalanceId` is the annulation the handler posts on the
 * other member with `AnnulTransferCounterpart` in the same append.
 */
export type AnnulPosting = {
  readonly type: 'AnnulPosting';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly annulPeer: string;
  readonly peerBalanceId?: string;
  /** For the minimum that must remain when the annulation takes shares away. */
  readonly terms: ShareTerms;
  readonly today: string;
} & Partial<PostingDates> &
  InOpenYears;
/*
 * The annulation of a pending exit posting (its effective date after the annulation's date, default today) is the
 * withdrawal of the notice: `MembershipEndWithdrawn` on that date, the annulation dated on the effective date.
 */

/**
 * The other half of a transfer annulation: annuls `annulPeer` (the counterpart on this member) with
 * `balanceId`; `counterpartOf` is the half annulled on the other member, `peerBalanceId` that annulation.
 */
export type AnnulTransferCounterpart = {
  readonly type: 'AnnulTransferCounterpart';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly annulPeer: string;
  readonly counterpartOf: string;
  readonly peerBalanceId: string;
  readonly terms: ShareTerms;
  readonly today: string;
} & Partial<PostingDates> &
  InOpenYears;

/**
 * Share register correction (ROLE_SUPER_ADMIN): the payment actually made for the posting `balanceId`
 * (cents, a whole number) and the interest end (`YYYY-MM-DD` or empty). Recorded as a new event; the
 * posting itself never changes. Allowed after the member's exit (it corrects the register, it posts nothing).
 */
export type CorrectSharePayment = {
  readonly type: 'CorrectSharePayment';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  /** The payment actually made, in cents (the request class read it). */
  readonly rueckpfleinzahlung: number;
  /** A business date or null (none). */
  readonly interestEnd: string | null;
};

export type LedgerCommand =
  PostShares | TransferOut | TransferIn | AnnulPosting | AnnulTransferCounterpart | CorrectSharePayment;

/**
 * The member's share account: postings (1-8), transfers, annulations and share register corrections, decided on the
 * member stream folded without its master data (evolveShareAccount). The posting commands never read master data.
 */
export const shareLedgerDecider: Decider<LedgerCommand, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveShareAccount,
  decide(command, state) {
    if (command.type === 'CorrectSharePayment') return correctSharePayment(command, state);
    const events = decidePosting(command, state);
    // What would be recorded, checked against the closed years: one rule for every posting path.
    requireOpenYearsFor(command, state, events);
    return events;
  },
};

function decidePosting(command: Exclude<LedgerCommand, CorrectSharePayment>, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'PostShares':
      return postShares(command, state);
    case 'TransferOut':
      return transferOut(command, state);
    case 'TransferIn':
      return transferIn(command, state);
    case 'AnnulPosting':
      return annul(command, state);
    case 'AnnulTransferCounterpart':
      return annulCounterpart(command, state);
  }
}

// --- postings ---------------------------------------------------------------------------------

function postShares(command: PostShares, state: MemberState): MemberEvent[] {
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
  tooMuch.push(...paidErrors(command.paid, amount));
  if (tooMuch.length > 0) throw new ValidationError(tooMuch);
  // § 15b GenG (DOMAIN.md 9.1): further shares only when every share but the last one taken is fully paid.
  requireEarlierSharesPaid(state);
  const dates = { date: command.date, approvalDate: command.approvalDate, interestBegin: command.interestBegin };
  const paid = command.paid === null || command.paid === undefined ? {} : { paid: command.paid };
  return [
    {
      type: 'SharesPosted',
      data: { memberId, balanceId, type: 1, quantity, amount, shareCost: terms.shareCost, ...dates, ...paid },
    },
  ];
}

function transferOut(command: TransferOut, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  // § 76 GenG: a transfer is possible at any time, also while a noticed end is pending (its exit is re-stated).
  if (exitPendingOn(state, command.date)) return transferOutWhileLeaving(command, state);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const { memberId, balanceId, peerBalanceId, terms } = command;
  const { transferTo, quantity } = command;
  const errors = transferTo === memberId ? [memberFieldError('transferTo', 'canNotTransferToSelf')] : [];
  errors.push(...shareCostErrors(terms));
  if (errors.length > 0) throw new ValidationError(errors);
  const amount = amountFor(3, quantity, terms.shareCost);
  const dates = { date: command.date, approvalDate: command.approvalDate, interestBegin: command.interestBegin };
  requireMinimumRemains(state, dates.date, -quantity, amount, terms);
  return [
    {
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
    },
  ];
}

function transferIn(command: TransferIn, state: MemberState): MemberEvent[] {
  const { memberId, balanceId, peerBalanceId, transferFrom, terms } = command;
  // The receiving member is named by the request (transferTo), so its absence is a field error, not a 404.
  if (!state.exists || state.cooperativeId !== command.cooperativeId) {
    throw new ValidationError([memberFieldError('transferTo', 'invalidChoice', memberId)]);
  }
  if (state.exitDate !== null) throw new ValidationError([memberFieldError('transferTo', 'memberHasExited')]);
  if (transferFrom === memberId) throw new ValidationError([memberFieldError('transferTo', 'canNotTransferToSelf')]);
  requireNewBalance(state, balanceId);
  const { quantity } = command;
  const errors = [...shareCostErrors(terms), ...amountLimitErrors('quantity', quantity, terms.shareCost, state.cents)];
  if (errors.length > 0) throw new ValidationError(errors);
  return [
    {
      type: 'SharesPosted',
      data: {
        memberId,
        balanceId,
        type: 4,
        quantity,
        amount: amountFor(4, quantity, terms.shareCost),
        shareCost: terms.shareCost,
        date: command.date,
        approvalDate: command.approvalDate,
        interestBegin: command.interestBegin,
        transferFrom,
        transferPeer: peerBalanceId,
      },
    },
  ];
}

/**
 * The counterpart a transfer half's annulation must annul too: for an outgoing transfer (3) the
 * incoming half on the receiving member, for an incoming one (4) the outgoing half on the giving
 * member. Null for every other posting (and for an unknown balance id).
 */
export function transferCounterpartToAnnul(
  state: MemberState,
  balanceId: string,
): { memberId: string; balanceId: string } | null {
  const p = state.postings.get(balanceId);
  if (!p || p.transferPeer === null) return null;
  if (p.type === 3 && p.transferTo !== null) return { memberId: p.transferTo, balanceId: p.transferPeer };
  if (p.type === 4 && p.transferFrom !== null) return { memberId: p.transferFrom, balanceId: p.transferPeer };
  return null;
}

/**
 * Annulation (type 5). Types 0 and 5 and annulled postings cannot be annulled. An exited member
 * accepts no posting, with one exception: the annulation of the exit posting itself (6, 7, 8). That
 * re-opens the membership (`MemberExitRevoked`, the exit date is cleared) and gives the holding back.
 * We allow it rather than refuse it because an exit recorded on the wrong member or by mistake must
 * be correctable, and a reversing posting keeps the history intact (nothing is overwritten).
 */
function annul(command: AnnulPosting, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const { annulPeer } = command;
  const original = state.postings.get(annulPeer);
  if (!original) throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', annulPeer)]);
  if (original.type === 0 || original.type === 5 || original.annulated)
    throw new ValidationError([memberFieldError('annulPeer', 'cannotAnnul')]);
  const revokesExit = original.balanceId === state.exitBalanceId;
  if (!revokesExit) requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const counterpart = transferCounterpartToAnnul(state, annulPeer);
  if (counterpart && !command.peerBalanceId) {
    throw new Error(
      `Annulling transfer half ${annulPeer} needs peerBalanceId for the annulation of ${counterpart.balanceId} on member ${counterpart.memberId}`,
    );
  }
  // A notice withdrawn before it takes effect: the exit (or partial termination) is annulled on its own date, so no
  // day between shows the shares twice; the withdrawal itself is recorded on its day.
  const on = command.date || command.today;
  const noticed = revokesExit ? state.exitNoticeDate !== null : original.type === 2 && original.noticeDate !== null;
  const withdrawsNotice = noticed && on < original.date;
  const annulment = withdrawsNotice ? { ...command, date: original.date } : command;
  const events: MemberEvent[] = [reversal(annulment, state, original, counterpart ? command.peerBalanceId : undefined)];
  if (withdrawsNotice && revokesExit) {
    events.unshift({
      type: 'MembershipEndWithdrawn',
      data: { memberId: command.memberId, balanceId: original.balanceId, annulment: command.balanceId, date: on },
    });
  }
  if (revokesExit)
    events.push({
      type: 'MemberExitRevoked',
      data: { memberId: command.memberId, balanceId: original.balanceId, annulment: command.balanceId },
    });
  return events;
}

function annulCounterpart(command: AnnulTransferCounterpart, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const original = state.postings.get(command.annulPeer);
  if (!original || (original.type !== 3 && original.type !== 4) || original.transferPeer !== command.counterpartOf) {
    throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', command.annulPeer)]);
  }
  if (original.annulated) throw new ValidationError([memberFieldError('annulPeer', 'cannotAnnul')]);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  return [reversal(command, state, original, command.peerBalanceId)];
}

/**
 * The type-5 posting reversing `original` at the annulation's own date (default today), not before
 * the original's date. The holding must not go negative on any day from then on, and a reduction
 * must leave the minimum. The dates arrive read by the request class (PostingRequest: trimmed, each a real date when
 * given; decision 242), from the API, the demo and the import alike; what is decided here needs the account.
 */
function reversal(
  command: (AnnulPosting | AnnulTransferCounterpart) & { balanceId: string },
  state: MemberState,
  original: MemberPosting,
  transferPeer: string | undefined,
): MemberEvent {
  const date = command.date || command.today;
  const approvalDate = command.approvalDate || null;
  const interestBegin = command.interestBegin || null;
  if (date < original.date) throw new ValidationError([memberFieldError('date', 'mustBeAtLeast', original.date)]);
  const quantity = -original.shares;
  const amount = -original.amount;
  const lowest = lowestSharesFrom(withEntry(state, date, quantity, amount), date);
  if (lowest < 0) throw new ValidationError([memberFieldError('annulPeer', 'holdingWouldBeNegative')]);
  // Taking shares back (annulling a subscription or an incoming transfer) is a reduction like a
  // withdrawal: the member, who stays, keeps the minimum.
  if (quantity < 0 && lowest < command.terms.minimumShares) {
    throw new ValidationError([minimumRemainsError('annulPeer', [...state.postings.values()], date, command.terms)]);
  }
  return {
    type: 'PostingAnnulled',
    data: {
      memberId: command.memberId,
      balanceId: command.balanceId,
      annulPeer: original.balanceId,
      originalType: original.type as PostingType,
      quantity,
      amount,
      date,
      approvalDate,
      interestBegin,
      ...(transferPeer !== undefined ? { transferPeer } : {}),
      // The register's payment of the original goes back with it (a subscription paid in part; decision 234).
      ...paidField(negated(original.payment), amount),
    },
  };
}

// --- share register ---------------------------------------------------------------------------

function correctSharePayment(command: CorrectSharePayment, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const posting = state.postings.get(command.balanceId);
  if (!posting) throw new NotFoundError('Share', command.balanceId);
  // The shape (an integer payment, a business date or none) is the request class's (`ShareCorrection`); the import
  // sends the register's values it read. What is left is the rule over the stream: not before the interest begin.
  const { rueckpfleinzahlung: payment, interestEnd } = command;
  if (interestEnd !== null && posting.interestBegin !== null && interestEnd < posting.interestBegin) {
    throw new ValidationError([memberFieldError('interestEnd', 'mustBeAtLeast', posting.interestBegin)]);
  }
  if (payment === posting.payment && interestEnd === posting.interestEnd) return [];
  return [
    {
      type: 'SharePaymentCorrected',
      data: { memberId: command.memberId, balanceId: command.balanceId, rueckpfleinzahlung: payment, interestEnd },
    },
  ];
}
