import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  memberStream,
  type DirectDebitCollectionCreated,
  type MemberEvent,
  type NewEvent,
  type RecordedEvent,
} from '@coop/contracts';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { bookCollection, type BookingPort } from './commands/collection-booking.js';
import { debitPaymentsDecider } from './domain/mandate.decider.js';

/*
 * Issue 45 (DEBIT): a collection's debits are booked on the members' streams in chunks, each chunk one atomic append on
 * the SQLite event store. A write stopped after a chunk (here: the second append throws, as a crash would end it) is
 * completed by booking the same collection again: every debit once, none twice.
 */
const META = {
  cooperativeId: 'c1',
  user: 'u',
  timestamp: '2025-06-20T00:00:00.000Z',
  correlationId: 'x',
  causationId: 'x',
  schemaVersion: 1,
};
const MEMBERS = Array.from({ length: 7 }, (_, i) => `m${i + 1}`);

const collection: DirectDebitCollectionCreated['data'] = {
  collectionId: 'dd1',
  cooperativeId: 'c1',
  collectionDate: '2025-07-01',
  createdOn: '2025-06-20',
  messageId: 'LS20250620000000-abcdef',
  fileId: 'direct-debit-dd1',
  // Member m1 has two subscriptions in the collection.
  items: [...MEMBERS, 'm1'].map((memberId, i) => ({
    memberId,
    balanceId: `b${i}`,
    mandateId: `a-${memberId}`,
    paymentId: `p${i}`,
    amount: 1000 + i,
    sequence: 'FRST' as const,
  })),
  totalCents: 0,
};

let dir: string;
let store: SqliteEventStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-debits-'));
  store = new SqliteEventStore(join(dir, 'events.sqlite'));
  for (const memberId of MEMBERS) {
    await store.append(memberStream(memberId), 'no_stream', [
      {
        type: 'DirectDebitMandateGranted',
        data: {
          memberId,
          mandateId: `a-${memberId}`,
          reference: `R-${memberId}`,
          signedOn: '2025-01-01',
          kind: 'recurring',
        },
        metadata: META,
      } as NewEvent,
    ]);
  }
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The booking port on the SQLite store; `failAtAppend` throws before that append (1-based), as a stop would. */
function port(failAtAppend = 0): BookingPort & { appends: number } {
  const p = {
    appends: 0,
    async load(streamId: string) {
      const events = (await store.readStream(streamId)) as unknown as RecordedEvent<MemberEvent>[];
      const state = events.reduce(
        (s, e) => debitPaymentsDecider.evolve(s, { type: e.type, data: e.data } as MemberEvent),
        debitPaymentsDecider.initialState(),
      );
      return { state, expected: events.length > 0 ? events[events.length - 1]!.revision : ('no_stream' as const) };
    },
    async append(appends: Parameters<BookingPort['append']>[0]) {
      p.appends += 1;
      if (p.appends === failAtAppend) throw new Error('stopped');
      await store.appendMulti(
        appends.map((a) => ({
          streamId: a.streamId,
          expected: a.expected,
          events: a.events.map((e) => ({ ...e, metadata: META }) as NewEvent),
        })),
      );
    },
    retrying: <T>(attempt: () => Promise<T>) => attempt(),
  };
  return p;
}

async function paymentsOnStreams(): Promise<string[]> {
  const ids: string[] = [];
  for (const memberId of MEMBERS)
    for (const e of await store.readStream(memberStream(memberId)))
      if (e.type === 'SharePaymentReceived') ids.push(String((e.data as { paymentId: string }).paymentId));
  return ids.sort();
}

describe('booking a collection in chunks', () => {
  it('books every debit once on its member’s stream, as SharePaymentReceived by direct debit with the collection', async () => {
    expect(await bookCollection(port(), collection, 3)).toBe(8);
    const [, payment] = await store.readStream(memberStream('m2'));
    expect(payment?.data).toEqual({
      memberId: 'm2',
      balanceId: 'b1',
      paymentId: 'p1',
      date: '2025-07-01',
      amount: 1001,
      method: 'directDebit',
      reference: 'LS20250620000000-abcdef',
      collectionId: 'dd1',
      statementId: null,
    });
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  });

  it('stopped after its first chunk, a second run books the rest and nothing twice; a third books nothing', async () => {
    const stopped = port(2);
    await expect(bookCollection(stopped, collection, 3)).rejects.toThrow('stopped');
    // The first chunk (m1 with two debits, m2, m3) is on the streams, the rest not.
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p7']);
    expect(await bookCollection(port(), collection, 3)).toBe(4);
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(await bookCollection(port(), collection, 3)).toBe(0);
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  });
});
