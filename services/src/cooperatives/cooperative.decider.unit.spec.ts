import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_DIVIDEND_SETTINGS,
  fieldError,
  NotFoundError,
  ValidationError,
  type CooperativeEvent,
  type CooperativeFields,
  type FieldError,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { cooperativeDecider, cooperativeErrors, type CooperativeCommand } from './domain/cooperative.decider.js';

const spec = deciderSpec(cooperativeDecider);
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
  interestBeginRule: 'nextMonth',
  ...DEFAULT_DIVIDEND_SETTINGS,
};

const TEXT_FIELDS = ['name', 'fullName', 'address', 'zip', 'city', 'email', 'contactPerson', 'url', 'taxId', 'bankname', 'iban', 'bic'] as const;

const register = (fields: Partial<CooperativeFields>, bootstrap = false): CooperativeCommand => ({
  type: 'RegisterCooperative',
  cooperativeId: COOP,
  fields,
  bootstrap,
});
const update = (fields: Partial<CooperativeFields>): CooperativeCommand => ({
  type: 'UpdateCooperative',
  cooperativeId: COOP,
  fields: { ...valid, ...fields },
});
const registered = (fields: Partial<CooperativeFields> & { name: string } = valid): CooperativeEvent => ({
  type: 'CooperativeRegistered',
  data: { ...fields, cooperativeId: COOP },
});

/** Registering `fields` (merged over the valid ones) fails with exactly these errors. */
const refusesRegistration = (fields: Partial<CooperativeFields>, errors: FieldError[]): void => {
  spec
    .given([])
    .when(register({ ...valid, ...fields }))
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};
/** Registering `fields` (merged over the valid ones) succeeds and stores `stored`. */
const acceptsRegistration = (fields: Partial<CooperativeFields>, stored: Partial<CooperativeFields> = fields): void => {
  spec
    .given([])
    .when(register({ ...valid, ...fields }))
    .then([{ type: 'CooperativeRegistered', data: { ...valid, ...stored, cooperativeId: COOP } }]);
};

