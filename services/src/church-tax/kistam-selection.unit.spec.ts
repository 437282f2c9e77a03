import { describe, expect, it } from '@jest/globals';
import { queryKindFor, regularStatusDate, selectForKistam, type KistamCandidate } from './domain/kistam-selection.js';

const TODAY = '2025-09-20';
const member = (nr: number, over: Partial<KistamCandidate> = {}): KistamCandidate => ({
  memberId: `m-${String(nr)}`,
  memberNr: nr,
  legalForm: 0,
  isForeign: false,
  entryDate: '2020-01-01',
  sharesOnStatusDate: 2,
  sharesToday: 2,
  taxId: '86095742719',
  manualTaxId: null,
  birthDate: '1960-03-12',
  lastQuery: null,
  ...over,
});

describe('KiStAM selection (DOMAIN.md 3.1)', () => {
  it('dates the regular query on the latest 31 August', () => {
    expect(regularStatusDate('2025-09-20')).toBe('2025-08-31');
    expect(regularStatusDate('2025-08-31')).toBe('2025-08-31');
    expect(regularStatusDate('2025-08-30')).toBe('2024-08-31');
    expect(regularStatusDate('2026-01-10')).toBe('2025-08-31');
  });

  it('asks regularly about natural persons holding shares on the status date', () => {
    expect(queryKindFor(member(1), '2025-08-31')).toBe('regular');
    expect(queryKindFor(member(1, { legalForm: 1 }), '2025-08-31')).toBeNull();
    expect(queryKindFor(member(1, { isForeign: true }), '2025-08-31')).toBeNull();
    expect(queryKindFor(member(1, { sharesOnStatusDate: 0, sharesToday: 0 }), '2025-08-31')).toBeNull();
  });

  it('leaves out a member whose church data comes from this regular query already, not one from an older or an event query', () => {
    expect(
      queryKindFor(member(1, { lastQuery: { queriedOn: '2025-08-31', queryKind: 'regular' } }), '2025-08-31'),
    ).toBeNull();
    expect(
      queryKindFor(member(1, { lastQuery: { queriedOn: '2024-08-31', queryKind: 'regular' } }), '2025-08-31'),
    ).toBe('regular');
    expect(queryKindFor(member(1, { lastQuery: { queriedOn: '2025-09-01', queryKind: 'paper' } }), '2025-08-31')).toBe(
      'regular',
    );
  });

  it('asks on the event of joining about members who joined since, hold shares and have no church data', () => {
    const joined = { entryDate: '2025-09-10', sharesOnStatusDate: 0, sharesToday: 1 };
    expect(queryKindFor(member(1, joined), '2025-08-31')).toBe('event');
    expect(
      queryKindFor(member(1, { ...joined, lastQuery: { queriedOn: '2025-09-12', queryKind: 'paper' } }), '2025-08-31'),
    ).toBeNull();
    expect(queryKindFor(member(1, { ...joined, sharesToday: 0 }), '2025-08-31')).toBeNull();
  });

  it('checks the identifiers: a member without a valid tax id or birth date is a problem, not a request', () => {
    const selection = selectForKistam(
      [
        member(5, { taxId: null, manualTaxId: '47036892816' }),
        member(2),
        member(3, { taxId: null }),
        member(4, { taxId: '36574261890' }),
        member(6, { birthDate: null }),
        member(7, { taxId: '02476291358' }),
      ],
      TODAY,
      false,
    );
    expect(selection.statusDate).toBe('2025-08-31');
    expect(selection.requests.map((r) => [r.memberNr, r.taxId, r.kind])).toEqual([
      [2, '86095742719', 'regular'],
      [5, '47036892816', 'regular'],
    ]);
    expect(selection.problems.map((p) => [p.memberNr, p.problem])).toEqual([
      [3, 'kistamTaxIdMissing'],
      [4, 'kistamTaxIdInvalid'],
      [6, 'kistamBirthDateMissing'],
      [7, 'kistamTaxIdInvalid'],
    ]);
  });

  it('takes a test tax id where the cooperative allows test ids (DOMAIN.md 12a.11)', () => {
    const selection = selectForKistam([member(7, { taxId: '02476291358' })], TODAY, true);
    expect(selection.requests.map((r) => r.taxId)).toEqual(['02476291358']);
  });
});
