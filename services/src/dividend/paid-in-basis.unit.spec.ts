import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_DIVIDEND_SETTINGS,
  type DividendSettings,
  type MemberEvent,
  type ReadDocument,
  type RecordedEvent,
} from '@coop/contracts';
import { dividendInputsProjector } from '@coop/projections';
import { readDividendInput, type DividendInputDocument } from '@coop/projections/dividend';
import { calculateDividend, memberBasis } from './domain/engine/index.js';
import { toMemberInput } from './queries/member-input.js';

/*
 * The dividend's basis is the Geschäftsguthaben paid in (§ 19 (1) GenG, DOMAIN.md 1.1; issue 45, decisions 233, 236): the
 * member events go through the `dividend_inputs` projector into the engine's input, as the calculation reads them.
 */

let position = 0n;
function recorded(event: MemberEvent): RecordedEvent {
  position += 1n;
  const metadata = {
    cooperativeId: 'c-1',
    user: 'u-1',
    timestamp: '2025-01-01T00:00:00.000Z',
    correlationId: 'x',
    causationId: 'x',
    schemaVersion: 1,
  };
  return { ...event, streamId: 'member-m-1', revision: Number(position), position, metadata } as RecordedEvent;
}

/** The member's `dividend_inputs` after `events` (on a member admitted long before), as the calculation reads it. */
function inputsAfter(events: readonly MemberEvent[]): DividendInputDocument {
  let doc: ReadDocument = {
    id: 'm-1',
    cooperativeId: 'c-1',
    position: '0',
    memberNr: 1,
    taxId: '86095742719',
    entryDate: '2020-01-01',
    postings: [],
    orders: [],
    certificates: [],
  };
  for (const event of events) {
    const writes = dividendInputsProjector.project(recorded(event), () => doc);
    for (const w of writes) if (w.kind === 'put') doc = w.doc;
  }
  return readDividendInput(doc);
}

const subscribed = (amount: number, paid?: number): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId: 'm-1',
    balanceId: 'b-1',
    type: 0,
    quantity: amount / 10_000,
    amount,
    shareCost: 10_000,
    date: '2024-12-10',
    approvalDate: '2024-12-10',
    interestBegin: '2025-01-01',
    ...(paid === undefined ? {} : { paid }),
  },
});
const received = (paymentId: string, date: string, amount: number): MemberEvent => ({
  type: 'SharePaymentReceived',
  data: {
    memberId: 'm-1',
    balanceId: 'b-1',
    paymentId,
    date,
    amount,
    method: 'transfer',
    reference: null,
    collectionId: null,
    statementId: null,
  },
});
const returned = (paymentId: string, date: string, amount: number): MemberEvent => ({
  type: 'SharePaymentReturned',
  data: { memberId: 'm-1', balanceId: 'b-1', paymentId, date, amount, reason: 'MD06' },
});

const proRata: DividendSettings = {
  ...DEFAULT_DIVIDEND_SETTINGS,
  dividendMethod: 'proRata' as const,
  dayCount: '30E/360' as const,
};
const yearEnd: DividendSettings = {
  ...DEFAULT_DIVIDEND_SETTINGS,
  dividendMethod: 'yearEnd' as const,
  dayCount: '30E/360' as const,
};
const params = (year: number) => ({
  year,
  type: 'percent' as const,
  amount: '4',
  decisionDate: `${year + 1}-06-15`,
  paymentDate: `${year + 1}-06-30`,
});
const grossOf = (doc: DividendInputDocument, year: number, settings: DividendSettings) =>
  calculateDividend(params(year), settings, [toMemberInput(doc, undefined, 'nextMonth')]).members[0]?.gross ?? 0;

