import { describe, expect, it } from '@jest/globals';
import { readBalance } from './balance-document.js';

/* The postings' typed reader (decision 257): the one rule of document-fields.ts, and the register's defaults. */
describe('readBalance', () => {
  it('reads text trimmed and blank as absent, counts and cents 0 when absent, a flag only when true', () => {
    const posting = readBalance({
      id: 'b-1',
      cooperativeId: 'c-1',
      position: '5',
      member: 'm-1',
      memberName: ' Muster, Anna ',
      transferPeer: '',
      annulated: 'yes',
      quantity: 2,
    });
    expect(posting).toMatchObject({
      member: 'm-1',
      memberName: 'Muster, Anna',
      memberNr: null,
      transferPeer: null,
      annulated: false,
      quantity: 2,
      amount: 0,
      rueckpfleinzahlung: 0,
      date: '',
      cdcUser: '',
    });
    expect(posting.versions).toEqual([]);
  });
});
