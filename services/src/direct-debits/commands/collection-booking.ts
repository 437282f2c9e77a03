import {
  memberStream,
  type DirectDebitCollectionCreated,
  type DirectDebitItem,
  type DomainEvent,
  type ExpectedRevision,
} from '@coop/contracts';
import { debitPaymentsDecider, type DebitMemberState } from '../domain/mandate.decider.js';

/*
 * Booking a collection's debits on the members' streams (issue 45, DEBIT; docs/direct-debits.md "Writing a
 * collection"). The collection's stream is written first and names every debit with its payment id; then the members'
 * streams are appended in chunks of CHUNK_MEMBERS members, each chunk atomically (appendMulti). A debit whose payment id
 * is already on its member's stream is not booked again (the decider's BookDebits), so a write stopped after any chunk
 * is completed by running this again on the same collection: the rest is booked, nothing twice.
 */

/** Members whose streams one atomic append books (a collection of 10,000 debits: 20 appends). */
export const CHUNK_MEMBERS = 500;

/** What booking needs of the write path: a member stream's fold, and an atomic append of several streams. */
export interface BookingPort {
  load(streamId: string): Promise<{ readonly state: DebitMemberState; readonly expected: ExpectedRevision }>;
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

/** Books the debits of `collection` not yet booked; the number of debits booked by this run. */
export async function bookCollection(
  port: BookingPort,
  collection: DirectDebitCollectionCreated['data'],
  chunkMembers = CHUNK_MEMBERS,
): Promise<number> {
  const byMember = new Map<string, DirectDebitItem[]>();
  for (const item of collection.items) byMember.set(item.memberId, [...(byMember.get(item.memberId) ?? []), item]);
  const members = [...byMember.keys()];
  let booked = 0;
  for (let from = 0; from < members.length; from += chunkMembers) {
    const chunk = members.slice(from, from + chunkMembers);
    booked += await port.retrying(async () => {
      const appends = [];
      let count = 0;
      for (const memberId of chunk) {
        const streamId = memberStream(memberId);
        const { state, expected } = await port.load(streamId);
        const events = debitPaymentsDecider.decide(
          {
            type: 'BookDebits',
            memberId,
            collectionId: collection.collectionId,
            collectionDate: collection.collectionDate,
            messageId: collection.messageId,
            items: byMember.get(memberId) ?? [],
          },
          state,
        );
        if (events.length > 0) appends.push({ streamId, expected, events });
        count += events.length;
      }
      if (appends.length > 0) await port.append(appends);
      return count;
    });
  }
  return booked;
}
