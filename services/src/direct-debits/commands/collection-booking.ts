import {
  directDebitStream,
  memberStream,
  type DebitAboveOutstanding,
  type DirectDebitCollectionCreated,
  type DirectDebitItem,
  type DomainEvent,
  type ExpectedRevision,
} from '@coop/contracts';
import { bookDebits } from '../domain/debit-booking.js';
import type { DebitMemberState } from '../domain/mandate.decider.js';

/*
 * Booking a collection's debits on the members' streams (issue 45, DEBIT; docs/direct-debits.md "Writing a
 * collection"). The collection's stream is written first and names every debit with its payment id; then the members'
 * streams are appended in chunks of CHUNK_MEMBERS members, each chunk atomically (appendMulti). Each member's debits are
 * booked by the decider's rule (debit-booking.ts) up to what the subscription still owes on its stream; a debit above
 * that is named on the collection's stream (`DirectDebitsAboveOutstanding`, decision 270) in the same append. A debit
 * whose payment id is already on its member's stream, or already named above what was owed, is not booked again, so a
 * write stopped after any chunk is completed by running this again on the same collection: the rest, nothing twice.
 */

/** Members whose streams one atomic append books (a collection of 10,000 debits: 20 appends). */
export const CHUNK_MEMBERS = 500;

/** What booking needs of the write path: a member stream's fold, and an atomic append of several streams. */
export interface BookingPort {
  load(streamId: string): Promise<{ readonly state: DebitMemberState; readonly expected: ExpectedRevision }>;
  /** The payment ids the collection's stream names above what was owed so far, and its revision. */
  loadCollection(
    collectionId: string,
  ): Promise<{ readonly aboveOutstanding: ReadonlySet<string>; readonly expected: ExpectedRevision }>;
  append(
    appends: readonly {
      readonly streamId: string;
      readonly expected: ExpectedRevision;
      readonly events: readonly DomainEvent[];
    }[],
  ): Promise<void>;
  /** Runs one chunk, again from its loads on a concurrency conflict (another write on a member meanwhile). */
  retrying<T>(attempt: () => Promise<T>): Promise<T>;
}

/** What a run booked: the payments booked, and the debits it found above what was owed (decision 270). */
export interface CollectionBooked {
  readonly booked: number;
  readonly aboveOutstanding: readonly DebitAboveOutstanding[];
}

/** Books the debits of `collection` not yet booked. */
export async function bookCollection(
  port: BookingPort,
  collection: DirectDebitCollectionCreated['data'],
  chunkMembers = CHUNK_MEMBERS,
): Promise<CollectionBooked> {
  const byMember = new Map<string, DirectDebitItem[]>();
  for (const item of collection.items) byMember.set(item.memberId, [...(byMember.get(item.memberId) ?? []), item]);
  const members = [...byMember.keys()];
  let booked = 0;
  const aboveOutstanding: DebitAboveOutstanding[] = [];
  for (let from = 0; from < members.length; from += chunkMembers) {
    const chunk = members.slice(from, from + chunkMembers);
    const run = await port.retrying(async () => {
      const appends = [];
      let count = 0;
      let above: DebitAboveOutstanding[] = [];
      for (const memberId of chunk) {
        const streamId = memberStream(memberId);
        const { state, expected } = await port.load(streamId);
        const result = bookDebits(
          {
            type: 'BookDebits',
            memberId,
            collectionId: collection.collectionId,
            collectionDate: collection.collectionDate,
            messageId: collection.messageId,
            items: byMember.get(memberId) ?? [],
          },
          state.account,
          new Set(state.payments.keys()),
        );
        if (result.events.length > 0) appends.push({ streamId, expected, events: result.events });
        count += result.events.filter((e) => e.type === 'SharePaymentReceived').length;
        for (const a of result.aboveOutstanding) above.push(a);
      }
      // The collection's stream is read only when a debit is above what was owed (seldom): one named there already
      // (a run stopped after its chunk, nothing of it booked) is not named twice.
      if (above.length > 0) {
        const recorded = await port.loadCollection(collection.collectionId);
        above = above.filter((a) => !recorded.aboveOutstanding.has(a.paymentId));
        if (above.length > 0) {
          const data = { collectionId: collection.collectionId, cooperativeId: collection.cooperativeId, items: above };
          appends.push({
            streamId: directDebitStream(collection.collectionId),
            expected: recorded.expected,
            events: [{ type: 'DirectDebitsAboveOutstanding', data }],
          });
        }
      }
      if (appends.length > 0) await port.append(appends);
      return { count, above };
    });
    booked += run.count;
    for (const a of run.above) aboveOutstanding.push(a);
  }
  return { booked, aboveOutstanding };
}
