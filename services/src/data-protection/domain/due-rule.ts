import { addMonths, SETTLEMENT_PAYOUT_MONTHS } from '@coop/contracts';

/** What the due rule needs to know of one member, all from read models. Dates are `YYYY-MM-DD`. */
export interface RetentionFacts {
  /** The day the membership ended (or ends); null while it lasts. */
  readonly exitDate: string | null;
  /** The holding left after the exit postings, in shares and cents: zero once the settlement is booked out. */
  readonly shareAmount: number;
  readonly shareTotalEUR: number;
  /** The latest date of a posting concerning the member (its own or a transfer's other half), null without one. */
  readonly lastPostingDate: string | null;
  /** The latest payment date of a dividend paid to the member, null without one. */
  readonly lastDividendDate: string | null;
  /** The latest date of a tax document concerning the member (an exemption order or non-assessment certificate: issued or valid until), null without one. */
  readonly lastTaxDocumentDate: string | null;
  /**
   * The latest payout day recorded for the member's settlements (issue 42), null or absent when none is recorded: then
   * the last day the law allows (six months after the end) stands in for it, for a member with no settlement record at
   * all (decisions 177, 353).
   */
  readonly settlementPaidOn?: string | null;
  /**
   * A settlement of the member is recorded and not paid (due, overdue, or its payout reversed; issue 42): never due
   * while it is open, however long ago the end was (decision 353).
   */
  readonly settlementOpen?: boolean;
  /** Flagged as held (open audit, dispute, assessment or insolvency claim): never due while set. */
  readonly held: boolean;
  /** Already erased: never due again. */
  readonly erased: boolean;
}

export type NotDueReason = 'erased' | 'held' | 'notEnded' | 'settlementOpen' | 'dividendOpen' | 'retentionRunning';

export type DueDecision =
  | { readonly due: true; readonly lastRelevantYear: number; readonly dueFrom: string }
  | { readonly due: false; readonly reason: NotDueReason; readonly dueFrom: string | null };

/**
 * The due rule of the data-protection clean-up (DOMAIN.md 9.3, issue 27). A former member's personal data is due for
 * erasure on `today` when
 * (i) the membership has ended (exit date on or before today) and the settlement is paid: the holding is booked out to
 *     zero, no settlement is recorded as due, and its recorded payout day has come (issue 42); for a member with no
 *     settlement record at all the last day the law allows for it (§ 73 Abs. 2 GenG, six months) stands in for it;
 * (ii) at least `years` full calendar years have passed since the end of the latest year of: a posting, a dividend paid,
 *     a tax document concerning the member, and the settlement's payout (that year counts as a posting's);
 * (iii) the member is not held.
 * Due from 1 January of (latest year + years + 1): exit 31.12.2014, payout 2015, ten years: kept to 31.12.2025, due 2026.
 */
export function retentionDecision(facts: RetentionFacts, today: string, years: number): DueDecision {
  if (facts.erased) return { due: false, reason: 'erased', dueFrom: null };
  if (facts.exitDate === null || facts.exitDate > today) return { due: false, reason: 'notEnded', dueFrom: null };
  const settlement = settlementDay(facts);
  const lastRelevantYear = Math.max(
    ...[settlement, facts.exitDate, facts.lastPostingDate, facts.lastDividendDate, facts.lastTaxDocumentDate]
      .filter((d): d is string => d !== null)
      .map((d) => Number(d.slice(0, 4))),
  );
  const dueFrom = `${String(lastRelevantYear + years + 1).padStart(4, '0')}-01-01`;
  if (facts.held) return { due: false, reason: 'held', dueFrom };
  if (facts.shareAmount !== 0 || facts.shareTotalEUR !== 0 || facts.settlementOpen === true || settlement > today)
    return { due: false, reason: 'settlementOpen', dueFrom };
  if (today < dueFrom) return { due: false, reason: 'retentionRunning', dueFrom };
  return { due: true, lastRelevantYear, dueFrom };
}

/**
 * The settlement's payout day: the one recorded, else the last day the law allows for it (six months after the end).
 * The stand-in is reached only when no settlement is open (`settlementOpen`): a recorded settlement not paid keeps the
 * member whatever this day says (decision 353).
 */
export function settlementDay(facts: Pick<RetentionFacts, 'exitDate' | 'settlementPaidOn'>): string {
  return facts.settlementPaidOn ?? addMonths(facts.exitDate!, SETTLEMENT_PAYOUT_MONTHS);
}
