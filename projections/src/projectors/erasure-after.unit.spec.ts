import { describe, expect, it } from '@jest/globals';
import { ERASURE_RULE, type ReadDocument, type RecordedEvent } from '@coop/contracts';
import { keyOf, type Projector } from '../runner/projector.js';
import { dividendInputsProjector } from './dividend-inputs.projector.js';
import { membersProjector } from './members.projector.js';
import { settlementsProjector } from './settlements.projector.js';
import { shareDuesProjector } from './share-dues.projector.js';

/*
 * Events about a member recorded after its erasure (a write raced with the clean-up, sealed under a key deleted after
 * it, or under a key made anew): live they carry the personal fields in clear, in a rebuild null (the key is gone).
 * Either way the erased member's documents stay blanked as the erasure left them, so live equals a rebuild.
 */
const meta = {
  cooperativeId: 'c-1',
  user: 'admin',
  timestamp: '2026-01-05T10:00:00.000Z',
  correlationId: '',
  causationId: '',
  schemaVersion: 1,
};
let position = 0n;
const at = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ type, data, streamId: 'x', revision: 0, position: ++position, metadata: meta }) as RecordedEvent;

/** The personal value as the event carries it: live in clear, in a rebuild null (its key deleted). */
type Sealed = <T>(value: T) => T | null;
const live: Sealed = (value) => value;
const rebuilt: Sealed = () => null;

const PERSONAL = ['Neuname', 'Neunzig', 'DE44700202700015550001', 'Erben Neu', 'DE17700202700015550002', 'Zweitgattin'];

/** The member's log: admitted, ended, paid, erased, and then changed (master data, church, heirs, an order, a payout). */
function log(sealed: Sealed): RecordedEvent[] {
  position = 0n;
  const admitted = {
    memberId: 'm-1',
    cooperativeId: 'c-1',
    memberNr: 7,
    legalForm: 0,
    memberType: 1,
    entryDate: '2005-01-15',
    name: sealed('Alt'),
    givenName: sealed('Anna'),
    iban: sealed('DE02120300000000202051'),
    churchId: sealed('ev'),
    churchTaxRate: sealed('9'),
  };
  const end = { memberId: 'm-1', balanceId: 'b-end', type: 6, quantity: -4, amount: -100_000, date: '2012-12-31' };
  const payout = (amount: number, holder: string) => ({
    memberId: 'm-1',
    cooperativeId: 'c-1',
    endBalanceId: 'b-end',
    year: 2012,
    endDate: '2012-12-31',
    reason: 'death',
    shares: 4,
    holding: 100_000,
    lossShare: 0,
    amount,
    payoutDate: '2013-03-01',
    heirs: true,
    accountHolder: sealed(holder),
    iban: sealed('DE17700202700015550002'),
    bic: null,
  });
  return [
    at('MemberAdmitted', admitted),
    at('SharesPosted', { ...end, approvalDate: '2012-12-31', interestBegin: '2012-12-31' }),
    at('SettlementPaid', payout(100_000, 'Erben Alt')),
    at('MembersErased', {
      erasureId: 'e-1',
      cooperativeId: 'c-1',
      asOf: '2026-01-05',
      rule: ERASURE_RULE,
      retentionYears: 10,
      members: [
        {
          memberId: 'm-1',
          memberNr: 7,
          exitDate: '2012-12-31',
          dueFrom: '2024-01-01',
          balances: ['b-end'],
          exemptionOrders: [],
          nonAssessments: [],
          dividendRows: [],
          spouseOfMembers: [],
          spouseOfExemptionOrders: [],
        },
      ],
    }),
    at('MemberDataChanged', {
      memberId: 'm-1',
      memberType: 1,
      name: sealed('Neuname'),
      givenName: sealed('Neunzig'),
      iban: sealed('DE44700202700015550001'),
    }),
    at('ChurchDataRecorded', { memberId: 'm-1', churchId: sealed('rk'), churchTaxRate: sealed('8') }),
    at('HeirsAccountRecorded', {
      memberId: 'm-1',
      accountHolder: sealed('Erben Neu'),
      iban: sealed('DE17700202700015550002'),
      bic: null,
    }),
    at('ExemptionOrderRecorded', {
      exemptionOrderId: 'o-1',
      memberId: 'm-1',
      joint: true,
      spouse: sealed('Zweitgattin'),
      amount: 100_000,
      date: '2013-01-02',
      startDate: '2013-01-01',
      endDate: '2013-12-31',
    }),
    at('SettlementReversed', { memberId: 'm-1', endBalanceId: 'b-end', reason: sealed('Irrtum'), date: '2026-02-01' }),
    at('SettlementPaid', payout(100_000, 'Erben Neu')),
  ];
}

/** The documents `projector` leaves after `events`, each projected over the documents the earlier ones wrote. */
function fold(projector: Projector, events: readonly RecordedEvent[]): Record<string, ReadDocument> {
  const docs = new Map<string, ReadDocument>();
  for (const event of events) {
    const keys = projector.keys(event);
    if (keys.length === 0) continue;
    for (const op of projector.project(event, (key) => docs.get(keyOf(key)))) {
      const key = keyOf({ collection: op.collection, id: op.kind === 'put' ? op.doc.id : op.id });
      if (op.kind === 'put') docs.set(key, op.doc);
      else docs.delete(key);
    }
  }
  return Object.fromEntries(docs);
}

const found = (docs: object): string[] => PERSONAL.filter((value) => JSON.stringify(docs).includes(value));

describe('events about a member after its erasure', () => {
  const projectors: [string, Projector][] = [
    ['members', membersProjector],
    ['dividend inputs', dividendInputsProjector],
    ['settlements', settlementsProjector],
    ['share dues', shareDuesProjector],
  ];
  it.each(projectors)('%s: leave the personal fields blanked, live as in a rebuild', (_name, projector) => {
    const kept = fold(projector, log(live));
    expect(found(kept)).toEqual([]);
    expect(kept).toEqual(fold(projector, log(rebuilt)));
  });

  it('keep what is not personal, and the marks of the erasure', () => {
    const members = fold(membersProjector, log(live));
    expect(members[keyOf({ collection: 'members', id: 'm-1' })]).toMatchObject({
      memberType: 2,
      erased: true,
      erasedAt: '2026-01-05',
      name: null,
      churchId: null,
      nameKey: null,
    });
    const settlements = fold(settlementsProjector, log(live));
    expect(settlements[keyOf({ collection: 'settlement_members', id: 'm-1' })]).toMatchObject({
      heirsAccount: true,
      heirsAccountHolder: null,
      heirsIban: null,
      erased: true,
    });
    expect(settlements[keyOf({ collection: 'settlements', id: 'm-1.b-end' })]).toMatchObject({
      status: 'paid',
      amount: 100_000,
      accountHolder: null,
      iban: null,
      reversals: 1,
    });
    const inputs = fold(dividendInputsProjector, log(live))[keyOf({ collection: 'dividend_inputs', id: 'm-1' })];
    expect(inputs).toMatchObject({
      name: null,
      churchId: null,
      erased: true,
      orders: [{ id: 'o-1', spouseMemberId: null }],
    });
  });

  it('before an erasure, the same events take the personal fields', () => {
    const events = log(live).filter((e) => e.type !== 'MembersErased');
    expect(found(fold(membersProjector, events))).toEqual(['Neuname', 'Neunzig', 'DE44700202700015550001']);
    expect(found(fold(settlementsProjector, events))).toEqual(['Erben Neu', 'DE17700202700015550002']);
  });
});
