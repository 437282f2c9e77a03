import type { HistoryPosting } from '@coop/contracts/console';
import { owedOn, type ShareDue } from '../share-payments/model';
import type { BalanceRecord } from './model';

/** The member's Geschäftsguthaben as of a day beside its nominal holding (issue 45, decision 273). */
export interface PaidIn {
  /** What was paid in on the shares held that day (cents): the nominal holding less what is still owed on it. */
  readonly paidIn: number;
  /** What is outstanding and owed that day on the shares held (cents); 0: the holding is paid in full. */
  readonly open: number;
}

/**
 * The Geschäftsguthaben (DOMAIN.md 1: what was paid in) of a member on `day`, from its nominal holding that day
 * (`nominal`: the postings dated up to it, as the API sums them), its dues and its postings. Why it holds:
 * - every subscription (0, 1) and incoming transfer (4) adds its nominal amount, and what of it is not paid is its due's
 *   `outstanding` (a subscription paid in full has no due, decision 268), so paid in = nominal less outstanding;
 * - a transfer out (3) or a partial termination (2) takes its nominal amount off the holding on its date and the unpaid
 *   part of it off the dues (`passedOn`, `released`) when it is recorded (decisions 265, 267). While such a posting is
 *   dated after `day` its shares are still held but their unpaid part is no longer outstanding: it is taken off here,
 *   else the shares' unpaid part would count as paid in until the posting's date;
 * - a due whose own posting is dated after `day` is of shares not held yet: its outstanding does not count;
 * - a whole end (6, 7, 8) releases nothing when recorded (267): until its effective date every share is held and owed;
 *   from it the holding is 0 and its dues are no longer owed (`owedOn`, decision 269), so nothing is open.
 * Annulled postings and annulations (5) cancel each other on the holding and give back what they moved on the dues.
 */
export function paidInOn(
  day: string,
  nominal: number,
  dues: readonly Pick<ShareDue, 'date' | 'outstanding' | 'owedUntil'>[],
  balances: readonly Pick<BalanceRecord, 'id' | 'date' | 'annulated'>[],
  postings: readonly Pick<HistoryPosting, 'balanceId' | 'type' | 'passedOn' | 'released'>[],
): PaidIn {
  const open = dues
    .filter((d) => d.date <= day && owedOn(d, day))
    .reduce((sum, d) => sum + Math.max(0, d.outstanding), 0);
  const pending = new Set(balances.filter((b) => b.date > day && !b.annulated).map((b) => b.id));
  const leftTheDuesEarly = postings
    .filter((p) => (p.type === 2 || p.type === 3) && pending.has(p.balanceId))
    .reduce((sum, p) => sum + (p.passedOn ?? 0) + (p.released ?? 0), 0);
  return { paidIn: nominal - open - leftTheDuesEarly, open };
}
