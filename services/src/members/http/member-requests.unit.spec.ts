import { describe, expect, it } from '@jest/globals';
import {
  MemberAdmission,
  MemberMasterChange,
  ValidationError,
  type FieldError,
  type MemberMasterData,
} from '@coop/contracts';
import { businessToday } from '@coop/contracts';
import { err, personMaster } from '../../kernel/testing/member-events.js';
import { RequestValidationPipe } from '../../platform/http/validation.pipe.js';
import type { MemberMasterInput } from '../member-stream.decider.js';
import { masterOf } from './member-master.js';

/** The members' request classes (contracts) through the API's pipe, and the master data the deciders take of them. */
const pipe = new RequestValidationPipe();
type Read = { master: MemberMasterData; shareAmount: number; memberNr: number | null };

async function readBody(
  type: typeof MemberAdmission | typeof MemberMasterChange,
  body: object,
): Promise<{ value?: Read; errors: readonly FieldError[] }> {
  try {
    const value = (await pipe.transform(body, { type: 'body', metatype: type })) as MemberAdmission;
    return { value: { master: masterOf(value), shareAmount: value.shareAmount, memberNr: value.memberNr }, errors: [] };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.errors };
    throw error;
  }
}

/** The day `years` years before the business day (plus `days`). */
const TODAY = businessToday();
const yearsAgo = (years: number, days = 0): string => {
  const d = new Date(`${String(Number(TODAY.slice(0, 4)) - years).padStart(4, '0')}${TODAY.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

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

type Overrides = { [K in keyof MemberMasterData | 'shareAmount' | 'memberNr']?: unknown };

/** An admission body: a complete person with 3 shares, and `overrides`. */
const read = (overrides: Overrides = {}) => readBody(MemberAdmission, { ...personInput, shareAmount: 3, ...overrides });

const refusesInput = async (overrides: Overrides, errors: ReturnType<typeof err>[]): Promise<void> => {
  expect((await read(overrides)).errors).toEqual(errors);
};

/** Read without errors, as the stored master data: the person's with `stored` over it. */
const readsAs = async (overrides: Overrides, stored: Partial<MemberMasterData> = {}): Promise<void> => {
  expect(await read(overrides)).toEqual({
    value: { master: { ...personMaster, ...stored }, shareAmount: 3, memberNr: null },
    errors: [],
  });
};

describe('MemberAdmission: master data of a new member (SPEC.md section 5 "Member")', () => {
  it('admits a legal entity without birth date, given name, civil status and salutation', async () => {
    await readsAs(companyInput, {
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

  it('gives a legal entity without a postal salutation the firm\'s ("Sehr geehrte Damen und Herren")', async () => {
    const read = await readBody(MemberAdmission, {
      ...companyInput,
      postalSalutation: '',
      legalForm: '1',
      shareAmount: 3,
    });
    expect(read.errors).toEqual([]);
    expect(read.value?.master.postalSalutation).toBe('company');
  });

  it('requires the postal salutation of a natural person; takes company as a choice (the decider matches it to the legal form)', async () => {
    await refusesInput({ postalSalutation: '' }, [err('postalSalutation', 'mustNotBeEmpty')]);
    await readsAs({ postalSalutation: 'company' }, { postalSalutation: 'company' });
  });

  it('drops fields that are no master data', async () => {
    await readsAs({ id: 'x', cooperative: 'other', underage: true, exitDate: '2020-01-01' } as Overrides);
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
    ])('%s = %j', async (field, value) => {
      await refusesInput({ [field]: value }, [err(field, 'mustNotBeEmpty')]);
    });

    it('requires birth date, given name, civil status and salutation of a natural person', async () => {
      await refusesInput({ birthDate: null, givenName: '', civilStatus: null, salutation: '' }, [
        err('salutation', 'mustNotBeEmpty'),
        err('givenName', 'mustNotBeEmpty'),
        err('birthDate', 'mustNotBeEmpty'),
        err('civilStatus', 'mustNotBeEmpty'),
      ]);
    });

    it('requires them while the legal form is missing or wrong', async () => {
      expect((await read({ legalForm: 7, givenName: '' })).errors).toEqual([
        err('givenName', 'mustNotBeEmpty'),
        err('legalForm', 'invalidChoice', '7'),
      ]);
    });

    it("requires the approval date of a new member; an empty interest begin is left to the cooperative's rule", async () => {
      await refusesInput({ approvalDate: '', interestBegin: null }, [err('approvalDate', 'mustNotBeEmpty')]);
    });

    it('reports every broken rule at once, one error per field', async () => {
      await refusesInput({ name: '', iban: 'DE00', bic: 'x' }, [
        err('name', 'mustNotBeEmpty'),
        err('iban', 'invalidIban'),
        err('bic', 'invalidBic'),
      ]);
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
      ['name', true],
      ['city', { name: 'Potsdam' }],
    ])('%s = %j', async (field, value) => {
      await refusesInput({ [field]: value }, [err(field, 'invalidChoice', String(value))]);
    });

    it('accepts numbers sent as digit strings and every value in range', async () => {
      await readsAs(
        {
          memberType: '3',
          position: '2',
          civilStatus: 3,
          postalSalutation: 'maleDr',
          salutation: 'Herr',
          title: 'Prof',
          spouseTitle: 'Dr',
        },
        {
          memberType: 3,
          position: 2,
          civilStatus: 3,
          postalSalutation: 'maleDr',
          salutation: 'Herr',
          title: 'Prof',
          spouseTitle: 'Dr',
        },
      );
    });

    it('reads a zip code sent as a number as its digits, and isForeign sent as text', async () => {
      await readsAs({ zipCode: 14467, isForeign: 'false' }, { zipCode: '14467', isForeign: false });
    });
  });

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

describe('a field left out of the body (issue 43: "Darf nicht leer sein", not "Ungültige Auswahl")', () => {
  const without = (fields: readonly string[]): object =>
    Object.fromEntries(Object.entries(personInput).filter(([k]) => !fields.includes(k)));
  it('names a required text field left out as mustNotBeEmpty', async () => {
    const { errors } = await readBody(MemberAdmission, without(['name', 'street', 'iban', 'entryDate']));
    expect(
      errors
        .filter((e) => e.field !== 'shareAmount')
        .map((e) => [e.field, e.template])
        .sort(),
    ).toEqual([
      ['entryDate', 'mustNotBeEmpty'],
      ['iban', 'mustNotBeEmpty'],
      ['name', 'mustNotBeEmpty'],
      ['street', 'mustNotBeEmpty'],
    ]);
  });
  it('reads an optional field left out as empty, as an empty field of the form', async () => {
    const { errors } = await readBody(
      MemberMasterChange,
      without(['approvalDate', 'interestBegin', 'birthName', 'privateTelephone']),
    );
    expect(errors).toEqual([]);
  });
});

describe('MemberMasterChange: master data of an admitted member', () => {
  const change = async (overrides: Overrides) => {
    const { value, errors } = await readBody(MemberMasterChange, { ...personInput, ...overrides });
    return { value: value?.master, errors };
  };

  it('reads the same record as an admission', async () =>
    expect(await change({})).toEqual({ value: personMaster, errors: [] }));

  it('does not require approval date and interest begin once admitted', async () => {
    expect(await change({ approvalDate: null, interestBegin: '' })).toEqual({
      value: { ...personMaster, approvalDate: null, interestBegin: null },
      errors: [],
    });
  });

  it('drops share amount and member number (not changed here)', async () => {
    const body = await pipe.transform(
      { ...personInput, shareAmount: 9, memberNr: 5 },
      { type: 'body', metatype: MemberMasterChange },
    );
    expect(body).not.toHaveProperty('shareAmount');
    expect(body).not.toHaveProperty('memberNr');
  });

  it('applies the same rules as admission', async () => {
    expect((await change({ iban: 'DE89370400440532013001', manualTaxId: '36574261890', name: '' })).errors).toEqual([
      err('name', 'mustNotBeEmpty'),
      err('iban', 'invalidIban'),
      err('manualTaxId', 'invalidTaxId'),
    ]);
  });

  it('requires a legal representative when the corrected birth date shows a minor', async () => {
    expect((await change({ birthDate: yearsAgo(12) })).errors).toEqual([err('legalRepresentation', 'mustNotBeEmpty')]);
  });

  it('switching to foreign clears the state; back home clears the country', async () => {
    expect((await change({ isForeign: true, country: 'AT' })).value).toMatchObject({
      isForeign: true,
      state: null,
      country: 'AT',
    });
    expect((await change({ isForeign: false, state: 'by', country: 'AT' })).value).toMatchObject({
      isForeign: false,
      state: 'by',
      country: null,
    });
  });
});
