import { nextDay, type MemberEvent } from '@coop/contracts';
import { requireOpenYears, type ClosedThrough } from '../../kernel/closed-years.js';
import type { MemberState } from '../../kernel/member-stream.js';

/**
 * Postings into closed years (issue 23). Once a year's dividend is closing or closed, nothing dated in or before it
 * may change a basis it was paid on: corrections go into the next open year. Checked on what a command would record,
 * so every posting path (postings, transfers and their halves, notices and their re-statement, annulations and
 * withdrawals of notices) is covered by one rule:
 * - a posting recorded (`SharesPosted`, `PostingAnnulled`): its `date` and its `interestBegin`;
 * - the posting an annulation reverses (annulled postings count as never made): its `date`, and its `interestBegin`
 *   when it added to the holding (the first day it bears dividend). A reduction bears on the basis from its date, the
 *   effective date (DOMAIN.md 1.2 (b), 12a.6), so the interest begin recorded with a notice does not lock its withdrawal.
 * A partial termination or an end (2, 6, 7, 8) counts up to and including its effective date and reduces the basis
 * from the next day (decision 69): one effective on 31.12. of a closed year leaves that year's basis as it was, so a
 * death or an exclusion recorded late (§ 69 GenG: entered without delay) is taken, and so is its annulation.
 * The share register correction (`SharePaymentCorrected`) changes no posting's amount or dates: never refused.
 */
const ENDING_TYPES: ReadonlySet<number> = new Set([2, 6, 7, 8]);

/** The first day a posting bears on the basis, by its date: an ending posting's next day, any other its date. */
const bearsFrom = (type: number, date: string): string => (ENDING_TYPES.has(type) ? nextDay(date) : date);

export function requireOpenYearsFor(
  command: { readonly type: string; readonly postingType?: number; readonly closedThrough?: ClosedThrough },
  state: MemberState,
  events: readonly MemberEvent[],
): void {
  const closed = command.closedThrough ?? null;
  if (closed === null) return;
  const annulation = command.type === 'AnnulPosting' || command.type === 'AnnulTransferCounterpart';
  // A notice (2, 6, 7, 8) is dated on its effective date, which the notice date decides.
  const dateField = command.type === 'PostShares' && command.postingType !== 1 ? 'noticeDate' : 'date';
  const originalField = annulation ? 'annulPeer' : dateField;
  const dates: (readonly [string, string | null])[] = [];
  for (const event of events) {
    if (event.type === 'SharesPosted') {
      if (ENDING_TYPES.has(event.data.type)) dates.push([dateField, bearsFrom(event.data.type, event.data.date)]);
      else dates.push([dateField, event.data.date], ['interestBegin', event.data.interestBegin]);
    } else if (event.type === 'PostingAnnulled') {
      const original = state.postings.get(event.data.annulPeer);
      if (original) {
        dates.push([originalField, bearsFrom(original.type, original.date)]);
        if (original.amount > 0) dates.push([originalField, original.interestBegin]);
      }
      // A withdrawn notice's annulation is dated on the end it withdraws: that date is the original's, not the clerk's.
      if (!original || event.data.date !== original.date) dates.push([dateField, event.data.date]);
      // Annulled pairs count as never made: the original's dates decide; the annulation's own interest begin only without one.
      if (!original) dates.push(['interestBegin', event.data.interestBegin]);
    }
  }
  requireOpenYears(closed, dates);
}
