import { statusAppliesTo, type ChurchDataRecorded, type ReadDocument } from '@coop/contracts';

/*
 * The church data a member's `dividend_inputs` document holds (DOMAIN.md 3.1): a regular KiStAM answer gives the status
 * of 31.08. and applies to the payouts of the following calendar year (§ 51a Abs. 2c S. 1 Nr. 3 S. 1, Nr. 4 S. 3 EStG),
 * so it is kept beside the data held until then (`churchFollowing`). An answer on an occasion (joining), a paper answer
 * and church data typed in with the member apply at once. A null answer of any kind deletes the religion data held at
 * once, the data held and any answer pending alike (S. 9-10: "unverzüglich"); a payout before the new year then
 * withholds no church tax (the member declares it, decision 350).
 */

/** A regular answer pending: applies to payouts on or after `from` (1 January after its status date). */
export interface DividendInputChurchFollowing {
  readonly churchId: string;
  readonly churchTaxRate: string | null;
  readonly from: string;
}

/** The pending answer of a stored document, when it is one. */
export function churchFollowingOf(doc: ReadDocument): DividendInputChurchFollowing | null {
  const v = doc.churchFollowing as Partial<DividendInputChurchFollowing> | null | undefined;
  if (!v || typeof v.churchId !== 'string' || typeof v.from !== 'string') return null;
  return {
    churchId: v.churchId,
    churchTaxRate: typeof v.churchTaxRate === 'string' ? v.churchTaxRate : null,
    from: v.from,
  };
}

/** The first day a regular answer of status date `statusDate` (`YYYY-MM-DD`) applies to. */
export const regularAnswerFrom = (statusDate: string): string => `${String(statusAppliesTo(statusDate))}-01-01`;

/** The document's church fields after a recorded answer. */
export function churchAfterAnswer(doc: ReadDocument, d: ChurchDataRecorded['data']): Record<string, unknown> {
  const now = { churchId: d.churchId, churchTaxRate: d.churchTaxRate };
  if (d.queryKind !== 'regular' || d.churchId === null) return { ...now, churchFollowing: null };
  const answer: DividendInputChurchFollowing = {
    churchId: d.churchId,
    churchTaxRate: d.churchTaxRate,
    from: regularAnswerFrom(d.queriedOn),
  };
  const pending = churchFollowingOf(doc);
  if (pending === null || pending.from === answer.from) return { churchFollowing: answer };
  // Two regular answers: the earlier applies from its year until the later's, so it is the data held before the later.
  if (pending.from < answer.from)
    return { churchId: pending.churchId, churchTaxRate: pending.churchTaxRate, churchFollowing: answer };
  return now;
}
