import type { PostingRequest } from '@coop/contracts';

/**
 * The typed posting of a checked `PostingRequest` (contracts/src/http/postings.ts; the pipe answered its shape
 * errors): the handler routes it to the ledger's commands. The rules that need the member's account stay in the
 * ledger decider.
 */

/**
 * The three business dates of a posting, each a calendar date `YYYY-MM-DD`; the interest begin null when left empty
 * (the handler fills it by the cooperative's rule, contracts `interestBeginFor`).
 */
export interface PostingDateValues {
  readonly date: string;
  readonly approvalDate: string;
  readonly interestBegin: string | null;
}

/**
 * A posting request of the right shape, by type: additional shares (1) and withdrawals (2) with a quantity, the
 * exits (6, 7, 8) taking the whole holding, a transfer (3) with its target, an annulation (5) naming the posting it
 * reverses (its dates optional: it is dated today by default, and its date is checked against the original's).
 */
/** The notice of a posting of type 2, 6, 7 or 8 (the ledger's EndNotice): the notice date is `noticeDate`, else `date`. */
export interface PostingNotice {
  readonly date: string;
  readonly dispatchDate: string | null;
  readonly extraordinaryReason: string | null;
}

export type Posting =
  | ({
      readonly type: 1;
      readonly member: string;
      readonly quantity: number;
      readonly paid?: number | null;
    } & PostingDateValues)
  | ({
      readonly type: 2;
      readonly member: string;
      readonly quantity: number;
      readonly notice: PostingNotice;
    } & PostingDateValues)
  | ({ readonly type: 6 | 7 | 8; readonly member: string; readonly notice: PostingNotice } & PostingDateValues)
  | ({
      readonly type: 3;
      readonly member: string;
      readonly quantity: number;
      readonly transferTo: string;
    } & PostingDateValues)
  | {
      readonly type: 5;
      readonly annulPeer: string;
      readonly date?: string;
      readonly approvalDate?: string;
      readonly interestBegin?: string;
    };

/** A posting and whether the request confirmed its plausibility warnings (share-ledger/domain/plausibility.ts). */
export type ConfirmedPosting = Posting & { readonly confirmWarnings?: boolean };

/** The posting a checked request asks for; member, target and annulled posting trimmed. */
export function postingOf(request: PostingRequest): ConfirmedPosting {
  return {
    ...postingWithoutConfirmation(request),
    ...(request.confirmWarnings === true ? { confirmWarnings: true } : {}),
  };
}

function postingWithoutConfirmation(request: PostingRequest): Posting {
  const { type } = request;
  if (type === 5) {
    return {
      type,
      annulPeer: request.annulPeer!.trim(),
      ...(request.date ? { date: request.date } : {}),
      ...(request.approvalDate ? { approvalDate: request.approvalDate } : {}),
      ...(request.interestBegin ? { interestBegin: request.interestBegin } : {}),
    };
  }
  const base = {
    member: request.member!.trim(),
    date: request.date!,
    approvalDate: request.approvalDate!,
    interestBegin: request.interestBegin || null,
  };
  if (type === 1)
    return { ...base, type, quantity: request.quantity!, ...(request.paid !== null ? { paid: request.paid } : {}) };
  if (type === 3) return { ...base, type, quantity: request.quantity!, transferTo: request.transferTo!.trim() };
  const notice = {
    date: request.noticeDate ?? request.date!,
    dispatchDate: request.dispatchDate,
    extraordinaryReason: request.extraordinaryReason,
  };
  if (type === 2) return { ...base, type, quantity: request.quantity!, notice };
  return { ...base, type, notice };
}
