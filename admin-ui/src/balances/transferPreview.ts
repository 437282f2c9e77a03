import { transferSplit, type TransferSplit } from '@coop/contracts/share-transfer';
import type { ShareDue } from '../share-payments/model';

/*
 * What a transfer of shares moves, as the console shows it before it is saved (§ 76 GenG, decision 265): the rule the
 * ledger decides with (`transferSplit` of the contracts) applied to the giver's dues as the API lists them. The
 * Geschäftsguthaben is the holding's nominal amount less what is outstanding on it.
 */

/** The split, and what the giver still owes on the shares it keeps. */
export interface TransferPreview extends TransferSplit {
  readonly staysOwed: number;
}

/** The dues with something outstanding, the oldest due first (as a payment settles them, decision 209). */
function oldestDueFirst(dues: readonly ShareDue[]): ShareDue[] {
  return dues
    .filter((d) => d.outstanding > 0)
    .sort((a, b) => (a.dueSince ?? a.date).localeCompare(b.dueSince ?? b.date) || a.date.localeCompare(b.date));
}

/** A transfer of `nominal` cents from a member holding `held` cents of shares with `dues`. */
export function transferPreview(nominal: number, held: number, dues: readonly ShareDue[]): TransferPreview {
  const open = oldestDueFirst(dues);
  const owed = open.reduce((sum, d) => sum + d.outstanding, 0);
  const split = transferSplit(
    nominal,
    held - owed,
    open.map((d) => ({ balanceId: d.id, outstanding: d.outstanding })),
  );
  return { ...split, staysOwed: owed - split.passedOn.reduce((sum, p) => sum + p.amount, 0) };
}
