import { describe, expect, it } from '@jest/globals';
import { DEFAULT_DIVIDEND_SETTINGS, type ReadDocument, type RecordedEvent } from '@coop/contracts';
import { dividendInputsProjector } from '@coop/projections';
import { readDividendInput } from '@coop/projections/dividend';
import { calculateDividend, type DividendParams, type MemberResult } from './domain/engine/index.js';
import { toMemberInput } from './queries/member-input.js';

/*
 * The FSA holder's use of a year over its orders (DOMAIN.md 2.6, decision 341) through the `dividend_inputs` projector
 * and back into the engine, as a closure and a closure resumed after a stop (issue 40) read it: each order keeps what
 * it exempted itself, the engine sums the holder's orders, and a resumed closure computes what the uninterrupted one
 * did.
 */
const PARAMS: DividendParams = {
  year: 2025,
  type: 'percent',
  amount: '4',
  decisionDate: '2026-06-01',
  paymentDate: '2026-06-15',
};
const order = (id: string, extra: Record<string, unknown>) => ({
  id,
  memberId: 'm-1',
  joint: false,
  spouseMemberId: null,
  amount: 5_000,
  issueDate: '2024-01-01',
  startDate: '2024-01-01',
  endDate: null,
  usedByYear: {},
  ...extra,
});
/** 40.00 a year at 4 %; order A (to 31.03.2026) exempted 40.00 in February 2026, B replaces it from 01.04.2026. */
const START: ReadDocument = {
  id: 'm-1',
  cooperativeId: 'c-1',
  position: '1',
  memberNr: 1,
  taxId: '86095742719',
  entryDate: '2020-01-01',
  postings: [['b-1', 0, 100_000, '2020-01-01', '2020-01-01', 0]],
  orders: [
    order('A', { endDate: '2026-03-31', usedByYear: { '2026': 4_000 } }),
    order('B', { issueDate: '2026-03-20', startDate: '2026-04-01' }),
  ],
  certificates: [],
};

const result = (doc: ReadDocument, resuming?: string): MemberResult => {
  const members = calculateDividend(PARAMS, DEFAULT_DIVIDEND_SETTINGS, [
    toMemberInput(readDividendInput(doc), resuming),
  ]).members;
  return members[0]!;
};

/** The `DividendMemberPaid` of `r` in closure `dividendId` projected onto the member's document. */
function paid(doc: ReadDocument, dividendId: string, r: MemberResult): ReadDocument {
  const event = {
    type: 'DividendMemberPaid',
    data: { dividendId, memberId: r.memberId, exempt: r.exempt, order: r.order },
    streamId: `dividend-${dividendId}`,
    revision: 1,
    position: 2n,
    metadata: { cooperativeId: 'c-1', user: 'u', timestamp: '2026-06-15T10:00:00.000Z', schemaVersion: 1 },
  } as unknown as RecordedEvent;
  const writes = dividendInputsProjector.project(event, () => doc);
  const put = writes.find((w) => w.kind === 'put');
  if (put?.kind !== 'put') throw new Error('no document written');
  return put.doc;
}

describe('an FSA holder’s use of the year through the read model (decision 341)', () => {
  it('the replacement order keeps what it exempted itself; the next payout counts both orders; a resumed closure repeats', () => {
    const june = result(START);
    expect([june.exempt, june.order?.id, june.order?.usedBefore, june.order?.usedAfter]).toEqual([
      1_000,
      'B',
      4_000,
      5_000,
    ]);
    const after = paid(START, 'd-june', june);
    const orders = after.orders as { id: string; usedByYear: Record<string, number>; usedBefore?: unknown }[];
    expect(orders.map((o) => [o.id, o.usedByYear, o.usedBefore])).toEqual([
      ['A', { '2026': 4_000 }, undefined],
      ['B', { '2026': 1_000 }, { 'd-june': { year: '2026', used: 0 } }],
    ]);
    // A later closure paid in 2026: the year's 50 € are used up.
    expect([result(after).exempt, result(after).order?.usedBefore]).toEqual([0, 5_000]);
    // The June closure resumed after its payout was written: the same result as uninterrupted.
    expect(result(after, 'd-june')).toEqual(june);
  });
});
