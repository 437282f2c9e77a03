import { describe, expect, it } from '@jest/globals';
import {
  CHURCH_ERASURE_RULE,
  ERASURE_RULE,
  type ChurchDataErased,
  type ChurchDataRecorded,
  type ErasedMember,
  type MembersErased,
  type ReadDocument,
  type RecordedEvent,
  type RetentionHoldEvent,
} from '@coop/contracts';
import type { DocKey, Projector } from '../runner/projector.js';
import { dividendInputsProjector } from './dividend-inputs.projector.js';
import { dividendsProjector } from './dividends.projector.js';
import { membersProjector } from './members.projector.js';
import { taxPapersProjector } from './tax-papers.projector.js';

const meta = {
  cooperativeId: 'c-1',
  user: 'admin',
  timestamp: '2026-01-05T10:00:00.000Z',
  correlationId: '',
  causationId: '',
  schemaVersion: 1,
};
const at = (
  event: MembersErased | ChurchDataErased | ChurchDataRecorded | RetentionHoldEvent,
  position = 100n,
): RecordedEvent => ({ ...event, streamId: 'x', revision: 0, position, metadata: meta }) as RecordedEvent;

const gone: ErasedMember = {
  memberId: 'm-1',
  memberNr: 7,
  exitDate: '2012-12-31',
  dueFrom: '2024-01-01',
  balances: ['b-1'],
  exemptionOrders: ['o-1'],
  nonAssessments: ['n-1'],
  dividendRows: ['d-1:m-1'],
  spouseOfMembers: ['m-2'],
  spouseOfExemptionOrders: ['o-2'],
};
const erased = at({
  type: 'MembersErased',
  data: {
    erasureId: 'e-1',
    cooperativeId: 'c-1',
    asOf: '2026-01-05',
    rule: ERASURE_RULE,
    retentionYears: 10,
    members: [gone],
  },
});

const doc = (collection: string, id: string, fields: Record<string, unknown>): [string, ReadDocument] => [
  `${collection}/${id}`,
  { id, cooperativeId: 'c-1', position: '5', ...fields },
];
const docs = new Map<string, ReadDocument>([
  doc('members', 'm-1', {
    memberNr: 7,
    name: 'Vergessen',
    givenName: 'Vera',
    iban: 'DE02120300000000202051',
    churchId: 'ev',
    taxId: '86095742719',
    memberType: 1,
    shareTotalEUR: 0,
  }),
  doc('members', 'm-2', { memberNr: 8, name: 'Bleibt', spouse: 'm-1', spouseName: 'Eigene Angabe' }),
  doc('members', 'm-3', {
    memberNr: 9,
    name: 'Fromm',
    givenName: 'Fritz',
    churchId: 'rk',
    churchTaxRate: '8',
    kiSt: 'rk',
    kiStSatz: '8',
    shareTotalEUR: 0,
  }),
  doc('dividend_inputs', 'm-3', { name: 'Fromm', churchId: 'rk', churchTaxRate: '8', orders: [] }),
  doc('balances', 'b-1', { member: 'm-1', memberName: 'Vergessen, Vera', amount: -50000 }),
  doc('exemptionorders', 'o-1', {
    member: 'm-1',
    memberName: 'Vergessen, Vera',
    spouse: null,
    spouseName: null,
    amount: 80100,
  }),
  doc('exemptionorders', 'o-2', {
    member: 'm-2',
    memberName: 'Bleibt',
    spouse: 'm-1',
    spouseName: 'Vergessen, Vera',
    joint: true,
  }),
  doc('nonassessments', 'n-1', {
    member: 'm-1',
    memberName: 'Vergessen, Vera',
    orderNumber: 'NV-1',
    taxAuthorities: 'FA Altdorf',
  }),
  doc('dividend_members', 'd-1:m-1', {
    member: 'm-1',
    churchId: 'ev',
    churchName: 'Evangelisch',
    churchRate: '9',
    churchTax: 123,
    amount: 5000,
  }),
  doc('dividend_inputs', 'm-1', {
    name: 'Vergessen',
    givenName: 'Vera',
    birthDate: '1941-07-23',
    churchId: 'ev',
    spouse: null,
    orders: [{ id: 'o-1', spouseMemberId: 'm-9' }],
  }),
  doc('dividend_inputs', 'm-2', {
    name: 'Bleibt',
    spouse: 'm-1',
    orders: [
      { id: 'o-2', spouseMemberId: 'm-1' },
      { id: 'o-3', spouseMemberId: null },
    ],
  }),
]);
const current = (k: DocKey): ReadDocument | undefined => docs.get(`${k.collection}/${k.id}`);

/** The documents a projector writes for the event, by collection/id. */
function written(projector: Projector, event: RecordedEvent): Record<string, ReadDocument> {
  const out: Record<string, ReadDocument> = {};
  for (const k of projector.keys(event)) expect(projector.collections.map((c) => c.name)).toContain(k.collection);
  for (const op of projector.project(event, current))
    if (op.kind === 'put') out[`${op.collection}/${op.doc.id}`] = op.doc;
  return out;
}

