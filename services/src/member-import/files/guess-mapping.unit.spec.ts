import type { ImportMapping } from '../import-types.js';
import {
  guessColumns,
  guessField,
  guessKind,
  kindFromHeaders,
  kindFromName,
  normaliseHeader,
  withoutCurrency,
} from './guess-mapping.js';

describe('import: guessing kinds and columns', () => {
  it('normalises case, spaces, dots, dashes, underscores and umlauts', () => {
    expect(normaliseHeader(' Mitglieds-Nr. ')).toBe('mitgliedsnr');
    expect(normaliseHeader('Straße')).toBe(normaliseHeader('STRASSE'));
    expect(normaliseHeader('Geschäfts_guthaben')).toBe('geschaeftsguthaben');
    expect(normaliseHeader('Gültig ab')).toBe('gueltigab');
  });

  it('maps German headers, also spelt loosely', () => {
    expect(guessField('members', 'Mitgliedsnummer')).toBe('memberNr');
    expect(guessField('members', 'mitglieds_nr')).toBe('memberNr');
    expect(guessField('members', 'Strasse')).toBe('street');
    expect(guessField('members', 'Geburtsdatum')).toBe('birthDate');
    expect(guessField('members', 'E-Mail')).toBe('privateEmail');
    expect(guessField('members', 'Geschaeftsguthaben')).toBe('capital');
    expect(guessField('postings', 'Buchungsart')).toBe('type');
    expect(guessField('exemptionOrders', 'Gueltig ab')).toBe('startDate');
    expect(guessField('members', 'Lieblingsfarbe')).toBeNull();
    expect(guessField('postings', 'Betrag in €')).toBe('amount');
    expect(guessField('postings', 'Einzahlung EUR')).toBe('rueckpfleinzahlung');
    expect(guessField('members', 'Guthaben (€)')).toBe('capital');
  });

  it('maps English headers', () => {
    expect(guessField('members', 'Member number')).toBe('memberNr');
    expect(guessField('members', 'First name')).toBe('givenName');
    expect(guessField('members', 'date_of_birth')).toBe('birthDate');
    expect(guessField('postings', 'Posting type')).toBe('type');
    expect(guessField('nonAssessments', 'Tax office')).toBe('taxAuthorities');
  });

  it('prefers the exact spelling: `Nr` is the member number, `Nr.` the house number', () => {
    expect(guessField('members', 'Nr')).toBe('memberNr');
    expect(guessField('members', 'Nr.')).toBe('streetHomeNumber');
  });

  it('takes a trailing currency off as the expression it replaced did, in time linear in the header', () => {
    const OLD = (h: string): string => h.replace(/\s*(?:\(\s*(?:eur|€)\s*\)|(?:in\s+)?(?:eur|€))\s*$/i, '');
    const alphabet = ['a', 'i', 'n', ' ', '(', ')', 'e', 'u', 'r', '€', 'E', '\t'];
    let texts = [''];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((t) => alphabet.map((c) => t + c));
      for (const text of texts) expect([text, withoutCurrency(text)]).toEqual([text, OLD(text)]);
    }
    expect(withoutCurrency('Betrag in €')).toBe('Betrag');
    expect(withoutCurrency('Guthaben ( EUR )  ')).toBe('Guthaben');
    // 32,765 blanks between two letters (the expression: 6 s each; test/api/quadratic-texts.e2e.spec.ts).
    const blanks = `a${' '.repeat(32_765)}a`;
    expect(withoutCurrency(blanks)).toBe(blanks);
    expect(guessField('members', blanks)).toBeNull();
  });

  it('guesses the kind from a sheet or file name', () => {
    expect(kindFromName('Mitglieder')).toBe('members');
    expect(kindFromName('mitglieder_2024.csv')).toBe('members');
    expect(kindFromName('Anteilsbuchungen.csv')).toBe('postings');
    expect(kindFromName('Share register')).toBe('postings');
    expect(kindFromName('Freistellungsauftraege.xlsx')).toBe('exemptionOrders');
    expect(kindFromName('NV-Bescheinigungen')).toBe('nonAssessments');
    expect(kindFromName('Export.csv')).toBeNull();
    expect(kindFromName('NV 2024.csv')).toBe('nonAssessments');
    expect(kindFromName('fsa-alt.xlsx')).toBe('exemptionOrders');
    expect(kindFromName('Inventar.csv')).toBeNull();
  });

  it('guesses the kind from the headers when the name says nothing', () => {
    expect(kindFromHeaders(['Nr', 'Name', 'Vorname', 'Eintritt', 'IBAN'])).toBe('members');
    expect(kindFromHeaders(['Member number', 'Type', 'Shares', 'Date'])).toBe('postings');
    expect(kindFromHeaders(['Mitgliedsnummer', 'Art', 'Betrag', 'Datum', 'Gültig ab', 'Gültig bis'])).toBe(
      'exemptionOrders',
    );
    expect(
      kindFromHeaders(['Mitgliedsnummer', 'Art', 'Ausstellungsdatum', 'Finanzamt', 'Gültig ab', 'Gültig bis']),
    ).toBe('nonAssessments');
    expect(kindFromHeaders(['A', 'B'])).toBeNull();
    expect(guessKind('Tabelle1', ['Nr', 'Name', 'Eintritt'], null)).toBe('members');
  });

  it('maps each field once and takes the saved mapping first where it knows the headers', () => {
    expect(guessColumns('members', 'm.csv', ['Name', 'Nachname', 'Farbe'], null)).toEqual({
      Name: 'name',
      Nachname: null,
      Farbe: null,
    });
    const saved: ImportMapping = {
      sheets: [
        {
          sheet: 'alt.csv',
          kind: 'members',
          columns: { 'Kd-Nr': 'memberNr', Name: 'name', Farbe: null, Zuname: 'givenName' },
        },
      ],
    };
    // same kind, every header known: the saved choices, also for a header the catalogue does not know
    expect(guessColumns('members', 'neu.csv', ['Kd-Nr', 'Name', 'Zuname'], saved)).toEqual({
      'Kd-Nr': 'memberNr',
      Name: 'name',
      Zuname: 'givenName',
    });
    // a header the saved mapping does not know: the guesses
    expect(guessColumns('members', 'neu.csv', ['Kd-Nr', 'Vorname'], saved)).toEqual({
      'Kd-Nr': null,
      Vorname: 'givenName',
    });
    // the kind of a sheet of the same name with the same headers
    expect(guessKind('alt.csv', ['Kd-Nr', 'Name'], saved)).toBe('members');
  });
});
