import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_DIVIDEND_SETTINGS,
  fieldError,
  ValidationError,
  type CooperativeFields,
  type FieldError,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { cooperativeFieldsOf, firstCooperativeOf, type CooperativeInput } from './commands/cooperative-input.js';
import { cooperativeDecider } from './domain/cooperative.decider.js';

/*
 * Decision 242: a cooperative's fields are read and checked by the API's request classes (CooperativeFields,
 * FirstCooperative) before the decider sees them, by whoever sends them (the API, the first start, the demo). These are
 * the shape checks that were the decider's (`normalise`, `cooperativeErrors`), moved here with the decider spec's cases.
 */
const COOP = 'coop-1';

const valid: CooperativeFields = {
  name: 'Bäckerei eG',
  fullName: 'Bäckereigenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  email: 'info@baeckerei.example.de',
  contactPerson: 'Erika Mustermann',
  url: 'https://baeckerei.example.de',
  taxId: '1121081508150',
  taxOffice: 'Finanzamt Berlin-Mitte/Tiergarten',
  bankname: 'Commerzbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  balanceCost: 10000,
  minimumShares: 1,
  noticePeriodMonths: 3,
  retentionYears: 10,
  sessionIdleMinutes: 30,
  liabilityPerShare: null,
  interestBeginRule: 'nextMonth',
  ...DEFAULT_DIVIDEND_SETTINGS,
};

const TEXT_FIELDS = [
  'name',
  'fullName',
  'address',
  'zip',
  'city',
  'email',
  'contactPerson',
  'url',
  'taxId',
  'bankname',
  'iban',
  'bic',
] as const;

