import {
  DEFAULT_NOTICE_PERIOD_MONTHS,
  deathReason,
  EXTRAORDINARY_NOTICE_PERIOD_MONTHS,
  extraordinaryNoticeFrom,
  isBlank,
  isIsoDate,
  fieldError,
  joinedOn,
  memberFieldError,
  membershipEndDate,
  ValidationError,
  type ExitReason,
  type FieldError,
  type MemberEvent,
  type SharesPosted,
} from '@coop/contracts';
import { negated, paidAfter, paidField, paidIn, wholeEndPaid } from '../../kernel/geschaeftsguthaben.js';
import { isExitPending, type MemberPosting, type MemberState } from '../../kernel/member-stream.js';
import { endedDuesField } from '../../kernel/owing-postings.js';
import { standingPayout, type RecordedSettlements } from '../../kernel/recorded-settlements.js';
import { amountFor } from '../../kernel/share-terms.js';
import { lowestSharesFrom } from './holding.js';
import { leavingSplit, outgoingTransfer } from './transfer-out.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import { minimumRemainsError, requireNewBalance, withEntry, type PostingDates } from './posting-rules.js';

/** The dates and reasons of a notice (the ledger's PostShares.notice). */
export interface EndNotice {
  readonly date: string;
  /** Exclusion (7): the day the registered letter was sent. */
  readonly dispatchDate?: string | null;
  /** Exit (8): the reason of an extraordinary notice (§ 65 (3) GenG); runs three months instead of the statutory period. */
  readonly extraordinaryReason?: string | null;
}

/** What the rules read of the ledger's PostShares (a posting of type 2, 6, 7 or 8 with its notice). */
type NoticePosting = {
  readonly memberId: string;
  readonly balanceId: string;
  readonly postingType: 1 | 2 | 6 | 7 | 8;
  readonly quantity?: number | null;
  readonly terms: ShareTerms;
  readonly notice?: EndNotice;
  /** Business today: a death (6) dated after it is refused (`dateInFuture`); absent, not checked. */
  readonly today?: string;
} & PostingDates;

/** What the rules read of the ledger's TransferOut. */
type LeavingTransfer = {
  readonly memberId: string;
  readonly balanceId: string;
  readonly peerBalanceId: string;
  readonly transferTo: string;
  readonly quantity: number;
  readonly terms: ShareTerms;
  readonly restate?: { readonly annulment: string; readonly exit: string };
  readonly settlements?: RecordedSettlements;
} & PostingDates;

/**
 * A membership ends, or further shares are given up, at the end of a financial year (GenG § 65, § 67b, § 68, § 77,
 * § 77a; DOMAIN.md 9.1). The notice is recorded on its own date; the posting that withdraws the holding is dated on
 * the effective date (contracts' membershipEndDate, the rule the console shows), so until then the shares count in
 * every holding as of a date.
 */
