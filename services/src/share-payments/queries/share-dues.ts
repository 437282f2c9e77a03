import { readShareDue, SHARE_DUES, SHARE_DUES_SETTLED, type ShareDueDocument } from '@coop/projections/share-payments';
import { nextDay, type Filter } from '@coop/contracts';
import { TypedReads } from '../../platform/http/typed-reads.js';
import type { ReadModels } from '../../platform/http/read-models.js';

/**
 * The dues on subscribed shares as typed documents (decision 258): the readers of the `share_dues` collections, for
 * this area and, through index.ts, for the dividend's credit, the reminders, the direct debits and the bank statements'
 * matching (`read-model-through-its-owner`). `shareDues` reads the subscriptions with something outstanding, which is
 * all that a list, a search, a reminder, a credit or a matching asks for; `anyShareDue` finds a subscription's due by
 * its id whether it is outstanding or paid in full (decision 266).
 */
export const shareDues = new TypedReads<ShareDueDocument>(SHARE_DUES, 'Posting', readShareDue);

/**
 * Only what is still owed on `date`: a due whose `owedUntil` (its member's whole end's effective date, decision 269) lies
 * after it. Every reader of what is owed takes it: the list and its sum, the reminders, the bank statements' matching.
 */
export const owedOnFilter = (date: string): Filter => ({ field: 'owedUntil', op: 'range', gte: nextDay(date) });

/** The subscriptions paid in full (read with the outstanding ones by `anyShareDue` and a member's list). */
export const settledShareDues = new TypedReads<ShareDueDocument>(SHARE_DUES_SETTLED, 'Posting', readShareDue);

/** A subscription's due by id, outstanding or paid in full. */
export const anyShareDue = {
  /** The due of the cooperative with this id; another cooperative's or none: NotFoundError naming the posting. */
  async get(reads: ReadModels, cooperativeId: string, id: string): Promise<ShareDueDocument> {
    const outstanding = (await shareDues.getMany(reads, cooperativeId, [id])).get(id);
    return outstanding ?? (await settledShareDues.get(reads, cooperativeId, id));
  },

  /** The dues of these ids that belong to the cooperative, by id (unknown ids left out). */
  async getMany(
    reads: ReadModels,
    cooperativeId: string,
    ids: readonly string[],
  ): Promise<Map<string, ShareDueDocument>> {
    const found = await shareDues.getMany(reads, cooperativeId, ids);
    const rest = ids.filter((id) => !found.has(id));
    if (rest.length > 0)
      for (const [id, due] of await settledShareDues.getMany(reads, cooperativeId, rest)) found.set(id, due);
    return found;
  },
};

export type { ShareDueDocument };
