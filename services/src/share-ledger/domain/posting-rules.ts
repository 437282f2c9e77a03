import { memberFieldError, ValidationError, type FieldError } from '@coop/contracts';
import type { HoldingEntry, MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import { holdingAsOf, lowestSharesFrom } from './holding.js';

/** The posting rules the ledger's commands share (SPEC.md section 5 "Balance"). */

/** Business dates of a posting, calendar dates `YYYY-MM-DD` (checked at the edge); all three are required but for annulations. */
export interface PostingDates {
  readonly date: string;
  readonly approvalDate: string;
  readonly interestBegin: string;
}

/** From the exit posting on, the member accepts no posting (whether or not the exit date has passed yet). */
export function requireNotExited(state: MemberState): void {
  if (state.exitDate !== null) throw new ValidationError([memberFieldError(null, 'memberHasExited')]);
}

export function requireNewBalance(state: MemberState, balanceId: string): void {
  if (state.postings.has(balanceId)) throw new ValidationError([memberFieldError(null, 'invalidChoice', balanceId)]);
}

/**
 * After a withdrawal or an outgoing transfer the member keeps at least `minimumShares`, on the
 * posting's date and on every later date (a back-dated withdrawal cannot empty a later day).
 */
export function requireMinimumRemains(
  state: MemberState,
  date: string,
  shares: number,
  amount: number,
  terms: ShareTerms,
): void {
  if (lowestSharesFrom(withEntry(state, date, shares, amount), date) < terms.minimumShares) {
    throw new ValidationError([minimumRemainsError('quantity', [...state.postings.values()], date, terms)]);
  }
}

/**
 * The refusal of a reduction below the minimum holding, saying what the member holds and what must remain: the minimum
 * in euro at today's share price (`250,00`), the shares held on the posting's date, and the most shares that may leave
 * from that date on (the lowest later holding less the minimum; `0` when none may).
 */
export function minimumRemainsError(
  field: 'quantity' | 'annulPeer',
  entries: readonly HoldingEntry[],
  date: string,
  terms: ShareTerms,
): FieldError {
  const held = holdingAsOf(entries, date).shares;
  const free = Math.max(0, lowestSharesFrom(entries, date) - terms.minimumShares);
  return memberFieldError(
    field,
    'atLeastAmountMustRemain',
    formatEuro(terms.minimumShares * terms.shareCost),
    String(held),
    String(free),
  );
}

export function withEntry(state: MemberState, date: string, shares: number, amount: number): HoldingEntry[] {
  return [...state.postings.values(), { date, shares, amount }];
}
