import { describe, expect, it } from '@jest/globals';
import { ValidationError, type FieldError, type SettlementEvent, type SettlementPaid } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { settlementDecider, type PaySettlement, type RecordImportedSettlement } from './domain/settlement.decider.js';
import type { SettlementEnd } from './domain/settlement-amount.js';

/** Given the member's settlement stream, when a command, then the events (or the refusal's templates). */
const spec = deciderSpec(settlementDecider);
const templates = (expected: readonly Pick<FieldError, 'field' | 'template'>[]) => (e: ValidationError) =>
  expect(e.errors.map(({ field, template }) => ({ field, template }))).toEqual(expected);

const IBAN = 'DE89370400440532013000';
const HEIRS_IBAN = 'DE02120300000000202051';
const exitEnd: SettlementEnd = {
  memberId: 'm-1',
  endBalanceId: 'e1',
  reason: 'exit',
  endDate: '2025-12-31',
  year: 2025,
  shares: 3,
  holding: 75_000,
};
const deathEnd: SettlementEnd = { ...exitEnd, reason: 'death' };
const pay = (over: Partial<PaySettlement> = {}): PaySettlement => ({
  type: 'PaySettlement',
  memberId: 'm-1',
  cooperativeId: 'coop-1',
  end: exitEnd,
  lossShare: null,
  payoutDate: '2026-06-15',
  today: '2026-06-15',
  memberAccount: { accountHolder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: null },
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
    shares: 3,
    holding: 75_000,
    lossShare: 0,
    amount: 75_000,
    payoutDate: '2026-06-15',
    accountHolder: 'Erika Mustermann',
    iban: IBAN,
    bic: null,
    heirs: false,
    recordedBy: 'u-1',
    ...over,
  },
});
const heirs: SettlementEvent = {
  type: 'HeirsAccountRecorded',
  data: { memberId: 'm-1', accountHolder: 'Erbengemeinschaft Mustermann', iban: HEIRS_IBAN, bic: null },
};
const reversed: SettlementEvent = {
  type: 'SettlementReversed',
  data: { memberId: 'm-1', endBalanceId: 'e1', reason: 'wrong account', date: '2026-06-20', recordedBy: 'u-1' },
};

describe('settlement decider: the payout (issue 42)', () => {
  it('records one event with amount, loss share, date, account and who', () => {
    spec.given([]).when(pay()).then([paid()]);
  });

  it('takes the loss share the general meeting decided off the holding', () => {
    const lossShare = { kind: 'perShare' as const, percent: null, centsPerShare: 2_000, decisionDate: '2026-05-20' };
    spec
      .given([])
      .when(pay({ lossShare }))
      .then([paid({ lossShare: 6_000, amount: 69_000 })]);
  });

  it('refuses the same end twice, saying when it was paid', () => {
    spec
      .given([paid()])
      .when(pay({ payoutDate: '2026-06-20' }))
      .thenThrows(ValidationError, (e) => {
        expect(e.errors[0]).toMatchObject({
          field: 'endBalanceId',
          template: 'settlementAlreadyPaid',
          parameters: { 0: '2026-06-15' },
        });
      });
  });

  it('pays another end of the same member on its own', () => {
    const partial: SettlementEnd = {
      ...exitEnd,
      endBalanceId: 'p1',
      reason: 'partial',
      endDate: '2024-12-31',
      year: 2024,
      shares: 1,
      holding: 25_000,
    };
    spec
      .given([paid()])
      .when(pay({ end: partial, payoutDate: '2025-03-01' }))
      .then([
        paid({
          endBalanceId: 'p1',
          reason: 'partial',
          endDate: '2024-12-31',
          year: 2024,
          shares: 1,
          holding: 25_000,
          amount: 25_000,
          payoutDate: '2025-03-01',
        }),
      ]);
  });

  it('pays again after a correction reversed the recorded settlement', () => {
    spec
      .given([paid(), reversed])
      .when(pay({ payoutDate: '2026-06-25', today: '2026-06-25' }))
      .then([paid({ payoutDate: '2026-06-25' })]);
  });

  it('refuses an unknown end, a payout on or before the end, an invalid date, a missing account', () => {
    spec
      .given([])
      .when(pay({ end: null }))
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementEndUnknown' }]));
    spec
      .given([])
      .when(pay({ payoutDate: '2025-12-31' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'settlementBeforeEnd' }]));
    // The end's day still to come (31.12.2025 seen on 30.12.2025): the amount is not known yet, whatever the payout date.
    spec
      .given([])
      .when(pay({ today: '2025-12-30', payoutDate: '2026-01-15' }))
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementEndNotReached' }]));
    spec
      .given([])
      .when(pay({ payoutDate: '2026-02-30' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'invalidDate' }]));
    // Recorded when it is made (decision 369): a payout day after today is refused, today itself is taken.
    spec
      .given([])
      .when(pay({ payoutDate: '2199-12-31' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'dateInFuture' }]));
    spec
      .given([])
      .when(pay({ payoutDate: '2026-06-16' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'dateInFuture' }]));
    spec
      .given([])
      .when(pay({ memberAccount: null }))
      .thenThrows(ValidationError, templates([{ field: 'iban', template: 'settlementAccountMissing' }]));
    spec
      .given([])
      .when(pay({ memberAccount: { accountHolder: 'X', iban: 'DE00', bic: null } }))
      .thenThrows(ValidationError, templates([{ field: 'iban', template: 'settlementAccountMissing' }]));
  });
});