export function postNotice(command: NoticePosting, state: MemberState): MemberEvent[] {
  const notice = command.notice!;
  const { postingType, terms, balanceId, memberId } = command;
  const noticePeriodMonths = terms.noticePeriodMonths ?? DEFAULT_NOTICE_PERIOD_MONTHS;
  const errors: FieldError[] = [];
  const extraordinaryReason = isBlank(notice.extraordinaryReason) ? null : notice.extraordinaryReason!.trim();
  const dispatchDate = isBlank(notice.dispatchDate) ? null : notice.dispatchDate!.trim();
  if (!isIsoDate(notice.date)) throw new ValidationError([memberFieldError('noticeDate', 'invalidDate', notice.date)]);
  // The membership begins with the declaration and the admission (§ 15 GenG): no end is noticed, decided or happens to a
  // member before it (decision 367), and the year an extraordinary notice needs counts from it too.
  const member = joinedOn(state.entryDate, state.approvalDate);
  if (member !== null && notice.date < member)
    errors.push(memberFieldError('noticeDate', 'endBeforeAdmission', member));
  // A death or dissolution is recorded after it happened (decision 369).
  if (postingType === 6 && command.today !== undefined && notice.date > command.today)
    errors.push(memberFieldError('noticeDate', 'dateInFuture', notice.date));
  if (extraordinaryReason !== null) {
    if (postingType !== 8) errors.push(memberFieldError('extraordinaryReason', 'mustBeEmpty'));
    else if (member !== null && notice.date < extraordinaryNoticeFrom(member)) {
      errors.push(
        memberFieldError('extraordinaryReason', 'extraordinaryNeedsFullYear', extraordinaryNoticeFrom(member)),
      );
    }
  }
  if (dispatchDate !== null) {
    if (postingType !== 7) errors.push(memberFieldError('dispatchDate', 'mustBeEmpty'));
    else if (!isIsoDate(dispatchDate)) errors.push(memberFieldError('dispatchDate', 'invalidDate', dispatchDate));
    else if (dispatchDate < notice.date) errors.push(memberFieldError('dispatchDate', 'mustBeAtLeast', notice.date));
  }
  if (errors.length > 0) throw new ValidationError(errors);

  const reason: ExitReason | 'partial' =
    postingType === 2
      ? 'partial'
      : postingType === 6
        ? deathReason(state.legalForm)
        : postingType === 7
          ? 'exclusion'
          : 'exit';
  const effectiveDate = membershipEndDate({
    reason,
    date: notice.date,
    noticePeriodMonths,
    extraordinary: extraordinaryReason !== null,
  });
  const dates = { date: effectiveDate, approvalDate: command.approvalDate, interestBegin: command.interestBegin };

  if (reason === 'partial') {
    const quantity = command.quantity;
    if (quantity === null || quantity === undefined)
      throw new RangeError('A partial termination (2) needs its quantity (read at the edge).');
    const amount = amountFor(2, quantity, terms.shareCost);
    // The minimum must remain on the effective date and after it, from the holding as it then stands.
    const held = lowestSharesFrom(withEntry(state, effectiveDate, 0, 0), effectiveDate);
    if (held - quantity < terms.minimumShares) {
      throw new ValidationError([
        memberFieldError(
          'quantity',
          'withdrawalLeavesTooFew',
          String(held),
          String(terms.minimumShares),
          effectiveDate,
        ),
      ]);
    }
    // What leaves is what was paid in, up to the shares' amount, not an unpaid nominal amount (decision 234); the unpaid
    // rest of their price leaves the dues, oldest due first, as a transfer passes it on: nobody owes it (decision 267).
    const split = leavingSplit(state, amount);
    return [
      {
        type: 'SharesPosted',
        data: {
          memberId,
          balanceId,
          type: 2,
          quantity,
          amount,
          shareCost: terms.shareCost,
          ...dates,
          noticeDate: notice.date,
          ...paidField(negated(split.paid), amount),
          ...(split.passedOn.length > 0 ? { released: split.passedOn.map((p) => ({ ...p })) } : {}),
        },
      },
    ];
  }

  // The whole holding leaves on the effective date: every share, and the money actually paid in (the register's
  // payment: the Geschäftsguthaben, not the nominal amount of shares paid in part; decision 234) by then; a payment
  // dated after it leaves from its own day (`paidAfter`), so the end's year never closes below nothing paid in.
  const late = paidAfter(state, effectiveDate);
  const posting: SharesPosted = {
    type: 'SharesPosted',
    data: {
      memberId,
      balanceId,
      type: postingType,
      quantity: state.shares,
      amount: -state.cents,
      shareCost: terms.shareCost,
      ...dates,
      ...paidField(wholeEndPaid(state, new Set(), -late.cents), -state.cents),
    },
  };
  const lateCorrection: MemberEvent[] =
    late.latest === null
      ? []
      : [
          {
            type: 'SharePaymentCorrected',
            data: {
              memberId,
              balanceId,
              rueckpfleinzahlung: wholeEndPaid(state),
              interestEnd: null,
              effectiveDate: late.latest,
              // Of it, paid after the end's day: refunded apart from the settled Geschäftsguthaben (decision 414).
              paidAfterEnd: late.cents,
            },
          },
        ];
  // Nothing may stand after the end: a later subscription would be withdrawn before it was made, a later partial
  // termination would leave its shares on the account of a member who has left.
  const later = firstPostingAfter(state, effectiveDate);
  if (later !== undefined)
    throw new ValidationError([memberFieldError('noticeDate', 'postingAfterEnd', later.date, effectiveDate)]);
  return [
    {
      type: 'MembershipEndNoticed',
      data: {
        memberId,
        balanceId,
        reason,
        noticeDate: notice.date,
        effectiveDate,
        dispatchDate,
        noticePeriodMonths:
          postingType === 8
            ? extraordinaryReason !== null
              ? EXTRAORDINARY_NOTICE_PERIOD_MONTHS
              : noticePeriodMonths
            : null,
        extraordinaryReason,
      },
    },
    posting,
    // The member's dues are owed until the effective date, nothing of them from it (§ 73 (2) GenG, decision 269).
    { type: 'MemberExited', data: { memberId, exitDate: effectiveDate, reason, balanceId, ...endedDuesField(state) } },
    ...lateCorrection,
  ];
}

