import type { ClosedThrough } from '../../kernel/closed-years.js';
import type { RecordedSettlements } from '../../kernel/recorded-settlements.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import type { EndNotice } from './membership-end.rules.js';
import type { PostingDates } from './posting-rules.js';

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
  /** Business today: a death or dissolution (6) dated after it is refused (decision 369); absent, not checked. */
  readonly today?: string;
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
  /**
   * The member's recorded settlements: a pending end whose payout stands is not re-stated by a transfer dated before it
   * (decision 363). Absent: none recorded.
   */
  readonly settlements?: RecordedSettlements;
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
  /**
   * The Geschäftsguthaben the outgoing half moved (`movedPaid` of its events, transfer-out.ts; decision 265): null or
   * absent, the shares' whole amount.
   */
  readonly paid?: number | null;
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
  /**
   * The member's recorded settlements (its settlement stream): an end (2, 6, 7, 8) whose payout stands is not annulled
   * (decision 335). Absent: none recorded (the import and the demo record no payout before their postings).
   */
  readonly settlements?: RecordedSettlements;
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
  /**
   * The payment as the clerk read it: when the stream holds another now (a payment booked or returned meanwhile), the
   * correction is refused (`shareChangedMeanwhile`) instead of overwriting it (decision 296). Absent or null: not checked.
   */
  readonly expectedRueckpfleinzahlung?: number | null;
  /**
   * Whether outgoing transfers that now move more than was paid in are corrected, and the receivers with them (decision
   * 327): a clerk's correction does; the import, which states every posting's payment as the register holds it, does not.
   */
  readonly followTransfers?: boolean;
};

export type LedgerCommand =
  PostShares | TransferOut | TransferIn | AnnulPosting | AnnulTransferCounterpart | CorrectSharePayment;
