import { describe, expect, it } from '@jest/globals';
import type { CamtEntry } from './camt/camt-reader.js';
import { matchEntries } from './domain/match-entries.js';
import { memberNumberOf, numbersIn } from './domain/member-number.js';
import { allocate, type OutstandingDue } from './domain/proposal.js';

/*
 * The matching of issue 45 (decision 216): which member a remittance text names, and which of the member's outstanding
 * subscriptions the amount pays (oldest first); ambiguous texts and amounts above what is outstanding stay to the clerk.
 */

const MEMBERS = new Set([17, 23, 42, 2025]);
const isMember = (nr: number): boolean => MEMBERS.has(nr);

describe('the member number in a remittance text', () => {
  it.each([
    ['Geschaeftsanteil Mitgl.-Nr. 17', 17],
    ['Mitgliedsnummer 0023 Rate 1', 23],
    ['MITGLIEDSNR.42', 42],
    ['Mitglied 42 Anteil 3', 42],
    ['Mg-Nr: 17', 17],
    ['member no. 23', 23],
    ['Einzahlung Anteile 17', 17],
    ['17', 17],
  ])('%s names member %s', (text, nr) => {
    expect(memberNumberOf(text, isMember)).toEqual({ nr });
  });

  it.each([
    ['Anteile 17 und 23', 'severalMemberNumbers'],
    ['Mitgl.-Nr. 17 Mitgl.-Nr. 23', 'severalMemberNumbers'],
    ['Anteil fuer 2025 Nr 17', 'severalMemberNumbers'],
    ['Mitgl.-Nr. 99', 'noMemberNumber'],
    ['Ueberweisung vom 17.03.2025 ueber 23,00 EUR', 'noMemberNumber'],
    ['IBAN DE89370400440532013000 Ref A-17', 'noMemberNumber'],
    ['', 'noMemberNumber'],
  ])('%s names no member for sure (%s)', (text, reason) => {
    expect(memberNumberOf(text, isMember)).toEqual({ reason });
  });

  it('a label wins over numbers standing alone', () => {
    expect(memberNumberOf('Rate 2 von 3 Mitglied 42', isMember)).toEqual({ nr: 42 });
    expect(numbersIn('Rate 2 von 3 Mitglied 42')).toEqual({ labelled: [42], standalone: [2, 3, 42] });
  });
});

const due = (balanceId: string, date: string, outstanding: number, dueSince: string | null = date): OutstandingDue => ({
  balanceId,
  date,
  dueSince,
  outstanding,
});

describe('the proposal: the oldest outstanding subscriptions up to the amount', () => {
  const dues = [due('b-new', '2025-03-01', 25_000), due('b-old', '2024-01-10', 10_000), due('b-paid', '2023-01-01', 0)];
  it('pays the oldest first, each up to what it owes', () => {
    expect(allocate(30_000, dues)).toEqual([
      { balanceId: 'b-old', amount: 10_000 },
      { balanceId: 'b-new', amount: 20_000 },
    ]);
    expect(allocate(35_000, dues)).toEqual([
      { balanceId: 'b-old', amount: 10_000 },
      { balanceId: 'b-new', amount: 25_000 },
    ]);
    expect(allocate(1, dues)).toEqual([{ balanceId: 'b-old', amount: 1 }]);
  });
  it('orders by the due date of the oldest open instalment', () => {
    expect(
      allocate(100, [due('a', '2024-01-01', 500, '2025-06-01'), due('b', '2024-06-01', 500, '2024-06-01')]),
    ).toEqual([{ balanceId: 'b', amount: 100 }]);
  });
  it('leaves to the clerk an amount above all that is outstanding, or a member who owes nothing', () => {
    expect(allocate(35_001, dues)).toBe('aboveOutstanding');
    expect(allocate(100, [due('b-paid', '2023-01-01', 0)])).toBe('nothingOutstanding');
  });
});

const entry = (entryId: string, amount: number, remittance: string, kind: CamtEntry['kind'] = 'credit'): CamtEntry => ({
  entryId,
  kind,
  amount,
  currency: 'EUR',
  bookingDate: '2025-04-02',
  remittance,
  partyName: null,
  partyIban: null,
  bankReference: null,
  endToEndId: null,
});

describe('matchEntries', () => {
  const book = {
    memberIdOf: new Map([
      [17, 'm-17'],
      [23, 'm-23'],
    ]),
    duesOf: new Map([
      ['m-17', [due('b1', '2024-01-01', 10_000), due('b2', '2025-01-01', 10_000)]],
      ['m-23', [] as OutstandingDue[]],
    ]),
    ownDebits: new Map([['0192f3a0c1d27e4b8a1f2c3d4e5f6a7b', { memberId: 'm-17' }]]),
  };
  it('proposes per credit; a second credit of the same member pays what the first left; debits are listed only', () => {
    const matched = matchEntries(
      [
        entry('1', 15_000, 'Mitgl.-Nr. 17'),
        entry('2', 5_000, 'Mitgl.-Nr. 17'),
        entry('3', 1, 'Mitgl.-Nr. 17'),
        entry('4', 100, 'Mitglied 23'),
        entry('5', 100, 'Mitglied 17', 'debit'),
        entry('6', 100, 'Spende'),
      ],
      book,
    );
    expect(matched.map((e) => [e.entryId, e.memberId, e.memberNr, e.proposal, e.unmatched])).toEqual([
      [
        '1',
        'm-17',
        17,
        [
          { balanceId: 'b1', amount: 10_000 },
          { balanceId: 'b2', amount: 5_000 },
        ],
        null,
      ],
      ['2', 'm-17', 17, [{ balanceId: 'b2', amount: 5_000 }], null],
      ['3', 'm-17', 17, [], 'nothingOutstanding'],
      ['4', 'm-23', 23, [], 'nothingOutstanding'],
      ['5', null, null, [], null],
      ['6', null, null, [], 'noMemberNumber'],
    ]);
  });

  it("leaves the credit of the cooperative's own collected debit unmatched, however its text names the member (decision 352)", () => {
    const own = {
      ...entry('1', 5_000, 'Einzahlung Geschaeftsanteile Mitgl-Nr 17'),
      endToEndId: '0192f3a0c1d27e4b8a1f2c3d4e5f6a7b',
    };
    const other = { ...entry('2', 5_000, 'Mitgl.-Nr. 17'), endToEndId: 'RECHNUNG-4711' };
    expect(matchEntries([own, other], book).map((e) => [e.entryId, e.memberId, e.proposal, e.unmatched])).toEqual([
      ['1', 'm-17', [], 'ownDirectDebit'],
      ['2', 'm-17', [{ balanceId: 'b1', amount: 5_000 }], null],
    ]);
  });
});
