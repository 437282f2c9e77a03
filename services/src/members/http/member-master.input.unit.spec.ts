import { describe, expect, it } from '@jest/globals';
import type { MemberMasterData } from '@coop/contracts';
import { err, M, personMaster, TODAY } from '../../kernel/testing/member-events.js';
import { readAdmission, readMasterChange, type MemberMasterInput } from './member-master.input.js';

/** What a clerk types for a natural person: untrimmed text, IBAN with spaces, state in capitals. */
const personInput: MemberMasterInput = {
  memberType: 1,
  position: 0,
  salutation: 'Frau',
  postalSalutation: 'female',
  title: 'none',
  givenName: 'Anna',
  name: ' Berger ',
  birthName: 'Schulz',
  birthDate: '1980-04-12',
  legalForm: 0,
  civilStatus: 1,
  spouse: null,
  spouseGivenName: 'Bernd',
  spouseName: 'Berger',
  spouseBirthName: '',
  spouseBirthDate: '1979-01-02',
  spouseTitle: null,
  street: 'Lindenstraße',
  streetHomeNumber: '5a',
  zipCode: '14467',
  city: 'Potsdam',
  state: 'BB',
  country: null,
  isForeign: false,
  legalRepresentation: null,
  privateEmail: 'anna@example.org',
  privateTelephone: '0331 123456',
  bankname: 'Commerzbank',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  entryDate: '2025-06-01',
  approvalDate: '2025-06-05',
  interestBegin: '2025-07-01',
  manualTaxId: '86095742719',
  churchId: null,
  churchTaxRate: null,
  kiSt: null,
  kiStSatz: null,
};

const companyInput: MemberMasterInput = {
  ...personInput,
  legalForm: 1,
  memberType: 3,
  name: 'Stadtwerke Potsdam GmbH',
  givenName: null,
  birthName: null,
  birthDate: null,
  civilStatus: null,
  salutation: null,
  title: null,
  spouseGivenName: null,
  spouseName: null,
  spouseBirthDate: null,
  manualTaxId: null,
};


type Overrides = { [K in keyof MemberMasterData | 'shareAmount']?: unknown };

/** An admission body: a complete person with 3 shares, and `overrides`. */
const read = (overrides: Overrides = {}) => readAdmission({ ...personInput, shareAmount: 3, ...overrides }, TODAY);

const refusesInput = (overrides: Overrides, errors: ReturnType<typeof err>[]): void => {
  expect(read(overrides).errors).toEqual(errors);
};

/** Read without errors, as the stored master data: the person's with `stored` over it. */
const readsAs = (overrides: Overrides, stored: Partial<MemberMasterData> = {}): void => {
  expect(read(overrides)).toEqual({ value: { master: { ...personMaster, ...stored }, shareAmount: 3 }, errors: [] });
};