describe('the dividend basis is the Geschäftsguthaben paid in (issue 45)', () => {
  // 1,000 € subscribed (interest begin 2025-01-01), 100 € paid when posted, 900 € on 2025-05-10 (nextMonth: from 2025-06-01).
  const partly = inputsAfter([subscribed(100_000, 10_000), received('pay-1', '2025-05-10', 90_000)]);

  it('pro rata: 100 € the whole year and the later 900 € from the interest begin of its payment date (30E/360: 210 of 360 days)', () => {
    const basis = memberBasis(toMemberInput(partly, undefined, 'nextMonth'), 2025, proRata);
    expect(basis.lines).toEqual([
      { postingId: 'b-1', amount: 10_000, from: '2025-01-01', days: 360 },
      { postingId: 'pay-1', amount: 90_000, from: '2025-06-01', days: 210 },
    ]);
    expect(basis.weight).toBe(String(10_000 * 360 + 90_000 * 210));
    // 4 %: 100 € × 4 % = 4 €, plus 900 € × 4 % × 7/12 = 21 €: 25 €, not the 40 € of the whole 1,000 € subscribed.
    expect(grossOf(partly, 2025, proRata)).toBe(2_500);
  });

  it('the payment bears from the cooperative rule applied to its date (sameDay: from 2025-05-10)', () => {
    const basis = memberBasis(toMemberInput(partly, undefined, 'sameDay'), 2025, proRata);
    expect(basis.lines[1]).toEqual({ postingId: 'pay-1', amount: 90_000, from: '2025-05-10', days: 231 });
  });

  it('year-end: the paid-in 1,000 € for 2026 (held on 2025-12-31), only the 100 € paid by 2024-12-31 for 2025', () => {
    expect(memberBasis(toMemberInput(partly, undefined, 'nextMonth'), 2026, yearEnd).holding).toBe(100_000);
    expect(grossOf(partly, 2026, yearEnd)).toBe(4_000);
    expect(memberBasis(toMemberInput(partly, undefined, 'nextMonth'), 2025, yearEnd).holding).toBe(10_000);
  });

  it('a returned payment counts nothing', () => {
    const back = inputsAfter([
      subscribed(100_000, 10_000),
      received('pay-1', '2025-05-10', 90_000),
      returned('pay-1', '2025-05-20', 90_000),
    ]);
    const basis = memberBasis(toMemberInput(back, undefined, 'nextMonth'), 2025, proRata);
    expect(basis.lines).toEqual([{ postingId: 'b-1', amount: 10_000, from: '2025-01-01', days: 360 }]);
    expect(grossOf(back, 2025, proRata)).toBe(400);
  });

  it('an annulled subscription takes its payments with it', () => {
    const annulled = inputsAfter([
      subscribed(100_000, 10_000),
      received('pay-1', '2025-05-10', 90_000),
      {
        type: 'PostingAnnulled',
        data: {
          memberId: 'm-1',
          balanceId: 'b-2',
          annulPeer: 'b-1',
          originalType: 0,
          quantity: -10,
          amount: -100_000,
          date: '2025-07-01',
          approvalDate: null,
          interestBegin: null,
        },
      },
    ]);
    expect(memberBasis(toMemberInput(annulled, undefined, 'nextMonth'), 2025, proRata).lines).toEqual([]);
  });

  it('payments count up to the subscription: none beyond its amount, none on one posted whole and never corrected', () => {
    const over = inputsAfter([
      subscribed(100_000, 10_000),
      received('pay-1', '2025-05-10', 60_000),
      received('pay-2', '2025-06-10', 60_000),
    ]);
    expect(memberBasis(toMemberInput(over, undefined, 'nextMonth'), 2026, yearEnd).holding).toBe(100_000);
    const whole = inputsAfter([subscribed(100_000), received('pay-1', '2025-05-10', 10_000)]);
    expect(memberBasis(toMemberInput(whole, undefined, 'nextMonth'), 2026, yearEnd).holding).toBe(100_000);
  });

  const corrected = (rueckpfleinzahlung: number): MemberEvent => ({
    type: 'SharePaymentCorrected',
    data: { memberId: 'm-1', balanceId: 'b-1', rueckpfleinzahlung, interestEnd: null },
  });

  it("a register correction restates what the posting bears, from its interest begin (decision 236: an imported register's 400 € paid of 1,000 €)", () => {
    const imported = inputsAfter([subscribed(100_000), corrected(40_000)]);
    expect(imported.postings).toEqual([['b-1', 0, 40_000, '2024-12-10', '2025-01-01', 0]]);
    // 4 % of the 400 € paid in, not of the 1,000 € subscribed.
    expect(grossOf(imported, 2025, proRata)).toBe(1_600);
    expect(memberBasis(toMemberInput(imported, undefined, 'nextMonth'), 2026, yearEnd).holding).toBe(40_000);
  });

  it('after a correction the payments count up to the amount; a correction after payments leaves them on their dates', () => {
    const owing = inputsAfter([subscribed(100_000), corrected(40_000), received('pay-1', '2025-05-10', 90_000)]);
    // 600 € were owed: the payment counts 600 €, from 2025-06-01.
    expect(memberBasis(toMemberInput(owing, undefined, 'nextMonth'), 2025, proRata).lines).toEqual([
      { postingId: 'b-1', amount: 40_000, from: '2025-01-01', days: 360 },
      { postingId: 'pay-1', amount: 60_000, from: '2025-06-01', days: 210 },
    ]);
    const later = inputsAfter([
      subscribed(100_000, 10_000),
      received('pay-1', '2025-05-10', 30_000),
      corrected(50_000),
    ]);
    // The register says 500 € in all: 300 € paid on 2025-05-10 stay dated; the posting bears the other 200 €.
    expect(memberBasis(toMemberInput(later, undefined, 'nextMonth'), 2025, proRata).lines).toEqual([
      { postingId: 'b-1', amount: 20_000, from: '2025-01-01', days: 360 },
      { postingId: 'pay-1', amount: 30_000, from: '2025-06-01', days: 210 },
    ]);
  });

  it('a subscription paid in full (no `paid`, every one before issue 45) stays one posting of its amount', () => {
    const whole = inputsAfter([subscribed(100_000)]);
    expect(whole.postings).toEqual([['b-1', 0, 100_000, '2024-12-10', '2025-01-01', 0]]);
    expect(grossOf(whole, 2025, proRata)).toBe(4_000);
  });
});

