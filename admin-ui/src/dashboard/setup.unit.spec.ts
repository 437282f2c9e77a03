import { describe, expect, it } from '@jest/globals';
import { openSetupSteps } from './setup';

const done = {
  balanceCost: 25000,
  minimumShares: 1,
  bankname: 'Testbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  taxId: '1121081508150',
  taxOffice: 'Finanzamt Berlin',
};

describe('openSetupSteps', () => {
  it('a new cooperative has every step open, in the order a clerk sets them up', () => {
    const fresh = { balanceCost: 0, minimumShares: 0, bankname: '', iban: '', bic: '', taxId: '', taxOffice: '' };
    expect(openSetupSteps(fresh, [])).toEqual([
      'balanceCost',
      'minimumShares',
      'bankAccount',
      'taxId',
      'taxOffice',
      'elmaNumberFs',
      'elmaNumberKm',
    ]);
  });

  it('a step done disappears; the bank account needs name, IBAN and BIC; blanks are not set', () => {
    expect(openSetupSteps(done, [{ elmaProcess: 'fs' }, { elmaProcess: 'km' }])).toEqual([]);
    expect(openSetupSteps({ ...done, bic: '' }, [{ elmaProcess: 'km' }])).toEqual(['bankAccount', 'elmaNumberFs']);
    expect(openSetupSteps({ ...done, taxOffice: '   ' }, [{ elmaProcess: 'fs' }])).toEqual([
      'taxOffice',
      'elmaNumberKm',
    ]);
  });
});