describe('cooperative decider: RegisterCooperative', () => {
  it('keeps the tax office optional, trimmed, at most 70 characters (the certificates refuse while it is empty)', () => {
    acceptsRegistration({ taxOffice: '' });
    acceptsRegistration({ taxOffice: '  Finanzamt Rosenheim ' }, { taxOffice: 'Finanzamt Rosenheim' });
    acceptsRegistration({ taxOffice: 'x'.repeat(70) });
    refusesRegistration({ taxOffice: 'x'.repeat(71) }, [fieldError('taxOffice', 'mustBeAtMost', '70')]);
  });

  it('registers a cooperative with every field', () => {
    spec
      .given([])
      .when(register(valid))
      .then([{ type: 'CooperativeRegistered', data: { ...valid, cooperativeId: COOP } }]);
  });

  it('trims every text field', () => {
    const padded = Object.fromEntries(TEXT_FIELDS.map((f) => [f, `  ${valid[f]}  `])) as Partial<CooperativeFields>;
    acceptsRegistration(padded, {});
  });

  it.each(TEXT_FIELDS)('refuses a blank %s with mustNotBeEmpty', (field) => {
    refusesRegistration({ [field]: '   ' }, [fieldError(field, 'mustNotBeEmpty')]);
  });

  it.each(TEXT_FIELDS)('refuses a missing %s with mustNotBeEmpty', (field) => {
    const { [field]: _omitted, ...rest } = valid;
    spec
      .given([])
      .when(register(rest))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError(field, 'mustNotBeEmpty')]));
  });

  it('reports every broken rule at once', () => {
    spec
      .given([])
      .when(register({}))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          ...TEXT_FIELDS.map((f) => fieldError(f, 'mustNotBeEmpty')),
          fieldError('balanceCost', 'invalidNumber'),
          fieldError('minimumShares', 'invalidNumber'),
        ]),
      );
  });

  it('refuses to register the same cooperative twice', () => {
    spec
      .given([registered()])
      .when(register(valid))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError(null, 'invalidChoice', COOP)]));
  });

  describe('taxId (13-digit unified format)', () => {
    it.each(['1121081508150', '9181081508150', '2893081508150', '1021000108150'])('accepts %s', (taxId) => {
      acceptsRegistration({ taxId });
    });

    it('accepts the number with spaces and slashes and stores the digits only', () => {
      acceptsRegistration({ taxId: '1121/0815/08150' }, { taxId: '1121081508150' });
      acceptsRegistration({ taxId: '1121 0815 08150' }, { taxId: '1121081508150' });
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
    ])('refuses %s (%s) with invalidTaxNumber', (_label, taxId) => {
      refusesRegistration({ taxId }, [fieldError('taxId', 'invalidTaxNumber')]);
    });
  });

  describe('iban', () => {
    it('accepts a valid IBAN', () => acceptsRegistration({ iban: 'DE89370400440532013000' }));

    it('accepts lower case with spaces and stores it upper case without spaces', () => {
      acceptsRegistration({ iban: 'de89 3704 0044 0532 0130 00' }, { iban: 'DE89370400440532013000' });
    });

    it.each([
      ['a wrong checksum', 'DE89370400440532013001'],
      ['a digit short', 'DE8937040044053201300'],
      ['no country', '89370400440532013000'],
      ['an unknown country', 'XX89370400440532013000'],
    ])('refuses %s (%s) with invalidIban', (_label, iban) => {
      refusesRegistration({ iban }, [fieldError('iban', 'invalidIban')]);
    });
  });

  describe('bic', () => {
    it.each(['COBADEFFXXX', 'COBADEFF'])('accepts %s', (bic) => acceptsRegistration({ bic }));

    it('stores a lower-case BIC with spaces upper case without spaces', () => {
      acceptsRegistration({ bic: 'coba de ff xxx' }, { bic: 'COBADEFFXXX' });
    });

    it.each(['XYZ', 'COBADEFF1', 'COBA1EFFXXX'])('refuses %s with invalidBic', (bic) => {
      refusesRegistration({ bic }, [fieldError('bic', 'invalidBic')]);
    });
  });

  describe('email', () => {
    it.each(['info@example', 'info.example.de', 'in fo@example.de', '@example.de'])('refuses %s with invalidEmail', (email) => {
      refusesRegistration({ email }, [fieldError('email', 'invalidEmail')]);
    });
  });

  describe('url', () => {
    it.each(['http://example.de', 'https://example.de/eg?x=1'])('accepts %s', (url) => acceptsRegistration({ url }));

    it.each(['ftp://example.de', 'example.de', 'javascript:alert(1)', 'mailto:info@example.de'])(
      'refuses %s with invalidUrl',
      (url) => refusesRegistration({ url }, [fieldError('url', 'invalidUrl')]),
    );
  });

  describe('balanceCost (positive integer cents)', () => {
    it.each([1, 2500, 1_000_000])('accepts %d', (balanceCost) => acceptsRegistration({ balanceCost }));

    it.each([0, -100, 12.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d with invalidNumber', (balanceCost) => {
      refusesRegistration({ balanceCost }, [fieldError('balanceCost', 'invalidNumber')]);
    });

    it('refuses a numeric string', () => {
      refusesRegistration({ balanceCost: '100' as unknown as number }, [fieldError('balanceCost', 'invalidNumber')]);
    });
  });

  describe('minimumShares (integer >= 1)', () => {
    it.each([1, 3, 100])('accepts %d', (minimumShares) => acceptsRegistration({ minimumShares }));

    it.each([0, -1])('refuses %d with mustBeAtLeast 1', (minimumShares) => {
      refusesRegistration({ minimumShares }, [fieldError('minimumShares', 'mustBeAtLeast', '1')]);
    });

    it('refuses a fraction with invalidNumber', () => {
      refusesRegistration({ minimumShares: 1.5 }, [fieldError('minimumShares', 'invalidNumber')]);
    });
  });

  describe('retentionYears (issue 27: the period of the clean-up, 10 to 30 years)', () => {
    it.each([10, 12, 30])('accepts %d', (retentionYears) => acceptsRegistration({ retentionYears }));

    it('refuses less than ten years with mustBeAtLeast 10', () => {
      refusesRegistration({ retentionYears: 9 }, [fieldError('retentionYears', 'mustBeAtLeast', '10')]);
    });

    it('refuses more than thirty years with mustBeAtMost 30', () => {
      refusesRegistration({ retentionYears: 31 }, [fieldError('retentionYears', 'mustBeAtMost', '30')]);
    });
  });

  describe('sessionIdleMinutes (issue 38: an idle user is signed out after 1 to 720 minutes)', () => {
    it.each([1, 30, 720])('accepts %d', (sessionIdleMinutes) => acceptsRegistration({ sessionIdleMinutes }));

    it('refuses 0 and more than 720 minutes, and a fraction', () => {
      refusesRegistration({ sessionIdleMinutes: 0 }, [fieldError('sessionIdleMinutes', 'mustBeAtLeast', '1')]);
      refusesRegistration({ sessionIdleMinutes: 721 }, [fieldError('sessionIdleMinutes', 'mustBeAtMost', '720')]);
      refusesRegistration({ sessionIdleMinutes: 1.5 }, [fieldError('sessionIdleMinutes', 'invalidNumber')]);
    });
  });

  describe('liabilityPerShare (issue 45: the statutes\' liability per share in cents, or none)', () => {
    it.each([1, 50_000, 100_000_000])('accepts %d', (liabilityPerShare) => acceptsRegistration({ liabilityPerShare }));

    it('refuses 0, more than the share price limit, and a fraction', () => {
      refusesRegistration({ liabilityPerShare: 0 }, [fieldError('liabilityPerShare', 'mustBeAtLeast', '1')]);
      refusesRegistration({ liabilityPerShare: 100_000_001 }, [fieldError('liabilityPerShare', 'mustBeAtMost', '100000000')]);
      refusesRegistration({ liabilityPerShare: 1.5 }, [fieldError('liabilityPerShare', 'invalidNumber')]);
    });

    it('records no change when a cooperative recorded before the setting saves none (null)', () => {
      spec.given([registered()]).when(update({ liabilityPerShare: null })).then([]);
      spec.given([registered()]).when(update({ liabilityPerShare: 50_000 })).then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { liabilityPerShare: 50_000 } } }]);
    });
  });

  describe('noticePeriodMonths (§ 65 (2) GenG: 3 to 60 months)', () => {
    it.each([3, 24, 60])('accepts %d', (noticePeriodMonths) => acceptsRegistration({ noticePeriodMonths }));

    it('refuses less than three months with mustBeAtLeast 3', () => {
      refusesRegistration({ noticePeriodMonths: 2 }, [fieldError('noticePeriodMonths', 'mustBeAtLeast', '3')]);
    });

    it('refuses more than five years with mustBeAtMost 60', () => {
      refusesRegistration({ noticePeriodMonths: 61 }, [fieldError('noticePeriodMonths', 'mustBeAtMost', '60')]);
    });

    it('refuses a fraction with invalidNumber', () => {
      refusesRegistration({ noticePeriodMonths: 3.5 }, [fieldError('noticePeriodMonths', 'invalidNumber')]);
    });

    it('defaults to 3 months, so a client that does not send it changes nothing', () => {
      spec.given([registered()]).when(update({ noticePeriodMonths: 3 })).then([]);
      spec
        .given([registered()])
        .when(update({ noticePeriodMonths: 24 }))
        .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { noticePeriodMonths: 24 } } }]);
    });
  });

  describe('bootstrap (first start)', () => {
    it('registers by name only', () => {
      spec
        .given([])
        .when(register({ name: '  Bäckerei eG ' }, true))
        .then([{ type: 'CooperativeRegistered', data: { name: 'Bäckerei eG', cooperativeId: COOP } }]);
    });

    it('still requires the name', () => {
      spec
        .given([])
        .when(register({ name: ' ' }, true))
        .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('name', 'mustNotBeEmpty')]));
    });

    it('defaults minimumShares to 1 and noticePeriodMonths to 3, so completing the record later does not report them as changed', () => {
      const { name: _name, minimumShares: _ms, noticePeriodMonths: _np, ...rest } = valid;
      spec
        .given([registered({ name: valid.name })])
        .when(update({}))
        .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: rest } }]);
    });
  });
});

