import type { StatementEntry, StatementFileEntry as CamtEntry } from '@coop/contracts';
import { memberNumberOf } from './member-number.js';
import { allocate, type OutstandingDue } from './proposal.js';

/** The cooperative as the matching sees it: its members by number, and each member's outstanding subscriptions. */
export interface MatchingBook {
  readonly memberIdOf: ReadonlyMap<number, string>;
  readonly duesOf: ReadonlyMap<string, readonly OutstandingDue[]>;
  /** The cooperative's own collected debits among the credits' end-to-end ids: the member whose payment each is. */
  readonly ownDebits: ReadonlyMap<string, { readonly memberId: string }>;
}

/**
 * The statement's entries with the member each credit names (member-number.ts) and the oldest outstanding
 * subscriptions proposed for its amount (proposal.ts). Entries are taken in the file's order, and what one proposes is
 * no longer outstanding for the next of the same member. Debits and other entries are listed without a proposal; a
 * credit whose end-to-end id is one of the cooperative's own collected debits is unmatched (`ownDirectDebit`).
 */
export function matchEntries(entries: readonly CamtEntry[], book: MatchingBook): StatementEntry[] {
  const left = new Map<string, OutstandingDue[]>();
  const duesOf = (memberId: string): OutstandingDue[] => left.get(memberId) ?? [...(book.duesOf.get(memberId) ?? [])];
  return entries.map((entry): StatementEntry => {
    const none = { memberId: null, memberNr: null, proposal: [], unmatched: null };
    if (entry.kind !== 'credit') return { ...entry, ...none };
    // The credit of a debit this product collected: booked with its collection, never proposed again (decision 352).
    const own = entry.endToEndId === null ? undefined : book.ownDebits.get(entry.endToEndId);
    if (own !== undefined) return { ...entry, ...none, memberId: own.memberId, unmatched: 'ownDirectDebit' };
    const found = memberNumberOf(entry.remittance, (nr) => book.memberIdOf.has(nr));
    if ('reason' in found) return { ...entry, ...none, unmatched: found.reason };
    const memberId = book.memberIdOf.get(found.nr)!;
    const dues = duesOf(memberId);
    const proposal = allocate(entry.amount, dues);
    if (typeof proposal === 'string') return { ...entry, ...none, memberId, memberNr: found.nr, unmatched: proposal };
    left.set(
      memberId,
      dues.map((d) => ({
        ...d,
        outstanding:
          d.outstanding - proposal.filter((p) => p.balanceId === d.balanceId).reduce((s, p) => s + p.amount, 0),
      })),
    );
    return { ...entry, memberId, memberNr: found.nr, proposal, unmatched: null };
  });
}
