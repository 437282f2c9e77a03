import type { ReadDocument } from '@coop/contracts';

/*
 * The cooperative's member statistics document (MEMBER_STATS: the sums of all postings, the members, and the year-end
 * postings still to take effect, by date), as the members' projector keeps it and the dashboard reads it.
 */

/** A stored number, 0 when absent. */
export function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** The sums of the postings taking effect at a financial year's end (2, 6, 7, 8 and their annulations), by date. */
export type DatedSums = Readonly<Record<string, { readonly a: number; readonly s: number }>>;

/**
 * The sums; `dated` names the date of a posting that takes effect at a year's end and the day its event was recorded.
 * Such a posting dated after that day is also kept by date (`yearEndSums`): the sums as of today leave out those dated
 * later (a notice's withdrawal still pending). Dates on or before the recording day are dropped from `yearEndSums`:
 * today is never before it (the business day in Berlin is never before the UTC day), so they are never left out again,
 * and old postings of any date cannot grow the document every posting rewrites.
 */
export function withStats(
  stats: ReadDocument | undefined,
  cooperativeId: string,
  position: string,
  cents: number,
  shares: number,
  members: number,
  dated: { readonly on: string; readonly recordedOn: string } | null = null,
): ReadDocument {
  const kept = (stats?.yearEndSums as DatedSums | undefined) ?? {};
  let yearEndSums = kept;
  if (dated !== null) {
    const pending: Record<string, { a: number; s: number }> = {};
    for (const [day, sum] of Object.entries(kept)) if (day > dated.recordedOn) pending[day] = sum;
    if (dated.on > dated.recordedOn) {
      const before = pending[dated.on] ?? { a: 0, s: 0 };
      pending[dated.on] = { a: before.a + cents, s: before.s + shares };
    }
    yearEndSums = pending;
  }
  return {
    id: cooperativeId,
    cooperativeId,
    balanceSum: num(stats?.balanceSum) + cents,
    shareSum: num(stats?.shareSum) + shares,
    memberTotal: num(stats?.memberTotal) + members,
    yearEndSums,
    position,
  };
}

/** The cooperative's statistics as the members' projector writes them, read once by `readMemberStats` (absent: 0). */
export interface MemberStatsDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly balanceSum: number;
  readonly shareSum: number;
  readonly memberTotal: number;
  readonly yearEndSums: DatedSums;
}

/** The typed statistics from their stored document: the one place their fields are read (the members area's reader). */
export function readMemberStats(doc: ReadDocument): MemberStatsDocument {
  const dated = doc.yearEndSums;
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    balanceSum: num(doc.balanceSum),
    shareSum: num(doc.shareSum),
    memberTotal: num(doc.memberTotal),
    yearEndSums: typeof dated === 'object' && dated !== null && !Array.isArray(dated) ? (dated as DatedSums) : {},
  };
}

/**
 * The sum of all postings in cents and shares as of `date`: the stored sums less the year-end postings dated after it
 * (of the typed statistics, or of the stored document as the projector's specs read it).
 */
export function statsAsOf(
  stats: MemberStatsDocument | ReadDocument | undefined,
  date: string,
): { cents: number; shares: number } {
  let cents = num(stats?.balanceSum);
  let shares = num(stats?.shareSum);
  for (const [d, sum] of Object.entries((stats?.yearEndSums as DatedSums | undefined) ?? {})) {
    if (d > date) {
      cents -= sum.a;
      shares -= sum.s;
    }
  }
  return { cents, shares };
}
