import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ValidationError, type FieldError, type MemberEvent, type MemberMasterData } from '@coop/contracts';
import { admitted, COOP, err, exited, M, member, OTHER_COOP, personMaster, posted, subscribed, terms, TODAY } from '../kernel/testing/member-events.js';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { memberMasterDecider, type AdmitMember, type MasterDataCommand } from './domain/member-master.decider.js';
import type { MemberMasterInput } from './domain/member-master.input.js';

const spec = deciderSpec(memberMasterDecider);

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

type Overrides = { [K in keyof MemberMasterData]?: unknown };

const admit = (master: Overrides = {}, fields: Partial<AdmitMember> = {}): MasterDataCommand => ({
  type: 'AdmitMember',
  memberId: M,
  cooperativeId: COOP,
  memberNr: 1,
  master: { ...personInput, ...master },
  shareAmount: 3,
  balanceId: 'b0',
  terms,
  today: TODAY,
  ...fields,
});

const change = (master: Overrides = {}, cooperativeId = COOP): MasterDataCommand => ({
  type: 'ChangeMemberData',
  memberId: M,
  cooperativeId,
  master: { ...personInput, ...master },
  today: TODAY,
});

const refuses = (given: readonly MemberEvent[], command: MasterDataCommand, errors: FieldError[]): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

