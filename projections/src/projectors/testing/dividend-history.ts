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
import { SqliteReadStore } from '../../read-store/sqlite-read-store.js';
import { ProjectionRunner } from '../../runner/projection-runner.js';
import { DIVIDEND_INPUTS, DIVIDENDS } from '../dividend-collections.js';
import { DIVIDEND_MEMBERS } from '../dividend-member-document.js';
import { dividendInputsProjector } from '../dividend-inputs.projector.js';
import { dividendsProjector } from '../dividends.projector.js';

/**
 * The dividend projectors' spec (dividend.projectors.int.spec.ts): a cooperative's members, their postings, orders and
 * certificates, a declared dividend and its payouts, as the store records them, and a runner on an in-memory store.
 */
export const COOP = 'coop-1';
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

export function history(): RecordedEvent[] {
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

export async function withRunner(
  run: (runner: ProjectionRunner, store: SqliteReadStore) => Promise<void>,
): Promise<void> {
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

export async function all(store: SqliteReadStore): Promise<Record<string, ReadDocument[]>> {
  const out: Record<string, ReadDocument[]> = {};
  for (const c of [DIVIDEND_INPUTS, DIVIDENDS, DIVIDEND_MEMBERS])
    out[c.name] = (await store.find(c.name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })).items;
  return out;
}
