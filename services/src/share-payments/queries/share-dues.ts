import { nextDay, NotFoundError, SUBSCRIPTION_TYPES, type Filter } from '@coop/contracts';
import {
  postedDue,
  readShareDue,
  SHARE_DUES,
  SHARE_DUES_SETTLED,
  type ShareDueDocument,
} from '@coop/projections/share-payments';
import { TypedReads } from '../../platform/http/typed-reads.js';
import type { ReadModels } from '../../platform/http/read-models.js';
import { balanceDocuments, type BalanceDocument } from '../../share-ledger/index.js';

/**
 * The dues on subscribed shares as typed documents (decision 258): the readers of the `share_dues` collections, for
 * this area and, through index.ts, for the dividend's credit, the reminders, the direct debits and the bank statements'
 * matching (`read-model-through-its-owner`). `shareDues` reads the subscriptions with something outstanding, which is
 * all that a list, a search, a reminder, a credit or a matching asks for; `anyShareDue` finds a subscription's due by
 * its id whether it is outstanding or paid in full (decisions 266, 268).
 */
export const shareDues = new TypedReads<ShareDueDocument>(SHARE_DUES, 'Posting', readShareDue);

/**
 * Only what is still owed on `date`: a due whose `owedUntil` (its member's whole end's effective date, decision 269) lies
 * after it. Every reader of what is owed takes it: the list and its sum, the reminders, the bank statements' matching.
 */
export const owedOnFilter = (date: string): Filter => ({ field: 'owedUntil', op: 'range', gte: nextDay(date) });

/** The subscriptions paid in full that a payment, a return or a correction reached (decision 266). */
export const settledShareDues = new TypedReads<ShareDueDocument>(SHARE_DUES_SETTLED, 'Posting', readShareDue);

const OWING = new Set<number>(SUBSCRIPTION_TYPES);

/**
 * The due of a subscription paid in full when posted and stored nowhere since (decision 268): derived from its posting
 * in the register by the projector's own rule (`postedDue`); undefined for a posting that owes nothing (not a
 * subscription, or annulled). Only asked for a posting without a stored due.
 */
export function dueOfPosting(posting: BalanceDocument): ShareDueDocument | undefined {
  if (!OWING.has(posting.type) || posting.annulated) return undefined;
  return readShareDue(
    postedDue({
      id: posting.id,
      cooperativeId: posting.cooperativeId,
      member: posting.member,
      memberNr: posting.memberNr,
      memberName: posting.memberName ?? '',
      type: posting.type,
      date: posting.date,
      quantity: posting.quantity,
      amount: posting.amount,
      paidWhenPosted: posting.rueckpfleinzahlung,
      position: posting.position,
    }),
  );
}

/** A subscription's due by id: outstanding, paid in full and stored, or paid in full when posted (its posting). */
export const anyShareDue = {
  /** The due of the cooperative with this id; another cooperative's or none: NotFoundError naming the posting. */
  async get(reads: ReadModels, cooperativeId: string, id: string): Promise<ShareDueDocument> {
    const due = (await anyShareDue.getMany(reads, cooperativeId, [id])).get(id);
    if (!due) throw new NotFoundError('Posting', id);
    return due;
  },

  /** The dues of these ids that belong to the cooperative, by id (unknown ids and postings that owe nothing left out). */
  async getMany(
    reads: ReadModels,
    cooperativeId: string,
    ids: readonly string[],
  ): Promise<Map<string, ShareDueDocument>> {
    const found = await shareDues.getMany(reads, cooperativeId, ids);
    const unstored = ids.filter((id) => !found.has(id));
    if (unstored.length > 0)
      for (const [id, due] of await settledShareDues.getMany(reads, cooperativeId, unstored)) found.set(id, due);
    const posted = unstored.filter((id) => !found.has(id));
    if (posted.length > 0)
      for (const [id, posting] of await balanceDocuments.getMany(reads, cooperativeId, posted)) {
        const due = dueOfPosting(posting);
        if (due) found.set(id, due);
      }
    return found;
  },
};

export type { ShareDueDocument };
