import { memberFieldError, ValidationError } from '@coop/contracts';
import type { HoldingEntry, MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';
import type { ShareTerms } from '../../kernel/share-terms.js';
import { lowestSharesFrom } from './holding.js';

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
 * posting's date and on every later date (a back-dated withdrawal cannot empty a later day). The
 * parameter is the minimum in euro at today's share price, e.g. `250,00`.
 */
export function requireMinimumRemains(state: MemberState, date: string, shares: number, amount: number, terms: ShareTerms): void {
  if (lowestSharesFrom(withEntry(state, date, shares, amount), date) < terms.minimumShares) {
    throw new ValidationError([memberFieldError('quantity', 'atLeastAmountMustRemain', formatEuro(terms.minimumShares * terms.shareCost))]);
  }
}

export function withEntry(state: MemberState, date: string, shares: number, amount: number): HoldingEntry[] {
  return [...state.postings.values(), { date, shares, amount }];
}