describe('member decider: AdmitMember', () => {
  it('admits the member and records the initial subscription: 3 shares × 25,000 cents = 75,000 cents', () => {
    spec.given([]).when(admit()).then([admitted(), subscribed(3)]);
  });

  it('dates the subscription on the entry date with the member\'s approval date and interest begin', () => {
    spec
      .given([])
      .when(admit({ entryDate: '2024-12-01', approvalDate: '2024-11-20', interestBegin: '2025-01-01' }, { shareAmount: 1 }))
      .then([
        admitted({ entryDate: '2024-12-01', approvalDate: '2024-11-20', interestBegin: '2025-01-01' }),
        {
          type: 'SharesPosted',
          data: { memberId: M, balanceId: 'b0', type: 0, quantity: 1, amount: 25_000, shareCost: 25_000, date: '2024-12-01', approvalDate: '2024-11-20', interestBegin: '2025-01-01' },
        },
      ]);
  });

  it('admits a legal entity without birth date, given name, civil status and salutation', () => {
    const { memberId: _m, cooperativeId: _c, memberNr: _n, ...master } = (admitted() as Extract<MemberEvent, { type: 'MemberAdmitted' }>).data;
    spec
      .given([])
      .when(admit(companyInput))
      .then([
        admitted({
          ...master,
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
        }),
        subscribed(3),
      ]);
  });

  it('refuses a stream that already holds a member', () => {
    refuses(member, admit(), [err(null, 'invalidChoice', M)]);
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
      refuses([], admit({ [field]: value }), [err(field, 'mustNotBeEmpty')]);
    });

    it('requires birth date, given name, civil status and salutation of a natural person', () => {
      refuses([], admit({ birthDate: null, givenName: '', civilStatus: null, salutation: '' }), [
        err('birthDate', 'mustNotBeEmpty'),
        err('givenName', 'mustNotBeEmpty'),
        err('civilStatus', 'mustNotBeEmpty'),
        err('salutation', 'mustNotBeEmpty'),
      ]);
    });

    it('requires approval date and interest begin for a new member', () => {
      refuses([], admit({ approvalDate: '', interestBegin: null }), [err('approvalDate', 'mustNotBeEmpty'), err('interestBegin', 'mustNotBeEmpty')]);
    });

    it('reports every broken rule at once, one error per field', () => {
      refuses([], admit({ name: '', iban: 'DE00', bic: 'x' }), [err('name', 'mustNotBeEmpty'), err('iban', 'invalidIban'), err('bic', 'invalidBic')]);
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
      refuses([], admit({ [field]: value }), [err(field, 'invalidChoice', String(value))]);
    });

    it('accepts numbers sent as digit strings and every value in range', () => {
      spec
        .given([])
        .when(admit({ memberType: '3', position: '2', civilStatus: 3, postalSalutation: 'maleDr', salutation: 'Herr', title: 'Prof', spouseTitle: 'Dr' }))
        .then([
          admitted({ memberType: 3, position: 2, civilStatus: 3, postalSalutation: 'maleDr', salutation: 'Herr', title: 'Prof', spouseTitle: 'Dr' }),
          subscribed(3),
        ]);
    });
  });

  describe('bank data', () => {
    it('refuses an IBAN with a wrong check sum (invalidIban)', () => {
      refuses([], admit({ iban: 'DE89370400440532013001' }), [err('iban', 'invalidIban')]);
    });
    it('refuses a malformed BIC (invalidBic)', () => {
      refuses([], admit({ bic: 'COBADE' }), [err('bic', 'invalidBic')]);
    });
    it('stores IBAN and BIC compact and in capitals', () => {
      spec
        .given([])
        .when(admit({ iban: ' de89 3704 0044 0532 0130 00 ', bic: 'cobadeff' }))
        .then([admitted({ iban: 'DE89370400440532013000', bic: 'COBADEFF' }), subscribed(3)]);
    });
  });

  describe('manualTaxId (Steuer-IdNr: 11 digits, structure, check digit)', () => {
    it.each([
      ['86095742719', '86095742719'],
      ['86 095 742 719', '86095742719'],
      ['', null],
      [null, null],
    ])('accepts %j as %j', (value, stored) => {
      spec.given([]).when(admit({ manualTaxId: value })).then([admitted({ manualTaxId: stored }), subscribed(3)]);
    });
    it.each(['36574261890', '36554266806', '02476291358', '8609574271', 'DE123456789'])('refuses %j with invalidTaxId', (value) => {
      refuses([], admit({ manualTaxId: value }), [err('manualTaxId', 'invalidTaxId')]);
    });
  });

  describe('address: state unless foreign, country of 2 letters when foreign', () => {
    it('requires the state of a member at home', () => refuses([], admit({ state: '' }), [err('state', 'mustNotBeEmpty')]));
    it('refuses a state that is none of the 16 codes', () => refuses([], admit({ state: 'xx' }), [err('state', 'invalidChoice', 'xx')]));
    it('clears the country of a member at home', () => {
      spec.given([]).when(admit({ country: 'AT' })).then([admitted(), subscribed(3)]);
    });
    it('takes the country of a foreign member in capitals and clears the state', () => {
      spec
        .given([])
        .when(admit({ isForeign: true, country: 'at', state: 'bb' }))
        .then([admitted({ isForeign: true, country: 'AT', state: null }), subscribed(3)]);
    });
    it('requires the country of a foreign member', () => {
      refuses([], admit({ isForeign: true, country: '' }), [err('country', 'mustNotBeEmpty')]);
    });
    it.each(['AUT', 'A', 'A1'])('refuses the country %j (not exactly 2 letters)', (country) => {
      refuses([], admit({ isForeign: true, country }), [err('country', 'invalidChoice', country)]);
    });
  });

  describe('legal representation of a natural person under 18', () => {
    it('requires it for a minor', () => {
      refuses([], admit({ birthDate: '2010-03-01', civilStatus: 0 }), [err('legalRepresentation', 'mustNotBeEmpty')]);
    });
    it('admits a minor with a legal representative', () => {
      spec
        .given([])
        .when(admit({ birthDate: '2010-03-01', civilStatus: 0, legalRepresentation: 'Eltern: Anna und Bernd Berger' }))
        .then([admitted({ birthDate: '2010-03-01', civilStatus: 0, legalRepresentation: 'Eltern: Anna und Bernd Berger' }), subscribed(3)]);
    });
    it('does not require it on the 18th birthday', () => {
      spec.given([]).when(admit({ birthDate: '2007-06-15' })).then([admitted({ birthDate: '2007-06-15' }), subscribed(3)]);
    });
    it('requires it the day before the 18th birthday', () => {
      refuses([], admit({ birthDate: '2007-06-16' }), [err('legalRepresentation', 'mustNotBeEmpty')]);
    });
    it('does not require it for a legal entity', () => {
      const events = memberMasterDecider.decide(admit({ ...companyInput, birthDate: '2020-01-01' }), memberMasterDecider.initialState());
      expect(events.map((e) => e.type)).toEqual(['MemberAdmitted', 'SharesPosted']);
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
      refuses([], admit({ [field]: value }), [err(field, 'invalidDate', value)]);
    });
    it('refuses a malformed private e-mail (invalidEmail)', () => refuses([], admit({ privateEmail: 'anna@' }), [err('privateEmail', 'invalidEmail')]));
    it('refuses the member as its own spouse', () => refuses([], admit({ spouse: M }), [err('spouse', 'invalidChoice', M)]));
    it('keeps church tax rates as decimal strings with a dot', () => {
      spec
        .given([])
        .when(admit({ churchId: 'ev', churchTaxRate: '9,5', kiStSatz: 8, kiSt: 'ev' }))
        .then([admitted({ churchId: 'ev', churchTaxRate: '9.5', kiStSatz: '8', kiSt: 'ev' }), subscribed(3)]);
    });
    it('refuses a church tax rate that is no number', () => refuses([], admit({ churchTaxRate: 'neun' }), [err('churchTaxRate', 'invalidNumber')]));
  });

  describe('initial shares', () => {
    it('requires the share amount', () => refuses([], admit({}, { shareAmount: null }), [err('shareAmount', 'mustNotBeEmpty')]));
    it.each([0, -1, 1.5])('refuses %p with invalidNumber', (shareAmount) => {
      refuses([], admit({}, { shareAmount }), [err('shareAmount', 'invalidNumber')]);
    });
    it('requires at least the cooperative\'s minimum (mustBeAtLeast with the minimum)', () => {
      refuses([], admit({}, { shareAmount: 2, terms: { shareCost: 25_000, minimumShares: 3 } }), [err('shareAmount', 'mustBeAtLeast', '3')]);
    });
    it('accepts exactly the minimum', () => {
      spec.given([]).when(admit({}, { shareAmount: 3, terms: { shareCost: 25_000, minimumShares: 3 } })).then([admitted(), subscribed(3)]);
    });
    it('refuses when the cooperative has no share price yet (general error)', () => {
      refuses([], admit({}, { terms: { shareCost: 0, minimumShares: 1 } }), [err(null, 'shareCostNotSet')]);
    });
  });
});