describe('readAdmission: master data of a new member (SPEC.md section 5 "Member")', () => {
  it('admits a legal entity without birth date, given name, civil status and salutation', () => {
    readsAs(companyInput, {
      legalForm: 1,
      memberType: 3,
      name: 'Stadtwerke Potsdam GmbH',
      givenName: null,
      birthName: null,
      birthDate: null,
      civilStatus: null,
      salutation: null,
      title: null,
      spouseGivenName: null,
      spouseName: null,
      spouseBirthDate: null,
      manualTaxId: null,
    });
  });

  describe('non-empty and required fields (mustNotBeEmpty)', () => {
    it.each<[keyof MemberMasterData, unknown]>([
      ['name', '  '],
      ['bankname', ''],
      ['bic', ''],
      ['iban', null],
      ['city', ''],
      ['street', undefined],
      ['streetHomeNumber', ''],
      ['postalSalutation', ''],
      ['entryDate', ''],
      ['legalForm', null],
      ['memberType', null],
      ['position', null],
      ['zipCode', ''],
    ])('%s = %j', (field, value) => {
      refusesInput({ [field]: value }, [err(field, 'mustNotBeEmpty')]);
    });

    it('requires birth date, given name, civil status and salutation of a natural person', () => {
      refusesInput({ birthDate: null, givenName: '', civilStatus: null, salutation: '' }, [
        err('birthDate', 'mustNotBeEmpty'),
        err('givenName', 'mustNotBeEmpty'),
        err('civilStatus', 'mustNotBeEmpty'),
        err('salutation', 'mustNotBeEmpty'),
      ]);
    });

    it('requires approval date and interest begin for a new member', () => {
      refusesInput({ approvalDate: '', interestBegin: null }, [err('approvalDate', 'mustNotBeEmpty'), err('interestBegin', 'mustNotBeEmpty')]);
    });

    it('reports every broken rule at once, one error per field', () => {
      refusesInput({ name: '', iban: 'DE00', bic: 'x' }, [err('name', 'mustNotBeEmpty'), err('iban', 'invalidIban'), err('bic', 'invalidBic')]);
    });
  });

  describe('enumerations within their ranges (invalidChoice)', () => {
    it.each<[keyof MemberMasterData, unknown]>([
      ['memberType', 2],
      ['memberType', 4],
      ['position', 4],
      ['position', -1],
      ['civilStatus', 4],
      ['legalForm', 2],
      ['postalSalutation', 'divers'],
      ['salutation', 'Divers'],
      ['title', 'Mag.'],
      ['spouseTitle', 'Dr.'],
      ['isForeign', 'ja'],
    ])('%s = %j', (field, value) => {
      refusesInput({ [field]: value }, [err(field, 'invalidChoice', String(value))]);
    });

    it('accepts numbers sent as digit strings and every value in range', () => {
      readsAs(
        { memberType: '3', position: '2', civilStatus: 3, postalSalutation: 'maleDr', salutation: 'Herr', title: 'Prof', spouseTitle: 'Dr' },
        { memberType: 3, position: 2, civilStatus: 3, postalSalutation: 'maleDr', salutation: 'Herr', title: 'Prof', spouseTitle: 'Dr' },
      );
    });
  });

  describe('bank data', () => {
    it('refuses an IBAN with a wrong check sum (invalidIban)', () => {
      refusesInput({ iban: 'DE89370400440532013001' }, [err('iban', 'invalidIban')]);
    });
    it('refuses a malformed BIC (invalidBic)', () => {
      refusesInput({ bic: 'COBADE' }, [err('bic', 'invalidBic')]);
    });
    it('stores IBAN and BIC compact and in capitals', () => {
      readsAs({ iban: ' de89 3704 0044 0532 0130 00 ', bic: 'cobadeff' }, { iban: 'DE89370400440532013000', bic: 'COBADEFF' });
    });
  });

  describe('manualTaxId (Steuer-IdNr: 11 digits, structure, check digit)', () => {
    it.each([
      ['86095742719', '86095742719'],
      ['86 095 742 719', '86095742719'],
      ['', null],
      [null, null],
    ])('accepts %j as %j', (value, stored) => {
      readsAs({ manualTaxId: value }, { manualTaxId: stored });
    });
    it.each(['36574261890', '36554266806', '02476291358', '8609574271', 'DE123456789'])('refuses %j with invalidTaxId', (value) => {
      refusesInput({ manualTaxId: value }, [err('manualTaxId', 'invalidTaxId')]);
    });
  });

  describe('address: state unless foreign, country of 2 letters when foreign', () => {
    it('requires the state of a member at home', () => refusesInput({ state: '' }, [err('state', 'mustNotBeEmpty')]));
    it('refuses a state that is none of the 16 codes', () => refusesInput({ state: 'xx' }, [err('state', 'invalidChoice', 'xx')]));
    it('clears the country of a member at home', () => {
      readsAs({ country: 'AT' });
    });
    it('takes the country of a foreign member in capitals and clears the state', () => {
      readsAs({ isForeign: true, country: 'at', state: 'bb' }, { isForeign: true, country: 'AT', state: null });
    });
    it('requires the country of a foreign member', () => {
      refusesInput({ isForeign: true, country: '' }, [err('country', 'mustNotBeEmpty')]);
    });
    it.each(['AUT', 'A', 'A1'])('refuses the country %j (not exactly 2 letters)', (country) => {
      refusesInput({ isForeign: true, country }, [err('country', 'invalidChoice', country)]);
    });
  });

  describe('legal representation of a natural person under 18', () => {
    it('requires it for a minor', () => {
      refusesInput({ birthDate: '2010-03-01', civilStatus: 0 }, [err('legalRepresentation', 'mustNotBeEmpty')]);
    });
    it('admits a minor with a legal representative', () => {
      const minor = { birthDate: '2010-03-01', civilStatus: 0 as const, legalRepresentation: 'Eltern: Anna und Bernd Berger' };
      readsAs(minor, minor);
    });
    it('does not require it on the 18th birthday', () => {
      readsAs({ birthDate: '2007-06-15' }, { birthDate: '2007-06-15' });
    });
    it('requires it the day before the 18th birthday', () => {
      refusesInput({ birthDate: '2007-06-16' }, [err('legalRepresentation', 'mustNotBeEmpty')]);
    });
    it('does not require it for a legal entity', () => {
      expect(read({ ...companyInput, birthDate: '2020-01-01' }).errors).toEqual([]);
    });
  });

  describe('dates, e-mail, spouse, church tax rates', () => {
    it.each<[keyof MemberMasterData, string]>([
      ['birthDate', '1980-02-30'],
      ['birthDate', '12.04.1980'],
      ['birthDate', '2030-01-01'],
      ['spouseBirthDate', '2026-01-01'],
      ['entryDate', '2025-6-1'],
      ['approvalDate', 'tomorrow'],
      ['interestBegin', '2025-13-01'],
    ])('refuses %s = %j with invalidDate', (field, value) => {
      refusesInput({ [field]: value }, [err(field, 'invalidDate', value)]);
    });
    it('refuses a malformed private e-mail (invalidEmail)', () => refusesInput({ privateEmail: 'anna@' }, [err('privateEmail', 'invalidEmail')]));
    it('keeps church tax rates as decimal strings with a dot', () => {
      readsAs({ churchId: 'ev', churchTaxRate: '9,5', kiStSatz: 8, kiSt: 'ev' }, { churchId: 'ev', churchTaxRate: '9.5', kiStSatz: '8', kiSt: 'ev' });
    });
    it('refuses a church tax rate that is no number', () => refusesInput({ churchTaxRate: 'neun' }, [err('churchTaxRate', 'invalidNumber')]));
  });

  describe('initial shares', () => {
    it('requires the share amount', () => refusesInput({ shareAmount: null }, [err('shareAmount', 'mustNotBeEmpty')]));
    it.each([0, -1, 1.5, 'drei'])('refuses %p with invalidNumber', (shareAmount) => {
      refusesInput({ shareAmount }, [err('shareAmount', 'invalidNumber')]);
    });
    it('takes digits sent as text', () => expect(read({ shareAmount: ' 4 ' }).value.shareAmount).toBe(4));
  });
});

