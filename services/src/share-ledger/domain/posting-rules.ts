import { isBlank, memberFieldError, ValidationError, type FieldError } from '@coop/contracts';
import { isIsoDate } from '../../kernel/business-date.js';
import type { HoldingEntry, MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';
import { isWholeAtLeastOne, type ShareTerms } from '../../kernel/share-terms.js';
import { lowestSharesFrom } from './holding.js';

/** The posting rules the ledger's commands share (SPEC.md section 5 "Balance"). */

/** Business dates of a posting (`YYYY-MM-DD`); all three are required except for annulations. */
export interface PostingDates {
  readonly date: string | null | undefined;
  readonly approvalDate: string | null | undefined;
  readonly interestBegin: string | null | undefined;
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

export function postingDateErrors(dates: Partial<PostingDates>): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['date', 'approvalDate', 'interestBegin'] as const) {
    const v = dates[field];
    if (isBlank(v)) errors.push(memberFieldError(field, 'mustNotBeEmpty'));
    else if (!isIsoDate(v!)) errors.push(memberFieldError(field, 'invalidDate', v!));
  }
  return errors;
}

/** SPEC: quantity is a whole number of at least 1 (invalidNumber). */
export function quantityErrors(quantity: number | null | undefined): FieldError[] {
  if (quantity === null || quantity === undefined) return [memberFieldError('quantity', 'mustNotBeEmpty')];
  return isWholeAtLeastOne(quantity) ? [] : [memberFieldError('quantity', 'invalidNumber')];
}

