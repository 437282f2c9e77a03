/**
 * When a membership (or a further share) begins, § 15, § 15b GenG (DOMAIN.md 9.1): with the member's declaration and the
 * cooperative's admission by the board, so on the later of the two days. One rule for the members projector (the member
 * list's `memberFrom`, each posting's `sharesFrom`) and the services that count as of a date (decision 314 and its
 * amendment). Plain functions, no package.
 */

/**
 * The day a membership began: the later of the declaration (`entryDate`) and the admission (`approvalDate`); a record
 * without an approval date (an old register's) joined on its entry date; without an entry date nobody joined.
 */
export function joinedOn(entryDate: string | null, approvalDate: string | null): string | null {
  if (entryDate === null || entryDate === '') return null;
  return approvalDate !== null && approvalDate > entryDate ? approvalDate : entryDate;
}

/** The posting types whose shares need the board's admission: the first subscription (0, § 15), further shares (1, § 15b). */
export const ADMITTED_POSTING_TYPES = [0, 1] as const;

/** What the rule needs of a posting: its type (5 an annulation), its date (the declaration) and its admission. */
export interface DatedPosting {
  readonly type: number;
  readonly date: string;
  readonly approvalDate: string | null;
}

/**
 * The day a posting's shares (and their nominal amount) count from. A subscription (0) or further shares (1): the later
 * of its date (the declaration) and its approval date (the admission), § 15b (3) GenG; its own date without one. Every
 * other posting (a transfer, a termination, an exit, a register correction) on its own date. An annulation (5) on its
 * own date but never before the day the posting it annuls counts from (`annulledFrom`): it moves with what it reverses.
 */
export function sharesFrom(posting: DatedPosting, annulledFrom: string | null = null): string {
  const date = posting.date;
  if (posting.type === 5) return annulledFrom !== null && annulledFrom > date ? annulledFrom : date;
  const admitted = (ADMITTED_POSTING_TYPES as readonly number[]).includes(posting.type);
  const approval = posting.approvalDate;
  return admitted && approval !== null && approval > date ? approval : date;
}
