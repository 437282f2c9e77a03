import { requireConfirmed, warning, type PlausibilityWarning } from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import type { PostingDates } from './posting-rules.js';

/**
 * Plausibility of a posting's dates (issue 22 "Safety nets"): possible, but worth a second look. The clerk confirms
 * them (`confirmWarnings`); without a confirmation the posting is refused with the warnings. They apply to the
 * postings a clerk dates as a subscription: additional shares (1), withdrawal (2), transfer (3). The exits (6, 7, 8)
 * take effect on a date of their own (DOMAIN.md 9.1: the end of a financial year, in the future by law), and an
 * annulation is dated by its original.
 */

/**
 * The member's entry as the share account knows it: the date of the initial subscription (posting type 0, dated on the
 * entry date at admission). The share account is folded without master data, so a later change of the entry date
 * in the master data is not seen here. Null for an account without one.
 */
export function entryDateOf(state: MemberState): string | null {
  for (const p of state.postings.values()) if (p.type === 0) return p.date;
  return null;
}

/**
 * The warnings on a posting's dates: the posting or approval date after today, an approval before the declaration
 * (the posting's date), an interest begin before the member's entry.
 */
export function postingWarnings(dates: PostingDates, entryDate: string | null, today: string): PlausibilityWarning[] {
  const { date, approvalDate, interestBegin } = dates;
  const warnings: PlausibilityWarning[] = [];
  if (date > today) warnings.push(warning('date', 'dateInFuture', date));
  if (approvalDate > today) warnings.push(warning('approvalDate', 'dateInFuture', approvalDate));
  if (approvalDate < date) warnings.push(warning('approvalDate', 'approvalBeforeDeclaration', date));
  if (entryDate !== null && interestBegin < entryDate)
    warnings.push(warning('interestBegin', 'interestBeginBeforeEntry', entryDate));
  return warnings;
}

/** Throws UnconfirmedWarnings for a posting of type 1, 2 or 3 on `state` with unconfirmed warnings. */
export function requirePlausiblePosting(
  state: MemberState,
  dates: PostingDates,
  today: string,
  confirmed: boolean,
): void {
  requireConfirmed(postingWarnings(dates, entryDateOf(state), today), confirmed);
}