describe('settlement decider: a death pays the heirs', () => {
  it("refuses the payout of a deceased member without the heirs' account", () => {
    spec
      .given([])
      .when(pay({ end: deathEnd }))
      .thenThrows(ValidationError, templates([{ field: 'iban', template: 'heirsAccountMissing' }]));
  });

  it("pays to the heirs' account, never the deceased's own", () => {
    spec
      .given([heirs])
      .when(pay({ end: deathEnd }))
      .then([paid({ reason: 'death', accountHolder: 'Erbengemeinschaft Mustermann', iban: HEIRS_IBAN, heirs: true })]);
  });

  it("records the heirs' account only for a death, with a valid IBAN and holder", () => {
    const account = { accountHolder: ' Erbengemeinschaft Mustermann ', iban: 'de02 1203 0000 0000 2020 51', bic: null };
    spec.given([]).when({ type: 'RecordHeirsAccount', memberId: 'm-1', deceased: true, account }).then([heirs]);
    spec
      .given([])
      .when({ type: 'RecordHeirsAccount', memberId: 'm-1', deceased: false, account })
      .thenThrows(ValidationError, templates([{ field: 'iban', template: 'heirsOnlyAfterDeath' }]));
    spec
      .given([])
      .when({
        type: 'RecordHeirsAccount',
        memberId: 'm-1',
        deceased: true,
        account: { accountHolder: ' ', iban: 'DE00', bic: 'X' },
      })
      .thenThrows(
        ValidationError,
        templates([
          { field: 'accountHolder', template: 'mustNotBeEmpty' },
          { field: 'iban', template: 'invalidIban' },
          { field: 'bic', template: 'invalidBic' },
        ]),
      );
  });
});

describe('settlement decider: the correction', () => {
  it('reverses a recorded settlement with a reason', () => {
    spec
      .given([paid()])
      .when({
        type: 'ReverseSettlement',
        memberId: 'm-1',
        endBalanceId: 'e1',
        reason: ' wrong account ',
        date: '2026-06-20',
        recordedBy: 'u-1',
      })
      .then([reversed]);
  });

  it('refuses a correction of nothing recorded, of one reversed already, and without a reason', () => {
    const reverse = {
      type: 'ReverseSettlement' as const,
      memberId: 'm-1',
      endBalanceId: 'e1',
      reason: 'x',
      date: '2026-06-20',
      recordedBy: 'u-1',
    };
    spec
      .given([])
      .when(reverse)
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementNotPaid' }]));
    spec
      .given([paid(), reversed])
      .when(reverse)
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementNotPaid' }]));
    spec
      .given([paid()])
      .when({ ...reverse, reason: '  ' })
      .thenThrows(ValidationError, templates([{ field: 'reason', template: 'mustNotBeEmpty' }]));
  });
});

describe('settlement decider: a settlement paid before the product, imported (issue 42)', () => {
  const imported = (over: Partial<RecordImportedSettlement> = {}): RecordImportedSettlement => ({
    type: 'RecordImportedSettlement',
    memberId: 'm-1',
    cooperativeId: 'coop-1',
    end: exitEnd,
    payoutDate: '2026-06-15',
    amount: 70_000,
    today: '2026-11-28',
    memberAccount: { accountHolder: 'Erika Mustermann', iban: IBAN, bic: null },
    recordedBy: 'import',
    ...over,
  });

  it('records it as paid and imported, the loss share what the amount falls short of the holding', () => {
    spec
      .given([])
      .when(imported())
      .then([paid({ lossShare: 5_000, amount: 70_000, recordedBy: 'import', imported: true })]);
  });

  it("names no account after a death when the heirs' is not known, and no invalid one", () => {
    const none = { accountHolder: '', iban: '', bic: null };
    spec
      .given([])
      .when(imported({ end: deathEnd, amount: 75_000 }))
      .then([paid({ reason: 'death', heirs: true, ...none, recordedBy: 'import', imported: true })]);
    spec
      .given([])
      .when(imported({ amount: 75_000, memberAccount: { accountHolder: 'X', iban: 'DE00', bic: null } }))
      .then([paid({ ...none, recordedBy: 'import', imported: true })]);
  });

  it('refuses an amount above the holding or below zero, a payout day on or before the end or after today, and a second one', () => {
    spec
      .given([])
      .when(imported({ amount: 75_001 }))
      .thenThrows(ValidationError, (e) => {
        expect(e.errors).toEqual([
          { field: 'amount', template: 'settlementAboveHolding', parameters: { 0: '750,01', 1: '750,00' } },
        ]);
      });
    spec
      .given([])
      .when(imported({ amount: -1, payoutDate: '2025-12-31' }))
      .thenThrows(
        ValidationError,
        templates([
          { field: 'payoutDate', template: 'settlementBeforeEnd' },
          { field: 'amount', template: 'mustBeAtLeast' },
        ]),
      );
    spec
      .given([])
      .when(imported({ payoutDate: '2026-11-29' }))
      .thenThrows(ValidationError, templates([{ field: 'payoutDate', template: 'dateInFuture' }]));
    spec
      .given([paid()])
      .when(imported())
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementAlreadyPaid' }]));
    spec
      .given([])
      .when(imported({ end: null }))
      .thenThrows(ValidationError, templates([{ field: 'endBalanceId', template: 'settlementEndUnknown' }]));
  });
});
