/**
 * A preview (previewDocuments: the answer a posting makes from its own events before the read models include it,
 * decision 40) is what the projection runner stores for the same events: a posting, a transfer (two events, each
 * reading the other member) and the annulation of a transfer, on the members projector over a real SQLite read store.
 */
import { describe, expect, it } from '@jest/globals';
import type { EventStore, MemberEvent, MemberMasterData, ReadDocument, RecordedEvent } from '@coop/contracts';
import { BALANCES } from '../projectors/balance-document.js';
import { membersProjector } from '../projectors/members.projector.js';
import { MEMBERS } from '../projectors/member-document.js';
import { SqliteReadStore } from '../read-store/sqlite-read-store.js';
import { previewDocuments } from './preview.js';
import { ProjectionRunner } from './projection-runner.js';
import type { DocKey } from './projector.js';

const COOP = 'coop-1';
let position = 0n;

function recorded(event: MemberEvent, streamId: string): RecordedEvent {
  position += 1n;
  return {
    ...event,
    streamId,
    revision: 0,
    position,
    metadata: {
      cooperativeId: COOP,
      user: 'clerk',
      timestamp: `2025-06-0${Number(position % 9n) + 1}T10:00:00.000Z`,
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  } as RecordedEvent;
}

const master = (name: string, givenName: string | null): MemberMasterData =>
  ({
    name,
    givenName,
    legalForm: 0,
    position: 2,
    memberType: 1,
    entryDate: '2025-01-01',
    city: 'Potsdam',
    isForeign: false,
  }) as unknown as MemberMasterData;
const dates = { date: '2025-03-01', approvalDate: '2025-03-01', interestBegin: '2025-04-01' };

/** Two members with shares, projected: the read models before the writes previewed. */
async function withMembers(run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>): Promise<void> {
  position = 0n;
  const store = new SqliteReadStore(':memory:');
  const runner = new ProjectionRunner({} as EventStore, store, [membersProjector]);
  await store.ensureCollections(membersProjector.collections);
  try {
    await runner.apply([
      recorded(
        {
          type: 'MemberAdmitted',
          data: { memberId: 'm1', cooperativeId: COOP, memberNr: 1, ...master('Berger', 'Anna') },
        },
        'member-m1',
      ),
      recorded(
        {
          type: 'SharesPosted',
          data: {
            memberId: 'm1',
            balanceId: 'b0',
            type: 0,
            quantity: 4,
            amount: 100_000,
            shareCost: 25_000,
            ...dates,
            date: '2025-01-01',
          },
        },
        'member-m1',
      ),
      recorded(
        {
          type: 'MemberAdmitted',
          data: { memberId: 'm2', cooperativeId: COOP, memberNr: 2, ...master('Krause', 'Jonas') },
        },
        'member-m2',
      ),
      recorded(
        {
          type: 'SharesPosted',
          data: {
            memberId: 'm2',
            balanceId: 'b1',
            type: 0,
            quantity: 1,
            amount: 25_000,
            shareCost: 25_000,
            ...dates,
            date: '2025-01-01',
          },
        },
        'member-m2',
      ),
    ]);
    await run(runner, store);
  } finally {
    await store.close();
  }
}

const posting = (): RecordedEvent[] => [
  recorded(
    {
      type: 'SharesPosted',
      data: { memberId: 'm1', balanceId: 'p1', type: 1, quantity: 2, amount: 50_000, shareCost: 25_000, ...dates },
    },
    'member-m1',
  ),
];
const transfer = (): RecordedEvent[] => [
  recorded(
    {
      type: 'SharesPosted',
      data: {
        memberId: 'm1',
        balanceId: 't1',
        type: 3,
        quantity: 2,
        amount: -50_000,
        shareCost: 25_000,
        ...dates,
        transferTo: 'm2',
        transferPeer: 't2',
      },
    },
    'member-m1',
  ),
  recorded(
    {
      type: 'SharesPosted',
      data: {
        memberId: 'm2',
        balanceId: 't2',
        type: 4,
        quantity: 2,
        amount: 50_000,
        shareCost: 25_000,
        ...dates,
        transferFrom: 'm1',
        transferPeer: 't1',
      },
    },
    'member-m2',
  ),
];
const annulation = (): RecordedEvent[] => [
  recorded(
    {
      type: 'PostingAnnulled',
      data: {
        memberId: 'm1',
        balanceId: 'a1',
        annulPeer: 't1',
        originalType: 3,
        quantity: 2,
        amount: 50_000,
        date: '2025-05-01',
        approvalDate: null,
        interestBegin: null,
        transferPeer: 'a2',
      },
    },
    'member-m1',
  ),
  recorded(
    {
      type: 'PostingAnnulled',
      data: {
        memberId: 'm2',
        balanceId: 'a2',
        annulPeer: 't2',
        originalType: 4,
        quantity: -2,
        amount: -50_000,
        date: '2025-05-01',
        approvalDate: null,
        interestBegin: null,
        transferPeer: 'a1',
      },
    },
    'member-m2',
  ),
];

/** The events as their writer answers them (StreamWriter.appendAnsweringFromEvents): all at the write's last position. */
const asAnswered = (events: readonly RecordedEvent[]): RecordedEvent[] =>
  events.map((e) => ({ ...e, position: events[events.length - 1]!.position }));

/** Every document the events touch, by key. */
function touched(events: readonly RecordedEvent[]): DocKey[] {
  const keys = new Map<string, DocKey>();
  for (const key of events.flatMap((e) => membersProjector.keys(e))) keys.set(`${key.collection}/${key.id}`, key);
  return [...keys.values()];
}

const withoutPosition = (doc: ReadDocument | undefined): Record<string, unknown> | undefined => {
  if (!doc) return undefined;
  const { position: _position, ...rest } = doc;
  return rest;
};

/**
 * Previews `events` over the store, then lets the runner store them: every document they touch is the same in both,
 * with the events' own positions exactly, and as the writer answers them (one position) but for the position stamp.
 */
async function expectPreviewIsProjection(
  runner: ProjectionRunner,
  store: SqliteReadStore,
  events: readonly RecordedEvent[],
): Promise<Map<string, ReadDocument | undefined>> {
  const load = (collection: string, ids: readonly string[]): Promise<ReadDocument[]> => store.getMany(collection, ids);
  const exact = await previewDocuments([membersProjector], events, load);
  const answered = await previewDocuments([membersProjector], asAnswered(events), load);
  await runner.apply(events);
  const stored = new Map<string, ReadDocument | undefined>();
  for (const key of touched(events)) {
    const doc = (await store.get(key.collection, key.id)) ?? undefined;
    stored.set(`${key.collection}/${key.id}`, doc);
    expect({ key, doc: exact(key) }).toEqual({ key, doc });
    expect({ key, doc: withoutPosition(answered(key)) }).toEqual({ key, doc: withoutPosition(doc) });
  }
  return stored;
}

describe('previewDocuments', () => {
  it('previews a posting as the runner stores it: the posting, its member and the sums', async () => {
    await withMembers(async (runner, store) => {
      const stored = await expectPreviewIsProjection(runner, store, posting());
      expect(stored.get(`${BALANCES.name}/p1`)).toMatchObject({
        type: 1,
        member: 'm1',
        memberName: 'Berger, Anna',
        memberNr: 1,
        quantity: 2,
      });
      expect(stored.get(`${MEMBERS.name}/m1`)).toMatchObject({ shareAmount: 6 });
    });
  });

  it('previews a transfer, both of its events in order, as the runner stores it', async () => {
    await withMembers(async (runner, store) => {
      const stored = await expectPreviewIsProjection(runner, store, transfer());
      expect(stored.get(`${BALANCES.name}/t1`)).toMatchObject({ type: 3, transferTo: 'm2', transferMemberNr: 2 });
      expect(stored.get(`${BALANCES.name}/t2`)).toMatchObject({ type: 4, transferFrom: 'm1', transferMemberNr: 1 });
      expect(stored.get(`${MEMBERS.name}/m2`)).toMatchObject({ shareAmount: 3 });
    });
  });

  it('previews the annulation of a transfer as the runner stores it: the annulled postings marked', async () => {
    await withMembers(async (runner, store) => {
      await runner.apply(transfer());
      const stored = await expectPreviewIsProjection(runner, store, annulation());
      expect(stored.get(`${BALANCES.name}/a1`)).toMatchObject({
        type: 5,
        annulPeer: 't1',
        shareCost: 25_000,
        transferMemberNr: 2,
      });
      expect(stored.get(`${BALANCES.name}/t1`)).toMatchObject({ annulated: true });
      expect(stored.get(`${BALANCES.name}/t2`)).toMatchObject({ annulated: true });
    });
  });

  it('answers the documents as stored once the read models include the write, not the write applied twice', async () => {
    await withMembers(async (runner, store) => {
      const events = transfer();
      await runner.apply(events);
      const preview = await previewDocuments([membersProjector], asAnswered(events), (collection, ids) =>
        store.getMany(collection, ids),
      );
      for (const key of touched(events))
        expect({ key, doc: preview(key) }).toEqual({
          key,
          doc: (await store.get(key.collection, key.id)) ?? undefined,
        });
    });
  });
});