describe('a transfer of shares not fully paid bears with what it moved (decision 265)', () => {
  const taken: MemberEvent = {
    type: 'SharesPosted',
    data: {
      memberId: 'm-1',
      balanceId: 'b-in',
      type: 4,
      quantity: 5,
      amount: 50_000,
      shareCost: 10_000,
      date: '2025-03-10',
      approvalDate: '2025-03-10',
      interestBegin: '2025-04-01',
      transferFrom: 'm-2',
      transferPeer: 'b-out',
      paid: 30_000,
    },
  };
  const paidOnTaken = (paymentId: string, amount: number): MemberEvent =>
    ({
      ...received(paymentId, '2025-05-10', amount),
      data: { ...(received(paymentId, '2025-05-10', amount).data as object), balanceId: 'b-in' },
    }) as MemberEvent;

  it('the receiver bears the 300 € that came with the shares, and its later payment from that payment’s interest begin, up to their price', () => {
    const doc = inputsAfter([taken, paidOnTaken('pay-in', 15_000), paidOnTaken('pay-in-2', 10_000)]);
    expect(memberBasis(toMemberInput(doc, undefined, 'nextMonth'), 2025, proRata).lines).toEqual([
      { postingId: 'b-in', amount: 30_000, from: '2025-04-01', days: 270 },
      { postingId: 'pay-in', amount: 15_000, from: '2025-06-01', days: 210 },
      { postingId: 'pay-in-2', amount: 5_000, from: '2025-06-01', days: 210 },
    ]);
  });
});