// =============================================================================================

describe('member decider: ChangeMemberData', () => {
  it('emits nothing when nothing changed', () => spec.given(member).when(change()).then([]));

  it('emits only the changed fields', () => {
    spec
      .given(member)
      .when(change({ city: 'Berlin', state: 'be', zipCode: '10115' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, city: 'Berlin', state: 'be', zipCode: '10115' } }]);
  });

  it('switching to foreign clears the state', () => {
    spec
      .given(member)
      .when(change({ isForeign: true, country: 'AT' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, isForeign: true, state: null, country: 'AT' } }]);
  });

  it('switching back home clears the country', () => {
    spec
      .given([admitted({ isForeign: true, state: null, country: 'AT' }), subscribed(3)])
      .when(change({ isForeign: false, state: 'by', country: 'AT' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, isForeign: false, state: 'by', country: null } }]);
  });

  it('does not require approval date and interest begin once admitted', () => {
    spec
      .given(member)
      .when(change({ approvalDate: null, interestBegin: '' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, approvalDate: null, interestBegin: null } }]);
  });

  it('applies the same rules as admission', () => {
    refuses(member, change({ iban: 'DE89370400440532013001', manualTaxId: '36574261890', name: '' }), [
      err('name', 'mustNotBeEmpty'),
      err('iban', 'invalidIban'),
      err('manualTaxId', 'invalidTaxId'),
    ]);
  });

  it('requires a legal representative when the corrected birth date shows a minor', () => {
    refuses(member, change({ birthDate: '2012-01-01' }), [err('legalRepresentation', 'mustNotBeEmpty')]);
  });

  it('compares with the latest data', () => {
    spec
      .given([...member, { type: 'MemberDataChanged', data: { memberId: M, city: 'Berlin' } }])
      .when(change({ city: 'Berlin' }))
      .then([]);
  });

  it('lets the data of an exited member be corrected', () => {
    spec
      .given([...member, posted('b8', 8, 3), exited('b8')])
      .when(change({ city: 'Berlin' }))
      .then([{ type: 'MemberDataChanged', data: { memberId: M, city: 'Berlin' } }]);
  });

  it('answers a member of another cooperative as NotFoundError', () => {
    spec
      .given(member)
      .when(change({ city: 'Berlin' }, OTHER_COOP))
      .thenThrows(NotFoundError, (e) => {
        expect(e.entity).toBe('Member');
        expect(e.id).toBe(M);
      });
  });

  it('answers a member that never existed as NotFoundError', () => {
    spec.given([]).when(change()).thenThrows(NotFoundError);
  });
});

// =============================================================================================

