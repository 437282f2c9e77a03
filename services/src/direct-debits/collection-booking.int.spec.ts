import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  directDebitStream,
  memberStream,
  type DebitAboveOutstanding,
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
 * completed by booking the same collection again: every debit once, none twice; a debit above what its subscription
 * still owes is named once on the collection's stream (decision 270).
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
  for (const [n, memberId] of MEMBERS.entries()) {
    // Each member's subscriptions of the collection, 50 € each, nothing paid yet.
    const owing = collection.items
      .filter((i) => i.memberId === memberId)
      .map((i) => ({
        type: 'SharesPosted',
        data: {
          memberId,
          balanceId: i.balanceId,
          type: 1,
          quantity: 1,
          amount: 5000,
          shareCost: 5000,
          date: '2025-06-01',
          approvalDate: '2025-06-01',
          interestBegin: '2025-07-01',
          paid: 0,
        },
        metadata: META,
      }));
    await store.append(memberStream(memberId), 'no_stream', [
      {
        type: 'MemberAdmitted',
        data: { memberId, cooperativeId: 'c1', memberNr: n + 1, entryDate: '2025-06-01', legalForm: 0 },
        metadata: META,
      } as NewEvent,
      ...(owing as NewEvent[]),
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
    async loadCollection(collectionId: string) {
      const events = await store.readStream(directDebitStream(collectionId));
      const named = events.flatMap((e) =>
        e.type === 'DirectDebitsAboveOutstanding'
          ? (e.data as { items: DebitAboveOutstanding[] }).items.map((i) => i.paymentId)
          : [],
      );
      return {
        aboveOutstanding: new Set(named),
        expected: events.length > 0 ? events[events.length - 1]!.revision : ('no_stream' as const),
      };
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
    expect(await bookCollection(port(), collection, 3)).toEqual({ booked: 8, aboveOutstanding: [] });
    const payment = (await store.readStream(memberStream('m2'))).find((e) => e.type === 'SharePaymentReceived');
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
    expect((await bookCollection(port(), collection, 3)).booked).toBe(4);
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect((await bookCollection(port(), collection, 3)).booked).toBe(0);
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  });

  it('books a debit up to what its subscription still owes, names the rest on the collection’s stream once, also after a stop', async () => {
    await store.append(directDebitStream('dd1'), 'no_stream', [
      { type: 'DirectDebitCollectionCreated', data: collection, metadata: META } as NewEvent,
    ]);
    // After the file was made, m4 paid 45 € of its 50 € by hand and m5 all of them.
    const byHand = (memberId: string, balanceId: string, amount: number): NewEvent =>
      ({
        type: 'SharePaymentReceived',
        data: {
          memberId,
          balanceId,
          paymentId: `t-${memberId}`,
          date: '2025-06-25',
          amount,
          method: 'transfer',
          reference: null,
          collectionId: null,
          statementId: null,
        },
        metadata: META,
      }) as NewEvent;
    await store.append(memberStream('m4'), 2, [byHand('m4', 'b3', 4500)]);
    await store.append(memberStream('m5'), 2, [byHand('m5', 'b4', 5000)]);
    // Stopped before the third chunk (m7): the second chunk named m4 and m5 with its payments.
    await expect(bookCollection(port(3), collection, 3)).rejects.toThrow('stopped');
    const again = await bookCollection(port(), collection, 3);
    expect(again).toEqual({ booked: 1, aboveOutstanding: [] });
    expect(await paymentsOnStreams()).toEqual(['p0', 'p1', 'p2', 'p3', 'p5', 'p6', 'p7', 't-m4', 't-m5']);
    const m4Debit = (await store.readStream(memberStream('m4'))).find(
      (e) => (e.data as { paymentId?: string }).paymentId === 'p3',
    );
    expect((m4Debit?.data as { amount?: number } | undefined)?.amount).toBe(500);
    const named = (await store.readStream(directDebitStream('dd1'))).filter(
      (e) => e.type === 'DirectDebitsAboveOutstanding',
    );
    expect(named.map((e) => e.data)).toEqual([
      {
        collectionId: 'dd1',
        cooperativeId: 'c1',
        items: [
          {
            memberId: 'm4',
            memberNr: 4,
            balanceId: 'b3',
            paymentId: 'p3',
            amount: 1003,
            booked: 500,
            excess: 503,
            reason: 'aboveOutstanding',
          },
          {
            memberId: 'm5',
            memberNr: 5,
            balanceId: 'b4',
            paymentId: 'p4',
            amount: 1004,
            booked: 0,
            excess: 1004,
            reason: 'aboveOutstanding',
          },
        ],
      },
    ]);
  });
});
