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

/** The states the statement's entries can be shown by (`filter=state:…`); '' shows them all. */
export const ENTRY_STATES = ['matched', 'unmatched', 'confirmed', 'ignored', 'listed'] as const;

/** The state asked for in the address, or '' (all) for none or one the entries do not have. */
export const entryStateOf = (raw: string | null): string =>
  raw !== null && (ENTRY_STATES as readonly string[]).includes(raw) ? raw : '';

/** `GET /bank-statements/{id}` for page `page` (from 1) of `perPage` entries, of one state or all (decision 317). */
export function statementPath(id: string, page: number, perPage: number, state: string): string {
  const query = new URLSearchParams({ offset: String((page - 1) * perPage), limit: String(perPage) });
  if (state !== '') query.set('filter', `state:${state}`);
  return `/bank-statements/${encodeURIComponent(id)}?${query.toString()}`;
}

/**
 * The entries the clerk selected, by entry id, kept while the pages change: a selection on page 1 is still booked when
 * the clerk confirms on page 3. `on` adds the entry (again, as shown now) or takes it out.
 */
export function withEntry(
  picked: Readonly<Record<string, BankStatementEntryDto>>,
  entry: BankStatementEntryDto,
  on: boolean,
): Record<string, BankStatementEntryDto> {
  const next = { ...picked };
  if (on) next[entry.entryId] = entry;
  else delete next[entry.entryId];
  return next;
}
