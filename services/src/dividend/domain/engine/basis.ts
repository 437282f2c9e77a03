/**
 * The member's dividend basis (DOMAIN.md 1.2, 12a.6): the holding and its weighting in cent-days.
 *
 * Pro rata: each posting bears from its first day to 01.01. of the next year, counted by the cooperative's convention:
 * - incoming postings (0 initial, 1 additional, 4 transfer in) from their `interestBegin`;
 * - a partial termination (2) and an exit (6 death, 7 exclusion, 8 exit) count up to and including their effective
 *   date and reduce from the next day: one effective on 31.12. does not reduce that year;
 * - a transfer out (3) reduces from its own date (§ 76 GenG: the transferor bears up to the day before; the transferee
 *   from its incoming half's interest begin);
 * - a posting starting before the year counts the whole year, one starting after it nothing;
 * - annulled postings and their annulations (type 5) count as never made; a negative weight is 0.
 * Year end (§ 19 Abs. 1 GenG): the holding of the postings dated on or before 31.12. of the previous year (an exit
 * effective on that day already counted) times the whole year.
 *
 * Per-posting weights are `number` (asserted safe integers: a posting would need above 246 billion euros to leave
 * the range); the member's weight is handed on as a BigInt.
 */
import type { DividendSettings } from '@coop/contracts';
import { daysInYear, nextDay, yearDays } from './day-count.js';
import { addSafe } from './exact.js';
import type { BasisPosting, MemberBasis, MemberInput } from './types.js';

type Line = MemberBasis['lines'][number];

/** The basis as the calculator keeps it: no lines, the weight as a BigInt. */
export interface BasisFigures {
  readonly holding: number;
  readonly weight: bigint;
  readonly yearDays: number;
}

/** The first day a posting changes the dividend-bearing holding, or null when it counts as never made. */
export function firstBearingDay(posting: BasisPosting): string | null {
  if (posting.annulled || posting.type === 5) return null;
  switch (posting.type) {
    case 0:
    case 1:
    case 4:
      return posting.interestBegin;
    case 3:
      return posting.date;
    default:
      return nextDay(posting.date);
  }
}

function multiply(amount: number, days: number): number {
  const weight = amount * days;
  if (!Number.isSafeInteger(weight))
    throw new Error(`posting weight ${amount} × ${days} is beyond the safe integer range`);
  return weight;
}

function proRata(
  postings: readonly BasisPosting[],
  year: number,
  settings: DividendSettings,
  whole: number,
  lines: Line[] | null,
): { holding: number; weight: number } {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  let holding = 0;
  let weight = 0;
  for (const posting of postings) {
    const from = firstBearingDay(posting);
    if (from === null || from > yearEnd) continue;
    const days = from < yearStart ? whole : daysInYear(from, year, settings.dayCount);
    holding = addSafe(holding, posting.amount);
    weight = addSafe(weight, multiply(posting.amount, days));
    lines?.push({ postingId: posting.id, amount: posting.amount, from: from < yearStart ? yearStart : from, days });
  }
  return { holding, weight };
}

function yearEnd(
  postings: readonly BasisPosting[],
  year: number,
  whole: number,
  lines: Line[] | null,
): { holding: number; weight: number } {
  const previousYearEnd = `${year - 1}-12-31`;
  const yearStart = `${year}-01-01`;
  let holding = 0;
  for (const posting of postings) {
    if (posting.annulled || posting.type === 5 || posting.date > previousYearEnd) continue;
    holding = addSafe(holding, posting.amount);
    lines?.push({ postingId: posting.id, amount: posting.amount, from: yearStart, days: whole });
  }
  return { holding, weight: multiply(holding, whole) };
}

function compute(member: MemberInput, year: number, settings: DividendSettings, lines: Line[] | null): BasisFigures {
  const whole = yearDays(settings.dayCount, year);
  const { holding, weight } =
    settings.dividendMethod === 'yearEnd'
      ? yearEnd(member.postings, year, whole, lines)
      : proRata(member.postings, year, settings, whole, lines);
  return { holding: Math.max(0, holding), weight: weight > 0 ? BigInt(weight) : 0n, yearDays: whole };
}

/** The member's basis figures for the calculator (no lines kept). */
export function basisFigures(member: MemberInput, year: number, settings: DividendSettings): BasisFigures {
  return compute(member, year, settings, null);
}

/** The member's basis with a line per posting that counts (the trace for auditors). */
export function memberBasis(member: MemberInput, year: number, settings: DividendSettings): MemberBasis {
  const lines: Line[] = [];
  const figures = compute(member, year, settings, lines);
  return {
    memberId: member.id,
    holding: figures.holding,
    weight: figures.weight.toString(),
    yearDays: figures.yearDays,
    lines,
  };
}