describe('cooperative decider: UpdateCooperative', () => {
  it('emits only the changed fields', () => {
    spec
      .given([registered()])
      .when(update({ city: 'Potsdam', balanceCost: 5000 }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { city: 'Potsdam', balanceCost: 5000 } } }]);
  });

  it('emits nothing when nothing changed', () => {
    spec.given([registered()]).when(update({})).then([]);
  });

  it('records a changed interest-begin rule, and refuses one it does not know', () => {
    spec
      .given([registered()])
      .when(update({ interestBeginRule: 'nextQuarter' }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { interestBeginRule: 'nextQuarter' } } }]);
    spec
      .given([registered()])
      .when(update({ interestBeginRule: 'weekly' as never }))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([{ field: 'interestBeginRule', template: 'invalidChoice', parameters: { 0: 'weekly' } }]));
  });

  it('emits nothing when the values differ only by normalisation (spaces, case)', () => {
    spec
      .given([registered()])
      .when(update({ iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', city: ' Berlin ', taxId: '1121/0815/08150' }))
      .then([]);
  });

  it('compares against the state after earlier updates', () => {
    spec
      .given([registered(), { type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { city: 'Potsdam' } } }])
      .when(update({ city: 'Potsdam', zip: '14467' }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { zip: '14467' } } }]);
  });

  it('stores a changed IBAN normalised', () => {
    spec
      .given([registered()])
      .when(update({ iban: 'gb82 west 1234 5698 7654 32' }))
      .then([{ type: 'CooperativeUpdated', data: { cooperativeId: COOP, changes: { iban: 'GB82WEST12345698765432' } } }]);
  });

  it('validates like the registration', () => {
    spec
      .given([registered()])
      .when(update({ iban: 'DE89370400440532013001', email: '', minimumShares: 0 }))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([
          fieldError('email', 'mustNotBeEmpty'),
          fieldError('iban', 'invalidIban'),
          fieldError('minimumShares', 'mustBeAtLeast', '1'),
        ]),
      );
  });

  it('answers an unknown cooperative as NotFoundError', () => {
    spec
      .given([])
      .when(update({}))
      .thenThrows(NotFoundError, (e) => {
        expect(e.entity).toBe('Cooperative');
        expect(e.id).toBe(COOP);
      });
  });
});

describe('cooperativeErrors', () => {
  it('finds no error in a valid record', () => {
    expect(cooperativeErrors(valid)).toEqual([]);
  });
});

describe('the dividend settings', () => {
  it('refuses a setting outside its choices, naming the value', () => {
    const errors = cooperativeErrors({ ...valid, dayCount: 'act/360' as never, taxRounding: 'up' as never, allowTestTaxIds: 'yes' as never });
    expect(errors).toEqual(
      expect.arrayContaining([fieldError('dayCount', 'invalidChoice', 'act/360'), fieldError('taxRounding', 'invalidChoice', 'up'), fieldError('allowTestTaxIds', 'invalidChoice', 'yes')]),
    );
  });
  it('takes each choice of DOMAIN.md 12a', () => {
    expect(cooperativeErrors({ ...valid, dividendMethod: 'yearEnd', dayCount: 'act/act', dividendRounding: 'halfUp', taxRounding: 'halfUp', raiseOldExemptionOrders: false })).toEqual([]);
  });
});
