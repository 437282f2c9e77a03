import { describe, expect, it } from '@jest/globals';
import type { DomainEvent, EventStore, MemberMasterData, ReadDocument, RecordedEvent } from '@coop/contracts';
import { SqliteReadStore } from '../read-store/sqlite-read-store.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { membersProjector } from './members.projector.js';
import { EXEMPTION_ORDERS, NON_ASSESSMENTS } from './tax-paper-documents.js';
import { taxPapersProjector } from './tax-papers.projector.js';

const COOP = 'coop-1';
let position = 0n;

function recorded(event: DomainEvent, streamId: string): RecordedEvent {
  position += 1n;
  return {
    ...event,
    streamId,
    revision: 0,
    position,
    metadata: {
      cooperativeId: COOP,
      user: 'clerk',
      timestamp: '2025-06-01T10:00:00.000Z',
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  } as RecordedEvent;
}

const master = (name: string, givenName: string): MemberMasterData =>
  ({
    name,
    givenName,
    legalForm: 0,
    position: 0,
    memberType: 1,
    entryDate: '2025-01-01',
    isForeign: false,
  }) as unknown as MemberMasterData;

function history(): RecordedEvent[] {
  position = 0n;
  return [
    recorded(
      {
        type: 'MemberAdmitted',
        data: { memberId: 'm1', cooperativeId: COOP, memberNr: 7, ...master('Berger', 'Anna') },
      },
      'member-m1',
    ),
    recorded(
      {
        type: 'MemberAdmitted',
        data: { memberId: 'm2', cooperativeId: COOP, memberNr: 8, ...master('Berger', 'Bernd') },
      },
      'member-m2',
    ),
    recorded(
      {
        type: 'ExemptionOrderRecorded',
        data: {
          exemptionOrderId: 'f1',
          memberId: 'm1',
          cooperativeId: COOP,
          type: 0,
          joint: true,
          spouse: 'm2',
          amount: 150_000,
          date: '2024-12-01',
          startDate: '2025-01-01',
          endDate: '2025-12-31',
        },
      },
      'exemptionorders-m1',
    ),
    recorded({ type: 'MemberDataChanged', data: { memberId: 'm1', name: 'Berger-Neu' } }, 'member-m1'),
    recorded(
      {
        type: 'ExemptionOrderCorrected',
        data: { exemptionOrderId: 'f1', memberId: 'm1', endDate: null, joint: false, spouse: null },
      },
      'exemptionorders-m1',
    ),
    recorded(
      {
        type: 'NonAssessmentRecorded',
        data: {
          nonAssessmentId: 'n1',
          memberId: 'm2',
          cooperativeId: COOP,
          type: 100,
          orderNumber: 'A-1',
          date: '2024-12-01',
          taxAuthorities: 'FA',
          startDate: '2025-01-01',
          endDate: '2027-12-31',
          original: true,
        },
      },
      'nonassessments-m2',
    ),
    recorded(
      {
        type: 'NonAssessmentCorrected',
        data: { nonAssessmentId: 'n1', memberId: 'm2', endDate: '2026-12-31', original: null },
      },
      'nonassessments-m2',
    ),
  ];
}

async function withRunner(run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>): Promise<void> {
  const store = new SqliteReadStore(':memory:');
  const projectors = [membersProjector, taxPapersProjector];
  const runner = new ProjectionRunner({} as EventStore, store, projectors);
  await store.ensureCollections(projectors.flatMap((p) => p.collections));
  try {
    await run(runner, store);
  } finally {
    await store.close();
  }
}

async function all(store: SqliteReadStore): Promise<Record<string, ReadDocument[]>> {
  const out: Record<string, ReadDocument[]> = {};
  for (const c of [EXEMPTION_ORDERS, NON_ASSESSMENTS])
    out[c.name] = (await store.find(c.name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;
  return out;
}

describe('tax papers projector', () => {
  it("builds orders and certificates with the member's name and number, corrections applied", async () => {
    await withRunner(async (runner, store) => {
      const events = history();
      await runner.apply(events.slice(0, 3));
      expect(await store.get(EXEMPTION_ORDERS.name, 'f1')).toMatchObject({
        member: 'm1',
        memberName: 'Berger, Anna',
        memberNr: 7,
        spouse: 'm2',
        spouseName: 'Berger, Bernd',
        activeUntil: '2025-12-31',
      });
      await runner.apply(events.slice(3));
      expect(await store.get(EXEMPTION_ORDERS.name, 'f1')).toMatchObject({
        memberName: 'Berger-Neu, Anna',
        joint: false,
        spouse: null,
        spouseName: null,
        endDate: null,
        activeUntil: '9999-12-31',
        amount: 150_000,
      });
      expect(await store.get(NON_ASSESSMENTS.name, 'n1')).toMatchObject({
        member: 'm2',
        memberName: 'Berger, Bernd',
        memberNr: 8,
        endDate: '2026-12-31',
        activeUntil: '2026-12-31',
        original: null,
        orderNumber: 'A-1',
      });
      const found = await store.find(EXEMPTION_ORDERS.name, { cooperativeId: COOP, search: 'neu' });
      expect(found.items.map((d) => d.id)).toEqual(['f1']);
    });
  });

  it('is idempotent: the same events twice change nothing, and one batch equals event by event', async () => {
    let once: Record<string, ReadDocument[]> = {};
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
