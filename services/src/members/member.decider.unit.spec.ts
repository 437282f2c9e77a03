import { describe, expect, it } from '@jest/globals';
import {
  memberFieldError,
  NotFoundError,
  ValidationError,
  type FieldError,
  type MemberEvent,
  type MemberMasterData,
  type PostingType,
  type SharesPosted,
} from '@coop/contracts';
import { deciderSpec, type DeciderSpec } from '../platform/testing/decider-spec.js';
import {
  memberDecider,
  memberLedgerDecider,
  type LedgerCommand,
  postingRequestErrors,
  transferCounterpartToAnnul,
  type AdmitMember,
  type MemberCommand,
  type MemberMasterInput,
  type PostShares,
  type ShareTerms,
} from './domain/member.decider.js';

const LEDGER_COMMANDS = new Set<MemberCommand['type']>(['PostShares', 'TransferOut', 'TransferIn', 'AnnulPosting', 'AnnulTransferCounterpart', 'CorrectSharePayment']);
const isLedgerCommand = (command: MemberCommand): command is LedgerCommand => LEDGER_COMMANDS.has(command.type);

/**
 * memberDecider's spec; a command on the share account is also decided by memberLedgerDecider (which folds the same
 * history without master data), and must come out the same: the same events, or the same error. So every posting
 * test in this file is a test of the ledger decider too.
 */
function withLedger(full: DeciderSpec<MemberCommand, MemberEvent>, ledger: DeciderSpec<LedgerCommand, MemberEvent>): DeciderSpec<MemberCommand, MemberEvent> {
  return {
    given(events) {
      return {
        when(command) {
          const outcomes = isLedgerCommand(command) ? [full.given(events).when(command), ledger.given(events).when(command)] : [full.given(events).when(command)];
          return {
            then(expected) {
              for (const o of outcomes) o.then(expected);
            },
            thenThrows(errorClass, check) {
              const [first, ...others] = outcomes.map((o) => o.thenThrows(errorClass, check));
              for (const other of others) expect(other).toEqual(first);
              return first!;
            },
          };
        },
      };
    },
  };
}

const spec = withLedger(deciderSpec(memberDecider), deciderSpec(memberLedgerDecider));

const COOP = 'coop-1';
const OTHER_COOP = 'coop-2';
const M = 'm-1';
const M2 = 'm-2';
const TODAY = '2025-06-15';
/** 250 € a share, at least one share. */
const terms: ShareTerms = { shareCost: 25_000, minimumShares: 1 };
/** The dates of the postings in these tests (after the entry, before today). */
const ON = { date: '2025-06-10', approvalDate: '2025-06-10', interestBegin: '2025-07-01' };

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

/** The same, as stored. */
const personMaster: MemberMasterData = {
  memberType: 1,
  position: 0,
  salutation: 'Frau',
  postalSalutation: 'female',
  title: 'none',
  givenName: 'Anna',
  name: 'Berger',
  birthName: 'Schulz',
  birthDate: '1980-04-12',
  legalForm: 0,
  civilStatus: 1,
  spouse: null,
  spouseGivenName: 'Bernd',
  spouseName: 'Berger',
  spouseBirthName: null,
  spouseBirthDate: '1979-01-02',
  spouseTitle: null,
  street: 'Lindenstraße',
  streetHomeNumber: '5a',
  zipCode: '14467',
  city: 'Potsdam',
  state: 'bb',
  country: null,
  isForeign: false,
  legalRepresentation: null,
  privateEmail: 'anna@example.org',
  privateTelephone: '0331 123456',
  bankname: 'Commerzbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
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

const admitted = (master: Partial<MemberMasterData> = {}, memberId = M, cooperativeId = COOP): MemberEvent => ({
  type: 'MemberAdmitted',
  data: { memberId, cooperativeId, memberNr: memberId === M ? 1 : 2, ...personMaster, ...master },
});

/** The initial subscription: quantity × 250 € on the entry date. */
const subscribed = (quantity = 3, memberId = M): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId,
    balanceId: 'b0',
    type: 0,
    quantity,
    amount: quantity * 25_000,
    shareCost: 25_000,
    date: '2025-06-01',
    approvalDate: '2025-06-05',
    interestBegin: '2025-07-01',
  },
});