describe('readMasterChange: master data of an admitted member', () => {
  const change = (overrides: Overrides) => readMasterChange({ ...personInput, ...overrides }, M, TODAY);

  it('reads the same record as an admission', () => expect(change({})).toEqual({ value: personMaster, errors: [] }));

  it('does not require approval date and interest begin once admitted', () => {
    expect(change({ approvalDate: null, interestBegin: '' })).toEqual({ value: { ...personMaster, approvalDate: null, interestBegin: null }, errors: [] });
  });

  it('applies the same rules as admission', () => {
    expect(change({ iban: 'DE89370400440532013001', manualTaxId: '36574261890', name: '' }).errors).toEqual([
      err('name', 'mustNotBeEmpty'),
      err('iban', 'invalidIban'),
      err('manualTaxId', 'invalidTaxId'),
    ]);
  });

  it('requires a legal representative when the corrected birth date shows a minor', () => {
    expect(change({ birthDate: '2012-01-01' }).errors).toEqual([err('legalRepresentation', 'mustNotBeEmpty')]);
  });

  it('refuses the member as its own spouse', () => expect(change({ spouse: M }).errors).toEqual([err('spouse', 'invalidChoice', M)]));

  it('switching to foreign clears the state; back home clears the country', () => {
    expect(change({ isForeign: true, country: 'AT' }).value).toMatchObject({ isForeign: true, state: null, country: 'AT' });
    expect(change({ isForeign: false, state: 'by', country: 'AT' }).value).toMatchObject({ isForeign: false, state: 'by', country: null });
  });
});
