import { describe, expect, it } from '@jest/globals';
import type { MemberMasterData } from '@coop/contracts';
import { err } from '../../kernel/testing/member-events.js';
import { companyInput, read, readsAs, refusesInput, TODAY, yearsAgo } from './testing/member-bodies.js';

// MemberAdmission's rules field by field; the record as a whole and MemberMasterChange: member-requests.unit.spec.ts.
describe('MemberAdmission: master data of a new member (SPEC.md section 5 "Member")', () => {
  describe('bank data', () => {
    it('refuses an IBAN with a wrong check sum (invalidIban)', async () => {
      await refusesInput({ iban: 'DE89370400440532013001' }, [err('iban', 'invalidIban')]);
    });
    it('refuses a malformed BIC (invalidBic)', async () => {
      await refusesInput({ bic: 'COBADE' }, [err('bic', 'invalidBic')]);
    });
    it('stores IBAN and BIC compact and in capitals', async () => {
      await readsAs(
        { iban: ' de89 3704 0044 0532 0130 00 ', bic: 'cobadeff' },
        { iban: 'DE89370400440532013000', bic: 'COBADEFF' },
      );
    });
  });

  describe('manualTaxId (Steuer-IdNr: 11 digits, structure, check digit)', () => {
    it.each([
      ['86095742719', '86095742719'],
      ['86 095 742 719', '86095742719'],
      ['', null],
      [null, null],
    ])('accepts %j as %j', async (value, stored) => {
      await readsAs({ manualTaxId: value }, { manualTaxId: stored });
    });
    it.each(['36574261890', '36554266806', '02476291358', '8609574271', 'DE123456789'])(
      'refuses %j with invalidTaxId',
      async (value) => {
        await refusesInput({ manualTaxId: value }, [err('manualTaxId', 'invalidTaxId')]);
      },
    );
  });

  describe("spouseTaxId (the spouse's Steuer-IdNr, as manualTaxId)", () => {
    it.each([
      ['47036892816', '47036892816'],
      [' 47 036 892 816 ', '47036892816'],
      ['', null],
    ])('accepts %j as %j', async (value, stored) => {
      await readsAs({ spouseTaxId: value }, { spouseTaxId: stored });
    });
    it.each(['47036892817', '4703689281', 'abc'])('refuses %j with invalidTaxId', async (value) => {
      await refusesInput({ spouseTaxId: value }, [err('spouseTaxId', 'invalidTaxId')]);
    });
  });

  describe('address: state unless foreign, country of 2 letters when foreign', () => {
    it('requires the state of a member at home', () => refusesInput({ state: '' }, [err('state', 'mustNotBeEmpty')]));
    it('refuses a state that is none of the 16 codes', () =>
      refusesInput({ state: 'xx' }, [err('state', 'invalidChoice', 'xx')]));
    it('clears the country of a member at home', () => readsAs({ country: 'AT' }));
    it('takes the country of a foreign member in capitals and clears the state', async () => {
      await readsAs({ isForeign: true, country: 'at', state: 'bb' }, { isForeign: true, country: 'AT', state: null });
      await readsAs({ isForeign: 'true', country: 'at', state: 'xx' }, { isForeign: true, country: 'AT', state: null });
    });
    it('requires the country of a foreign member', () =>
      refusesInput({ isForeign: true, country: '' }, [err('country', 'mustNotBeEmpty')]));
    it.each(['AUT', 'A', 'A1'])('refuses the country %j (not exactly 2 letters)', (country) => {
      return refusesInput({ isForeign: true, country }, [err('country', 'invalidChoice', country)]);
    });
  });

  describe('legal representation of a natural person under 18 (on the business day)', () => {
    it('requires it for a minor', () =>
      refusesInput({ birthDate: yearsAgo(10), civilStatus: 0 }, [err('legalRepresentation', 'mustNotBeEmpty')]));
    it('admits a minor with a legal representative', async () => {
      const minor = {
        birthDate: yearsAgo(10),
        civilStatus: 0 as const,
        legalRepresentation: 'Eltern: Anna und Bernd Berger',
      };
      await readsAs(minor, minor);
    });
    it('does not require it on the 18th birthday', () =>
      readsAs({ birthDate: yearsAgo(18) }, { birthDate: yearsAgo(18) }));
    it('requires it the day before the 18th birthday', () =>
      refusesInput({ birthDate: yearsAgo(18, 1) }, [err('legalRepresentation', 'mustNotBeEmpty')]));
    it('does not require it for a legal entity', async () =>
      expect((await read({ ...companyInput, birthDate: yearsAgo(5) })).errors).toEqual([]));
    it('does not require it for a birth date that is refused', () =>
      refusesInput({ birthDate: '2999-01-01' }, [err('birthDate', 'invalidDate', '2999-01-01')]));
  });

  describe('dates, e-mail, spouse, church tax rates', () => {
    it.each<[keyof MemberMasterData, string]>([
      ['birthDate', '1980-02-30'],
      ['birthDate', '12.04.1980'],
      ['birthDate', yearsAgo(-1)],
      ['spouseBirthDate', yearsAgo(0, 1)],
      ['entryDate', '2025-6-1'],
      ['approvalDate', 'tomorrow'],
      ['interestBegin', '2025-13-01'],
    ])('refuses %s = %j with invalidDate', (field, value) =>
      refusesInput({ [field]: value }, [err(field, 'invalidDate', value)]),
    );
    it('accepts a birth date of today', () => readsAs({ spouseBirthDate: TODAY }, { spouseBirthDate: TODAY }));
    it('refuses a malformed private e-mail (invalidEmail)', () =>
      refusesInput({ privateEmail: 'anna@' }, [err('privateEmail', 'invalidEmail')]));
    it('keeps church tax rates as decimal strings with a dot', () => {
      return readsAs(
        { churchId: 'ev', churchTaxRate: '9,5', kiStSatz: 8, kiSt: 'ev' },
        { churchId: 'ev', churchTaxRate: '9.5', kiStSatz: '8', kiSt: 'ev' },
      );
    });
    it('refuses a church tax rate that is no number', () =>
      refusesInput({ churchTaxRate: 'neun' }, [err('churchTaxRate', 'invalidNumber')]));
  });

  describe('initial shares and the member number', () => {
    it('requires the share amount', () => refusesInput({ shareAmount: null }, [err('shareAmount', 'mustNotBeEmpty')]));
    it.each([0, -1, 1.5, 'drei'])('refuses %p with invalidNumber', (shareAmount) =>
      refusesInput({ shareAmount }, [err('shareAmount', 'invalidNumber')]),
    );
    it('takes digits sent as text', async () =>
      expect((await read({ shareAmount: ' 4 ' })).value?.shareAmount).toBe(4));
    it.each([undefined, null, '', '  '])(
      'reads the member number %p as none given (assigned in sequence)',
      async (memberNr) => {
        expect((await read({ memberNr })).value?.memberNr).toBeNull();
      },
    );
    it.each([
      [42, 42],
      ['42', 42],
      [' 007 ', 7],
    ])('reads the member number %p as %i', async (memberNr, nr) =>
      expect((await read({ memberNr })).value?.memberNr).toBe(nr),
    );
    it.each([0, -1, 1.5, 'abc', '12a', '-4', true, {}])(
      'refuses the member number %p with invalidNumber',
      (memberNr) => {
        return refusesInput({ memberNr }, [err('memberNr', 'invalidNumber')]);
      },
    );
  });
});