/**
 * The first posting dated after `date` that still counts: an annulled posting and its annulation, both dated later,
 * cancel each other out.
 */
function firstPostingAfter(state: MemberState, date: string): MemberPosting | undefined {
  const postings = [...state.postings.values()];
  return postings.find((p) => {
    if (p.date <= date) return false;
    const pair =
      p.type === 5
        ? state.postings.get(p.annulPeer ?? '')
        : p.annulated
          ? postings.find((a) => a.annulPeer === p.balanceId)
          : undefined;
    return pair === undefined || pair.date <= date;
  });
}

/** An exit recorded with its notice (issue 22) whose effective date lies after `date`. */
export function exitPendingOn(state: MemberState, date: string): boolean {
  return isExitPending(state, date) && state.exitNoticeDate !== null && state.exitBalanceId !== null;
}

/**
 * An outgoing transfer (§ 76 GenG: "jederzeit") while the member's end is pending: the member keeps the minimum until
 * the effective date, and the exit posting is re-stated for the holding that remains (the old one annulled on the
 * effective date, a new one dated on it), so the withdrawal on the effective date takes exactly what is left.
 */
export function transferOutWhileLeaving(command: LeavingTransfer, state: MemberState): MemberEvent[] {
  const { memberId, balanceId, terms, quantity, restate } = command;
  if (!restate)
    throw new RangeError('A transfer while an exit is pending needs the balance ids to re-state the exit (restate).');
  requireNewBalance(state, balanceId);
  requireNewBalance(state, restate.annulment);
  requireNewBalance(state, restate.exit);
  const exit = state.postings.get(state.exitBalanceId!)!;
  // An end paid out (§ 73 GenG: once): a transfer dated before it would re-state it and settle it again (decision 363).
  const payout = command.settlements === undefined ? null : standingPayout(command.settlements, exit.balanceId);
  if (payout !== null) throw new ValidationError([fieldError('date', 'transferBeforeSettledEnd', payout.payoutDate)]);
  // What the member paid in, before the pending end takes it out: the transfer moves it first (decision 265).
  const { event: transfer, amount, split } = outgoingTransfer(command, state, paidIn(state, new Set([exit.balanceId])));
  const dates = { date: command.date, approvalDate: command.approvalDate, interestBegin: command.interestBegin };
  // The holding without the pending withdrawal, and with the transfer: the minimum stays until the end.
  const staying = [...state.postings.values()].filter((p) => p.balanceId !== exit.balanceId);
  if (
    lowestSharesFrom([...staying, { date: dates.date, shares: -quantity, amount }], dates.date) < terms.minimumShares
  ) {
    throw new ValidationError([minimumRemainsError('quantity', staying, dates.date, terms)]);
  }
  const remainingShares = state.shares - exit.shares - quantity;
  const remainingCents = state.cents - exit.amount + amount;
  const exitType = exit.type as 6 | 7 | 8;
  // Paid after the end's day: it leaves from its own day, as with the end first posted (decisions 408, 414).
  const late = paidAfter(state, exit.date);
  return [
    transfer,
    {
      type: 'PostingAnnulled',
      data: {
        memberId,
        balanceId: restate.annulment,
        annulPeer: exit.balanceId,
        originalType: exitType,
        quantity: -exit.shares,
        amount: -exit.amount,
        date: exit.date,
        approvalDate: null,
        interestBegin: null,
        ...paidField(negated(exit.payment), -exit.amount),
      },
    },
    {
      type: 'SharesPosted',
      data: {
        memberId,
        balanceId: restate.exit,
        type: exitType,
        quantity: remainingShares,
        amount: -remainingCents,
        shareCost: terms.shareCost,
        ...dates,
        date: exit.date,
        // What is left of the Geschäftsguthaben once the transfer took what it moves (decisions 234, 265).
        ...paidField(wholeEndPaid(state, new Set([exit.balanceId]), negated(split.paid) - late.cents), -remainingCents),
      },
    },
    ...(late.latest === null
      ? []
      : [
          {
            type: 'SharePaymentCorrected' as const,
            data: {
              memberId,
              balanceId: restate.exit,
              rueckpfleinzahlung: wholeEndPaid(state, new Set([exit.balanceId]), negated(split.paid)),
              interestEnd: null,
              effectiveDate: late.latest,
              paidAfterEnd: late.cents,
            },
          },
        ]),
    {
      type: 'MemberExited',
      data: {
        memberId,
        exitDate: exit.date,
        reason: state.exitReason!,
        balanceId: restate.exit,
        ...endedDuesField(state),
      },
    },
  ];
}
