import { describe, expect, it } from '@jest/globals';
import type { SettlementRecord } from './model.js';
import {
  dueIds,
  keepDue,
  payableAmount,
  payableFrom,
  lossShareFormOf,
  lossShareOfYear,
  lossShareRequest,
  settlementName,
  settlementPaths,
  withdrawLossShareRequest,
  yearFrom,
} from './model.js';

const row = (id: string, status: 'due' | 'paid'): SettlementRecord => ({
  id,
  memberId: id.split('.')[0] ?? id,
  memberNr: 7,
  name: 'Geher',
  givenName: 'Gerda',
  endBalanceId: 'b',
  reason: 'exit',
  year: 2025,
  endDate: '2025-12-31',
  deadline: '2026-06-30',
  shares: 2,
  holding: 50_000,
  lossShare: 0,
  amount: 50_000,
  status,
  overdue: false,
  payoutDate: status === 'paid' ? '2026-01-15' : null,
  paidBy: null,
  heirsAccountNeeded: false,
  heirsAccount: false,
  dividendOpen: true,
  imported: false,
  overpaid: 0,
  owed: 0,
  toppedUp: 0,
  topUps: [],
});

const TODAY = '2026-11-28';

describe('the settlement screen model', () => {
  it('opens at ?year= when it is a whole year 1900..2199, else last year', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(yearFrom('?year=2024', now)).toBe(2024);
    expect(yearFrom('', now)).toBe(2025);
    expect(yearFrom('?year=1899', now)).toBe(2025);
    expect(yearFrom('?year=20x4', now)).toBe(2025);
    expect(yearFrom('?year=99999', now)).toBe(2025);
  });

  it('selects only due settlements and drops a paid one from the selection', () => {
    const rows = [row('m1.b1', 'due'), row('m2.b2', 'paid'), row('m3.b3', 'due')];
    expect(dueIds(rows, TODAY)).toEqual(['m1.b1', 'm3.b3']);
    expect(keepDue(['m1.b1', 'm2.b2', 'gone'], rows, TODAY)).toEqual(['m1.b1']);
  });

  // Decision 386: on 31 December that day's end was offered for a payout the server refuses (dated after the end and
  // not after today): it is payable from 1 January, and an end still to come not at all.
  it('offers an end for a payout from the day after it', () => {
    const rows = [row('m1.b1', 'due')];
    expect(dueIds(rows, '2025-12-31')).toEqual([]);
    expect(dueIds(rows, '2025-06-30')).toEqual([]);
    expect(dueIds(rows, '2026-01-01')).toEqual(['m1.b1']);
    expect(keepDue(['m1.b1'], rows, '2025-12-31')).toEqual([]);
    expect(payableFrom('2025-12-31')).toBe('2026-01-01');
    expect(payableFrom('2024-02-28')).toBe('2024-02-29');
  });

  it('takes a paid settlement with a top-up owed as due, for the top-up alone (decision 370)', () => {
    const raised = { ...row('m2.b2', 'paid'), holding: 75_000, owed: 25_000 };
    const rows = [row('m1.b1', 'due'), raised, row('m3.b3', 'paid')];
    expect(dueIds(rows, TODAY)).toEqual(['m1.b1', 'm2.b2']);
    expect(keepDue(['m2.b2', 'm3.b3'], rows, TODAY)).toEqual(['m2.b2']);
    expect([payableAmount(rows[0]!), payableAmount(raised)]).toEqual([50_000, 25_000]);
  });

  it('names the member and encodes the id in the routes', () => {
    expect(settlementName(row('m1.b1', 'due'))).toBe('Geher, Gerda');
    expect(settlementPaths.reverse('a/b.c')).toBe('/settlements/a%2Fb.c/reverse');
    expect(settlementPaths.sepa(2025, '2026-01-15').path).toBe('/settlements/sepa?year=2025&payoutDate=2026-01-15');
    expect(settlementPaths.statement(row('m1.b1', 'paid')).name).toBe('Auseinandersetzung-2025-Mitglied-7.pdf');
  });

  it('turns the loss share form into the API body: the percentage as typed, the amount per share in cents, the date as YYYY-MM-DD', () => {
    expect(
      lossShareRequest(2025, {
        kind: 'percent',
        percent: ' 12,5 ',
        amountPerShare: '30,00',
        decisionDate: '15.01.2026',
      }),
    ).toEqual({
      year: 2025,
      kind: 'percent',
      percent: '12,5',
      centsPerShare: null,
      decisionDate: '2026-01-15',
    });
    expect(
      lossShareRequest(2025, {
        kind: 'perShare',
        percent: '10',
        amountPerShare: '1.234,56 €',
        decisionDate: '2026-01-15',
      }),
    ).toEqual({
      year: 2025,
      kind: 'perShare',
      percent: null,
      centsPerShare: 123_456,
      decisionDate: '2026-01-15',
    });
    // What does not parse goes as typed: the API refuses it under its field in the clerk's language.
    expect(
      lossShareRequest(2025, { kind: 'perShare', percent: '', amountPerShare: '1,234', decisionDate: '31.02.2026' }),
    ).toMatchObject({ centsPerShare: '1,234', decisionDate: '31.02.2026' });
    expect(withdrawLossShareRequest(2025, '2026-01-15')).toEqual({
      year: 2025,
      kind: 'perShare',
      percent: null,
      centsPerShare: 0,
      decisionDate: '2026-01-15',
    });
  });

  it("fills the form with the year's decision, or leaves it empty", () => {
    const terms = {
      payoutPeriodMonths: 6,
      lossShares: [
        { year: 2024, kind: 'percent', percent: '12.5', centsPerShare: null, decisionDate: '2025-05-20' },
        { year: 2025, kind: 'perShare', percent: null, centsPerShare: 3000, decisionDate: '2026-01-15' },
      ],
    };
    expect(lossShareOfYear(terms, 2023)).toBeNull();
    expect(lossShareOfYear(undefined, 2025)).toBeNull();
    expect(lossShareFormOf(lossShareOfYear(terms, 2024))).toEqual({
      kind: 'percent',
      percent: '12,5',
      amountPerShare: '',
      decisionDate: '20.05.2025',
    });
    expect(lossShareFormOf(lossShareOfYear(terms, 2025))).toEqual({
      kind: 'perShare',
      percent: '',
      amountPerShare: '30,00',
      decisionDate: '15.01.2026',
    });
    expect(lossShareFormOf(null)).toEqual({ kind: 'percent', percent: '', amountPerShare: '', decisionDate: '' });
  });
});
