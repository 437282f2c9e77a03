import { describe, expect, it } from '@jest/globals';
import { ValidationError, type FieldError, type SettlementPaid, type SettlementToppedUp } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { settlementDecider, type PaySettlement } from './domain/settlement.decider.js';
import type { SettlementEnd } from './domain/settlement-amount.js';
import { settlementReminder } from './domain/settlement-reminder.js';
import { settlementRemittance, type SettlementTransfer } from './papers/settlement-sepa.js';

/*
 * The top-up of a paid settlement (decision 370, § 73 (2) GenG): 4 shares of 250 €, 500 € paid in, the end on
 * 31.12.2025 paid out with 500 € on 15.06.2026; a payment of 250 € dated before the end booked late raises the
 * holding to 750 €, so 250 € more is owed and the next payout records that difference only.
 */
const spec = deciderSpec(settlementDecider);
const templates = (expected: readonly Pick<FieldError, 'field' | 'template'>[]) => (e: ValidationError) =>
  expect(e.errors.map(({ field, template }) => ({ field, template }))).toEqual(expected);

const IBAN = 'DE89370400440532013000';
const end: SettlementEnd = {
  memberId: 'm-1',
  endBalanceId: 'e1',
  reason: 'exit',
  endDate: '2025-12-31',
  year: 2025,
  shares: 4,
  holding: 75_000,
};
const pay = (over: Partial<PaySettlement> = {}): PaySettlement => ({
  type: 'PaySettlement',
  memberId: 'm-1',
  cooperativeId: 'coop-1',
  end,
  lossShare: null,
  payoutDate: '2026-07-20',
  today: '2026-07-20',
  memberAccount: { accountHolder: 'Erika Mustermann', iban: IBAN, bic: null },
  recordedBy: 'u-1',
  ...over,
});
const paid = (over: Partial<SettlementPaid['data']> = {}): SettlementPaid => ({
  type: 'SettlementPaid',
  data: {
    memberId: 'm-1',
    cooperativeId: 'coop-1',
    endBalanceId: 'e1',
    year: 2025,
    reason: 'exit',
    endDate: '2025-12-31',
    shares: 4,
    holding: 50_000,
    lossShare: 0,
    amount: 50_000,
    payoutDate: '2026-06-15',
    accountHolder: 'Erika Mustermann',
    iban: IBAN,
    bic: null,
    heirs: false,
    recordedBy: 'u-1',
    ...over,
  },
});
const toppedUp = (over: Partial<SettlementToppedUp['data']> = {}): SettlementToppedUp => ({
  type: 'SettlementToppedUp',
  data: {
    memberId: 'm-1',
    cooperativeId: 'coop-1',
    endBalanceId: 'e1',
    year: 2025,
    holding: 75_000,
    lossShare: 0,
    amount: 25_000,
    payoutDate: '2026-07-20',
    accountHolder: 'Erika Mustermann',
    iban: IBAN,
    bic: null,
    heirs: false,
    recordedBy: 'u-1',
    ...over,
  },
});

describe('settlement decider: the top-up of a paid settlement whose holding rose (decision 370)', () => {
  it('pays the difference alone, the first payout left as recorded', () => {
    spec.given([paid()]).when(pay()).then([toppedUp()]);
  });

  it('takes the loss share decided for the year off the risen holding', () => {
    const lossShare = { kind: 'percent' as const, percent: '10', centsPerShare: null, decisionDate: '2026-05-20' };
    // 750 € less 10 % is 675 €; 450 € was paid (500 € less 10 %): 225 € more.
    spec
      .given([paid({ lossShare: 5_000, amount: 45_000 })])
      .when(pay({ lossShare }))
      .then([toppedUp({ lossShare: 7_500, amount: 22_500 })]);
  });

  it('refuses a second top-up of the same rise, one dated before the latest payout, and an imported settlement', () => {
    spec
      .given([paid(), toppedUp()])
      .when(pay({ payoutDate: '2026-07-25' }))
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementAlreadyPaid' }]));
    spec
      .given([paid()])
      .when(pay({ payoutDate: '2026-06-10' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'settlementTopUpBeforePayout' }]));
    spec
      .given([paid()])
      .when(pay({ payoutDate: '2026-07-21' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'dateInFuture' }]));
    spec
      .given([paid({ imported: true })])
      .when(pay())
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementAlreadyPaid' }]));
  });

  it('tops up again after a further rise, and a correction reverses payout and top-ups: the whole is due again', () => {
    spec
      .given([paid(), toppedUp()])
      .when(pay({ end: { ...end, holding: 100_000 }, payoutDate: '2026-08-01', today: '2026-08-01' }))
      .then([toppedUp({ holding: 100_000, amount: 25_000, payoutDate: '2026-08-01' })]);
    const reversed = {
      type: 'SettlementReversed' as const,
      data: { memberId: 'm-1', endBalanceId: 'e1', reason: 'paid twice', date: '2026-08-02', recordedBy: 'u-1' },
    };
    spec
      .given([paid(), toppedUp(), reversed])
      .when(pay({ payoutDate: '2026-08-03', today: '2026-08-03' }))
      .then([paid({ holding: 75_000, amount: 75_000, payoutDate: '2026-08-03' })]);
  });
});

describe('the reminder and the SEPA file of a top-up (decision 370)', () => {
  it('reminds of a paid settlement with a top-up owed as of a due one', () => {
    expect(
      settlementReminder([{ deadline: '2026-06-30', status: 'paid', owed: 25_000, year: 2025 }], '2026-06-01'),
    ).toEqual({ deadline: '2026-06-30', count: 1, year: 2025 });
    expect(settlementReminder([{ deadline: '2026-06-30', status: 'paid', year: 2025 }], '2026-06-01')).toBeNull();
  });

  it('names the transfer of a top-up "Nachzahlung"', () => {
    const t: SettlementTransfer = {
      endBalanceId: 'e1',
      memberNr: 7,
      gross: 25_000,
      kapest: 0,
      soli: 0,
      churchTax: 0,
      net: 25_000,
      holding: 75_000,
      lossShare: 0,
      heirs: false,
      holder: 'Erika Mustermann',
      iban: IBAN,
      bic: null,
      topUp: true,
    };
    expect(settlementRemittance(2025, t)).toBe(
      'Auseinandersetzungsguthaben GJ 2025 Mitgl-Nr 7 Guthaben 750,00 Verlustanteil 0,00 Nachzahlung 250,00',
    );
  });
});
