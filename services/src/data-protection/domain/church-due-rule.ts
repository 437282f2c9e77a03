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
 * (ii) the year of the settlement's payout and of the last dividend paid to the member has ended: from 1 January after,
 * (iii) the member is not held (an audit or an open assessment may need it) and not erased (then its keys are gone).
 * Exit 31.12.2024: settlement by 30.06.2025, the 2024 dividend paid in 2025: due from 01.01.2026.
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
  >,
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
  if (today < dueFrom) return { due: false, reason: 'retentionRunning', dueFrom };
  return { due: true, dueFrom };
}
