import { describe, expect, it } from '@jest/globals';
import { readDividendInput, type DividendInputDocument } from '@coop/projections/dividend';
import { factsOf, taxIdOf, toMemberInput } from './queries/member-input.js';

/** A stored `dividend_inputs` document as the calculation reads it (its typed reader, decision 258). */
const doc = (fields: Record<string, unknown>): DividendInputDocument =>
  readDividendInput({ id: 'm-1', cooperativeId: 'c-1', position: '9', memberNr: 7, ...fields });

describe("a member's engine input from its dividend_inputs document", () => {
  it('takes the looked-up tax id or the one entered by hand, a real one before a test id (starting with 0)', () => {
    expect(taxIdOf(doc({ taxId: '86095742719', manualTaxId: '47036892816' }))).toBe('86095742719');
    expect(taxIdOf(doc({ taxId: null, manualTaxId: '47036892816' }))).toBe('47036892816');
    expect(taxIdOf(doc({ taxId: '02476291358', manualTaxId: '47036892816' }))).toBe('47036892816');
    expect(taxIdOf(doc({ manualTaxId: '02476291358' }))).toBe('02476291358');
    expect(taxIdOf(doc({ taxId: ' ', manualTaxId: null }))).toBeNull();
  });

  it('maps the facts, postings (tuples), orders and certificates; erased or missing personal data reads as absent', () => {
    const input = toMemberInput(
      doc({
        legalForm: 1,
        isForeign: false,
        state: 'by',
        churchId: null,
        churchTaxRate: null,
        spouse: 'm-2',
        spouseTaxId: null,
        deathDate: '2025-03-04',
        entryDate: '2020-01-01',
        exitDate: '2025-12-31',
        postings: [
          ['b-1', 0, 25_000, '2020-01-01', '2020-02-01', 0],
          ['b-2', 5, -25_000, '2021-01-01', '2021-01-01', 1],
        ],
        orders: [
          {
            id: 'o-1',
            memberId: 'm-1',
            joint: true,
            spouseMemberId: 'm-2',
            amount: 100_000,
            issueDate: '2024-01-01',
            startDate: '2024-01-01',
            endDate: null,
            usedByYear: { '2025': 500 },
          },
        ],
        certificates: [
          { id: 'n-1', type: 60, startDate: '2025-01-01', endDate: '2027-12-31' },
          { id: 'n-2', type: 42, startDate: '2025-01-01', endDate: '2025-12-31' },
        ],
      }),
    );
    expect(input).toEqual({
      id: 'm-1',
      memberNr: 7,
      legalEntity: true,
      foreign: false,
      state: 'by',
      churchId: null,
      churchTaxRate: null,
      churchFollowing: null,
      taxId: null,
      spouseMemberId: 'm-2',
      spouseTaxId: null,
      deathDate: '2025-03-04',
      entryDate: '2020-01-01',
      exitDate: '2025-12-31',
      postings: [
        { id: 'b-1', type: 0, amount: 25_000, date: '2020-01-01', interestBegin: '2020-02-01', annulled: false },
        { id: 'b-2', type: 5, amount: -25_000, date: '2021-01-01', interestBegin: '2021-01-01', annulled: true },
      ],
      orders: [
        {
          id: 'o-1',
          memberId: 'm-1',
          joint: true,
          spouseMemberId: 'm-2',
          amount: 100_000,
          issueDate: '2024-01-01',
          startDate: '2024-01-01',
          endDate: null,
          usedByYear: { '2025': 500 },
        },
      ],
      certificates: [{ id: 'n-1', type: 60, startDate: '2025-01-01', endDate: '2027-12-31' }],
    });
    expect(toMemberInput(doc({ state: 'xx' })).state).toBeNull();
    expect(factsOf(doc({ name: null, givenName: 'Eva', legalForm: 0, isForeign: true }))).toEqual({
      givenName: 'Eva',
      name: '',
      birthDate: null,
      taxId: null,
      legalEntity: false,
      foreign: true,
    });
  });
});
