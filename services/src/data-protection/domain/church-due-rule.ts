import { settlementDay, type NotDueReason, type RetentionFacts } from './due-rule.js';

export type ChurchDueDecision =
  | { readonly due: true; readonly dueFrom: string }
  | { readonly due: false; readonly reason: NotDueReason; readonly dueFrom: string | null };

/**
 * When a former member's church data is due for erasure, long before the rest of its data (DOMAIN.md 9.3: "delete
 * earlier, as soon as no longer needed for the church tax deduction or its corrections"; § 51a Abs. 2c EStG; decision
 * 101). The member's church id and rate serve one purpose: withholding church tax from a payout to come. After the exit
 * the payouts left are the settlement (paid within six months, § 73 Abs. 4 GenG) and the dividend of the exit year
 * (paid in the year after); corrections and certificates of a payout read the church id and rate the payout recorded
 * (`DividendMemberPaid`, kept under the member's key for the books' period), not the member's. So it is due once
 * (i) the membership has ended and the settlement is paid (holding booked out to zero, six months passed), and
 * (ii) no dividend of a year the member held shares in, up to its exit year, is still to come: every such year is closed
 *     (`openDividendYears`; the settlements' `dividendOpen`), decision 354,
 * (iii) the year of the settlement's payout and of the last dividend paid to the member has ended: from 1 January after,
 * (iv) the member is not held (an audit or an open assessment may need it) and not erased (then its keys are gone).
 * Exit 31.12.2024: settlement by 30.06.2025, the 2024 dividend closed and paid in 2025: due from 01.01.2026.
 */
export function churchDataDecision(
  facts: Pick<
    RetentionFacts,
    | 'exitDate'
    | 'shareAmount'
    | 'shareTotalEUR'
    | 'lastDividendDate'
    | 'held'
    | 'erased'
    | 'settlementPaidOn'
    | 'settlementOpen'
  > & {
    /** The years the member held shares in, up to its exit year, whose dividend is not closed yet (openDividendYears). */
    readonly openDividendYears: readonly number[];
  },
  today: string,
): ChurchDueDecision {
  if (facts.erased) return { due: false, reason: 'erased', dueFrom: null };
  if (facts.exitDate === null || facts.exitDate > today) return { due: false, reason: 'notEnded', dueFrom: null };
  const settlement = settlementDay(facts);
  const lastYear = Math.max(
    ...[settlement, facts.exitDate, facts.lastDividendDate]
      .filter((d): d is string => d !== null)
      .map((d) => Number(d.slice(0, 4))),
  );
  const dueFrom = `${String(lastYear + 1).padStart(4, '0')}-01-01`;
  if (facts.held) return { due: false, reason: 'held', dueFrom };
  if (facts.shareAmount !== 0 || facts.shareTotalEUR !== 0 || facts.settlementOpen === true || settlement > today)
    return { due: false, reason: 'settlementOpen', dueFrom };
  // A dividend still to come withholds church tax with the member's church data: its payout day is not known yet.
  if (facts.openDividendYears.length > 0) return { due: false, reason: 'dividendOpen', dueFrom: null };
  if (today < dueFrom) return { due: false, reason: 'retentionRunning', dueFrom };
  return { due: true, dueFrom };
}

/**
 * The years whose dividend may still be paid to a former member (decision 354): the years from `firstYear` (its first
 * holding) to `exitYear` that are not closed (`closed`: the years from `firstYear` on with a closure, the settlements'
 * `dividendOpen` rule), counted from the first closed one: a year before it was paid before the product kept dividends
 * (or passed over), and no closure will come for it. With no closed year at all the exit year is open: it may be the
 * first the cooperative closes in the product.
 */
export function openDividendYears(firstYear: number, exitYear: number, closed: ReadonlySet<number>): number[] {
  let firstClosed = exitYear;
  let any = false;
  for (const year of closed) if (!any || year < firstClosed) [firstClosed, any] = [year, true];
  const open: number[] = [];
  for (let year = Math.max(firstYear, firstClosed); year <= exitYear; year++) if (!closed.has(year)) open.push(year);
  return open;
}
