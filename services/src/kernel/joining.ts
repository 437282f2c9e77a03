/**
 * The day a membership began (§ 15 GenG, DOMAIN.md 9.1): joining takes the member's declaration (`entryDate`) and the
 * cooperative's admission (`approvalDate`), so it is the later of the two; a record without an approval date (an old
 * register's) joined on its entry date; without an entry date nobody joined (decision 314). The member list as of a
 * date and the year's movement report count members by it alike.
 */
export function joinedOn(entryDate: string | null, approvalDate: string | null): string | null {
  if (entryDate === null) return null;
  return approvalDate !== null && approvalDate > entryDate ? approvalDate : entryDate;
}
