import { describe, expect, it } from '@jest/globals';
import type {
  DividendDeclared,
  DividendMemberPaid,
  DomainEvent,
  EventStore,
  MemberMasterData,
  ReadDocument,
  RecordedEvent,
} from '@coop/contracts';
import { DEFAULT_DIVIDEND_SETTINGS } from '@coop/contracts';
import { SqliteReadStore } from '../read-store/sqlite-read-store.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { DIVIDEND_INPUTS, DIVIDENDS } from './dividend-collections.js';
import { DIVIDEND_MEMBERS } from './dividend-member-document.js';
import { dividendInputsProjector } from './dividend-inputs.projector.js';
import { dividendsProjector } from './dividends.projector.js';

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
      timestamp: '2026-03-01T10:00:00.000Z',
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  } as RecordedEvent;
}

const master = (fields: Partial<MemberMasterData>): MemberMasterData =>
  ({
    name: 'Berger',
    givenName: 'Anna',
    legalForm: 0,
    position: 0,
    memberType: 1,
    entryDate: '2020-01-01',
    isForeign: false,
    state: 'nw',
    churchId: null,
    churchTaxRate: null,
    manualTaxId: null,
    spouse: null,
    spouseTaxId: null,
    ...fields,
  }) as unknown as MemberMasterData;

const posted = (memberId: string, balanceId: string, type: number, amount: number, date: string): DomainEvent => ({
  type: 'SharesPosted',
  data: {
    memberId,
    balanceId,
    type,
    quantity: Math.abs(amount) / 10_000,
    amount,
    shareCost: 10_000,
    date,
    approvalDate: date,
    interestBegin: date,
  },
});

const paid = (memberId: string, memberNr: number, order: DividendMemberPaid['data']['order']): DividendMemberPaid => ({
  type: 'DividendMemberPaid',
  data: {
    dividendId: 'd1',
    memberId,
    memberNr,
    year: 2025,
    paymentDate: '2026-06-30',
    holding: 100_000,
    exactGross: '4000',
    gross: 4000,
    exempt: 4000,
    taxable: 0,
    kapest: 0,
    soli: 0,
    churchTax: 0,
    net: 4000,
    basisOfTax: 'standard',
    certificate: null,
    order,
    churchId: 'rk',
    churchRate: '9',
    lines: [{ postingId: 'b1', amount: 100_000, from: '2025-01-01', days: 360 }],
  },
});

function history(): RecordedEvent[] {
  position = 0n;
  return [
    recorded(
      {
        type: 'MemberAdmitted',
        data: {
          memberId: 'm1',
          cooperativeId: COOP,
          memberNr: 7,
          ...master({ manualTaxId: '86095742719', spouse: 'm2', churchId: 'rk' }),
        },
      },
      'member-m1',
    ),
    recorded(posted('m1', 'b1', 0, 100_000, '2020-01-01'), 'member-m1'),
    recorded(
      {
        type: 'MemberAdmitted',
        data: { memberId: 'm2', cooperativeId: COOP, memberNr: 8, ...master({ givenName: 'Bernd', spouse: 'm1' }) },
      },
      'member-m2',
    ),
    recorded(posted('m2', 'b2', 0, 50_000, '2021-02-01'), 'member-m2'),
    recorded(posted('m2', 'b3', 1, 20_000, '2025-05-15'), 'member-m2'),
    recorded(
      {
        type: 'PostingAnnulled',
        data: {
          memberId: 'm2',
          balanceId: 'b4',
          annulPeer: 'b3',
          originalType: 1,
          quantity: -2,
          amount: -20_000,
          date: '2025-06-01',
          approvalDate: null,
          interestBegin: null,
        },
      },
      'member-m2',
    ),
    recorded(
      { type: 'MemberDataChanged', data: { memberId: 'm2', churchTaxRate: '8', state: null, isForeign: true } },
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
          amount: 60_000,
          date: '2024-12-01',
          startDate: '2025-01-01',
          endDate: null,
        },
      },
      'exemptionorders-m1',
    ),
    recorded(
      { type: 'ExemptionOrderCorrected', data: { exemptionOrderId: 'f1', memberId: 'm1', amount: 80_000 } },
      'exemptionorders-m1',
    ),
    recorded(
      {
        type: 'NonAssessmentRecorded',
        data: {
          nonAssessmentId: 'n1',
          memberId: 'm2',
          cooperativeId: COOP,
          type: 60,
          orderNumber: 'A',
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
        type: 'MembershipEndNoticed',
        data: {
          memberId: 'm2',
          balanceId: 'b5',
          reason: 'death',
          noticeDate: '2026-02-03',
          effectiveDate: '2026-12-31',
          dispatchDate: null,
          noticePeriodMonths: null,
          extraordinaryReason: null,
        },
      },
      'member-m2',
    ),
    recorded(posted('m2', 'b5', 6, -50_000, '2026-12-31'), 'member-m2'),
    recorded(
      { type: 'MemberExited', data: { memberId: 'm2', exitDate: '2026-12-31', reason: 'death', balanceId: 'b5' } },
      'member-m2',
    ),
    recorded(
      {
        type: 'DividendDeclared',
        data: {
          dividendId: 'd1',
          cooperativeId: COOP,
          year: 2025,
          type: 'percent',
          amount: '4',
          decisionDate: '2026-05-01',
          paymentDate: '2026-06-30',
          percent: '4.0000',
          settings: DEFAULT_DIVIDEND_SETTINGS,
          totals: {
            members: 2,
            gross: 6000,
            exempt: 6000,
            taxable: 0,
            kapest: 0,
            soli: 0,
            churchTax: 0,
            net: 6000,
            residue: 0,
          },
          taxReturn: {
            row31: { baseEuros: 0, kapestEuros: 0 },
            row32: { baseEuros: 0, kapestEuros: 0 },
            row33: { baseEuros: 60 },
            row34: { soliCents: 0 },
            kapestDueEuros: 0,
            churchTaxes: [{ churchId: 'rk', cents: 0 }],
          },
        },
      } satisfies DividendDeclared,
      'dividend-d1',
    ),
    recorded(
      paid('m1', 7, { id: 'f1', joint: true, year: 2026, volume: 80_000, usedBefore: 0, usedAfter: 4000 }),
      'dividend-d1',
    ),
    // The spouse uses the joint order of m1: kept with the order, on m1's document.
    recorded(
      {
        ...paid('m2', 8, {
          id: 'f1',
          joint: true,
          year: 2026,
          volume: 80_000,
          usedBefore: 4000,
          usedAfter: 6000,
          holderId: 'm1',
        }),
        data: {
          ...paid('m2', 8, null).data,
          order: {
            id: 'f1',
            joint: true,
            year: 2026,
            volume: 80_000,
            usedBefore: 4000,
            usedAfter: 6000,
            holderId: 'm1',
          },
          gross: 2000,
          churchId: null,
        },
      },
      'dividend-d1',
    ),
  ];
}