describe('MembersErased in the read models (issue 27)', () => {
  it('members projector: the member type 2 with its personal fields null, its postings nameless, the spouse link cut', () => {
    const out = written(membersProjector, erased);
    expect(out['members/m-1']).toMatchObject({
      memberNr: 7,
      memberType: 2,
      erased: true,
      erasedAt: '2026-01-05',
      name: null,
      givenName: null,
      iban: null,
      churchId: null,
      taxId: null,
      position: '100',
    });
    expect(out['balances/b-1']).toMatchObject({ memberName: '', amount: -50000, member: 'm-1' });
    expect(out['members/m-2']).toMatchObject({ name: 'Bleibt', spouse: null, spouseName: 'Eigene Angabe' });
  });

  it("tax papers projector: its orders and certificates nameless, number and office null; the other member's joint order loses the link", () => {
    const out = written(taxPapersProjector, erased);
    expect(out['exemptionorders/o-1']).toMatchObject({ memberName: '', spouse: null, spouseName: null, amount: 80100 });
    expect(out['nonassessments/n-1']).toMatchObject({ memberName: '', orderNumber: null, taxAuthorities: null });
    expect(out['exemptionorders/o-2']).toMatchObject({
      memberName: 'Bleibt',
      spouse: null,
      spouseName: null,
      joint: true,
    });
  });

  it('dividends projector: the closure rows lose the church, the amounts stay', () => {
    expect(written(dividendsProjector, erased)['dividend_members/d-1:m-1']).toMatchObject({
      churchId: null,
      churchName: null,
      churchRate: null,
      churchTax: 123,
      amount: 5000,
    });
  });

  it("dividend inputs projector: the inputs lose names, birth date, church and spouse links; the spouse's inputs lose the link to it", () => {
    const out = written(dividendInputsProjector, erased);
    expect(out['dividend_inputs/m-1']).toMatchObject({
      name: null,
      givenName: null,
      birthDate: null,
      churchId: null,
      orders: [{ id: 'o-1', spouseMemberId: null }],
    });
    expect(out['dividend_inputs/m-2']).toMatchObject({
      name: 'Bleibt',
      spouse: null,
      orders: [
        { id: 'o-2', spouseMemberId: null },
        { id: 'o-3', spouseMemberId: null },
      ],
    });
  });

  it("a document that does not exist is not written; the projectors never touch each other's collections", () => {
    const none = at({
      type: 'MembersErased',
      data: {
        ...(erased.data as MembersErased['data']),
        members: [{ ...gone, memberId: 'm-x', balances: ['b-x'], spouseOfMembers: [] }],
      },
    });
    expect(membersProjector.project(none, current)).toEqual([]);
  });

  it('the hold flag on the member document: set with reason and time, cleared', () => {
    const set = membersProjector.project(
      at({ type: 'MemberRetentionHoldSet', data: { memberId: 'm-2', reason: 'Prüfung' } }),
      current,
    );
    expect(set).toEqual([
      {
        kind: 'put',
        collection: 'members',
        doc: expect.objectContaining({
          retentionHold: true,
          retentionHoldReason: 'Prüfung',
          retentionHoldSince: meta.timestamp,
        }),
      },
    ]);
    const cleared = membersProjector.project(
      at({ type: 'MemberRetentionHoldCleared', data: { memberId: 'm-2', reason: 'fertig' } }),
      current,
    );
    expect(cleared[0]).toMatchObject({
      doc: { retentionHold: false, retentionHoldReason: null, retentionHoldSince: null },
    });
  });
});

describe('church data erased earlier (decision 101)', () => {
  const left = { memberId: 'm-3', memberNr: 9, exitDate: '2024-12-31', dueFrom: '2026-01-01' };
  const churchErased = at({
    type: 'ChurchDataErased',
    data: { erasureId: 'e-2', cooperativeId: 'c-1', asOf: '2026-01-05', rule: CHURCH_ERASURE_RULE, members: [left] },
  });

  it('ChurchDataErased: the member document loses church id, rate, kiSt and kiStSatz; its other data stays', () => {
    const out = written(membersProjector, churchErased);
    expect(Object.keys(out)).toEqual(['members/m-3']);
    expect(out['members/m-3']).toEqual({
      ...current({ collection: 'members', id: 'm-3' }),
      churchId: null,
      churchTaxRate: null,
      kiSt: null,
      kiStSatz: null,
      position: '100',
    });
  });

  it('ChurchDataErased: the dividend inputs lose church id and rate; other projectors write nothing', () => {
    expect(written(dividendInputsProjector, churchErased)).toEqual({
      'dividend_inputs/m-3': expect.objectContaining({ name: 'Fromm', churchId: null, churchTaxRate: null }),
    });
    expect(dividendsProjector.keys(churchErased)).toEqual([]);
    expect(taxPapersProjector.keys(churchErased)).toEqual([]);
  });

  it('a null answer clears the old kiSt and kiStSatz with church id and rate; an answer with a church keeps them', () => {
    const answer = (churchId: string | null, churchTaxRate: string | null) =>
      at({
        type: 'ChurchDataRecorded',
        data: { memberId: 'm-3', churchId, churchTaxRate, queriedOn: '2025-08-31', queryKind: 'regular', taskId: null },
      });
    expect(written(membersProjector, answer(null, null))['members/m-3']).toMatchObject({
      name: 'Fromm',
      churchId: null,
      churchTaxRate: null,
      kiSt: null,
      kiStSatz: null,
    });
    expect(written(membersProjector, answer('ev', '9'))['members/m-3']).toMatchObject({
      churchId: 'ev',
      churchTaxRate: '9',
      kiSt: 'rk',
      kiStSatz: '8',
    });
  });
});
