import type { EventStore, MemberEvent, MemberMasterData, ReadDocument, RecordedEvent } from '@coop/contracts';
import { SqliteReadStore } from '../../read-store/sqlite-read-store.js';
import { ProjectionRunner } from '../../runner/projection-runner.js';
import { BALANCES } from '../balance-document.js';
import { MEMBER_STATS, membersProjector } from '../members.projector.js';
import { MEMBERS } from '../member-document.js';

/**
 * The members projector's specs share this: events as the store records them (one position after another), a small
 * history of two members, and a runner on an in-memory read store.
 */
export const COOP = 'coop-1';
let position = 0n;

/** The next recorded event starts again at position 1 (each spec's history numbers its own events). */
export function restartPositions(): void {
  position = 0n;
}

export function recorded(event: MemberEvent, streamId: string, user = 'clerk'): RecordedEvent {
  position += 1n;
  return {
    ...event,
    streamId,
    revision: 0,
    position,
    metadata: {
      cooperativeId: COOP,
      user,
      timestamp: `2025-06-0${Number(position % 9n) + 1}T10:00:00.000Z`,
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  } as RecordedEvent;
}

/** Only the master fields these tests look at. */
export const master = (name: string, givenName: string | null, legalForm: 0 | 1 = 0): MemberMasterData =>
  ({
    name,
    givenName,
    legalForm,
    position: 2,
    memberType: 1,
    entryDate: '2025-01-01',
    city: 'Potsdam',
    isForeign: false,
  }) as unknown as MemberMasterData;

export function history(): RecordedEvent[] {
  restartPositions();
  return [
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
          date: '2025-01-01',
          approvalDate: '2025-01-05',
          interestBegin: '2025-02-01',
        },
      },
      'member-m1',
    ),
    recorded(
      {
        type: 'MemberAdmitted',
        data: { memberId: 'm2', cooperativeId: COOP, memberNr: 2, ...master('Stadtwerke eG', null, 1) },
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
          date: '2025-01-01',
          approvalDate: '2025-01-05',
          interestBegin: '2025-02-01',
        },
      },
      'member-m2',
    ),
    recorded(
      {
        type: 'SharesPosted',
        data: {
          memberId: 'm1',
          balanceId: 'b2',
          type: 3,
          quantity: 2,
          amount: -50_000,
          shareCost: 25_000,
          date: '2025-03-01',
          approvalDate: '2025-03-01',
          interestBegin: '2025-04-01',
          transferTo: 'm2',
          transferPeer: 'b3',
        },
      },
      'member-m1',
    ),
    recorded(
      {
        type: 'SharesPosted',
        data: {
          memberId: 'm2',
          balanceId: 'b3',
          type: 4,
          quantity: 2,
          amount: 50_000,
          shareCost: 25_000,
          date: '2025-03-01',
          approvalDate: '2025-03-01',
          interestBegin: '2025-04-01',
          transferFrom: 'm1',
          transferPeer: 'b2',
        },
      },
      'member-m2',
    ),
    recorded(
      {
        type: 'PostingAnnulled',
        data: {
          memberId: 'm2',
          balanceId: 'b4',
          annulPeer: 'b3',
          originalType: 4,
          quantity: -2,
          amount: -50_000,
          date: '2025-05-01',
          approvalDate: null,
          interestBegin: null,
          transferPeer: 'b5',
        },
      },
      'member-m2',
    ),
    recorded(
      {
        type: 'PostingAnnulled',
        data: {
          memberId: 'm1',
          balanceId: 'b5',
          annulPeer: 'b2',
          originalType: 3,
          quantity: 2,
          amount: 50_000,
          date: '2025-05-01',
          approvalDate: null,
          interestBegin: null,
          transferPeer: 'b4',
        },
      },
      'member-m1',
    ),
    recorded({ type: 'MemberDataChanged', data: { memberId: 'm1', city: 'Berlin', position: 0 } }, 'member-m1'),
    recorded(
      {
        type: 'SharePaymentCorrected',
        data: { memberId: 'm1', balanceId: 'b0', rueckpfleinzahlung: 90_000, interestEnd: '2030-12-31' },
      },
      'member-m1',
      'super',
    ),
    recorded(
      {
        type: 'SharesPosted',
        data: {
          memberId: 'm2',
          balanceId: 'b6',
          type: 8,
          quantity: 1,
          amount: -25_000,
          shareCost: 25_000,
          date: '2025-06-30',
          approvalDate: '2025-06-30',
          interestBegin: '2025-06-30',
        },
      },
      'member-m2',
    ),
    recorded(
      { type: 'MemberExited', data: { memberId: 'm2', exitDate: '2025-06-30', reason: 'exit', balanceId: 'b6' } },
      'member-m2',
    ),
  ];
}

export async function withRunner(
  run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>,
): Promise<void> {
  const store = new SqliteReadStore(':memory:');
  const runner = new ProjectionRunner({} as EventStore, store, [membersProjector]);
  await store.ensureCollections(membersProjector.collections);
  try {
    await run(runner, store);
  } finally {
    await store.close();
  }
}

export async function all(store: SqliteReadStore): Promise<Record<string, ReadDocument[]>> {
  const out: Record<string, ReadDocument[]> = {};
  for (const c of [MEMBERS, BALANCES, MEMBER_STATS]) {
    out[c.name] = (await store.find(c.name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;
  }
  return out;
}