const errorsOf = (read: () => unknown): readonly FieldError[] => {
  try {
    read();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('not refused');
};
/** Reading `fields` (merged over the valid ones) fails with exactly these errors. */
const refuses = (fields: CooperativeInput, errors: FieldError[]): void => {
  expect(errorsOf(() => cooperativeFieldsOf({ ...valid, ...fields }))).toEqual(errors);
};
/** Reading `fields` (merged over the valid ones) gives the valid record with `stored`. */
const accepts = (
  fields: CooperativeInput,
  stored: Partial<CooperativeFields> = fields as Partial<CooperativeFields>,
): void => {
  expect(cooperativeFieldsOf({ ...valid, ...fields })).toEqual({ ...valid, ...stored });
};

describe('a cooperative read at the edge (CooperativeFields)', () => {
  it('reads a valid record as it is, a plain object', () => {
    const read = cooperativeFieldsOf(valid);
    expect(read).toEqual(valid);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });

  it('keeps the tax office optional, trimmed, at most 70 characters (the certificates refuse while it is empty)', () => {
    accepts({ taxOffice: '' });
    accepts({ taxOffice: '  Finanzamt Rosenheim ' }, { taxOffice: 'Finanzamt Rosenheim' });
    accepts({ taxOffice: 'x'.repeat(70) });
    refuses({ taxOffice: 'x'.repeat(71) }, [fieldError('taxOffice', 'mustBeAtMost', '70')]);
  });

  it('trims every text field', () => {
    accepts(Object.fromEntries(TEXT_FIELDS.map((f) => [f, `  ${valid[f]}  `])), {});
  });

  it.each(TEXT_FIELDS)('refuses a blank %s with mustNotBeEmpty', (field) => {
    refuses({ [field]: '   ' }, [fieldError(field, 'mustNotBeEmpty')]);
  });

  it.each(TEXT_FIELDS)('refuses a missing %s with mustNotBeEmpty', (field) => {
    const { [field]: _omitted, ...rest } = valid;
    expect(errorsOf(() => cooperativeFieldsOf(rest))).toEqual([fieldError(field, 'mustNotBeEmpty')]);
  });

  it('reports every broken rule at once (an empty minimum holding reads as 1)', () => {
    expect(errorsOf(() => cooperativeFieldsOf({}))).toEqual([
      ...TEXT_FIELDS.map((f) => fieldError(f, 'mustNotBeEmpty')),
      fieldError('balanceCost', 'invalidNumber'),
    ]);
  });

  it('refuses over-long text and control characters, which the decider let through from the first start and the demo', () => {
    refuses({ name: 'x'.repeat(71) }, [fieldError('name', 'tooLong', '70')]);
    refuses({ city: 'Ber\u0000lin' }, [fieldError('city', 'controlCharacters')]);
    refuses({ contactPerson: '\u200b\u200b' }, [fieldError('contactPerson', 'mustNotBeEmpty')]);
  });

  describe('taxId (13-digit unified format)', () => {
    it.each(['1121081508150', '9181081508150', '2893081508150', '1021000108150'])('accepts %s', (taxId) =>
      accepts({ taxId }),
    );

    it('accepts the number with spaces and slashes and stores the digits only', () => {
      accepts({ taxId: '1121/0815/08150' }, { taxId: '1121081508150' });
      accepts({ taxId: '1121 0815 08150' }, { taxId: '1121081508150' });
    });

    it.each([
      ['invalid state prefix 19', '1921081508150'],
      ['invalid state prefix 00', '0021081508150'],
      ['fifth digit not 0', '1121181508150'],
      ['district 000', '1121000008150'],
      ['district 998', '1121099808150'],
      ['district 999', '1121099908150'],
      ['12 digits', '112108150815'],
      ['14 digits', '11210815081500'],
      ['a letter', '11210815O8150'],
    ])('refuses %s (%s) with invalidTaxNumber', (_label, taxId) =>
      refuses({ taxId }, [fieldError('taxId', 'invalidTaxNumber')]),
    );
  });

  describe('iban and bic', () => {
    it('store lower case with spaces upper case without spaces', () => {
      accepts({ iban: 'de89 3704 0044 0532 0130 00' }, { iban: 'DE89370400440532013000' });
      accepts({ iban: 'gb82 west 1234 5698 7654 32' }, { iban: 'GB82WEST12345698765432' });
      accepts({ bic: 'coba de ff xxx' }, { bic: 'COBADEFFXXX' });
      accepts({ bic: 'COBADEFF' });
    });

    it.each([
      ['a wrong checksum', 'DE89370400440532013001'],
      ['a digit short', 'DE8937040044053201300'],
      ['no country', '89370400440532013000'],
      ['an unknown country', 'XX89370400440532013000'],
    ])('refuses %s (%s) with invalidIban', (_label, iban) => refuses({ iban }, [fieldError('iban', 'invalidIban')]));

    it.each(['XYZ', 'COBADEFF1', 'COBA1EFFXXX'])('refuses %s with invalidBic', (bic) =>
      refuses({ bic }, [fieldError('bic', 'invalidBic')]),
    );
  });

  it.each(['info@example', 'info.example.de', 'in fo@example.de', '@example.de'])(
    'refuses the email %s with invalidEmail',
    (email) => {
      refuses({ email }, [fieldError('email', 'invalidEmail')]);
    },
  );

  it('accepts http(s) URLs and refuses others with invalidUrl', () => {
    for (const url of ['http://example.de', 'https://example.de/eg?x=1']) accepts({ url });
    for (const url of ['ftp://example.de', 'example.de', 'javascript:alert(1)', 'mailto:info@example.de'])
      refuses({ url }, [fieldError('url', 'invalidUrl')]);
  });

  it('balanceCost: positive integer cents; numeric text reads as its number, as the API always read it', () => {
    for (const balanceCost of [1, 2500, 1_000_000]) accepts({ balanceCost });
    accepts({ balanceCost: '100' }, { balanceCost: 100 });
    for (const balanceCost of [0, -100, 12.5, Number.NaN, Number.POSITIVE_INFINITY])
      refuses({ balanceCost }, [fieldError('balanceCost', 'invalidNumber')]);
  });

  it('minimumShares, noticePeriodMonths, retentionYears, sessionIdleMinutes, liabilityPerShare: their ranges', () => {
    for (const minimumShares of [1, 3, 100]) accepts({ minimumShares });
    refuses({ minimumShares: 0 }, [fieldError('minimumShares', 'mustBeAtLeast', '1')]);
    refuses({ minimumShares: 1.5 }, [fieldError('minimumShares', 'invalidNumber')]);
    for (const noticePeriodMonths of [3, 24, 60]) accepts({ noticePeriodMonths });
    refuses({ noticePeriodMonths: 2 }, [fieldError('noticePeriodMonths', 'mustBeAtLeast', '3')]);
    refuses({ noticePeriodMonths: 61 }, [fieldError('noticePeriodMonths', 'mustBeAtMost', '60')]);
    refuses({ noticePeriodMonths: 3.5 }, [fieldError('noticePeriodMonths', 'invalidNumber')]);
    for (const retentionYears of [10, 12, 30]) accepts({ retentionYears });
    refuses({ retentionYears: 9 }, [fieldError('retentionYears', 'mustBeAtLeast', '10')]);
    refuses({ retentionYears: 31 }, [fieldError('retentionYears', 'mustBeAtMost', '30')]);
    for (const sessionIdleMinutes of [1, 30, 720]) accepts({ sessionIdleMinutes });
    refuses({ sessionIdleMinutes: 0 }, [fieldError('sessionIdleMinutes', 'mustBeAtLeast', '1')]);
    refuses({ sessionIdleMinutes: 721 }, [fieldError('sessionIdleMinutes', 'mustBeAtMost', '720')]);
    refuses({ sessionIdleMinutes: 1.5 }, [fieldError('sessionIdleMinutes', 'invalidNumber')]);
    for (const liabilityPerShare of [1, 50_000, 100_000_000]) accepts({ liabilityPerShare });
    refuses({ liabilityPerShare: 0 }, [fieldError('liabilityPerShare', 'mustBeAtLeast', '1')]);
    refuses({ liabilityPerShare: 100_000_001 }, [fieldError('liabilityPerShare', 'mustBeAtMost', '100000000')]);
    refuses({ liabilityPerShare: 1.5 }, [fieldError('liabilityPerShare', 'invalidNumber')]);
  });

  it('reads empty settings as their defaults (an older client changes nothing)', () => {
    const {
      noticePeriodMonths: _n,
      retentionYears: _r,
      sessionIdleMinutes: _s,
      interestBeginRule: _i,
      liabilityPerShare: _l,
      ...older
    } = valid;
    expect(cooperativeFieldsOf(older)).toEqual(valid);
  });

  it('the interest begin rule and the dividend settings: one of their choices (DOMAIN.md 12a)', () => {
    refuses({ interestBeginRule: 'weekly' }, [fieldError('interestBeginRule', 'invalidChoice', 'weekly')]);
    refuses({ dayCount: 'act/360', taxRounding: 'up', allowTestTaxIds: 'yes' }, [
      fieldError('dayCount', 'invalidChoice', 'act/360'),
      fieldError('taxRounding', 'invalidChoice', 'up'),
      fieldError('allowTestTaxIds', 'invalidChoice'),
    ]);
    accepts({
      dividendMethod: 'yearEnd',
      dayCount: 'act/act',
      dividendRounding: 'halfUp',
      taxRounding: 'halfUp',
      raiseOldExemptionOrders: false,
    });
  });

  it('an update that differs only by normalisation (spaces, case) changes nothing', () => {
    const read = cooperativeFieldsOf({
      ...valid,
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      city: ' Berlin ',
      taxId: '1121/0815/08150',
    });
    deciderSpec(cooperativeDecider)
      .given([{ type: 'CooperativeRegistered', data: { ...valid, cooperativeId: COOP } }])
      .when({ type: 'UpdateCooperative', cooperativeId: COOP, fields: read })
      .then([]);
  });
});

describe('the first cooperative read at the edge (FirstCooperative)', () => {
  it('takes the name alone, trimmed, with a minimum holding of one share', () => {
    expect(firstCooperativeOf({ name: '  Bäckerei eG ' })).toEqual({ name: 'Bäckerei eG', minimumShares: 1 });
  });

  it('refuses an empty, over-long or control-character name, as the clerk’s form does', () => {
    expect(errorsOf(() => firstCooperativeOf({ name: ' ' }))).toEqual([fieldError('name', 'mustNotBeEmpty')]);
    expect(errorsOf(() => firstCooperativeOf({ name: 'x'.repeat(71) }))).toEqual([fieldError('name', 'tooLong', '70')]);
    expect(errorsOf(() => firstCooperativeOf({ name: 'Bäckerei\u0007 eG' }))).toEqual([
      fieldError('name', 'controlCharacters'),
    ]);
  });
});
