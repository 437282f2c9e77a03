import { describe, expect, it } from '@jest/globals';
import { readExemptionOrder, readNonAssessment } from './tax-paper-documents.js';

/* The tax papers' typed readers (decision 257): the one rule of document-fields.ts. */
const base = { id: 'p-1', cooperativeId: 'c-1', position: '7', member: 'm-1', memberNr: 12 };

describe('readExemptionOrder', () => {
  it('reads an order without end date and spouse as open and single, its amount in cents', () => {
    expect(readExemptionOrder({ ...base, joint: false, spouse: null, amount: 100_000, endDate: null })).toMatchObject({
      member: 'm-1',
      memberNr: 12,
      joint: false,
      spouse: null,
      spouseName: null,
      amount: 100_000,
      endDate: null,
      date: '',
    });
  });
});

describe('readNonAssessment', () => {
  it('reads blank text as absent and the original on file only when stored as true', () => {
    expect(readNonAssessment({ ...base, orderNumber: '  ', taxAuthorities: ' FA Süd ', original: null })).toMatchObject(
      {
        orderNumber: null,
        taxAuthorities: 'FA Süd',
        original: false,
        endDate: '',
      },
    );
  });
});