const posted = (balanceId: string, type: PostingType, quantity: number, extra: Partial<SharesPosted['data']> = {}): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId: M,
    balanceId,
    type,
    quantity,
    amount: ([2, 3, 6, 7, 8].includes(type) ? -1 : 1) * quantity * 25_000,
    shareCost: 25_000,
    ...ON,
    ...extra,
  },
});

const exited = (balanceId: string, exitDate = ON.date, reason: 'death' | 'exclusion' | 'exit' = 'exit'): MemberEvent => ({
  type: 'MemberExited',
  data: { memberId: M, exitDate, reason, balanceId },
});

const member = [admitted(), subscribed(3)];

const admit = (master: Overrides = {}, fields: Partial<AdmitMember> = {}): MemberCommand => ({
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

const change = (master: Overrides = {}, cooperativeId = COOP): MemberCommand => ({
  type: 'ChangeMemberData',
  memberId: M,
  cooperativeId,
  master: { ...personInput, ...master },
  today: TODAY,
});

const post = (postingType: PostShares['postingType'], quantity: number | null, fields: Partial<PostShares> = {}): MemberCommand => ({
  type: 'PostShares',
  memberId: M,
  cooperativeId: COOP,
  balanceId: 'b-new',
  postingType,
  quantity,
  terms,
  ...ON,
  ...fields,
});

const refuses = (given: readonly MemberEvent[], command: MemberCommand, errors: FieldError[]): void => {
  spec
    .given(given)
    .when(command)
    .thenThrows(ValidationError, (e) => expect(e.errors).toEqual(errors));
};

const err = memberFieldError;

// =============================================================================================

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
      const events = memberDecider.decide(admit({ ...companyInput, birthDate: '2020-01-01' }), memberDecider.initialState());
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

describe('member decider: PostShares', () => {
  it('posts additional shares (1): 2 × 25,000 cents', () => {
    spec.given(member).when(post(1, 2)).then([posted('b-new', 1, 2)]);
  });

  it('posts a withdrawal (2) with a negative amount', () => {
    spec
      .given(member)
      .when(post(2, 1))
      .then([{ type: 'SharesPosted', data: { memberId: M, balanceId: 'b-new', type: 2, quantity: 1, amount: -25_000, shareCost: 25_000, ...ON } }]);
  });

  it('uses the share price of the command', () => {
    spec
      .given(member)
      .when(post(1, 3, { terms: { shareCost: 10_050, minimumShares: 1 } }))
      .then([posted('b-new', 1, 3, { amount: 30_150, shareCost: 10_050 })]);
  });

  describe('the minimum holding after a withdrawal (atLeastAmountMustRemain)', () => {
    it('lets the member keep exactly the minimum', () => spec.given(member).when(post(2, 2)).then([posted('b-new', 2, 2)]));

    it('refuses to go below one share with the minimum in euro, 250,00', () => {
      refuses(member, post(2, 3), [err('quantity', 'atLeastAmountMustRemain', '250,00')]);
    });

    it('names the cooperative\'s minimum: 2 shares × 250 € = 500,00', () => {
      refuses(member, post(2, 2, { terms: { shareCost: 25_000, minimumShares: 2 } }), [err('quantity', 'atLeastAmountMustRemain', '500,00')]);
    });

    it('formats thousands with a dot: 40 shares × 250 € = 10.000,00', () => {
      refuses([admitted(), subscribed(45)], post(2, 6, { terms: { shareCost: 25_000, minimumShares: 40 } }), [
        err('quantity', 'atLeastAmountMustRemain', '10.000,00'),
      ]);
    });

    it('refuses to withdraw more than is held (the holding never goes below zero)', () => {
      refuses(member, post(2, 5), [err('quantity', 'atLeastAmountMustRemain', '250,00')]);
    });

    it('refuses a back-dated withdrawal that empties an earlier day, even though enough is held today', () => {
      const history = [...member, posted('b1', 1, 2, { date: '2025-06-12' })];
      refuses(history, post(2, 3, { date: '2025-06-05' }), [err('quantity', 'atLeastAmountMustRemain', '250,00')]);
      spec.given(history).when(post(2, 3, { date: '2025-06-12' })).then([posted('b-new', 2, 3, { date: '2025-06-12' })]);
    });
  });

  describe('quantity: a whole number of at least 1', () => {
    it.each([0, -1, 1.5, Number.NaN])('refuses %p with invalidNumber', (quantity) => {
      refuses(member, post(1, quantity), [err('quantity', 'invalidNumber')]);
    });
    it('requires it', () => refuses(member, post(2, null), [err('quantity', 'mustNotBeEmpty')]));
  });

  it('requires date, approval date and interest begin', () => {
    refuses(member, post(1, 1, { date: '', approvalDate: null, interestBegin: undefined }), [
      err('date', 'mustNotBeEmpty'),
      err('approvalDate', 'mustNotBeEmpty'),
      err('interestBegin', 'mustNotBeEmpty'),
    ]);
  });

  it('refuses a date that is not YYYY-MM-DD (invalidDate)', () => {
    refuses(member, post(1, 1, { date: '10.06.2025' }), [err('date', 'invalidDate', '10.06.2025')]);
  });

  it('refuses a posting type the command does not handle', () => {
    refuses(member, post(3 as PostShares['postingType'], 1), [err('type', 'invalidChoice', '3')]);
  });

  it('refuses when the cooperative has no share price yet', () => {
    refuses(member, post(1, 1, { terms: { shareCost: 0, minimumShares: 1 } }), [err(null, 'shareCostNotSet')]);
  });

  it('refuses a balance id that is already posted', () => refuses(member, post(1, 1, { balanceId: 'b0' }), [err(null, 'invalidChoice', 'b0')]));

  it('answers a member of another cooperative as NotFoundError', () => {
    spec.given(member).when(post(1, 1, { cooperativeId: OTHER_COOP })).thenThrows(NotFoundError);
  });

  describe('death (6), exclusion (7), exit (8): the whole holding leaves', () => {
    it.each([
      [6, 'death'],
      [7, 'exclusion'],
      [8, 'exit'],
    ] as const)('type %i withdraws every share and money and records the exit (%s) on the posting date', (type, reason) => {
      spec
        .given([...member, posted('b1', 1, 2)])
        .when(post(type, null))
        .then([posted('b-new', type, 5), exited('b-new', ON.date, reason)]);
    });

    it('ignores a quantity sent with an exit posting', () => {
      spec.given(member).when(post(8, 1)).then([posted('b-new', 8, 3), exited('b-new')]);
    });

    it('pays out the money actually held when the share price changed meanwhile', () => {
      spec
        .given([...member, posted('b1', 1, 2, { amount: 60_000, shareCost: 30_000 })])
        .when(post(8, null, { terms: { shareCost: 30_000, minimumShares: 1 } }))
        .then([posted('b-new', 8, 5, { amount: -135_000, shareCost: 30_000 }), exited('b-new')]);
    });

    it('may lie in the future (exclusion at the end of the financial year)', () => {
      spec
        .given(member)
        .when(post(7, null, { date: '2025-12-31' }))
        .then([posted('b-new', 7, 3, { date: '2025-12-31' }), exited('b-new', '2025-12-31', 'exclusion')]);
    });

    it('refuses a back-dated exit before a later posting (holdingWouldBeNegative)', () => {
      refuses([...member, posted('b1', 1, 2, { date: '2025-06-12' })], post(8, null, { date: '2025-06-11' }), [err('date', 'holdingWouldBeNegative')]);
    });

    it('still requires the three dates', () => {
      refuses(member, post(6, null, { approvalDate: '' }), [err('approvalDate', 'mustNotBeEmpty')]);
    });
  });

  describe('an exited member accepts no posting (memberHasExited)', () => {
    const gone = [...member, posted('b8', 8, 3, { date: '2025-12-31' }), exited('b8', '2025-12-31')];
    it.each([1, 2, 6, 7, 8] as const)('refuses type %i, even before the exit date has passed', (type) => {
      refuses(gone, post(type, 1), [err(null, 'memberHasExited')]);
    });
  });
});

// =============================================================================================

describe('member decider: transfers (3 out, 4 in)', () => {
  const out = (fields: Record<string, unknown> = {}): MemberCommand =>
    ({ type: 'TransferOut', memberId: M, cooperativeId: COOP, balanceId: 'b-out', peerBalanceId: 'b-in', transferTo: M2, quantity: 1, terms, ...ON, ...fields }) as MemberCommand;
  const into = (fields: Record<string, unknown> = {}): MemberCommand =>
    ({ type: 'TransferIn', memberId: M2, cooperativeId: COOP, balanceId: 'b-in', peerBalanceId: 'b-out', transferFrom: M, quantity: 1, terms, ...ON, ...fields }) as MemberCommand;
  const target = [admitted({ name: 'Ernst' }, M2), subscribed(1, M2)];

  it('posts the outgoing half on the giving member: negative amount, target and peer', () => {
    spec
      .given(member)
      .when(out())
      .then([posted('b-out', 3, 1, { transferTo: M2, transferPeer: 'b-in' })]);
  });

  it('posts the incoming half on the receiving member: positive amount, source and peer', () => {
    spec
      .given(target)
      .when(into())
      .then([{ type: 'SharesPosted', data: { memberId: M2, balanceId: 'b-in', type: 4, quantity: 1, amount: 25_000, shareCost: 25_000, ...ON, transferFrom: M, transferPeer: 'b-out' } }]);
  });

  it('requires a target (selectTarget)', () => refuses(member, out({ transferTo: ' ' }), [err('transferTo', 'selectTarget')]));
  it('refuses the member itself as target (canNotTransferToSelf)', () => refuses(member, out({ transferTo: M }), [err('transferTo', 'canNotTransferToSelf')]));

  it('keeps the minimum on the giving member', () => {
    refuses(member, out({ quantity: 3 }), [err('quantity', 'atLeastAmountMustRemain', '250,00')]);
  });

  it('refuses an invalid quantity on both halves', () => {
    refuses(member, out({ quantity: 0 }), [err('quantity', 'invalidNumber')]);
    refuses(target, into({ quantity: 2.5 }), [err('quantity', 'invalidNumber')]);
  });

  it('requires the dates on both halves', () => {
    refuses(member, out({ date: null }), [err('date', 'mustNotBeEmpty')]);
    refuses(target, into({ interestBegin: '' }), [err('interestBegin', 'mustNotBeEmpty')]);
  });

  it('refuses an exited giving member', () => {
    refuses([...member, posted('b8', 8, 3), exited('b8')], out(), [err(null, 'memberHasExited')]);
  });

  it('refuses an exited receiving member on the target field', () => {
    refuses([...target, posted('b8', 8, 1, { memberId: M2 }), { type: 'MemberExited', data: { memberId: M2, exitDate: ON.date, reason: 'death', balanceId: 'b8' } }], into(), [
      err('transferTo', 'memberHasExited'),
    ]);
  });

  it('refuses a receiving member that does not exist', () => refuses([], into(), [err('transferTo', 'invalidChoice', M2)]));

  it('refuses a receiving member of another cooperative like a missing one', () => {
    refuses([admitted({}, M2, OTHER_COOP)], into(), [err('transferTo', 'invalidChoice', M2)]);
  });

  it('answers a giving member of another cooperative as NotFoundError', () => {
    spec.given(member).when(out({ cooperativeId: OTHER_COOP })).thenThrows(NotFoundError);
  });
});

// =============================================================================================

describe('member decider: annulation (5)', () => {
  const annulCmd = (annulPeer: string | null, fields: Record<string, unknown> = {}): MemberCommand =>
    ({ type: 'AnnulPosting', memberId: M, cooperativeId: COOP, balanceId: 'b5', annulPeer, terms, today: TODAY, ...fields }) as MemberCommand;
  const annulled = (annulPeer: string, originalType: PostingType, quantity: number, amount: number, extra: Record<string, unknown> = {}): MemberEvent =>
    ({
      type: 'PostingAnnulled',
      data: { memberId: M, balanceId: 'b5', annulPeer, originalType, quantity, amount, date: TODAY, approvalDate: null, interestBegin: null, ...extra },
    }) as MemberEvent;

  it('reverses additional shares: quantity and amount negated, dated today', () => {
    spec.given([...member, posted('b1', 1, 2)]).when(annulCmd('b1')).then([annulled('b1', 1, -2, -50_000)]);
  });

  it('reverses a withdrawal: the shares come back', () => {
    spec.given([...member, posted('b2', 2, 1)]).when(annulCmd('b2')).then([annulled('b2', 2, 1, 25_000)]);
  });

  it('takes the given date, approval date and interest begin', () => {
    spec
      .given([...member, posted('b1', 1, 2)])
      .when(annulCmd('b1', { date: '2025-06-11', approvalDate: '2025-06-11', interestBegin: '2025-07-01' }))
      .then([annulled('b1', 1, -2, -50_000, { date: '2025-06-11', approvalDate: '2025-06-11', interestBegin: '2025-07-01' })]);
  });

  it('refuses an annulation dated before its original', () => {
    refuses([...member, posted('b1', 1, 2)], annulCmd('b1', { date: '2025-06-09' }), [err('date', 'mustBeAtLeast', ON.date)]);
  });

  it('refuses a malformed date', () => refuses([...member, posted('b1', 1, 2)], annulCmd('b1', { date: '11.06.2025' }), [err('date', 'invalidDate', '11.06.2025')]));

  describe('what cannot be annulled (cannotAnnul)', () => {
    it('the initial subscription (0)', () => refuses(member, annulCmd('b0'), [err('annulPeer', 'cannotAnnul')]));
    it('an annulation (5)', () => {
      refuses([...member, posted('b1', 1, 2), annulled('b1', 1, -2, -50_000)], annulCmd('b5', { balanceId: 'b5b' }), [err('annulPeer', 'cannotAnnul')]);
    });
    it('an already annulled posting', () => {
      refuses([...member, posted('b1', 1, 2), annulled('b1', 1, -2, -50_000)], annulCmd('b1', { balanceId: 'b5b' }), [err('annulPeer', 'cannotAnnul')]);
    });
  });

  it('requires the posting to annul', () => refuses(member, annulCmd(''), [err('annulPeer', 'mustNotBeEmpty')]));
  it('refuses an unknown posting', () => refuses(member, annulCmd('nope'), [err('annulPeer', 'invalidChoice', 'nope')]));

  it('refuses an annulation that would make the holding negative', () => {
    const history = [...member, posted('b1', 1, 2), posted('b2', 2, 4)];
    refuses(history, annulCmd('b1'), [err('annulPeer', 'holdingWouldBeNegative')]);
  });

  it('refuses an annulation that takes shares back below the minimum (atLeastAmountMustRemain)', () => {
    const history = [...member, posted('b1', 1, 2), posted('b2', 2, 3)];
    refuses(history, annulCmd('b1'), [err('annulPeer', 'atLeastAmountMustRemain', '250,00')]);
    refuses(history, annulCmd('b1', { terms: { shareCost: 25_000, minimumShares: 2 } }), [err('annulPeer', 'atLeastAmountMustRemain', '500,00')]);
  });

  it('lets an annulation take shares back down to exactly the minimum', () => {
    spec.given([...member, posted('b1', 1, 2), posted('b2', 2, 2)]).when(annulCmd('b1')).then([annulled('b1', 1, -2, -50_000)]);
  });

  it('answers a member of another cooperative as NotFoundError', () => {
    spec.given([...member, posted('b1', 1, 2)]).when(annulCmd('b1', { cooperativeId: OTHER_COOP })).thenThrows(NotFoundError);
  });

  describe('annulling an exit re-opens the member', () => {
    const gone = [...member, posted('b1', 1, 2), posted('b8', 8, 5), exited('b8')];

    it('gives the holding back and revokes the exit', () => {
      spec
        .given(gone)
        .when(annulCmd('b8'))
        .then([annulled('b8', 8, 5, 125_000), { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b8', annulment: 'b5' } }]);
    });

    it('accepts postings again afterwards, from the annulation date on (the holding came back that day)', () => {
      const reopened = [...gone, annulled('b8', 8, 5, 125_000), { type: 'MemberExitRevoked', data: { memberId: M, balanceId: 'b8', annulment: 'b5' } } as MemberEvent];
      spec.given(reopened).when(post(2, 1, { date: TODAY })).then([posted('b-new', 2, 1, { date: TODAY })]);
      refuses(reopened, post(2, 1), [err('quantity', 'atLeastAmountMustRemain', '250,00')]);
    });

    it('refuses to annul any other posting of an exited member', () => refuses(gone, annulCmd('b1'), [err(null, 'memberHasExited')]));
  });

  describe('annulling a transfer annuls both halves', () => {
    const giver = [...member, posted('b-out', 3, 1, { transferTo: M2, transferPeer: 'b-in' })];
    const receiver = [
      admitted({}, M2),
      subscribed(1, M2),
      { type: 'SharesPosted', data: { memberId: M2, balanceId: 'b-in', type: 4, quantity: 1, amount: 25_000, shareCost: 25_000, ...ON, transferFrom: M, transferPeer: 'b-out' } },
    ] as MemberEvent[];
    const state = (events: readonly MemberEvent[]) => events.reduce(memberDecider.evolve, memberDecider.initialState());
    const counterpart = (fields: Record<string, unknown> = {}): MemberCommand =>
      ({
        type: 'AnnulTransferCounterpart',
        memberId: M2,
        cooperativeId: COOP,
        balanceId: 'b5-peer',
        annulPeer: 'b-in',
        counterpartOf: 'b-out',
        peerBalanceId: 'b5',
        terms,
        today: TODAY,
        ...fields,
      }) as MemberCommand;

    it('tells the handler which counterpart to annul', () => {
      expect(transferCounterpartToAnnul(state(giver), 'b-out')).toEqual({ memberId: M2, balanceId: 'b-in' });
      expect(transferCounterpartToAnnul(state(receiver), 'b-in')).toEqual({ memberId: M, balanceId: 'b-out' });
      expect(transferCounterpartToAnnul(state(giver), 'b0')).toBeNull();
      expect(transferCounterpartToAnnul(state(giver), 'nope')).toBeNull();
    });

    it('annuls the outgoing half, pointing at the annulation on the other member', () => {
      spec.given(giver).when(annulCmd('b-out', { peerBalanceId: 'b5-peer' })).then([annulled('b-out', 3, 1, 25_000, { transferPeer: 'b5-peer' })]);
    });

    it('annuls the incoming half on the other member', () => {
      spec
        .given(receiver)
        .when(counterpart())
        .then([
          {
            type: 'PostingAnnulled',
            data: { memberId: M2, balanceId: 'b5-peer', annulPeer: 'b-in', originalType: 4, quantity: -1, amount: -25_000, date: TODAY, approvalDate: null, interestBegin: null, transferPeer: 'b5' },
          },
        ]);
    });

    it('insists on the balance id of the other annulation (a handler error, not a user error)', () => {
      spec.given(giver).when(annulCmd('b-out')).thenThrows(Error, (e) => expect(e).not.toBeInstanceOf(ValidationError));
    });

    it('refuses a counterpart that does not belong to the annulled half', () => {
      refuses(receiver, counterpart({ counterpartOf: 'b-other' }), [err('annulPeer', 'invalidChoice', 'b-in')]);
      refuses(receiver, counterpart({ annulPeer: 'b0' }), [err('annulPeer', 'invalidChoice', 'b0')]);
    });

    it('refuses when the receiving member would keep less than the minimum', () => {
      refuses([...receiver, posted('b2', 2, 1, { memberId: M2 })], counterpart(), [err('annulPeer', 'atLeastAmountMustRemain', '250,00')]);
    });

    it('refuses when the receiving member no longer holds the shares', () => {
      const received3 = receiver.map((e) =>
        e.type === 'SharesPosted' && e.data.balanceId === 'b-in' ? ({ ...e, data: { ...e.data, quantity: 3, amount: 75_000 } } as MemberEvent) : e,
      );
      refuses([...received3, posted('b2', 2, 3, { memberId: M2 })], counterpart(), [err('annulPeer', 'holdingWouldBeNegative')]);
    });

    it('refuses when the other member has exited', () => {
      refuses(
        [...receiver, posted('b8', 8, 2, { memberId: M2 }), { type: 'MemberExited', data: { memberId: M2, exitDate: ON.date, reason: 'exit', balanceId: 'b8' } }],
        counterpart(),
        [err(null, 'memberHasExited')],
      );
    });

    it('refuses an already annulled counterpart', () => {
      const done = [
        ...receiver,
        {
          type: 'PostingAnnulled',
          data: { memberId: M2, balanceId: 'b5-peer', annulPeer: 'b-in', originalType: 4, quantity: -1, amount: -25_000, date: TODAY, approvalDate: null, interestBegin: null, transferPeer: 'b5' },
        },
      ] as MemberEvent[];
      refuses(done, counterpart({ balanceId: 'b5-again' }), [err('annulPeer', 'cannotAnnul')]);
    });
  });
});

// =============================================================================================

describe('member decider: state', () => {
  it('tracks the holding in shares and cents, postings, annulations and the exit', () => {
    const events: MemberEvent[] = [
      ...member,
      posted('b1', 1, 2),
      posted('b2', 2, 1),
      { type: 'PostingAnnulled', data: { memberId: M, balanceId: 'b5', annulPeer: 'b2', originalType: 2, quantity: 1, amount: 25_000, date: TODAY, approvalDate: null, interestBegin: null } },
      posted('b8', 8, 5),
      exited('b8', ON.date, 'exit'),
    ];
    const s = events.reduce(memberDecider.evolve, memberDecider.initialState());
    expect(s).toMatchObject({ exists: true, memberNr: 1, cooperativeId: COOP, shares: 0, cents: 0, exitDate: ON.date, exitReason: 'exit', exitBalanceId: 'b8' });
    expect([...s.postings.keys()]).toEqual(['b0', 'b1', 'b2', 'b5', 'b8']);
    expect(s.postings.get('b2')).toMatchObject({ type: 2, quantity: 1, shares: -1, amount: -25_000, annulated: true });
    expect(s.postings.get('b5')).toMatchObject({ type: 5, shares: 1, amount: 25_000, annulPeer: 'b2', annulated: false });
  });
});

describe('member ledger decider: the share account without master data', () => {
  it('folds a history as memberDecider does, but for the master data it leaves out', () => {
    const events: MemberEvent[] = [
      ...member,
      { type: 'MemberDataChanged', data: { memberId: M, name: 'Krause', iban: 'DE02120300000000202051' } },
      posted('b1', 1, 2),
      posted('b2', 2, 1),
      { type: 'SharePaymentCorrected', data: { memberId: M, balanceId: 'b1', rueckpfleinzahlung: 40_000, interestEnd: '2025-12-31' } },
      posted('b8', 8, 4),
      exited('b8'),
    ];
    const full = events.reduce(memberDecider.evolve, memberDecider.initialState());
    const ledger = events.reduce(memberLedgerDecider.evolve, memberLedgerDecider.initialState());
    expect(full.master).toMatchObject({ name: 'Krause', givenName: 'Anna', iban: 'DE02120300000000202051' });
    expect(ledger.master).toBeNull();
    expect(ledger).toEqual({ ...full, master: null });
    expect(JSON.stringify([...ledger.postings.values()])).not.toMatch(/Berger|Krause|Anna|DE02/);
  });

  it('a change of master data leaves the ledger state as it was', () => {
    const before = member.reduce(memberLedgerDecider.evolve, memberLedgerDecider.initialState());
    expect(memberLedgerDecider.evolve(before, { type: 'MemberDataChanged', data: { memberId: M, name: 'Krause' } })).toBe(before);
  });
});

// =============================================================================================

describe('postingRequestErrors (SPEC section 5 "Balance")', () => {
  const req = { member: M, quantity: 1, ...ON };

  it('accepts a complete request', () => expect(postingRequestErrors({ ...req, type: 1 })).toEqual([]));
  it('requires the type', () => expect(postingRequestErrors({ ...req, type: null })).toEqual([err('type', 'mustNotBeEmpty')]));
  it.each([0, 9, -1, 1.5])('refuses type %p (0 comes only with the admission)', (type) => {
    expect(postingRequestErrors({ ...req, type })).toEqual([err('type', 'invalidChoice', String(type))]);
  });
  it('requires member and the three dates for types other than 5', () => {
    expect(postingRequestErrors({ member: '', type: 2, quantity: 1 })).toEqual([
      err('member', 'mustNotBeEmpty'),
      err('date', 'mustNotBeEmpty'),
      err('approvalDate', 'mustNotBeEmpty'),
      err('interestBegin', 'mustNotBeEmpty'),
    ]);
  });
  it.each([1, 2, 3, 4])('requires a whole quantity of at least 1 for type %i', (type) => {
    expect(postingRequestErrors({ ...req, type, quantity: 0, transferTo: type >= 3 ? M2 : null })).toEqual([err('quantity', 'invalidNumber')]);
  });
  it.each([3, 4])('requires transferTo for type %i (selectTarget)', (type) => {
    expect(postingRequestErrors({ ...req, type })).toEqual([err('transferTo', 'selectTarget')]);
  });
  it('refuses a transfer to the member itself', () => {
    expect(postingRequestErrors({ ...req, type: 3, transferTo: M })).toEqual([err('transferTo', 'canNotTransferToSelf')]);
  });
  it.each([1, 2, 5, 6, 7, 8])('refuses transferTo for type %i (mustBeEmpty)', (type) => {
    expect(postingRequestErrors({ ...req, type, transferTo: M2, annulPeer: type === 5 ? 'b1' : null })).toEqual([err('transferTo', 'mustBeEmpty')]);
  });
  it('requires annulPeer for 5 and nothing else', () => {
    expect(postingRequestErrors({ member: null, type: 5, annulPeer: null })).toEqual([err('annulPeer', 'mustNotBeEmpty')]);
    expect(postingRequestErrors({ member: null, type: 5, annulPeer: 'b1' })).toEqual([]);
  });
  it('refuses annulPeer for other types (mustBeEmpty)', () => {
    expect(postingRequestErrors({ ...req, type: 1, annulPeer: 'b1' })).toEqual([err('annulPeer', 'mustBeEmpty')]);
  });
  it('needs no quantity for 6, 7, 8', () => expect(postingRequestErrors({ ...req, type: 8, quantity: null })).toEqual([]));
});