async function withRunner(run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>): Promise<void> {
  const store = new SqliteReadStore(':memory:');
  // As the dividend area registers them: the closures first, since they read the inputs document a payout then writes
  // (the runner skips a projector for an event once a document it touches carries that event's position).
  const projectors = [dividendsProjector, dividendInputsProjector];
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
  for (const c of [DIVIDEND_INPUTS, DIVIDENDS, DIVIDEND_MEMBERS])
    out[c.name] = (await store.find(c.name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;
  return out;
}

describe('dividend projectors', () => {
  it("keep each member's engine input: master facts, postings with annulments flagged, orders with their use per year, certificates, death", async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      expect(await store.get(DIVIDEND_INPUTS.name, 'm1')).toMatchObject({
        memberNr: 7,
        legalForm: 0,
        isForeign: false,
        state: 'nw',
        churchId: 'rk',
        manualTaxId: '86095742719',
        spouse: 'm2',
        deathDate: null,
        exitDate: null,
        postings: [['b1', 0, 100_000, '2020-01-01', '2020-01-01', 0]],
        orders: [
          {
            id: 'f1',
            memberId: 'm1',
            joint: true,
            spouseMemberId: 'm2',
            amount: 80_000,
            issueDate: '2024-12-01',
            startDate: '2025-01-01',
            endDate: null,
            usedByYear: { '2026': 6000 },
          },
        ],
        certificates: [],
      });
      const m2 = await store.get(DIVIDEND_INPUTS.name, 'm2');
      expect(m2).toMatchObject({
        isForeign: true,
        state: null,
        churchTaxRate: '8',
        deathDate: '2026-02-03',
        exitDate: '2026-12-31',
        certificates: [{ id: 'n1', type: 60, startDate: '2025-01-01', endDate: '2027-12-31' }],
      });
      expect((m2!.postings as unknown[][]).map((p) => [p[0], p[2], p[5]])).toEqual([
        ['b2', 50_000, 0],
        ['b3', 20_000, 1],
        ['b4', -20_000, 1],
        ['b5', -50_000, 0],
      ]);
    });
  });

  it('keep the closure and each member result with its trace, joined facts from the inputs', async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      expect(await store.get(DIVIDENDS.name, 'd1')).toMatchObject({
        year: 2025,
        paymentDate: '2026-06-30',
        resolved: '4',
        amount: 6000,
        dividend: 6000,
        percent: '4.0000',
        closedBy: 'clerk',
        closedAt: '2026-03-01T10:00:00.000Z',
        taxReturn: { row33BaseEuros: 60 },
        singleChurchTax: [{ churchId: 'rk', name: 'Römisch-katholische Kirche', amount: 0 }],
      });
      expect(await store.get(DIVIDEND_MEMBERS.name, 'd1:m2')).toMatchObject({
        dividendId: 'd1',
        member: 'm2',
        memberNr: 8,
        year: 2025,
        amount: 2000,
        isForeign: true,
        isLegalEntity: false,
        hasExemptionOrder: true,
        allowanceVolume: 80_000,
        allowanceBefore: 4000,
        allowanceAfter: 6000,
        churchId: null,
        churchName: null,
        lines: [{ postingId: 'b1' }],
      });
      expect(
        (
          await store.find(DIVIDEND_MEMBERS.name, {
            cooperativeId: COOP,
            filters: [{ field: 'member', op: 'eq', value: 'm1' }],
          })
        ).items.map((d) => d.id),
      ).toEqual(['d1:m1']);
    });
  });

  it('are idempotent: the same events twice change nothing, and one batch equals event by event', async () => {
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
