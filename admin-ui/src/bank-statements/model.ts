import type { BankStatementEntryDto, StatementConfirmation } from '@coop/contracts/console';

/** A credit still to decide: proposed by the matching, or waiting for the clerk's member. */
export const isOpen = (e: BankStatementEntryDto): boolean => e.state === 'matched' || e.state === 'unmatched';

/**
 * The member an open entry would be booked for: the clerk's choice, else the matching's member (for an unmatched
 * entry only once the clerk chose one: the matching found none, or one owing less than the amount).
 */
export function memberFor(e: BankStatementEntryDto, chosen: Readonly<Record<string, string | null>>): string | null {
  if (Object.hasOwn(chosen, e.entryId)) return chosen[e.entryId] ?? null;
  return e.state === 'matched' ? e.memberId : null;
}

/** The confirmation of the selected open entries that have a member; the others are left out. */
export function confirmationsOf(
  entries: readonly BankStatementEntryDto[],
  selected: ReadonlySet<string>,
  chosen: Readonly<Record<string, string | null>>,
): StatementConfirmation[] {
  return entries.flatMap((e) => {
    const memberId = isOpen(e) && selected.has(e.entryId) ? memberFor(e, chosen) : null;
    return memberId === null ? [] : [{ entryId: e.entryId, memberId, balanceId: null }];
  });
}
