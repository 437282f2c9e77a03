import { describe, expect, it } from '@jest/globals';
import type { EventStore, MemberEvent, MemberMasterData, ReadDocument, RecordedEvent } from '@coop/contracts';
import { SqliteReadStore } from '../read-store/sqlite-read-store.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { BALANCES } from './balance-document.js';
import { MEMBER_STATS, membersProjector, statsAsOf } from './members.projector.js';
import { MEMBERS } from './member-document.js';

const COOP = 'coop-1';
let position = 0n;

function recorded(event: MemberEvent, streamId: string, user = 'clerk'): RecordedEvent {
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
const master = (name: string, givenName: string | null, legalForm: 0 | 1 = 0): MemberMasterData =>
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

function history(): RecordedEvent[] {
  position = 0n;
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

async function withRunner(run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>): Promise<void> {
  const store = new SqliteReadStore(':memory:');
  const runner = new ProjectionRunner({} as EventStore, store, [membersProjector]);
  await store.ensureCollections(membersProjector.collections);
  try {
    await run(runner, store);
  } finally {
    await store.close();
  }
}

async function all(store: SqliteReadStore): Promise<Record<string, ReadDocument[]>> {
  const out: Record<string, ReadDocument[]> = {};
  for (const c of [MEMBERS, BALANCES, MEMBER_STATS]) {
    out[c.name] = (await store.find(c.name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;
  }
  return out;
}

describe('members projector', () => {
  it('builds members, postings, the share register and the sums', async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      const m1 = await store.get(MEMBERS.name, 'm1');
      expect(m1).toMatchObject({
        name: 'Berger',
        givenName: 'Anna',
        memberNr: 1,
        memberPosition: 0,
        city: 'Berlin',
        shareAmount: 4,
        shareTotalEUR: 100_000,
        exitDate: null,
        memberUntil: '9999-12-31',
      });
      expect(m1!.postings).toEqual([
        { b: 'b0', d: '2025-01-01', s: 4, a: 100_000 },
        { b: 'b2', d: '2025-03-01', s: -2, a: -50_000 },
        { b: 'b5', d: '2025-05-01', s: 2, a: 50_000 },
      ]);
      expect(await store.get(MEMBERS.name, 'm2')).toMatchObject({
        shareAmount: 0,
        exitDate: '2025-06-30',
        exitReason: 'exit',
        memberUntil: '2025-06-30',
      });
      expect(await store.get(BALANCES.name, 'b2')).toMatchObject({
        type: 3,
        member: 'm1',
        memberName: 'Berger, Anna',
        memberNr: 1,
        transferTo: 'm2',
        transferMemberNr: 2,
        annulated: true,
      });
      expect(await store.get(BALANCES.name, 'b3')).toMatchObject({
        type: 4,
        memberName: 'Stadtwerke eG',
        transferFrom: 'm1',
        transferMemberNr: 1,
        annulated: true,
      });
      expect(await store.get(BALANCES.name, 'b4')).toMatchObject({
        type: 5,
        annulPeer: 'b3',
        quantity: -2,
        amount: -50_000,
        annulated: false,
      });
      // The share register's rows are the postings' documents (decision 35).
      expect(await store.get(BALANCES.name, 'b0')).toMatchObject({
        type: 0,
        quantity: 4,
        amount: 100_000,
        shareAmount: 4,
        memberNr: 1,
        rueckpfleinzahlung: 90_000,
        interestEnd: '2030-12-31',
        approvalDate: '2025-01-05',
        cdcAction: 'update',
        cdcUser: 'super',
        versions: [
          expect.objectContaining({
            cdcAction: 'insert',
            cdcUser: 'clerk',
            rueckpfleinzahlung: 100_000,
            interestEnd: null,
          }),
          expect.objectContaining({
            cdcAction: 'update',
            cdcUser: 'super',
            rueckpfleinzahlung: 90_000,
            interestEnd: '2030-12-31',
          }),
        ],
      });
      // An annulation's row reverses the original; the annulled original keeps its own row.
      expect(await store.get(BALANCES.name, 'b4')).toMatchObject({
        type: 5,
        shareAmount: -2,
        rueckpfleinzahlung: -50_000,
        interestEnd: null,
        cdcAction: 'insert',
      });
      expect(await store.get(BALANCES.name, 'b3')).toMatchObject({
        annulated: true,
        shareAmount: 2,
        rueckpfleinzahlung: 50_000,
        versions: [expect.objectContaining({ cdcAction: 'insert' })],
      });
      expect(await store.get(MEMBER_STATS.name, COOP)).toMatchObject({
        balanceSum: 100_000,
        shareSum: 4,
        memberTotal: 2,
      });
    });
  });

  it('dates each change of a posting’s payment: the posting’s date, a payment’s and a return’s own date, a correction on the posting’s date (decision 232)', async () => {
    await withRunner(async (runner, store) => {
      position = 0n;
      const payment = (
        type: 'SharePaymentReceived' | 'SharePaymentReturned',
        paymentId: string,
        date: string,
        amount: number,
      ): RecordedEvent =>
        type === 'SharePaymentReceived'
          ? recorded(
              {
                type,
                data: {
                  memberId: 'm1',
                  balanceId: 'b1',
                  paymentId,
                  date,
                  amount,
                  method: 'transfer',
                  reference: null,
                  collectionId: null,
                  statementId: null,
                },
              },
              'member-m1',
            )
          : recorded(
              { type, data: { memberId: 'm1', balanceId: 'b1', paymentId, date, amount, reason: 'MD06' } },
              'member-m1',
            );
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
              balanceId: 'b1',
              type: 0,
              quantity: 2,
              amount: 50_000,
              shareCost: 25_000,
              date: '2025-01-10',
              approvalDate: '2025-01-10',
              interestBegin: '2025-02-01',
              paid: 5_000,
            },
          },
          'member-m1',
        ),
        payment('SharePaymentReceived', 'p1', '2026-02-01', 20_000),
        payment('SharePaymentReturned', 'p1', '2026-03-01', 20_000),
        recorded(
          {
            type: 'SharePaymentCorrected',
            data: { memberId: 'm1', balanceId: 'b1', rueckpfleinzahlung: 10_000, interestEnd: null },
          },
          'member-m1',
          'super',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b2',
              type: 1,
              quantity: 1,
              amount: 25_000,
              shareCost: 25_000,
              date: '2025-04-01',
              approvalDate: '2025-04-01',
              interestBegin: '2025-05-01',
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'PostingAnnulled',
            data: {
              memberId: 'm1',
              balanceId: 'b3',
              annulPeer: 'b2',
              originalType: 1,
              quantity: -1,
              amount: -25_000,
              date: '2025-09-01',
              approvalDate: null,
              interestBegin: null,
            },
          },
          'member-m1',
        ),
      ]);
      const versions = (id: string) =>
        store
          .get(BALANCES.name, id)
          .then((d) =>
            (d!.versions as { rueckpfleinzahlung: number; effectiveDate: string }[]).map((v) => [
              v.rueckpfleinzahlung,
              v.effectiveDate,
            ]),
          );
      expect(await versions('b1')).toEqual([
        [5_000, '2025-01-10'],
        [25_000, '2026-02-01'],
        [5_000, '2026-03-01'],
        [10_000, '2025-01-10'],
      ]);
      expect(await versions('b2')).toEqual([[25_000, '2025-04-01']]);
      expect(await versions('b3')).toEqual([[-25_000, '2025-09-01']]);
    });
  });

  it('takes out what an end or an annulation says was paid, not its amount (decision 234)', async () => {
    await withRunner(async (runner, store) => {
      position = 0n;
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
              balanceId: 'b1',
              type: 0,
              quantity: 2,
              amount: 50_000,
              shareCost: 25_000,
              date: '2025-01-10',
              approvalDate: '2025-01-10',
              interestBegin: '2025-02-01',
              paid: 5_000,
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b2',
              type: 1,
              quantity: 1,
              amount: 25_000,
              shareCost: 25_000,
              date: '2025-04-01',
              approvalDate: '2025-04-01',
              interestBegin: '2025-05-01',
              paid: 1_000,
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'PostingAnnulled',
            data: {
              memberId: 'm1',
              balanceId: 'b3',
              annulPeer: 'b2',
              originalType: 1,
              quantity: -1,
              amount: -25_000,
              date: '2025-09-01',
              approvalDate: null,
              interestBegin: null,
              paid: -1_000,
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b4',
              type: 8,
              quantity: 2,
              amount: -50_000,
              shareCost: 25_000,
              date: '2025-12-31',
              approvalDate: '2025-10-01',
              interestBegin: '2026-01-01',
              paid: -5_000,
            },
          },
          'member-m1',
        ),
      ]);
      const register = async (id: string) => {
        const doc = (await store.get(BALANCES.name, id))!;
        return [
          doc.amount,
          doc.rueckpfleinzahlung,
          (doc.versions as { rueckpfleinzahlung: number; effectiveDate: string }[]).map((v) => [
            v.rueckpfleinzahlung,
            v.effectiveDate,
          ]),
        ];
      };
      expect(await register('b3')).toEqual([-25_000, -1_000, [[-1_000, '2025-09-01']]]);
      expect(await register('b4')).toEqual([-50_000, -5_000, [[-5_000, '2025-12-31']]]);
    });
  });

  it('keeps a pending notice on the member and the year-end withdrawal out of the sums as of an earlier day (issue 22)', async () => {
    await withRunner(async (runner, store) => {
      const events = history();
      const notice: MemberEvent[] = [
        {
          type: 'MembershipEndNoticed',
          data: {
            memberId: 'm1',
            balanceId: 'b7',
            reason: 'exit',
            noticeDate: '2026-10-01',
            effectiveDate: '2027-12-31',
            dispatchDate: null,
            noticePeriodMonths: 3,
            extraordinaryReason: null,
          },
        },
        {
          type: 'SharesPosted',
          data: {
            memberId: 'm1',
            balanceId: 'b7',
            type: 8,
            quantity: 4,
            amount: -100_000,
            shareCost: 25_000,
            date: '2027-12-31',
            approvalDate: '2026-10-01',
            interestBegin: '2026-10-01',
          },
        },
        { type: 'MemberExited', data: { memberId: 'm1', exitDate: '2027-12-31', reason: 'exit', balanceId: 'b7' } },
      ];
      await runner.apply([...events, ...notice.map((e) => recorded(e, 'member-m1'))]);
      expect(await store.get(MEMBERS.name, 'm1')).toMatchObject({
        exitDate: '2027-12-31',
        memberUntil: '2027-12-31',
        exitNoticeDate: '2026-10-01',
        exitDispatchDate: null,
      });
      const stats = await store.get(MEMBER_STATS.name, COOP);
      expect(stats).toMatchObject({
        balanceSum: 0,
        shareSum: 0,
        yearEndSums: { '2025-06-30': { a: -25_000, s: -1 }, '2027-12-31': { a: -100_000, s: -4 } },
      });
      expect(statsAsOf(stats, '2027-12-30')).toEqual({ cents: 100_000, shares: 4 });
      expect(statsAsOf(stats, '2027-12-31')).toEqual({ cents: 0, shares: 0 });
      expect(statsAsOf(stats, '2025-06-29')).toEqual({ cents: 125_000, shares: 5 });

      const withdrawn: MemberEvent[] = [
        {
          type: 'MembershipEndWithdrawn',
          data: { memberId: 'm1', balanceId: 'b7', annulment: 'b8', date: '2026-11-15' },
        },
        {
          type: 'PostingAnnulled',
          data: {
            memberId: 'm1',
            balanceId: 'b8',
            annulPeer: 'b7',
            originalType: 8,
            quantity: 4,
            amount: 100_000,
            date: '2027-12-31',
            approvalDate: null,
            interestBegin: null,
          },
        },
        { type: 'MemberExitRevoked', data: { memberId: 'm1', balanceId: 'b7', annulment: 'b8' } },
      ];
      await runner.apply(withdrawn.map((e) => recorded(e, 'member-m1')));
      expect(await store.get(MEMBERS.name, 'm1')).toMatchObject({
        exitDate: null,
        memberUntil: '9999-12-31',
        exitNoticeDate: null,
        shareAmount: 4,
      });
      expect(await store.get(BALANCES.name, 'b7')).toMatchObject({ annulated: true, date: '2027-12-31' });
      expect(statsAsOf(await store.get(MEMBER_STATS.name, COOP), '2027-01-01')).toEqual({ cents: 100_000, shares: 4 });

      // A year-end posting recorded on 10.01.2026 keeps only what is dated after that day: 30.06.2025 is past for
      // every later "today", so it leaves the document every posting rewrites.
      const partial = recorded(
        {
          type: 'SharesPosted',
          data: {
            memberId: 'm1',
            balanceId: 'b9',
            type: 2,
            quantity: 1,
            amount: -25_000,
            shareCost: 25_000,
            date: '2026-12-31',
            approvalDate: '2026-01-10',
            interestBegin: '2026-01-10',
            noticeDate: '2026-01-10',
          },
        },
        'member-m1',
      );
      await runner.apply([
        { ...partial, metadata: { ...partial.metadata, timestamp: '2026-01-10T09:00:00.000Z' } } as RecordedEvent,
      ]);
      const after = await store.get(MEMBER_STATS.name, COOP);
      expect(after?.yearEndSums).toEqual({ '2026-12-31': { a: -25_000, s: -1 }, '2027-12-31': { a: 0, s: 0 } });
      expect(statsAsOf(after, '2026-06-01')).toEqual({ cents: 100_000, shares: 4 });
      expect(statsAsOf(after, '2026-12-31')).toEqual({ cents: 75_000, shares: 3 });
    });
  });

  it('is idempotent: the same events again change nothing', async () => {
    await withRunner(async (runner, store) => {
      const events = history();
      await runner.apply(events);
      const once = await all(store);
      await runner.apply(events);
      await runner.apply(events.slice(3, 7));
      expect(await all(store)).toEqual(once);
    });
  });

  it('event by event gives the same documents as one batch', async () => {
    let batch: Record<string, ReadDocument[]> = {};
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      batch = await all(store);
    });
    await withRunner(async (runner, store) => {
      for (const e of history()) await runner.apply([e]);
      expect(await all(store)).toEqual(batch);
    });
  });
});
