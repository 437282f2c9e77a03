import { describe, expect, it } from '@jest/globals';
import type { DomainEvent, EventStore, NotificationRaised, ReadDocument, RecordedEvent } from '@coop/contracts';
import { SqliteReadStore } from '../read-store/sqlite-read-store.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { notificationsProjector } from './notifications.projector.js';
import { NOTIFICATIONS } from './task-collections.js';

const COOP = 'coop-1';
let position = 0n;

function recorded(event: DomainEvent, cooperativeId = COOP): RecordedEvent {
  position += 1n;
  const id = (event.data as { notificationId: string }).notificationId;
  return {
    ...event,
    streamId: `notification-${id}`,
    revision: 0,
    position,
    metadata: {
      cooperativeId,
      user: 'clerk',
      timestamp: '2026-02-01T10:00:00.000Z',
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  } as RecordedEvent;
}

const raised = (notificationId: string, time: string, cooperativeId = COOP): NotificationRaised => ({
  type: 'NotificationRaised',
  data: {
    notificationId,
    cooperativeId,
    type: 'generic',
    time,
    message: 'taskStarted',
    parameters: ['fsak'],
    entityClass: 'task',
    entityId: 't1',
    errors: [],
    member: null,
    html: null,
    taskId: 't1',
  },
});

function history(): RecordedEvent[] {
  position = 0n;
  return [
    recorded(raised('n1', '2026-02-01T10:00:00.000Z')),
    recorded(raised('n2', '2026-02-01T10:00:01.000Z')),
    recorded(raised('n3', '2026-02-01T10:00:02.000Z', 'coop-2'), 'coop-2'),
    recorded({ type: 'NotificationSeen', data: { notificationId: 'n1', seenAt: '2026-02-01T11:00:00.000Z' } }),
  ];
}

async function withRunner(run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>): Promise<void> {
  const store = new SqliteReadStore(':memory:');
  const runner = new ProjectionRunner({} as EventStore, store, [notificationsProjector]);
  await store.ensureCollections(notificationsProjector.collections);
  try {
    await run(runner, store);
  } finally {
    await store.close();
  }
}

const all = async (store: SqliteReadStore): Promise<ReadDocument[]> =>
  (await store.find(NOTIFICATIONS.name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;

describe('notifications projector', () => {
  it('finds the unread of a cooperative with the number filter seen:0, newest first', async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      const unread = await store.find(NOTIFICATIONS.name, {
        cooperativeId: COOP,
        filters: [{ field: 'seen', op: 'eq', value: 0 }],
        sort: [{ field: 'time', direction: 'desc' }],
      });
      expect(unread.items.map((d) => d.id)).toEqual(['n2']);
      expect(unread.total).toBe(1);
      const read = await store.find(NOTIFICATIONS.name, {
        cooperativeId: COOP,
        filters: [{ field: 'seen', op: 'eq', value: 1 }],
      });
      expect(read.items.map((d) => [d.id, d.seenAt])).toEqual([['n1', '2026-02-01T11:00:00.000Z']]);
    });
  });

  it('is idempotent: the same events twice change nothing, and one batch equals event by event', async () => {
    let once: ReadDocument[] = [];
    await withRunner(async (runner, store) => {
      for (const e of history()) await runner.apply([e]);
      once = await all(store);
      await runner.apply(history());
      expect(await all(store)).toEqual(once);
    });
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      expect(await all(store)).toEqual(once);
    });
  });
});
