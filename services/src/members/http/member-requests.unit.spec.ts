import { describe, expect, it } from '@jest/globals';
import { MemberAdmission, MemberMasterChange, type MemberMasterData } from '@coop/contracts';
import { err, personMaster } from '../../kernel/testing/member-events.js';
import {
  companyInput,
  personInput,
  pipe,
  read,
  readBody,
  readsAs,
  refusesInput,
  yearsAgo,
  Overrides,
} from './testing/member-bodies.js';

// The rules of the single fields (bank data, tax ids, address, representation, dates, shares): member-request-fields.

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
