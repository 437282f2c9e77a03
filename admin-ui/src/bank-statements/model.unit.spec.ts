import type { BankStatementEntryDto } from '@coop/contracts/console';
import { describe, expect, it } from '@jest/globals';
import { confirmationsOf, entryStateOf, isOpen, memberFor, statementPath, withEntry } from './model';

const entry = (entryId: string, state: string, memberId: string | null): BankStatementEntryDto => ({
  id: `s/${entryId}`,
  entryId,
  state,
  kind: 'credit',
  amount: 100,
  currency: 'EUR',
  bookingDate: '2025-04-02',
  remittance: '',
  partyName: null,
  partyIban: null,
  bankReference: null,
  endToEndId: null,
  memberId,
  memberNr: null,
  memberName: '',
  unmatched: null,
  allocations: [],
});

describe('the bank statement screen: what a confirmation books', () => {
  const entries = [
    entry('1', 'matched', 'm1'),
    entry('2', 'unmatched', 'm2'),
    entry('3', 'unmatched', null),
    entry('4', 'confirmed', 'm1'),
  ];
  it("takes the matched member, an unmatched entry only with the clerk's member, never a decided entry", () => {
    expect(entries.map(isOpen)).toEqual([true, true, true, false]);
    expect(memberFor(entries[1]!, {})).toBeNull();
    expect(memberFor(entries[0]!, { 1: null })).toBeNull();
    expect(confirmationsOf(entries, new Set(['1', '2', '3', '4']), { 3: 'm3' })).toEqual([
      { entryId: '1', memberId: 'm1', balanceId: null },
      { entryId: '3', memberId: 'm3', balanceId: null },
    ]);
  });
});

describe('the bank statement screen: a page of the entries (decision 317)', () => {
  it('asks the server for one page of one state, or of all', () => {
    expect(statementPath('s/1', 1, 20, '')).toBe('/bank-statements/s%2F1?offset=0&limit=20');
    expect(statementPath('s1', 3, 50, 'unmatched')).toBe(
      '/bank-statements/s1?offset=100&limit=50&filter=state%3Aunmatched',
    );
    expect(['unmatched', 'listed', 'x', '', null].map(entryStateOf)).toEqual(['unmatched', 'listed', '', '', '']);
  });

  it('keeps the selection of another page: what it confirms and sets aside', () => {
    let picked = withEntry({}, entry('1', 'matched', 'm1'), true);
    picked = withEntry(picked, entry('25', 'unmatched', null), true);
    picked = withEntry(picked, entry('40', 'matched', 'm2'), true);
    picked = withEntry(picked, entry('40', 'matched', 'm2'), false);
    const selected = new Set(Object.keys(picked));
    expect(confirmationsOf(Object.values(picked), selected, { 25: 'm3' })).toEqual([
      { entryId: '1', memberId: 'm1', balanceId: null },
      { entryId: '25', memberId: 'm3', balanceId: null },
    ]);
  });
});
